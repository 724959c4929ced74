"""A conformance kit for rule authors: the checks the project holds its own rules to.

A house rule (``docs/write-a-house-rule.md``), a preset or a deck of new card kinds can be
held to the engine's contract with the same checks the project's own tests use:

- :func:`check_state` at one state: the cards add up to the deck (B1.4,
  :func:`check_conserved`), every listed move validates and applies and nothing else does
  ("listed iff valid iff applies", :func:`check_listed_moves`), the fast paths give what
  the general path gives (:func:`check_fast_paths`), and the state survives a snapshot;
- :func:`check_move` for any move at all, legal or not (validate and apply agree, the
  listing agrees, the input state is never changed);
- :func:`playout_states` and :func:`random_playout`, seeded random games, and
  :func:`battery`, which plays a few of them under a rule set and checks every state;
- :func:`perft` and :func:`divide`, the number of move sequences from a state.

Every failed check raises :class:`ConformanceError` (an ``AssertionError``, so a test
runner shows it as a failed test) with a sentence naming the state's rules, the seat and
the move. The kit needs only the package: no test runner, no Hypothesis. The engine never
imports it.

>>> from uno_rules.testing import battery
>>> report = battery("official", players=(2,), seeds=(1,), limit=20)
>>> report.games, report.states, report.fast_listed > 0
(1, 20, True)
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from .cards import Card
from .deal import new_game, next_round
from .engine import apply, apply_general, legal_moves, reference_legal_moves, validate
from .fastpath import fast_listing, shortcut
from .moves import Move, Play, as_listed, by_faces, parse_move
from .presets import load_preset
from .record import NEXT_ROUND
from .rules import Rules
from .rules.deck import build_deck
from .snapshot import dump_state, load_state
from .state import GameState, Transition
from .violations import Violation

__all__ = [
    "BatteryReport",
    "ConformanceError",
    "all_cards",
    "battery",
    "check_conserved",
    "check_fast_paths",
    "check_listed_moves",
    "check_move",
    "check_state",
    "deck_of",
    "divide",
    "perft",
    "playout_states",
    "random_playout",
]


class ConformanceError(AssertionError):
    """A check of the conformance kit failed; the message says which and where."""


def _fail(state: GameState, what: str) -> ConformanceError:
    return ConformanceError(f"{state.rules.name or 'rules'}, round {state.round_number}: {what}")


def _rules(rules: Rules | str | Mapping[str, Any]) -> Rules:
    return rules if isinstance(rules, Rules) else load_preset(rules)


# --------------------------------------------------------------------------- cards


def all_cards(state: GameState) -> Counter[Card]:
    """Every card of ``state``: the hands, the draw pile and the discard pile."""
    held: Counter[Card] = Counter()
    for hand in state.hands:
        held.update(hand)
    held.update(state.draw_pile)
    held.update(state.discard_pile)
    return held


def deck_of(rules: Rules | str | Mapping[str, Any]) -> Counter[Card]:
    """The cards a game under ``rules`` is played with (the deck its preset names)."""
    return Counter(build_deck(_rules(rules)))


def check_conserved(state: GameState, deck: Counter[Card] | None = None) -> None:
    """B1.4: the hands and piles hold exactly the deck (by default the deck of the state's
    rules); the draw pile's size is its count; an eliminated seat holds nothing. With
    two-sided cards (UNO Flip, F1) every card shows the side in play, and the deck is
    counted by physical card, whichever side is up."""
    if deck is None:
        deck = deck_of(state.rules)
    held = all_cards(state)
    if state.side == "dark":
        held = Counter({c.flipped: n for c, n in held.items()})
    if any(c.dark for c in held):
        raise _fail(state, f"a card shows another side than the {state.side} side in play (F1)")
    if held != deck:
        extra = {str(c): n for c, n in (held - deck).items()}
        missing = {str(c): n for c, n in (deck - held).items()}
        raise _fail(state, f"cards not conserved (B1.4): extra {extra}, missing {missing}")
    if len(state.draw_pile) != state.draw_pile_size:
        raise _fail(state, "the draw pile's size is not its number of cards")
    for seat in state.eliminated:
        if state.hands[seat]:
            raise _fail(state, f"eliminated seat {seat} still holds cards")


# --------------------------------------------------------------------------- moves


def check_fast_paths(state: GameState, seat: int | None = None) -> tuple[int, int]:
    """The engine's fast paths (``uno_rules.fastpath``) against the general path at
    ``state``, for ``seat`` (default: every seat still in): the fast listing, where it
    answers, lists exactly ``reference_legal_moves`` (every candidate ``validate``
    accepts; on a table of two-sided cards written by the faces the seat sees,
    ``uno_rules.moves.by_faces``, F14), in the same order, and so does ``legal_moves``;
    each shortcut gives the general transition's state and
    events. Returns how often each answered, ``(listings, shortcuts)``, so that a test can
    check that the fast paths ran at all."""
    listed = applied = 0
    seats = state.active_seats if seat is None else (seat,)
    for k in seats:
        reference = reference_legal_moves(state, k)
        if state.top_card.other is not None:  # F14: listed by the faces the seat sees
            reference = by_faces(reference)
        fast = fast_listing(state, k)
        if fast is not None:
            listed += 1
            if fast != reference:
                raise _fail(
                    state,
                    f"seat {k}: the fast listing gives {[str(m) for m in fast]}, validating "
                    f"every candidate gives {[str(m) for m in reference]}",
                )
        if legal_moves(state, k) != reference:
            raise _fail(state, f"seat {k}: legal_moves differs from reference_legal_moves")
        for move in reference_legal_moves(state, k):
            done = shortcut(state, move)
            if done is None:
                continue
            applied += 1
            general = apply_general(state, move)
            if not isinstance(general, Transition):
                raise _fail(state, f"{move}: the shortcut applies it, the general path refuses")
            if done.state != general.state:
                raise _fail(state, f"{move}: the shortcut's state differs from the general path's")
            if done.events != general.events:
                raise _fail(
                    state,
                    f"{move}: the shortcut's events {[e.kind for e in done.events]} differ "
                    f"from the general path's {[e.kind for e in general.events]}",
                )
    return listed, applied


def check_listed_moves(state: GameState) -> None:
    """Listed iff valid iff applies, from the listing's side: for every seat, the listed
    moves are distinct, listed in the same order each time, none names a back of a
    two-sided card (F14: a seat does not see its own cards' backs), each prints as a text
    that reads back as itself, validates and applies; an eliminated seat has none; a finished
    round has none at all."""
    for k in range(state.players):
        moves = legal_moves(state, k)
        if len(set(moves)) != len(moves):
            raise _fail(state, f"seat {k}: legal_moves lists a move twice")
        if legal_moves(state, k) != moves:
            raise _fail(state, f"seat {k}: legal_moves answers differently when asked again")
        if moves and (k in state.eliminated or state.round_over):
            raise _fail(state, f"seat {k} has moves {[str(m) for m in moves]} and may not move")
        for m in moves:
            if m.seat != k:
                raise _fail(state, f"seat {k}: the listed move {m} is another seat's")
            if isinstance(m, Play) and any(c.other is not None for c in (m.card, *m.extra)):
                raise _fail(state, f"the listed move {m} names a back seat {k} cannot see (F14)")
            again = parse_move(str(m))
            if again != m:
                raise _fail(state, f"{m!r} prints as {str(m)!r}, which reads as another move")
            violation = validate(state, m)
            if violation is not None:
                raise _fail(state, f"the listed move {m} is refused: {violation}")
            if not isinstance(apply(state, m), Transition):
                raise _fail(state, f"the listed move {m} does not apply")
    if not state.round_over and not legal_moves(state):
        raise _fail(state, f"seat {state.turn} is to act and has no legal move")


def check_move(state: GameState, move: Move | str) -> Transition | Violation:
    """Any move (a move or its text), legal or not: ``validate`` accepts it iff ``apply``
    applies it, and (for a seat of the table) iff ``legal_moves`` lists it (on a table of
    two-sided cards, a play as it is listed: by the faces of the hand's cards it names,
    ``uno_rules.moves.as_listed``); a refusal is
    the violation ``validate`` gives; neither changes ``state``. Returns what ``apply``
    gave."""
    if isinstance(move, str):
        move = parse_move(move)
    before = dump_state(state)
    violation = validate(state, move)
    result = apply(state, move)
    if dump_state(state) != before:
        raise _fail(state, f"{move}: applying it changed the input state")
    valid = violation is None
    if valid != isinstance(result, Transition):
        raise _fail(state, f"{move}: validate says {violation}, apply gives {result!r}")
    seat = move.seat
    if type(seat) is int and 0 <= seat < state.players:
        move = as_listed(state, move)  # F1, F14: a play as listed, by the faces it names
        if (move in legal_moves(state, seat)) != valid:
            raise _fail(state, f"{move}: listed {not valid}, valid {valid}")
    elif valid:
        raise _fail(state, f"{move}: a move by seat {seat!r}, not one of the table's, applies")
    if isinstance(result, Violation) and result != violation:
        raise _fail(state, f"{move}: apply refuses with {result}, validate with {violation}")
    return result


def check_state(
    state: GameState, deck: Counter[Card] | None = None, snapshot: bool = True
) -> tuple[int, int]:
    """Every check at one state: :func:`check_conserved`, :func:`check_listed_moves`,
    :func:`check_fast_paths` and, with ``snapshot``, the snapshot round trip
    (``load_state(dump_state(s)) == s``, through JSON text; it reads the rules back, the
    costliest check). Returns what :func:`check_fast_paths` returns."""
    check_conserved(state, deck)
    check_listed_moves(state)
    counts = check_fast_paths(state)
    if snapshot:
        dumped = dump_state(state)
        if load_state(json.loads(json.dumps(dumped))) != state:
            raise _fail(state, "the state does not survive dump_state / load_state")
    return counts


# --------------------------------------------------------------------------- playouts


def playout_states(
    rules: Rules | str | Mapping[str, Any], players: int, seed: int, limit: int = 3_000
) -> list[GameState]:
    """The states of one round dealt with ``seed`` and played with seeded random legal
    moves (other seats speak up now and then: UNO calls and catches, jump-ins). Seed 0
    picks among all moves alike, so it draws about every other move and its rounds are
    long; other seeds play a card three times in four where one can, so their rounds reach
    their ends. At most ``limit`` states."""
    rng = random.Random(seed)
    state = new_game(_rules(rules), players=players, seed=seed)
    states = [state]
    while not state.round_over and len(states) < limit:
        seat = state.turn
        if rng.random() < 0.15:
            seat = rng.randrange(players)
        moves = legal_moves(state, seat) or legal_moves(state)
        if not moves:
            # a round in play must leave the seat to act a move (A44: at worst a pass)
            raise _fail(state, f"seat {state.turn} has no legal move: the table is stuck")
        if seed and rng.random() < 0.75:
            moves = tuple(m for m in moves if isinstance(m, Play)) or moves
        result = apply(state, rng.choice(moves))
        if not isinstance(result, Transition):
            raise _fail(state, f"a listed move is refused: {result}")
        state = result.state
        states.append(state)
    return states


def random_playout(
    rules: Rules | str | Mapping[str, Any],
    players: int,
    seed: int,
    policy_seed: int,
    *,
    max_moves: int,
    deck: Counter[Card] | None = None,
    on_round_end: Callable[[GameState, GameState], None] | None = None,
    next_dealer: Callable[[GameState], int] | None = None,
) -> tuple[GameState, tuple[str, ...]]:
    """One whole seeded random game: its final state and its record's move texts
    (``next-round`` between rounds; ``uno.make_record`` makes the record).

    A ``random.Random(policy_seed)`` picks among the acting seat's legal moves and, now and
    then, lets another seat speak up. The game must end within ``max_moves`` moves. The
    cards are counted (against ``deck``, by default the rules' deck) at every deal and
    every 50 moves; ``on_round_end(before, after)`` is called on each move that ends a
    round, and ``next_dealer(ended)``, when given, must name the next round's dealer."""
    rng = random.Random(policy_seed)
    state = new_game(_rules(rules), players=players, seed=seed)
    texts: list[str] = []
    made = 0
    while not state.game_over:
        if state.round_over:
            nxt = next_round(state)
            if not isinstance(nxt, GameState):
                raise _fail(state, f"next_round refused: {nxt}")
            if nxt.round_number != state.round_number + 1 or nxt.scores != state.scores:
                raise _fail(state, "the next round does not follow on with the scores kept")
            if next_dealer is not None and nxt.dealer != next_dealer(state):
                raise _fail(state, f"seat {nxt.dealer} deals, not seat {next_dealer(state)}")
            check_conserved(nxt, deck)
            texts.append(NEXT_ROUND)
            state = nxt
            continue
        if made >= max_moves:
            raise _fail(
                state,
                f"{players} players, seed {seed}: the game did not end within {max_moves} "
                f"moves (scores {state.scores})",
            )
        move: Move | None = None
        if rng.random() < 0.15:
            others = [m for k in range(players) if k != state.turn for m in legal_moves(state, k)]
            if others:
                move = rng.choice(others)
        if move is None:
            legal = legal_moves(state)
            if not legal:
                raise _fail(state, f"seat {state.turn} is to act and has no legal move")
            move = rng.choice(legal)
        result = apply(state, move)
        if not isinstance(result, Transition):
            raise _fail(state, f"the listed move {move} is refused: {result}")
        if result.state.round_over:
            check_conserved(result.state, deck)
            if on_round_end is not None:
                on_round_end(state, result.state)
        elif made % 50 == 0:
            check_conserved(result.state, deck)
        state = result.state
        texts.append(str(move))
        made += 1
    return state, tuple(texts)


class BatteryReport(NamedTuple):
    """What :func:`battery` checked: rounds played, states checked, and how often the fast
    listing and the shortcuts answered (a rule that touches everything leaves them 0)."""

    games: int
    states: int
    fast_listed: int
    shortcuts: int


def battery(
    rules: Rules | str | Mapping[str, Any],
    players: Iterable[int] = (2, 4),
    seeds: Iterable[int] = (0, 1, 2),
    limit: int = 60,
) -> BatteryReport:
    """Play one seeded random round (:func:`playout_states`, at most ``limit`` states) for
    each table size and seed, and run :func:`check_state` at every state (the snapshot
    round trip at every tenth state, every state with a penalty pending and the last).
    Raises :class:`ConformanceError` at the first failed check; returns what was
    checked."""
    ruleset = _rules(rules)
    deck = deck_of(ruleset)
    games = states = listed = applied = 0
    for n in players:
        for seed in seeds:
            games += 1
            played = playout_states(ruleset, n, seed, limit)
            for i, state in enumerate(played):
                states += 1
                snapshot = i % 10 == 0 or state.penalty is not None or i == len(played) - 1
                a, b = check_state(state, deck, snapshot)
                listed += a
                applied += b
    return BatteryReport(games, states, listed, applied)


# --------------------------------------------------------------------------- perft


def _moves_at(state: GameState, all_seats: bool) -> tuple[Move, ...]:
    if not all_seats:
        return legal_moves(state)
    return tuple(m for k in range(state.players) for m in legal_moves(state, k))


def _child(state: GameState, move: Move) -> GameState:
    result = apply(state, move)
    if not isinstance(result, Transition):
        raise _fail(state, f"the listed move {move} is refused: {result}")
    return result.state


def perft(state: GameState, depth: int, all_seats: bool = False) -> int:
    """The number of move sequences of length ``depth`` from ``state``, as a chess
    engine's perft counts them: the moves at each node are ``legal_moves(state)`` (with
    ``all_seats``, every seat's). A node with no legal move ends its sequences early."""
    if depth == 0:
        return 1
    moves = _moves_at(state, all_seats)
    if depth == 1:
        return len(moves)
    return sum(perft(_child(state, m), depth - 1, all_seats) for m in moves)


def divide(state: GameState, depth: int, all_seats: bool = False) -> dict[str, int]:
    """:func:`perft` split by first move: each first move's text and its count."""
    out: dict[str, int] = {}
    for m in _moves_at(state, all_seats):
        text = str(m)
        if text in out:
            raise _fail(state, f"two listed moves print as {text!r}")
        out[text] = perft(_child(state, m), depth - 1, all_seats)
    return out
