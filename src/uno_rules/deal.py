"""Starting games and rounds: the dealer, the deck, the deal and the first card
(``docs/rules.md`` 1.2, 1.3, 2.1, 2.6, H18).

:func:`new_game` and :func:`next_round` are pure: the same arguments always give the same
state, on any machine. The deck order comes from the seed and the round number only. They
check their arguments here and leave the deal itself (shuffle, deal, first card) to
:func:`uno_rules.dealing.deal_round`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ._budget import brief
from .cards import Card
from .dealing import deal_round
from .errors import Problem, SituationError
from .events import DealerCardsDrawn, Event
from .i18n import N_
from .presets import load_preset, setting_problems
from .randomness import derive_seed, shuffled
from .rules import DealerRotation, DealerSelection, Rules
from .rules.deck import build_deck
from .rules.scoring import card_points
from .state import MAX_PLAYERS, MIN_PLAYERS, GameState, Phase, Transition, seat_after
from .violations import GameOver, RoundNotOver

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "build_deck",
    "coerce_rules",
    "deal_game",
    "deal_next_round",
    "new_game",
    "next_round",
]


SECRET_SEED_BITS = 128  # a seed drawn by new_game: beyond any search
# A seed given: any size up to this is mixed in full. 332 bits is the most that always
# fits the documents' integer limit of 100 digits (2**332 < 10**100), so a state whose seed
# new_game took always saves to a snapshot and a record that load back.
MAX_SEED_BITS = 332


def coerce_rules(rules: Rules | str | Mapping[str, Any] | None) -> Rules:
    """``None`` means the official rules; a name, a path or a mapping goes through
    :func:`uno_rules.load_preset`."""
    if rules is None:
        return Rules()
    if isinstance(rules, Rules):
        return rules
    return load_preset(rules)


def table_problems(rules: Rules, players: object, dealing: bool = True) -> list[str]:
    """Why ``players`` cannot sit at a table under ``rules`` (empty if they can);
    ``dealing`` adds the check that the deck can deal their hands."""
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        return [players_problem(players)]
    problems: list[str] = []
    if players > rules.max_players:
        problems.append(
            Problem(
                "players",
                N_("{players} is more than this rule set's max_players ({most})"),
                {"players": players, "most": rules.max_players},
            )
        )
    plan = rules.plan
    if plan.setting_problems is None:  # a Rules built directly is checked here, once
        plan.setting_problems = setting_problems(rules)
    problems.extend(plan.setting_problems)
    for hook, params in plan.table_problems:  # T6
        problems.extend(hook(rules, players, params))
    deck_size = len(build_deck(rules))
    if dealing and rules.hand_size * players >= deck_size:
        problems.append(
            Problem(
                "hand_size",
                N_(
                    "{players} hands of {hand_size} need more than the {deck_size} cards of "
                    "the deck"
                ),
                {"players": players, "hand_size": rules.hand_size, "deck_size": deck_size},
            )
        )
    return problems


def players_problem(players: object) -> Problem:
    """The problem of a number of players outside 2 to 10."""
    return Problem("players", N_("expected 2 to 10 (B1.2), got {got}"), {"got": brief(players)})


def new_game(
    rules: Rules | str | Mapping[str, Any] | None = None,
    players: int = 4,
    seed: int | None = None,
    dealer: int | None = None,
) -> GameState:
    """Deal the first round: shuffle by ``seed``, deal, turn the first card and resolve it.

    ``seed`` decides every shuffle of the game, so it is as secret as the deck: whoever
    knows it (or can guess it) knows every hand and the draw pile. ``None`` (the default)
    draws a 128-bit seed from :mod:`secrets`; an integer of any size makes the game
    reproducible (the state keeps its seed for records and snapshots).

    ``dealer=None`` means the last seat deals, so seat 0 acts first unless the first card
    says otherwise (B4.1), or, where the rules say so, a seeded draw for the deal (A5).
    Raises :class:`~uno_rules.SituationError` for an impossible table (players outside
    2-10, a dealer that is not a seat, too few cards to deal).

    >>> state = new_game("official", players=3, seed=7)
    >>> state.players, len(state.hands[0]), state.dealer
    (3, 7, 2)
    """
    return _new_game(rules, players, seed, dealer, None)


def deal_game(
    rules: Rules | str | Mapping[str, Any] | None = None,
    players: int = 4,
    seed: int | None = None,
    dealer: int | None = None,
) -> Transition:
    """:func:`new_game` with the events of the deal: the same state, and what happened
    to reach it (``dealt``, ``returned-and-reflipped``, ``redealt``, ``first-card``, then the
    first card's effect: ``skipped``, ``reversed`` or ``drew``). For example:

        >>> state, events = deal_game("official", players=3, seed=7)
        >>> state == new_game("official", players=3, seed=7)
        True
        >>> [e.kind for e in events][:2]
        ['dealt', 'first-card']
    """

    events: list[Event] = []
    state = _new_game(rules, players, seed, dealer, events)
    return Transition(state, tuple(events))


def given_seed(document: Mapping[str, Any], key: str = "seed") -> int:
    """The seed a document (a game record, a dispute's ``deal``) gives: ``0`` when the key
    is left out. A key written with no value (``seed:``, YAML's null) is refused: it is not
    the default, and ``new_game`` would otherwise draw a fresh secret seed, making the
    document replay a different game each time."""
    seed = document.get(key, 0)
    if seed is None:
        raise SituationError([Problem(key, N_("no value (leave the key out for the default 0)"))])
    return seed  # type: ignore[no-any-return]


def _new_game(
    rules: Rules | str | Mapping[str, Any] | None,
    players: int,
    seed: int | None,
    dealer: int | None,
    events: list[Event] | None,
) -> GameState:
    rules = coerce_rules(rules)
    problems = table_problems(rules, players)
    if seed is None:
        # start-up: only a game without a seed draws one
        import secrets

        seed = secrets.randbits(SECRET_SEED_BITS)
    if type(seed) is not int:
        problems.append(Problem("seed", N_("expected an integer, got {got}"), {"got": brief(seed)}))
    elif seed.bit_length() > MAX_SEED_BITS:
        problems.append(
            Problem("seed", N_("more than {count} bits (the seed limit)"), {"count": MAX_SEED_BITS})
        )
    if not problems:
        if dealer is None:
            dealer = choose_dealer(rules, players, seed, events)
        elif type(dealer) is not int or not 0 <= dealer < players:
            problems.append(
                Problem(
                    "dealer",
                    N_("expected a seat from 0 to {last}, got {got}"),
                    {"last": players - 1, "got": repr(dealer)},
                )
            )
    if problems:
        raise SituationError(problems)
    assert dealer is not None
    return deal_round(rules, players, seed, 0, dealer, (0,) * players, frozenset(), events=events)


def choose_dealer(rules: Rules, players: int, seed: int, events: list[Event] | None = None) -> int:
    """A5 / B2.1: the last seat, or a seeded draw: every player draws a card, the highest
    deals (symbols count 0 under ``highest_number``), tied players draw again. When
    ``events`` is a list, each draw is appended to it as a ``dealer-cards-drawn`` event
    (H18: the cards are shown, so the choice can be checked)."""
    selection = rules.dealer_selection
    if selection is DealerSelection.LAST_SEAT:
        return players - 1

    def value(card: Card) -> int:
        if selection is DealerSelection.HIGHEST_POINT_VALUE:
            return card_points(rules, card)
        return card.number if card.number is not None else 0

    order = shuffled(build_deck(rules), derive_seed(seed, 0xDEA1E5))
    contenders = list(range(players))
    i = 0
    while len(contenders) > 1 and i + len(contenders) <= len(order):
        drawn = {s: order[i + k] for k, s in enumerate(contenders)}
        i += len(contenders)
        if events is not None:
            events.append(DealerCardsDrawn(tuple(drawn.get(s) for s in range(players))))
        best = max(value(c) for c in drawn.values())
        contenders = [s for s in contenders if value(drawn[s]) == best]
    return contenders[0]


def next_round(state: GameState) -> GameState | GameOver | RoundNotOver:
    """Deal the next round after a finished one (B2.5), rotating the dealer (A6).

    Scores nothing new: the finished round was scored when it ended. Returns a
    :class:`~uno_rules.Violation` (``round-not-over`` or ``game-over``) when called at the
    wrong moment.
    """
    return _next_round(state, None)


def deal_next_round(state: GameState) -> Transition | GameOver | RoundNotOver:
    """:func:`next_round` with the events of the deal, as :func:`deal_game` gives them."""

    events: list[Event] = []
    result = _next_round(state, events)
    if not isinstance(result, GameState):
        return result
    return Transition(result, tuple(events))


def _next_round(
    state: GameState, events: list[Event] | None
) -> GameState | GameOver | RoundNotOver:
    if state.phase is Phase.GAME_OVER:
        return GameOver()
    if state.phase is not Phase.ROUND_OVER:
        return RoundNotOver()
    rules = state.rules
    rotation = rules.dealer_rotation
    out = state.eliminated
    for hook, params in rules.plan.out_of_game:  # H16
        found = hook(state, params)
        if found is not None:
            if found.next_round is not None:
                out = found.next_round
            break
    if rotation is DealerRotation.WINNER_DEALS and state.round_winner is not None:
        dealer = state.round_winner
    elif rotation is DealerRotation.FIXED and state.dealer not in out:
        dealer = state.dealer
    else:
        dealer = seat_after(state.players, out, state.dealer, 1)
    return deal_round(
        state.rules,
        state.players,
        state.seed,
        state.round_number + 1,
        dealer,
        state.scores,
        out,
        state.round_winner,
        events,
    )
