"""The transition builder: a mutable working copy of a state inside one move.

The engine makes one :class:`Builder` per move that takes the general path; the move's
effect and the rules' hooks (:class:`~uno_rules.rules.hooks.HouseRule`) change its fields
and record events, and :meth:`Builder.finish` builds the one new state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..cards import Card, Color
from ..errors import PluginError
from ..events import (
    CardsDrawn,
    Eliminated,
    Event,
    GameEnded,
    HandsRotated,
    HandsSwapped,
    Reshuffled,
    RoundEnded,
    Skipped,
)
from ..randomness import derive_seed, shuffled
from ..state import (
    GameState,
    Penalty,
    Phase,
    Pile,
    Transition,
    choosing_draw_color,
    pile_cards,
    pile_from,
    pile_size,
    seat_after,
)
from .options import OnBlocked, UnoWindow
from .scoring import hand_points, score_round

_new: Final = tuple.__new__  # builds a Transition without keyword handling

__all__ = [
    "NO_SEATS",
    "Builder",
    "accepted_state",
    "after_transfer",
    "drawn_state",
    "moved_state",
    "passed_state",
    "played_state",
]


def moved_state(
    s: GameState,
    hands: tuple[tuple[Card, ...], ...],
    draw: Pile,
    discard: Pile,
    color: Color | None,
    direction: int,
    turn: int,
    phase: Phase,
    drawn: Card | None,
    penalty: Penalty | None,
    uno_called: frozenset[int],
    uno_open: frozenset[int],
    scores: tuple[int, ...],
    round_winner: int | None,
    game_winners: tuple[int, ...],
    shuffles: int,
    passes: int,
    played_by: int | None,
    eliminated: frozenset[int],
) -> GameState:
    """The state a move leaves: ``s``'s fixed facts (rules, players, seed, round, dealer)
    and every other field as given. This module is the one place a move's new state is
    built, by the builder (:meth:`Builder.finish`) and, through the named forms below, by
    the engine's shortcuts: by position, one allocation with no keyword handling (the
    field order is checked below)."""
    return _new(
        GameState,
        (
            s[0], s[1], s[2], s[3], s[4], hands, draw, discard, color, direction, turn,
            phase, drawn, penalty, uno_called, uno_open, scores, round_winner, game_winners,
            shuffles, passes, played_by, eliminated,
        ),
    )  # fmt: skip


def played_state(
    s: GameState,
    hands: tuple[tuple[Card, ...], ...],
    discard: Pile,
    color: Color,
    turn: int,
    uno_called: frozenset[int],
    uno_open: frozenset[int],
    played_by: int,
) -> GameState:
    """The state after a card with no steps (a number card, a Wild) is played on its
    player's turn, with no round ended: the next seat plays (B4.3), nothing is left drawn
    or pending, nobody passed. (The engine's play shortcut, :mod:`uno_rules.fastpath`; a
    card with steps ends its move through a :class:`Builder` made from the play.)"""
    return _new(
        GameState,
        (
            s[0], s[1], s[2], s[3], s[4], hands, s[6], discard, color, s[9], turn,
            PHASE_TURN, None, None, uno_called, uno_open, s[16], s[17], s[18], s[19], 0,
            played_by, s[22],
        ),
    )  # fmt: skip


def drawn_state(
    s: GameState,
    hands: tuple[tuple[Card, ...], ...],
    draw: Pile,
    drawn: Card,
    uno_called: frozenset[int],
) -> GameState:
    """The state after a seat draws on its turn and decides on ``drawn`` (B6.1-B6.3):
    every UNO window closes (A15). (The draw shortcut.)"""
    return _new(
        GameState,
        (
            s[0], s[1], s[2], s[3], s[4], hands, draw, s[7], s[8], s[9], s[10],
            PHASE_DRAWN, drawn, s[13], uno_called, NO_SEATS, s[16], s[17], s[18],
            s[19], 0, s[21], s[22],
        ),
    )  # fmt: skip


def passed_state(s: GameState, turn: int) -> GameState:
    """The state after a pass once the drawn card is kept (B6.4). (The pass shortcut.)"""
    return _new(
        GameState,
        (
            s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], turn,
            PHASE_TURN, None, s[13], s[14], s[15], s[16], s[17], s[18], s[19], s[20],
            s[21], s[22],
        ),
    )  # fmt: skip


def accepted_state(
    s: GameState,
    hands: tuple[tuple[Card, ...], ...],
    draw: Pile,
    turn: int,
    uno_called: frozenset[int],
    uno_open: frozenset[int],
) -> GameState:
    """The state after the victim accepts a pending penalty and loses the turn (B7.5).
    (The accept shortcut.)"""
    return _new(
        GameState,
        (
            s[0], s[1], s[2], s[3], s[4], hands, draw, s[7], s[8], s[9], turn,
            PHASE_TURN, s[12], None, uno_called, uno_open, s[16], s[17], s[18], s[19],
            s[20], s[21], s[22],
        ),
    )  # fmt: skip


# moved_state's order: GameState's fields
# fmt: off
_LAYOUT: Final = (
    "rules", "players", "seed", "round_number", "dealer",                     # 0-4
    "hands", "draw", "discard", "color", "direction", "turn", "phase",        # 5-11
    "drawn", "penalty", "uno_called", "uno_open",                             # 12-15
    "scores", "round_winner", "game_winners", "shuffles", "passes",           # 16-20
    "played_by", "eliminated",                                                # 21-22
)
# fmt: on
assert GameState._fields == _LAYOUT, "moved_state builds states by field position"

NO_SEATS: Final[frozenset[int]] = frozenset()
PHASE_DRAWN: Final = Phase.DRAWN
PHASE_ROUND_OVER: Final = Phase.ROUND_OVER
PHASE_GAME_OVER: Final = Phase.GAME_OVER
PHASE_TURN: Final = Phase.TURN
PHASE_PENALTY: Final = Phase.PENALTY
UNO_WINDOW_NEXT_TURN_ACTION: Final = UnoWindow.NEXT_TURN_ACTION
UNO_WINDOW_ANY_OTHER_PLAYER_DRAW_OR_PLAY: Final = UnoWindow.ANY_OTHER_PLAYER_DRAW_OR_PLAY
ON_BLOCKED_SCORE_LOWEST_HAND: Final = OnBlocked.SCORE_LOWEST_HAND


def after_transfer(
    called: frozenset[int],
    opened: frozenset[int],
    moved: frozenset[int],
    hands: Sequence[tuple[Card, ...]],
    must_call: bool,
) -> tuple[frozenset[int], frozenset[int]]:
    """A19, A40: hands moved to the seats ``moved`` lapse those seats' UNO calls and
    windows; where ``must_call``, a moved seat left holding one card must call (its window
    opens). A set is rebuilt only when it changes, so a kept history shares the others."""
    if not called.isdisjoint(moved):
        called = called - moved
    if not opened.isdisjoint(moved):
        opened = opened - moved
    if must_call:
        single = {s for s in moved if len(hands[s]) == 1}
        if single:
            opened = opened | single
    return called, opened


class Builder:
    """A mutable working copy of a state's changing fields, used inside one transition."""

    __slots__ = (
        "actor",
        "color",
        "direction",
        "discard",
        "draw",
        "drawn",
        "eliminated",
        "events",
        "game_winners",
        "hands",
        "old",
        "passes",
        "penalty",
        "phase",
        "played_by",
        "players",
        "round_winner",
        "rules",
        "scores",
        "shuffles",
        "transferred",
        "turn",
        "uno_called",
        "uno_open",
    )

    def __init__(
        self,
        state: GameState,
        hands: list[tuple[Card, ...]] | None = None,
        discard: Pile = None,
        color: Color | None = None,
        uno_called: frozenset[int] = NO_SEATS,
        uno_open: frozenset[int] = NO_SEATS,
        played_by: int = 0,
        events: list[Event] | None = None,
    ) -> None:
        """A builder for ``state``; with ``hands`` given, for ``state`` once ``played_by``
        has put a card down on its own turn (B5): its hand and the discard pile as given,
        the color set, no penalty or drawn card left, the UNO call or window as the play
        left them (B9.1, B9.3) and its events so far, so that the card's steps run next
        (:func:`uno_rules.effects.run_steps`; the engine's play shortcut,
        :mod:`uno_rules.fastpath`: what the general path's play does before the effect,
        on a state where no rule has a say)."""
        # read by position (_LAYOUT): a name is a lookup in the compiled build
        self.old = state
        self.rules = state[0]
        self.players = state[1]
        self.draw: Pile = state[6]
        self.direction = state[9]
        self.turn = state[10]
        self.scores = state[16]
        self.round_winner = state[17]
        self.game_winners = state[18]
        self.shuffles = state[19]
        self.eliminated = state[22]
        self.transferred: frozenset[int] = NO_SEATS
        if hands is not None:  # after a play on its player's turn
            self.hands = hands
            self.discard: Pile = discard
            self.color = color
            self.phase = PHASE_TURN
            self.drawn: Card | None = None
            self.penalty: Penalty | None = None
            # Seat sets stay frozen: a move that changes one builds a new set.
            self.uno_called = uno_called
            self.uno_open = uno_open
            self.passes = 0
            self.played_by: int | None = played_by
            self.events: list[Event] = [] if events is None else events
            self.actor: int | None = played_by
            return
        self.hands = list(state[5])
        self.discard = state[7]
        self.color = state[8]
        self.phase = state[11]
        self.drawn = state[12]
        self.penalty = state[13]
        # Seat sets stay frozen: a move that changes one builds a new set (most change none).
        self.uno_called = state[14]
        self.uno_open = state[15]
        self.passes = state[20]
        self.played_by = state[21]
        self.events = []
        self.actor = None

    # -- seats
    def next(self, seat: int, steps: int = 1, direction: int | None = None) -> int:
        """B4.3: the seat ``steps`` places after ``seat`` in the direction of play,
        passing over eliminated seats."""
        d = self.direction if direction is None else direction
        if self.eliminated:
            return seat_after(self.players, self.eliminated, seat, d, steps)
        return (seat + d * steps) % self.players  # every seat in: seat_after's answer

    def active(self) -> list[int]:
        return [s for s in range(self.players) if s not in self.eliminated]

    # -- the UNO window (A15)
    def turn_action(self, seat: int) -> None:
        """A play, draw or pass by the seat whose turn it is closes every open window
        under the default ``next_turn_action`` (A15 a, A21)."""
        if self.uno_open:
            if self.rules.uno.window_closes_on is UNO_WINDOW_NEXT_TURN_ACTION:
                self.uno_open = NO_SEATS
            self.other_acts(seat)

    def other_acts(self, seat: int) -> None:
        """A15 b (literal): any draw or play by a seat closes the other seats' windows."""
        if (
            self.uno_open
            and self.rules.uno.window_closes_on is UNO_WINDOW_ANY_OTHER_PLAYER_DRAW_OR_PLAY
        ):
            self.uno_open = self.uno_open & {seat}

    # -- piles
    def take(self) -> Card | None:
        """The top card of the draw pile, reshuffling if it is empty (B11); ``None`` when
        both piles are used up (A44)."""
        if self.draw is None and not self.reshuffle():
            return None
        assert self.draw is not None
        card = self.draw[0]
        self.draw = self.draw[1]
        return card

    def draw_cards(self, seat: int, count: int, reason: str) -> tuple[Card, ...]:
        """Draw ``count`` cards for ``seat``, reshuffling the discard pile under its top card
        when the draw pile runs out (B11.1, B11.2, A43); with both piles used up, draw what
        there is and the rest is forgiven (A17, A45)."""
        got: list[Card] = []
        while len(got) < count:
            card = self.take()
            if card is None:
                break
            got.append(card)
        return self.receive(seat, tuple(got), reason)

    def receive(self, seat: int, cards: tuple[Card, ...], reason: str) -> tuple[Card, ...]:
        if cards:
            self.hands[seat] = self.hands[seat] + cards
            self.other_acts(seat)
        self.events.append(CardsDrawn(seat, len(cards), reason, cards))
        return cards

    def reshuffle(self) -> bool:
        """B11: the discard pile but its top card becomes the draw pile, in an order derived
        from the seed, the round and the shuffle count; the top card and the active color
        stay (A43)."""
        discard = self.discard
        assert discard is not None
        if discard[2] <= 1:
            return False
        order = shuffled(tuple(pile_cards(discard[1])), self.next_shuffle_seed())
        self.draw = pile_from(order)
        self.discard = (discard[0], None, 1)
        self.events.append(Reshuffled(len(order)))
        return True

    def next_shuffle_seed(self) -> int:
        """A seed for the next shuffle of this round, derived from the state."""
        self.shuffles += 1
        old = self.old
        return derive_seed(old.seed, old.round_number, self.shuffles, 0x5E5)

    def put_under(self, cards: tuple[Card, ...]) -> None:
        """Put ``cards`` at the bottom of the discard pile (H16, E3.3 discard_wilds)."""
        if cards:
            self.discard = pile_from((*pile_cards(self.discard), *cards))

    # -- turns and the round
    def end_round(self, winner: int | None) -> None:
        """B10: score the round and see whether the game is over."""
        rules = self.rules
        blocked = winner is None
        if blocked and rules.on_blocked is ON_BLOCKED_SCORE_LOWEST_HAND:
            order = [self.next(self.turn, k) for k in range(len(self.active()))]
            winner = min(order, key=lambda s: hand_points(rules, self.hands[s]))
        result = score_round(rules, self.hands, self.scores, winner, frozenset(self.eliminated))
        self.scores = result.scores
        self.round_winner = winner
        self.phase = PHASE_ROUND_OVER
        self.penalty = None
        self.drawn = None
        self.uno_open = NO_SEATS
        self.events.append(RoundEnded(winner, result.gained, self.scores, blocked))
        for seat in result.eliminated:
            # 3.4: out of the game at the target; the scored hand goes under the discard
            # pile, as a mercy elimination's does (H16), so an eliminated seat holds nothing
            self.put_under(self.hands[seat])
            self.hands[seat] = ()
            self.eliminated = self.eliminated | {seat}
            self.events.append(Eliminated(seat, "target"))
        if result.game_winners is not None:
            self.finish_game(result.game_winners)

    def finish_game(self, winners: tuple[int, ...]) -> None:
        self.phase = PHASE_GAME_OVER
        self.game_winners = winners
        self.events.append(GameEnded(winners))

    def check_out(self) -> None:
        """B10.1 / A55: the round ends when a hand is empty. The acting seat wins if its
        hand is empty, else the first empty hand in turn order.

        A draw card that went out is still drawn (B10.3) by the seat it is aimed at, and
        nothing else can answer it (a design decision, ``docs/rules.md`` B10.3): a penalty
        left pending is drawn at once, with the turn lost, unless its victim may still
        challenge a Wild Draw Four (A12) or names the color its draw waits for (H17); then
        the round ends right after that answer."""
        if self.phase is PHASE_ROUND_OVER or self.phase is PHASE_GAME_OVER:
            return
        if all(self.hands):
            return
        empty = [s for s in self.active() if not self.hands[s]]
        if not empty:
            return
        penalty = self.penalty
        if penalty is not None:
            challenge = penalty.challengeable and penalty.card.kind.restricted
            if self.phase is PHASE_PENALTY and challenge:
                return  # A12: the victim accepts or challenges, then the round ends
            if choosing_draw_color(self.phase, penalty):
                return  # H17, N15: the victim names the color, draws, then the round ends
            # B10.3: no stack (H01), deflect (H15) or jump-in (H06) reaches the empty hand
            victim = self.turn
            self.penalty = None
            self.phase = PHASE_TURN
            self.draw_cards(victim, penalty.amount, "penalty")
            self.events.append(Skipped(victim))
            self.turn = self.next(victim)
            # N14: with two players a Wild Reverse Draw 4 aims its draw at its own player,
            # who then holds the cards it drew and has not gone out (as without stacking)
            if self.phase is PHASE_ROUND_OVER or self.phase is PHASE_GAME_OVER:
                return
            empty = [s for s in self.active() if not self.hands[s]]
            if not empty:
                return
        start = self.actor if self.actor is not None else self.turn
        order = [start] + [self.next(start, k) for k in range(1, self.players)]
        winner = next(s for s in order if s in empty)
        self.end_round(winner)

    # -- hands changing seats
    def swap_hands(self, seat: int, target: int) -> None:
        """H07 7-swap and E4 Wild Swap Hands: two seats trade hands."""
        self.hands[seat], self.hands[target] = self.hands[target], self.hands[seat]
        self.transferred = self.transferred | {seat, target}
        self.events.append(HandsSwapped(seat, target))

    def rotate_hands(self, direction: int | None = None) -> None:
        """H07 0-rotate: every hand passes to the next seat in the direction of play (A32),
        or in ``direction`` (1: from seat i to seat i+1) whatever the direction of play."""
        d = self.direction if direction is None else direction
        active = self.active()
        old = {s: self.hands[s] for s in active}
        for s in active:
            self.hands[self.next(s, 1, d)] = old[s]
        self.transferred = self.transferred | set(active)
        self.events.append(HandsRotated(d))

    def unconserved(self) -> None:
        """A move that would make or lose cards (B1.4) is refused with one error: naming
        the installed house rules enabled, whose hooks are the ones the engine does not
        vouch for."""
        names = ", ".join(self.rules.plan.installed_enabled) or "(none installed)"
        raise PluginError(
            names,
            "a move would make or lose cards (B1.4): the hands and piles no longer add up "
            "to the deck",
        )

    def finish(self) -> Transition:
        """The end of the move: the round's end (B10.1), the rules' end-of-move hooks (H16),
        UNO calls and windows after transfers (A19, A20); then the one new state."""
        if () in self.hands:  # an empty hand: check_out's own first test, without a call
            self.check_out()
        plan = self.rules.plan
        for hook, params in plan.after_move:
            hook(self, params)
        if self.transferred:
            uno = self.rules.uno
            self.uno_called, self.uno_open = after_transfer(
                self.uno_called,
                self.uno_open,
                self.transferred,
                self.hands,
                uno.enabled
                and uno.applies_after_transfer
                and self.phase not in (PHASE_ROUND_OVER, PHASE_GAME_OVER),
            )
        hands = self.hands
        old = self.old
        # B1.4: a move moves cards, never makes or loses one, whoever's hook moved them. The
        # library's own steps and rules are held to it by the conformance kit's tests; an
        # installed rule's hooks are checked here, on every move while one is enabled.
        if plan.installed_enabled and (
            pile_size(self.draw) + pile_size(self.discard) + sum(map(len, hands))
            != pile_size(old.draw) + pile_size(old.discard) + sum(map(len, old.hands))
        ):
            self.unconserved()
        if self.uno_called or self.uno_open:
            # A20: a call lapses, and a window closes, once the hand is not one card.
            if any(len(hands[s]) != 1 for s in self.uno_called):
                self.uno_called = frozenset(s for s in self.uno_called if len(hands[s]) == 1)
            if any(len(hands[s]) != 1 for s in self.uno_open):
                self.uno_open = frozenset(s for s in self.uno_open if len(hands[s]) == 1)
        state = moved_state(
            self.old,
            tuple(hands),
            self.draw,
            self.discard,
            self.color,
            self.direction,
            self.turn,
            self.phase,
            self.drawn,
            self.penalty,
            self.uno_called,
            self.uno_open,
            self.scores,
            self.round_winner,
            self.game_winners,
            self.shuffles,
            self.passes,
            self.played_by,
            self.eliminated,
        )
        return _new(Transition, (state, tuple(self.events)))
