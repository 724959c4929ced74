"""The deal of one round: shuffle, deal, turn the first card (``docs/rules.md`` 1.2, 1.3, 2.1,
2.6, H18).

:func:`deal_round` is what :func:`uno_rules.new_game` and :func:`uno_rules.next_round` run once
they have checked their arguments (in :mod:`uno_rules.deal`). It is apart from them so that
the compiled build can compile it: a compiled function checks its arguments' declared types
itself, and the entry points must answer a wrong argument with a
:class:`~uno_rules.SituationError` of their own, not a ``TypeError``.
"""

from __future__ import annotations

from typing import Final

from .cards import Card, Rank
from .effects import FIRST_STEPS
from .events import Dealt, Event, FirstCardReturned, FirstCardTurned, Redealt
from .randomness import derive_seed, shuffled
from .rules import FirstPlayer, FirstWild, FirstWildDrawFour, Rules
from .rules.deck import build_deck
from .rules.first_card import FirstTurn, returned_first, turn_first_card
from .state import GameState, pile_from, seat_after

__all__ = ["deal_round"]

# Enum members read as module constants: reading one from its class costs about 100 ns on
# Python 3.11, and a deal reads several.
_WILD: Final = Rank.WILD
_WILD_DRAW_FOUR: Final = Rank.WILD_DRAW_FOUR
_WILD_DRAW_TWO: Final = Rank.WILD_DRAW_TWO  # F5: as a Wild Draw Four
_BOTTOM_AND_REFLIP: Final = FirstWildDrawFour.BOTTOM_AND_REFLIP
_W4_RESHUFFLE_AND_REDEAL: Final = FirstWildDrawFour.RESHUFFLE_AND_REDEAL
_RESHUFFLE_AND_REDEAL: Final = FirstWild.RESHUFFLE_AND_REDEAL
_DEALER_STARTS: Final = FirstPlayer.DEALER
_PREVIOUS_WINNER_STARTS: Final = FirstPlayer.PREVIOUS_WINNER


def deal_round(
    rules: Rules,
    players: int,
    seed: int,
    round_number: int,
    dealer: int,
    scores: tuple[int, ...],
    out: frozenset[int],
    previous_winner: int | None = None,
    events: list[Event] | None = None,
) -> GameState:
    """Shuffle, deal one card at a time from the dealer's left (B2.3), turn the first card
    and apply its effect (1.3, 2.6). Eliminated seats (``out``) get no cards. When
    ``events`` is a list, what happened is appended to it."""
    deck = build_deck(rules)
    first = rules.first_card
    seats = [s for s in range(players) if s not in out]
    start = seats.index(seat_after(players, out, dealer, 1))
    deal_order = seats[start:] + seats[:start]
    redeal = 0
    while True:
        order = shuffled(deck, derive_seed(seed, round_number, redeal, 0xDEA1))
        # One card at a time in turn: the k-th seat in deal order gets every n-th card
        # from the k-th on, n the number of seats dealt to.
        dealt = rules.hand_size * len(seats)
        hands: list[list[Card]] = [[] for _ in range(players)]
        for k, seat in enumerate(deal_order):
            hands[seat] = list(order[k : dealt : len(seats)])
        pile = list(order[dealt:])
        returned = 0
        if events is not None:
            events.append(Dealt(dealer, rules.hand_size, tuple(len(h) for h in hands)))
        while True:
            card = pile.pop(0)
            if returned_first(rules, card):
                # A4 (and A1 b, A39 c): return the card to the pile and turn another.
                returned += 1
                bottom = first.wild_draw_four is _BOTTOM_AND_REFLIP
                if events is not None:
                    events.append(FirstCardReturned(card, "bottom" if bottom else "shuffled"))
                if bottom:
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
        if card.rank is _WILD and first.wild is _RESHUFFLE_AND_REDEAL:
            redeal += 1  # A1 (c): reshuffle everything and deal again.
            if events is not None:
                events.append(FirstCardTurned(card))
                events.append(Redealt("wild-first", "A1"))
            continue
        if (
            card.rank is _WILD_DRAW_FOUR or card.rank is _WILD_DRAW_TWO
        ) and first.wild_draw_four is _W4_RESHUFFLE_AND_REDEAL:
            redeal += 1  # A4 (redeal): shuffle it back and start again.
            if events is not None:
                events.append(FirstCardTurned(card))
                events.append(Redealt("wild-draw-four-first", "A4"))
            continue
        break
    return _first_card_state(
        rules,
        players,
        seed,
        round_number,
        dealer,
        scores,
        out,
        hands,
        pile,
        card,
        previous_winner,
        events,
    )


def _first_card_state(
    rules: Rules,
    players: int,
    seed: int,
    round_number: int,
    dealer: int,
    scores: tuple[int, ...],
    out: frozenset[int],
    hands: list[list[Card]],
    pile: list[Card],
    card: Card,
    previous_winner: int | None = None,
    events: list[Event] | None = None,
) -> GameState:
    starter = seat_after(players, out, dealer, 1)
    if rules.first_player is _DEALER_STARTS:
        starter = dealer
    elif (
        rules.first_player is _PREVIOUS_WINNER_STARTS
        and previous_winner is not None
        and previous_winner not in out
    ):
        starter = previous_winner  # H18: the previous round's winner starts
    if events is not None:
        events.append(FirstCardTurned(card))
    table = FirstTurn(
        rules, players, seed, round_number, dealer, out, hands, pile, card, starter, events
    )
    turn_first_card(table, FIRST_STEPS)  # 1.3: what the first card does (or a rule's hook)
    return GameState(
        rules=rules,
        players=players,
        seed=seed,
        round_number=round_number,
        dealer=dealer,
        hands=tuple(tuple(h) for h in table.hands),
        draw=pile_from(table.pile),
        discard=pile_from([card]),
        color=table.color,
        direction=table.direction,
        turn=table.turn,
        phase=table.phase,
        drawn=None,
        penalty=None,
        uno_called=frozenset(),
        uno_open=frozenset(),
        scores=scores,
        round_winner=None,
        game_winners=(),
        shuffles=0,
        passes=0,
        played_by=None,
        eliminated=out,
    )
