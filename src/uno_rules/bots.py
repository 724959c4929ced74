"""Simple players: a uniform-random bot and a sensible heuristic bot.

Bots choose among the moves :func:`uno_rules.legal_moves` lists, so they never break a rule;
they are baselines for simulations and for testing programs that embed the engine.

>>> import random, uno_rules as uno
>>> state = uno.new_game("official", players=3, seed=1)
>>> move = HeuristicBot().choose(state, state.turn, random.Random(0))
>>> uno.validate(state, move) is None
True
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Protocol

from .cards import Card, Color, side_colors
from .engine import is_bluff, legal_moves
from .moves import (
    Accept,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    Move,
    Pass,
    Play,
    resolve_cards,
)
from .rules.scoring import card_points
from .state import GameState

__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot"]


class Bot(Protocol):
    """A player: picks one of ``seat``'s legal moves."""

    def choose(self, state: GameState, seat: int, rng: random.Random) -> Move: ...

    def interrupt(self, state: GameState, seat: int, rng: random.Random) -> Move | None:
        """A move out of turn (a catch, a jump-in), or ``None``."""
        ...


class RandomBot:
    """Chooses uniformly among the legal moves; catches and jumps in half the time."""

    name = "random"

    def choose(self, state: GameState, seat: int, rng: random.Random) -> Move:
        return rng.choice(legal_moves(state, seat))

    def interrupt(self, state: GameState, seat: int, rng: random.Random) -> Move | None:
        options = [m for m in _out_of_turn(state, seat)]
        if options and rng.random() < 0.5:
            return rng.choice(options)
        return None


class HeuristicBot:
    """Plays like a careful casual player.

    Calls UNO with its next-to-last card and catches anyone it can; stacks rather than
    draws; plays colored cards before wilds, the highest-scoring first, keeping a Wild Draw
    Four for when nothing else fits; names its most common color; swaps hands with the
    seat holding the fewest cards; draws only when it must, then plays the drawn card if
    it can; never challenges, never bluffs.
    """

    name = "heuristic"

    def choose(self, state: GameState, seat: int, rng: random.Random) -> Move:
        legal = legal_moves(state, seat)
        plays = [m for m in legal if isinstance(m, Play) and m.seat == seat]
        if state.turn == seat:
            fair = [p for p in plays if not _is_bluff_play(state, p)]
            if fair:
                return self._best_play(state, seat, fair)
            for kind in (ChooseColor, Accept, Draw, Pass):
                found = [m for m in legal if isinstance(m, kind)]
                if found:
                    if kind is ChooseColor:
                        # the colors offered are those of the side in play (F1, F11)
                        offered = tuple(m.color for m in found if isinstance(m, ChooseColor))
                        color = _favourite(state.hands[seat], offered)
                        return next(
                            m for m in found if isinstance(m, ChooseColor) and m.color is color
                        )
                    return found[0]
            if plays:
                return self._best_play(state, seat, plays)
        return rng.choice(legal)

    def interrupt(self, state: GameState, seat: int, rng: random.Random) -> Move | None:
        options = _out_of_turn(state, seat)
        catches = [m for m in options if isinstance(m, CatchUno)]
        if catches:
            return catches[0]
        calls = [m for m in options if isinstance(m, CallUno)]
        if calls and len(state.hands[seat]) == 1:
            return calls[0]
        jumps = [m for m in options if isinstance(m, Play)]
        if not jumps:
            return None
        # call UNO with a jump-in that leaves one card, and not otherwise
        left = len(state.hands[seat]) - 1
        fitting = [m for m in jumps if m.call_uno == (left == 1)]
        return (fitting or jumps)[0]

    def _best_play(self, state: GameState, seat: int, plays: list[Play]) -> Play:
        hand = state.hands[seat]
        favourite = _favourite(hand, side_colors(state.top_card))
        fewest = min(
            (s for s in state.active_seats if s != seat), key=lambda s: len(state.hands[s])
        )

        def score(p: Play) -> tuple[int, int, int, int, int]:
            leaves = len(hand) - 1 - len(p.extra)
            calls = 1 if (p.call_uno or leaves != 1) else 0
            wild = 1 if p.card.is_wild else 0
            w4 = 1 if p.card.kind.restricted else 0
            color_ok = 1 if p.color in (None, favourite) else 0
            target_ok = 1 if p.target in (None, fewest) else 0
            return (
                calls,
                color_ok + target_ok,
                -w4,
                -wild,
                card_points(state.rules, p.card) + len(p.extra) * 5,
            )

        return max(plays, key=score)


def _out_of_turn(state: GameState, seat: int) -> list[Move]:
    """``seat``'s legal catches, calls and jump-ins while it is not its decision."""
    if state.turn == seat or seat in state.eliminated:
        return []
    return [m for m in legal_moves(state, seat) if not isinstance(m, Challenge)]


def _is_bluff_play(state: GameState, play: Play) -> bool:
    if not play.card.kind.restricted:  # B8.1: a Wild Draw Four, a Wild Draw Color, ...
        return False
    if state.top_card.other is not None:  # UNO Flip: a face names a card of the hand (F1)
        play = resolve_cards(state, play)
    hand = list(state.hands[play.seat])
    hand.remove(play.card)
    return is_bluff(state.rules, tuple(hand), state.top_card, state.color)


def _favourite(hand: tuple[Card, ...], colors: tuple[Color, ...]) -> Color:
    """The color of ``colors`` (those the side in play may name) most common in ``hand``,
    the first of them on a tie."""
    counts = Counter(c.color for c in hand if c.color is not None)
    return max(colors, key=lambda c: counts[c])


BOTS: dict[str, type[RandomBot] | type[HeuristicBot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
}
