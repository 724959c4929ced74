"""Starting games and rounds: the deal and the first card (``RULES.md`` 1.2, 1.3).

:func:`new_game` and :func:`next_round` are pure: the same arguments always give the same
state, on any machine. The deck order comes from the seed and the round number only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import Card, Rank, classic_deck
from .errors import SituationError
from .randomness import derive_seed, shuffled
from .rules import (
    DealerRotation,
    FirstDrawTwo,
    FirstPlayer,
    FirstReverse,
    FirstWild,
    FirstWildDrawFour,
    Rules,
    TwoPlayerReverse,
)
from .state import GameState, Phase, pile_from
from .violations import GameOver, RoundNotOver

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "build_deck", "coerce_rules", "new_game", "next_round"]

MIN_PLAYERS = 2
MAX_PLAYERS = 10


def build_deck(rules: Rules) -> tuple[Card, ...]:
    """The deck named by ``rules.deck`` in canonical order (B1.1)."""
    return classic_deck()


def coerce_rules(rules: Rules | str | Mapping[str, Any] | None) -> Rules:
    """``None`` means the official rules; a name, a path or a mapping goes through
    :func:`uno_rules.load_preset`."""
    if rules is None:
        return Rules()
    if isinstance(rules, Rules):
        return rules
    from .presets import load_preset

    return load_preset(rules)


def new_game(
    rules: Rules | str | Mapping[str, Any] | None = None,
    players: int = 4,
    seed: int = 0,
    dealer: int | None = None,
) -> GameState:
    """Deal the first round: shuffle by ``seed``, deal, turn the first card and resolve it.

    ``dealer=None`` means the last seat deals, so seat 0 acts first unless the first card
    says otherwise (B4.1). Raises :class:`~uno_rules.SituationError` for an impossible
    table (players outside 2-10, a dealer that is not a seat, too few cards to deal).

    >>> state = new_game("official", players=3, seed=7)
    >>> state.players, len(state.hands[0]), state.dealer
    (3, 7, 2)
    """
    rules = coerce_rules(rules)
    problems: list[str] = []
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        problems.append(f"players: expected 2 to 10 (B1.2), got {players!r}")
    if type(seed) is not int:
        problems.append(f"seed: expected an integer, got {seed!r}")
    if not problems:
        if dealer is None:
            dealer = players - 1
        elif type(dealer) is not int or not 0 <= dealer < players:
            problems.append(f"dealer: expected a seat from 0 to {players - 1}, got {dealer!r}")
        deck_size = len(build_deck(rules))
        if rules.hand_size * players >= deck_size:
            problems.append(
                f"hand_size: {players} hands of {rules.hand_size} need more than the "
                f"{deck_size} cards of the deck"
            )
    if problems:
        raise SituationError(problems)
    assert dealer is not None
    return deal_round(rules, players, seed, 0, dealer, (0,) * players)


def next_round(state: GameState) -> GameState | GameOver | RoundNotOver:
    """Deal the next round after a finished one (B2.5), rotating the dealer (A6).

    Scores nothing new: the finished round was scored when it ended. Returns a
    :class:`~uno_rules.Violation` (``round-not-over`` or ``game-over``) when called at the
    wrong moment.
    """
    if state.phase is Phase.GAME_OVER:
        return GameOver()
    if state.phase is not Phase.ROUND_OVER:
        return RoundNotOver()
    rotation = state.rules.dealer_rotation
    if rotation is DealerRotation.FIXED:
        dealer = state.dealer
    elif rotation is DealerRotation.WINNER_DEALS and state.round_winner is not None:
        dealer = state.round_winner
    else:
        dealer = (state.dealer + 1) % state.players
    return deal_round(
        state.rules, state.players, state.seed, state.round_number + 1, dealer, state.scores
    )


def deal_round(
    rules: Rules,
    players: int,
    seed: int,
    round_number: int,
    dealer: int,
    scores: tuple[int, ...],
) -> GameState:
    """Shuffle, deal one card at a time from the dealer's left (B2.3), turn the first card
    and apply its effect (1.3)."""
    deck = build_deck(rules)
    first = rules.first_card
    redeal = 0
    while True:
        order = list(shuffled(deck, derive_seed(seed, round_number, redeal, 0xDEA1)))
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i in range(rules.hand_size * players):
            hands[(dealer + 1 + i) % players].append(order[i])
        pile = order[rules.hand_size * players :]
        returned = 0
        while True:
            card = pile.pop(0)
            wild_back = card.rank is Rank.WILD and first.wild is FirstWild.RETURN_AND_FLIP
            if card.rank is Rank.WILD_DRAW_FOUR or wild_back:
                # A4 (and A1 b): return the card to the pile and turn another.
                returned += 1
                if first.wild_draw_four is FirstWildDrawFour.BOTTOM_AND_REFLIP:
                    pile.append(card)
                else:
                    pile = list(
                        shuffled(
                            [*pile, card],
                            derive_seed(seed, round_number, redeal, returned, 0xF1),
                        )
                    )
                continue
            break
        if card.rank is Rank.WILD and first.wild is FirstWild.RESHUFFLE_AND_REDEAL:
            redeal += 1  # A1 (c): reshuffle everything and deal again.
            continue
        break
    return _first_card_state(rules, players, seed, round_number, dealer, scores, hands, pile, card)


def _first_card_state(
    rules: Rules,
    players: int,
    seed: int,
    round_number: int,
    dealer: int,
    scores: tuple[int, ...],
    hands: list[list[Card]],
    pile: list[Card],
    card: Card,
) -> GameState:
    first = rules.first_card
    starter = dealer if rules.first_player is FirstPlayer.DEALER else (dealer + 1) % players
    direction = 1
    turn = starter
    phase = Phase.TURN
    color = card.color
    rank = card.rank
    if rank is Rank.SKIP:
        turn = (starter + 1) % players  # 1.3: the first player is skipped.
    elif rank is Rank.REVERSE:
        # 1.3 / A2: play goes counter-clockwise, starting with the dealer (a) or the
        # dealer's right-hand neighbour (b); with two players and Reverse-as-Skip the
        # dealer starts (A52).
        direction = -1
        two_skip = players == 2 and rules.two_player_reverse is TwoPlayerReverse.SKIP
        if first.reverse is FirstReverse.DEALER_FIRST_CCW or two_skip:
            turn = dealer
        else:
            turn = (dealer - 1) % players
    elif rank is Rank.DRAW_TWO:
        # 1.3 / A3: the first player draws 2 and (a) loses the turn or (b) then plays.
        hands[starter].extend(pile[:2])
        del pile[:2]
        if first.draw_two is FirstDrawTwo.DRAW_AND_SKIP:
            turn = (starter + 1) % players
    elif card.is_wild:
        phase = Phase.CHOOSE_COLOR  # A1 (a): the first player names the color, then plays.
    return GameState(
        rules=rules,
        players=players,
        seed=seed,
        round_number=round_number,
        dealer=dealer,
        hands=tuple(tuple(h) for h in hands),
        draw=pile_from(pile),
        discard=pile_from([card]),
        color=color,
        direction=direction,
        turn=turn,
        phase=phase,
        drawn=None,
        penalty=None,
        uno_called=frozenset(),
        uno_open=frozenset(),
        scores=scores,
        round_winner=None,
        game_winners=(),
        shuffles=0,
        passes=0,
    )
