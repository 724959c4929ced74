"""Validating a rule set by playing it: stuck tables, endless rounds, dead settings, fairness.

:func:`playtest` has the bundled bots (``random`` and ``heuristic``) play seeded games at
every table size the rule set allows, and checks the conformance kit's invariants as they
play (``uno_rules.testing``: the cards add up to the deck, every listed move validates and
applies, one decision is pending, a seat's view holds its own cards only). It reports:

- **problems**: a table where the seat to act has no legal move (*stuck*), a house rule
  that raised (*crash*), an invariant broken (*invariant*): each with the smallest seed
  that shows it and the moves that reach it, as a dispute file ``uno-rules rule`` opens;
- **endless rounds**: a round past the move cap is examined: a state that comes back (a
  cycle: its length and the moves of one lap), hands that only grow, or neither (a long
  round); and which settings, switched off, let the same game end;
- **dead settings**: a setting or house rule that changed no move and no event in any game
  when the same seeds are played with it switched off;
- **the baseline**: the same seeds played under another rule set (``official`` by
  default): means and shares with 95 % intervals, and a sentence for each that differs.

Game ``i`` of a table size and bot is dealt from ``derive_seed(seed, i)``; the games are
played in blocks on any :class:`concurrent.futures.Executor` (a Dask cluster's included,
as for :func:`uno_rules.simulate.simulate`), and the blocks' results are merged in a fixed
order, so the report is the same, byte for byte, however the games were spread.

>>> report = playtest("official", players=(2,), games=1, bots=("heuristic",), baseline=None)
>>> report.verdict, report.games
('ok', 1)
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from fractions import Fraction
from typing import Any

import attrs
from attrs import field, frozen

from .bots import BOTS
from .deal import new_game, next_round, table_problems
from .engine import apply, legal_moves
from .errors import Problem, UnoError
from .events import CardsDrawn, Eliminated
from .i18n import N_
from .moves import Move
from .presets import load_preset, rules_to_dict
from .randomness import derive_seed
from .record import NEXT_ROUND
from .rules import Rules
from .simulate import InProcess, Moments, blocks, starting_workers, worker_pool
from .state import GameState, Phase, Transition
from .testing import ConformanceError, check_conserved, check_listed_moves, deck_of
from .view import view

__all__ = [
    "DISPUTE_PAGE_MOVES",
    "HTTP_LIMITS",
    "Comparison",
    "DeadSetting",
    "Endless",
    "Finding",
    "PlaytestOptionsError",
    "PlaytestReport",
    "Tally",
    "http_options",
    "playtest",
]

BOT_NAMES = ("random", "heuristic")
HAND_BUCKETS = 40  # hand sizes over a round: one bucket per 10 moves, the last holds the rest
HAND_STEP = 10
LENGTH_STEP = 100  # game length histogram: moves per game, in steps of 100
MAX_LAP = 200  # moves of one lap of a cycle kept in the report
MAX_MOVES_KEPT = 5_000  # moves kept to reproduce a problem (a dispute file's limit is higher)
#: The most moves the dispute page rules on (the referee service's ``MAX_DISPUTE_MOVES``): a
#: problem later in its round gets a dispute file that starts from a table described nearer
#: to it, at one of the round's moves that are a multiple of ``ANCHOR_STEP``.
DISPUTE_PAGE_MOVES = 500
ANCHOR_STEP = 200


# --------------------------------------------------------------------------- tallies


def _add_counts(
    a: tuple[tuple[int, int], ...], b: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, int], ...]:
    out: dict[int, int] = dict(a)
    for k, n in b:
        out[k] = out.get(k, 0) + n
    return tuple(sorted(out.items()))


@frozen
class Tally:
    """Exact integer totals of a set of games at one table size (they add with ``+`` in
    any order): per game its rounds, moves, cards drawn, biggest pending penalty, the first
    player's edge (in units of ``1/2520``), seats eliminated by points and knocked out;
    the wins of each seat; histograms of game length and biggest stack; the cards held per
    seat at each tenth move of a round."""

    players: int
    games: int = 0
    rounds: Moments = field(factory=Moments)
    moves: Moments = field(factory=Moments)
    drawn: Moments = field(factory=Moments)
    stack: Moments = field(factory=Moments)
    first_edge: Moments = field(factory=Moments)
    eliminated_games: int = 0
    knocked_out_games: int = 0
    capped_games: int = 0
    failed_games: int = 0
    wins: tuple[int, ...] = ()
    lengths: tuple[tuple[int, int], ...] = ()
    stacks: tuple[tuple[int, int], ...] = ()
    held: tuple[tuple[int, int], ...] = ()  # (cards held summed, seats counted) per bucket

    def __add__(self, other: Tally) -> Tally:
        if self.players != other.players:
            raise ValueError("cannot add tallies of different table sizes")
        wins = self.wins or (0,) * self.players
        owins = other.wins or (0,) * self.players
        held_a = self.held or ((0, 0),) * HAND_BUCKETS
        held_b = other.held or ((0, 0),) * HAND_BUCKETS
        return Tally(
            self.players,
            self.games + other.games,
            self.rounds + other.rounds,
            self.moves + other.moves,
            self.drawn + other.drawn,
            self.stack + other.stack,
            self.first_edge + other.first_edge,
            self.eliminated_games + other.eliminated_games,
            self.knocked_out_games + other.knocked_out_games,
            self.capped_games + other.capped_games,
            self.failed_games + other.failed_games,
            tuple(a + b for a, b in zip(wins, owins, strict=True)),
            _add_counts(self.lengths, other.lengths),
            _add_counts(self.stacks, other.stacks),
            tuple((a + c, b + d) for (a, b), (c, d) in zip(held_a, held_b, strict=True)),
        )


EDGE_UNIT = 2520  # the least common multiple of 1 to 10: 1/n of a win in whole units


def wilson(hits: Fraction, n: int) -> tuple[float, float, float]:
    """A share ``hits / n`` and its 95 % Wilson interval (``nan`` for no trials)."""
    if n == 0:
        return (math.nan, math.nan, math.nan)
    p = float(hits / n)
    z = 1.96
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def _one(value: int) -> Moments:
    return Moments(1, value, value * value)


# --------------------------------------------------------------------------- one game


@frozen
class Finding:
    """A problem met in play: ``kind`` is ``stuck``, ``crash`` or ``invariant``; the game
    (table size, bot, game number, its deal's seed), the round, what went wrong, and the
    moves from the round's deal up to it (``round_moves``) and from the game's start
    (``moves``, with ``next-round`` between rounds)."""

    kind: str
    players: int
    bot: str
    game: int
    seed: int
    round: int
    what: str
    moves: tuple[str, ...]
    round_moves: tuple[str, ...]
    dispute: dict[str, Any] | None = None
    #: Where the round started: ``{"deal": ...}`` for the game's first round, the table
    #: described (``uno.situation``'s keys) for a later one, empty when it cannot be.
    opening: dict[str, Any] = field(factory=dict, eq=False, repr=False)
    #: A table of the same round described nearer to the problem (empty when none was
    #: taken), and the moves from it to the problem: where the dispute file starts when the
    #: round has more moves than the dispute page rules on.
    anchor: dict[str, Any] = field(factory=dict, eq=False, repr=False)
    anchor_moves: tuple[str, ...] = field(default=(), eq=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "players": self.players,
            "bot": self.bot,
            "game": self.game,
            "seed": self.seed,
            "round": self.round,
            "what": self.what,
            "moves": list(self.moves),
            "dispute": self.dispute,
        }


@frozen
class Endless:
    """A round that reached the move cap, examined: ``kind`` is ``cycle`` (a state came
    back: ``cycle_length`` moves, ``lap`` the moves of one lap), ``growing`` (the cards
    held only grew: from ``held_start`` to ``held_end``, the smallest hand never below
    ``fewest`` in the round's second half) or ``long`` (neither); ``drivers`` are the
    settings that, switched off, let the same game end."""

    kind: str
    players: int
    bot: str
    game: int
    seed: int
    round: int
    cycle_length: int
    lap: tuple[str, ...]
    held_start: int
    held_end: int
    fewest: int
    drivers: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "players": self.players,
            "bot": self.bot,
            "game": self.game,
            "seed": self.seed,
            "round": self.round,
            "cycle_length": self.cycle_length,
            "lap": list(self.lap),
            "held_start": self.held_start,
            "held_end": self.held_end,
            "fewest": self.fewest,
            "drivers": list(self.drivers),
        }


@frozen
class GameOutcome:
    """What one game gave: its digest (moves and events), whether it reached the cap, and
    the problem or endless round found, if any."""

    game: int
    digest: str
    capped: bool
    finding: Finding | None
    endless: Endless | None

    @property
    def capped_round(self) -> int | None:
        """The round stopped at the cap, if one was."""
        return None if self.endless is None else self.endless.round


def _state_key(state: GameState) -> int:
    # Everything that decides what follows (the rules are the same throughout): a state
    # that comes back is the same table, piles, turn and counters.
    return hash(state._replace(rules=None))  # type: ignore[arg-type]


def _check_views(state: GameState) -> None:
    sizes = tuple(len(h) for h in state.hands)
    for seat in range(state.players):
        seen = view(state, seat)
        if seen.hand != state.hands[seat] or seen.hand_sizes != sizes:
            raise ConformanceError(f"seat {seat}'s view does not hold its own hand and counts")
        if len(seen.discard_pile) != len(state.discard_pile):
            raise ConformanceError(f"seat {seat}'s view misreads the discard pile")


def _check(state: GameState, deck: Any) -> None:
    check_conserved(state, deck)
    decision = state.decision
    if state.game_over:
        if decision is not None:
            raise ConformanceError("a finished game still waits for a decision")
        return
    if decision is None or (not state.round_over and decision.seat != state.turn):
        raise ConformanceError("no single pending decision for the seat to act")
    check_listed_moves(state)
    _check_views(state)


def play_one(
    rules: Rules,
    players: int,
    seed: int,
    bot: str,
    game: int,
    cap: int,
    check_every: int,
    tally: list[Tally],
) -> GameOutcome:
    """Play game ``game`` (dealt from ``seed``) between bots of kind ``bot``, checking the
    invariants; a round is stopped at ``cap`` moves and examined. Adds the game to
    ``tally[0]`` (a game with a problem counts only as failed)."""
    rng = random.Random(seed)
    player = BOTS[bot]()
    digest = hashlib.blake2b(digest_size=12)
    deck = deck_of(rules)
    texts: list[str] = []
    round_start = 0
    rounds = 1
    moves = drawn = stack = 0
    in_round = 0
    held_sum = [0] * HAND_BUCKETS
    held_n = [0] * HAND_BUCKETS
    eliminated = knocked = 0
    keys: dict[int, int] = {}
    cycle: tuple[int, int] | None = None
    fewest = 1 << 30
    held_start = 0
    state = new_game(rules, players=players, seed=seed)
    opening: dict[str, Any] = {"deal": {"players": players, "seed": seed}}
    anchor: dict[str, Any] = {}
    anchor_start = 0
    want_anchor = False
    first_seat = state.turn
    out_of_turn = bool(rules.plan.out_of_turn)

    def found(kind: str, what: str) -> GameOutcome:
        tally[0] = tally[0] + Tally(players, failed_games=1)
        finding = Finding(
            kind,
            players,
            bot,
            game,
            seed,
            state.round_number,
            what,
            tuple(texts[-MAX_MOVES_KEPT:]),
            tuple(texts[round_start:]),
            opening=opening,
            anchor=anchor,
            anchor_moves=tuple(texts[anchor_start:]) if anchor else (),
        )
        return GameOutcome(game, digest.hexdigest(), False, finding, None)

    def held() -> int:
        return sum(len(h) for h in state.hands)

    held_start = held()
    while not state.game_over:
        if state.round_over:
            try:
                nxt = next_round(state)
                if not isinstance(nxt, GameState):
                    return found("invariant", f"next_round refused: {nxt}")
                state = nxt
                _check(state, deck)
            except ConformanceError as exc:
                return found(*_kind_of(state, exc))
            except Exception as exc:  # a house rule's hook, or the engine itself
                return found("crash", _crash_text(exc))
            texts.append(NEXT_ROUND)
            round_start = len(texts)
            opening = described(state)
            anchor, want_anchor = {}, False
            rounds += 1
            in_round = 0
            keys.clear()
            fewest = 1 << 30
            held_start = held()
            continue
        if in_round >= cap:
            lap: tuple[str, ...] = ()
            kind = "long"
            length = 0
            if cycle is not None:
                kind, length = "cycle", cycle[1] - cycle[0]
                lap = tuple(texts[round_start + cycle[0] : round_start + cycle[1]][:MAX_LAP])
            elif fewest >= rules.hand_size and held() >= held_start:
                kind = "growing"
            endless = Endless(
                kind,
                players,
                bot,
                game,
                seed,
                state.round_number,
                length,
                lap,
                held_start,
                held(),
                fewest if fewest < 1 << 30 else 0,
            )
            tally[0] = tally[0] + Tally(players, capped_games=1)
            return GameOutcome(game, digest.hexdigest(), True, None, endless)
        move: Move | None = None
        try:
            legal = legal_moves(state)
            if not legal:
                return found("stuck", f"seat {state.turn} is to act and has no legal move")
            if state.uno_open or out_of_turn:
                for seat in rng.sample(state.active_seats, len(state.active_seats)):
                    move = player.interrupt(state, seat, rng)
                    if move is not None:
                        break
            if move is None:
                move = player.choose(state, state.turn, rng)
            result = apply(state, move)
            if not isinstance(result, Transition):
                return found("invariant", f"the listed move {move} is refused: {result}")
        except ConformanceError as exc:
            return found("invariant", str(exc))
        except Exception as exc:
            if move is not None:
                texts.append(str(move))  # the move that raised, last
            return found("crash", _crash_text(exc))
        text = str(move)
        texts.append(text)
        digest.update(text.encode())
        digest.update(repr(result.events).encode())
        for event in result.events:
            if isinstance(event, CardsDrawn):
                drawn += event.count
            elif isinstance(event, Eliminated):
                if event.reason == "mercy":
                    knocked += 1
                else:
                    eliminated += 1
        state = result.state
        if state.penalty is not None:
            stack = max(stack, state.penalty.amount)
        moves += 1
        in_round += 1
        if in_round % ANCHOR_STEP == 0:
            want_anchor = True
        if want_anchor and not state.round_over:
            nearer = described(state)
            if nearer:
                anchor, anchor_start, want_anchor = nearer, len(texts), False
        bucket = min(in_round // HAND_STEP, HAND_BUCKETS - 1)
        if in_round % HAND_STEP == 0 and not state.round_over:
            active = state.active_seats
            held_sum[bucket] += sum(len(state.hands[s]) for s in active)
            held_n[bucket] += len(active)
        if in_round >= cap // 2 and not state.round_over:
            fewest = min(fewest, min(len(state.hands[s]) for s in state.active_seats))
            if cycle is None:
                key = _state_key(state)
                seen = keys.get(key)
                if seen is None:
                    keys[key] = in_round
                else:
                    cycle = (seen, in_round)
        if in_round % check_every and not state.round_over:
            continue
        try:
            _check(state, deck)
        except ConformanceError as exc:
            return found(*_kind_of(state, exc))
        except Exception as exc:
            return found("crash", _crash_text(exc))
    wins = [0] * players
    winners = state.game_winners
    for s in winners:
        wins[s] += EDGE_UNIT // len(winners)
    edge = (EDGE_UNIT // len(winners) if first_seat in winners else 0) - EDGE_UNIT // players
    tally[0] = tally[0] + Tally(
        players,
        1,
        _one(rounds),
        _one(moves),
        _one(drawn),
        _one(stack),
        _one(edge),
        int(eliminated > 0),
        int(knocked > 0),
        0,
        0,
        tuple(wins),
        ((moves // LENGTH_STEP, 1),),
        ((stack, 1),),
        tuple(zip(held_sum, held_n, strict=True)),
    )
    return GameOutcome(game, digest.hexdigest(), False, None, None)


def _kind_of(state: GameState, exc: ConformanceError) -> tuple[str, str]:
    """A failed check: a table with no legal move for the seat to act is stuck (the kit's
    listing check says so too), anything else a broken invariant."""
    if not state.round_over and not state.game_over and not legal_moves(state):
        return "stuck", f"seat {state.turn} is to act and has no legal move"
    return "invariant", str(exc)


def _crash_text(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else ""
    return f"{type(exc).__name__}: {text[:300]}"


# --------------------------------------------------------------------------- blocks


@frozen
class Task:
    """Games ``first`` to ``first + count - 1`` of one rule set (``role``: ``rules``,
    ``baseline`` or ``off:PATH``) at one table size, with one bot."""

    rules: Rules
    role: str
    players: int
    bot: str
    seed: int
    first: int
    count: int
    cap: int
    check_every: int


@frozen
class TaskResult:
    """A block's games: their tally and outcomes, in game order."""

    tally: Tally
    outcomes: tuple[GameOutcome, ...]


def play_task(task: Task) -> TaskResult:
    """Play the games of ``task`` (what a worker runs)."""
    tally = [Tally(task.players)]
    outcomes = tuple(
        play_one(
            task.rules,
            task.players,
            derive_seed(task.seed, i),
            task.bot,
            i,
            task.cap,
            task.check_every,
            tally,
        )
        for i in range(task.first, task.first + task.count)
    )
    return TaskResult(tally[0], outcomes)


# --------------------------------------------------------------------------- switching off


def _flat(data: Any, prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    if isinstance(data, dict) and data:
        for k, v in data.items():
            out.update(_flat(v, f"{prefix}.{k}" if prefix else str(k)))
    else:
        out[prefix] = data
    return out


def _set(data: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    for p in parents:
        data = data[p]
    data[last] = value


def switched_off(rules: Rules) -> list[tuple[str, Rules]]:
    """Each setting of ``rules`` that differs from ``official``, switched off: a house rule
    turned off (``house_rules.NAME``), a table's own card kind removed
    (``card_kinds[RANK]``; with several, also all of them: ``card_kinds``), any other
    setting given ``official``'s value; with the rule set each gives. A change that makes
    no valid rule set is left out."""
    mine = rules_to_dict(rules)
    base = rules_to_dict(load_preset("official"))
    flat, flat_base = _flat(mine), _flat(base)
    out: list[tuple[str, dict[str, Any]]] = []
    house = mine.get("house_rules") or {}
    for name, params in sorted(house.items()):
        if isinstance(params, dict) and params.get("enabled") is True:
            copy = rules_to_dict(rules)
            # off, its other settings as official has them (or left out): a setting of a
            # rule that is off is refused as having no effect
            copy["house_rules"][name] = {
                **base.get("house_rules", {}).get(name, {}),
                "enabled": False,
            }
            out.append((f"house_rules.{name}", copy))
    kinds = mine.get("card_kinds") or []
    if len(kinds) > 1:
        copy = rules_to_dict(rules)
        copy["card_kinds"] = []
        out.append(("card_kinds", copy))
    for i, kind in enumerate(kinds):
        copy = rules_to_dict(rules)
        del copy["card_kinds"][i]
        out.append((f"card_kinds[{kind.get('rank', i)}]", copy))
    for path, value in sorted(flat.items()):
        if path == "name" or path.startswith("card_kinds") or path not in flat_base:
            continue
        if flat_base[path] == value:
            continue
        parts = path.split(".")
        if parts[0] == "house_rules" and (
            parts[-1] == "enabled" or not house.get(parts[1], {}).get("enabled")
        ):
            continue
        copy = rules_to_dict(rules)
        _set(copy, path, flat_base[path])
        out.append((path, copy))
    variants: list[tuple[str, Rules]] = []
    for path, data in out:
        data["name"] = f"{rules.name} without {path}"
        try:
            variants.append((path, load_preset(data)))
        except Exception:  # a combination no preset allows: nothing to compare
            continue
    return variants


# --------------------------------------------------------------------------- comparison


@frozen
class Comparison:
    """One metric under the rule set and under the baseline, each ``(value, low, high)``
    (95 % intervals), the difference with its interval, and whether it differs (its
    interval leaves out zero)."""

    metric: str
    value: tuple[float, float, float]
    base: tuple[float, float, float]
    difference: tuple[float, float, float]
    differs: bool

    def to_dict(self) -> dict[str, Any]:
        def trio(t: tuple[float, float, float]) -> dict[str, float | None]:
            return {k: number_or_none(v) for k, v in zip(("value", "low", "high"), t, strict=True)}

        return {
            "metric": self.metric,
            "value": trio(self.value),
            "baseline": trio(self.base),
            "difference": trio(self.difference),
            "differs": self.differs,
        }


def number_or_none(v: float) -> float | None:
    return None if math.isnan(v) else round(v, 6)


def _half(t: tuple[float, float, float]) -> float:
    return 0.0 if math.isnan(t[0]) else (t[2] - t[1]) / 2


def _compare(
    metric: str, a: tuple[float, float, float], b: tuple[float, float, float]
) -> Comparison:
    if math.isnan(a[0]) or math.isnan(b[0]):
        nan = (math.nan, math.nan, math.nan)
        return Comparison(metric, a, b, nan, False)
    d = a[0] - b[0]
    half = math.hypot(_half(a), _half(b))
    differs = d != 0 and not (d - half <= 0 <= d + half)
    return Comparison(metric, a, b, (d, d - half, d + half), differs)


METRICS = {
    "rounds_per_game": N_("rounds per game"),
    "moves_per_game": N_("moves per game"),
    "cards_drawn_per_game": N_("cards drawn per game"),
    "biggest_stack": N_("biggest stack per game"),
    "first_player_edge": N_("first player's edge"),
    "elimination_share": N_("games with an elimination"),
    "knockout_share": N_("games with a knock-out"),
    "turn_cap_share": N_("games reaching the move cap"),
}


def _values(t: Tally) -> dict[str, tuple[float, float, float]]:
    finished = t.games
    played = t.games + t.capped_games
    mean, low, high = t.first_edge.interval()
    edge = (mean / EDGE_UNIT, low / EDGE_UNIT, high / EDGE_UNIT)
    return {
        "rounds_per_game": t.rounds.interval(),
        "moves_per_game": t.moves.interval(),
        "cards_drawn_per_game": t.drawn.interval(),
        "biggest_stack": t.stack.interval(),
        "first_player_edge": edge,
        "elimination_share": wilson(Fraction(t.eliminated_games), finished),
        "knockout_share": wilson(Fraction(t.knocked_out_games), finished),
        "turn_cap_share": wilson(Fraction(t.capped_games), played),
    }


def pooled(tallies: Iterable[Tally]) -> Tally:
    """Tallies of several table sizes, pooled (the per-seat fields left empty)."""
    out = Tally(0)
    for t in tallies:
        out = Tally(
            0,
            out.games + t.games,
            out.rounds + t.rounds,
            out.moves + t.moves,
            out.drawn + t.drawn,
            out.stack + t.stack,
            out.first_edge + t.first_edge,
            out.eliminated_games + t.eliminated_games,
            out.knocked_out_games + t.knocked_out_games,
            out.capped_games + t.capped_games,
            out.failed_games + t.failed_games,
            (),
            _add_counts(out.lengths, t.lengths),
            _add_counts(out.stacks, t.stacks),
            tuple(
                (a + c, b + d)
                for (a, b), (c, d) in zip(
                    out.held or ((0, 0),) * HAND_BUCKETS,
                    t.held or ((0, 0),) * HAND_BUCKETS,
                    strict=True,
                )
            ),
        )
    return out


@frozen
class DeadSetting:
    """A setting that changed no move and no event in any of ``games`` games when
    switched off (``path``: a setting, ``house_rules.NAME`` or ``card_kinds[RANK]``)."""

    path: str
    games: int


# --------------------------------------------------------------------------- the report


@frozen
class PlaytestReport:
    """What :func:`playtest` found; :meth:`to_dict` is the ``--json`` output and the HTTP
    route's answer."""

    name: str
    baseline: str | None
    seed: int
    games_per_table: int
    bots: tuple[str, ...]
    players: tuple[int, ...]
    cap: int
    games: int
    findings: tuple[Finding, ...]
    endless: tuple[Endless, ...]
    dead: tuple[DeadSetting, ...]
    live: tuple[str, ...]
    tallies: dict[int, Tally]
    base_tallies: dict[int, Tally]
    comparisons: tuple[Comparison, ...]
    seat_players: int | None
    seat_wins: tuple[tuple[float, float, float], ...] = ()
    base_seat_wins: tuple[tuple[float, float, float], ...] = ()
    unchecked: tuple[str, ...] = ()

    @property
    def verdict(self) -> str:
        """``problems`` (stuck, crash, invariant), ``endless`` (a cycle or growing
        hands), ``dead`` (a dead setting), else ``ok``."""
        if self.findings:
            return "problems"
        if any(e.kind != "long" for e in self.endless):
            return "endless"
        if self.dead:
            return "dead"
        return "ok"

    def to_dict(self) -> dict[str, Any]:
        def tally(t: Tally) -> dict[str, Any]:
            return {
                "players": t.players,
                "games": t.games,
                "capped_games": t.capped_games,
                "failed_games": t.failed_games,
                "metrics": {
                    k: {
                        "value": number_or_none(v),
                        "low": number_or_none(lo),
                        "high": number_or_none(hi),
                    }
                    for k, (v, lo, hi) in _values(t).items()
                },
                "game_length": [[k * LENGTH_STEP, n] for k, n in t.lengths],
                "biggest_stack": [[k, n] for k, n in t.stacks],
                "hand_size": [
                    [i * HAND_STEP, None if n == 0 else round(s / n, 4)]
                    for i, (s, n) in enumerate(t.held)
                ],
            }

        def trios(ts: Sequence[tuple[float, float, float]]) -> list[dict[str, Any]]:
            return [
                {"value": number_or_none(v), "low": number_or_none(lo), "high": number_or_none(hi)}
                for v, lo, hi in ts
            ]

        return {
            "preset": self.name,
            "verdict": self.verdict,
            "baseline": self.baseline,
            "seed": self.seed,
            "games_per_table": self.games_per_table,
            "bots": list(self.bots),
            "players": list(self.players),
            "move_cap": self.cap,
            "games": self.games,
            "problems": [f.to_dict() for f in self.findings],
            "endless": [e.to_dict() for e in self.endless],
            "dead_settings": [{"path": d.path, "games": d.games} for d in self.dead],
            "live_settings": list(self.live),
            "unchecked_settings": list(self.unchecked),
            "by_players": {str(n): tally(t) for n, t in sorted(self.tallies.items())},
            "baseline_by_players": {str(n): tally(t) for n, t in sorted(self.base_tallies.items())},
            "comparison": [c.to_dict() for c in self.comparisons],
            "seat_wins": {
                "players": self.seat_players,
                "rules": trios(self.seat_wins),
                "baseline": trios(self.base_seat_wins),
            },
        }


# --------------------------------------------------------------------------- running


def table_sizes(rules: Rules) -> tuple[int, ...]:
    """Every number of players ``rules`` can deal to."""
    return tuple(n for n in range(2, rules.max_players + 1) if not table_problems(rules, n))


def playtest(
    rules: Rules | str | Mapping[str, Any],
    *,
    baseline: Rules | str | Mapping[str, Any] | None = "official",
    games: int = 10,
    seed: int = 0,
    bots: Sequence[str] = BOT_NAMES,
    players: Sequence[int] | None = None,
    max_moves: int = 10_000,
    check_every: int = 25,
    dead_settings: bool = True,
    max_variants: int | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    block_size: int | None = None,
    in_flight: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> PlaytestReport:
    """Play ``games`` seeded games for each table size (``players``, default every one the
    rule set allows) and each of ``bots``, check them, and compare them with ``baseline``
    (``None``: no comparison); see the module docstring. A round is stopped and examined
    at ``max_moves`` moves; every ``check_every`` moves (and at each round's end) the
    listing and the views are checked in full, the cards at every move. With
    ``dead_settings``, the same games are played again with each setting switched off.

    The blocks of games run on ``executor`` (any :class:`concurrent.futures.Executor`,
    ``in_flight`` blocks at a time), else in this process for ``jobs=1`` and in ``jobs``
    worker processes otherwise; the report does not depend on which. ``progress(done,
    total)`` is called with the games played so far. ``rules`` and ``baseline`` are what
    :func:`uno_rules.load_preset` reads (its ``PresetError`` for a bad one); ``ValueError``
    for a number out of range, a bot that does not exist, or a table size the rule set
    does not allow."""
    ruleset = load_preset(rules)
    base = None if baseline is None else load_preset(baseline)
    if games < 1 or jobs < 1 or max_moves < 2 or check_every < 1:
        raise ValueError("games, jobs and check_every must be at least 1, max_moves at least 2")
    for bot in bots:
        if bot not in BOTS:
            raise ValueError(f"unknown bot {bot!r}: {', '.join(sorted(BOTS))}")
    if not bots:
        raise ValueError("at least one bot is needed")
    allowed = table_sizes(ruleset)
    sizes = tuple(sorted(set(players))) if players is not None else allowed
    wrong = [n for n in sizes if n not in allowed]
    if wrong or not sizes:
        raise ValueError(f"table sizes this rule set cannot deal: {wrong or 'none'}")
    base_sizes = () if base is None else tuple(n for n in sizes if not table_problems(base, n))
    variants = switched_off(ruleset) if dead_settings else []
    unchecked = tuple(path for path, _ in variants[max_variants:]) if max_variants else ()
    variants = variants[:max_variants] if max_variants else variants
    jobs_list: list[tuple[str, Rules, tuple[int, ...]]] = [("rules", ruleset, sizes)]
    if base is not None:
        jobs_list.append(("baseline", base, base_sizes))
    jobs_list.extend((f"off:{path}", r, sizes) for path, r in variants)
    configs = [(role, r, n, bot) for role, r, ns in jobs_list for n in ns for bot in bots]
    total = games * len(configs)
    workers = jobs
    size = block_size or max(1, min(25, games // max(1, 2 * workers) or 1))
    window = in_flight or 2 * workers
    tasks = (
        Task(
            r,
            role,
            n,
            bot,
            derive_seed(seed, n, BOT_NAMES.index(bot)),
            first,
            count,
            max_moves,
            check_every,
        )
        for role, r, n, bot in configs
        for first, count in blocks(games, size)
    )
    own: ProcessPoolExecutor | None = None
    if executor is None and jobs > 1:
        # simulate's pool; its workers do not watch for the command's end: this function
        # stops them (below) however it ends, short of being killed
        executor = own = worker_pool(jobs, exit_with_parent=False)
    pool = executor or InProcess()
    results: dict[tuple[str, int, str, int], TaskResult] = {}
    pending: dict[Future[TaskResult], Task] = {}
    done = 0
    try:
        if progress:
            progress(0, total)
        while True:
            with starting_workers() if own is not None else contextlib.nullcontext():
                for task in itertools.islice(tasks, window - len(pending)):
                    pending[pool.submit(play_task, task)] = task
            if not pending:
                break
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                task = pending.pop(future)
                results[(task.role, task.players, task.bot, task.first)] = future.result()
                done += task.count
                if progress:
                    progress(done, total)
    except BaseException:
        for future in pending:
            future.cancel()
        raise
    finally:
        if own is not None:
            own.shutdown(cancel_futures=True)
    report = _report(ruleset, base, seed, games, tuple(bots), sizes, max_moves, variants, results)
    return attrs.evolve(report, unchecked=unchecked)


def _outcomes(
    results: Mapping[tuple[str, int, str, int], TaskResult], role: str
) -> dict[tuple[int, str, int], GameOutcome]:
    out: dict[tuple[int, str, int], GameOutcome] = {}
    for key in sorted(k for k in results if k[0] == role):
        for o in results[key].outcomes:
            out[(key[1], key[2], o.game)] = o
    return out


def _tallies(
    results: Mapping[tuple[str, int, str, int], TaskResult], role: str
) -> dict[int, Tally]:
    out: dict[int, Tally] = {}
    for key in sorted(k for k in results if k[0] == role):
        n = key[1]
        out[n] = out.get(n, Tally(n)) + results[key].tally
    return out


def _report(
    rules: Rules,
    base: Rules | None,
    seed: int,
    games: int,
    bots: tuple[str, ...],
    sizes: tuple[int, ...],
    cap: int,
    variants: list[tuple[str, Rules]],
    results: Mapping[tuple[str, int, str, int], TaskResult],
) -> PlaytestReport:
    mine = _outcomes(results, "rules")
    order = sorted(mine, key=lambda k: (k[2], k[0], BOT_NAMES.index(k[1])))
    # the smallest seed of each kind of problem
    firsts: dict[str, Finding] = {}
    for key in order:
        f = mine[key].finding
        if f is not None and f.kind not in firsts:
            firsts[f.kind] = f
    findings = tuple(
        _with_dispute(rules, firsts[k]) for k in ("stuck", "crash", "invariant") if k in firsts
    )
    others = {path: _outcomes(results, f"off:{path}") for path, _ in variants}
    endless: list[Endless] = []
    for key in order:
        e = mine[key].endless
        if e is None:
            continue
        # switched off, the same game got through that round (and maybe others) in time
        drivers = tuple(
            path
            for path, outs in others.items()
            if key in outs and outs[key].finding is None and _got_past(outs[key], e.round)
        )
        endless.append(
            Endless(
                e.kind,
                e.players,
                e.bot,
                e.game,
                e.seed,
                e.round,
                e.cycle_length,
                e.lap,
                e.held_start,
                e.held_end,
                e.fewest,
                drivers,
            )
        )
    dead: list[DeadSetting] = []
    live: list[str] = []
    for path, outs in others.items():
        same = all(
            key in outs and outs[key].digest == mine[key].digest and outs[key].finding is None
            for key in mine
        )
        (dead.append(DeadSetting(path, len(mine))) if same else live.append(path))
    tallies = _tallies(results, "rules")
    base_tallies = _tallies(results, "baseline") if base is not None else {}
    comparisons: tuple[Comparison, ...] = ()
    seat_players: int | None = None
    seat_wins: tuple[tuple[float, float, float], ...] = ()
    base_seat: tuple[tuple[float, float, float], ...] = ()
    if base is not None and base_tallies:
        common = [n for n in sizes if n in base_tallies]
        a = _values(pooled(tallies[n] for n in common))
        b = _values(pooled(base_tallies[n] for n in common))
        comparisons = tuple(_compare(k, a[k], b[k]) for k in METRICS)
        seat_players = 4 if 4 in common else common[0]
    elif tallies:
        seat_players = 4 if 4 in tallies else min(tallies)
    if seat_players is not None:
        seat_wins = _seat_wins(tallies[seat_players])
        if base is not None and seat_players in base_tallies:
            base_seat = _seat_wins(base_tallies[seat_players])
    return PlaytestReport(
        rules.name,
        None if base is None else base.name,
        seed,
        games,
        bots,
        sizes,
        cap,
        len(mine),
        findings,
        tuple(endless),
        tuple(dead),
        tuple(live),
        tallies,
        base_tallies,
        comparisons,
        seat_players,
        seat_wins,
        base_seat,
    )


def _got_past(outcome: GameOutcome, round_number: int) -> bool:
    stopped = outcome.capped_round
    return stopped is None or stopped > round_number


def _seat_wins(t: Tally) -> tuple[tuple[float, float, float], ...]:
    wins = t.wins or (0,) * t.players
    return tuple(wilson(Fraction(w, EDGE_UNIT), t.games) for w in wins)


# --------------------------------------------------------------------------- disputes


def described(state: GameState) -> dict[str, Any]:
    """A round's first table as a table description (``uno.situation`` reads it): every
    card named, in order; empty when the table waits for something a description cannot
    say (a first card's color to name, a penalty, a drawn card)."""
    if state.phase is not Phase.TURN or state.penalty is not None or state.drawn is not None:
        return {}
    if state.side != "light" or state.color is None:
        return {}
    out: dict[str, Any] = {
        "players": state.players,
        "hands": [[str(c) for c in hand] for hand in state.hands],
        "discard": [str(c) for c in state.discard_pile],
        "draw_pile": [str(c) for c in state.draw_pile],
        "color": state.color.value,
        "turn": state.turn,
        "direction": "clockwise" if state.direction == 1 else "counterclockwise",
        "scores": list(state.scores),
        "dealer": state.dealer,
        "played_by": state.played_by,
        "seed": state.seed,
    }
    if state.eliminated:
        out["eliminated"] = sorted(state.eliminated)
    return out


def _with_dispute(rules: Rules, f: Finding) -> Finding:
    """The finding with a dispute file that reaches it, when one can be written: its round
    dealt afresh (``deal``) for the game's first round, else the round's first table
    described; then the round's moves. When the round has more moves than the dispute page
    rules on (``DISPUTE_PAGE_MOVES``), the file starts instead from a table of the round
    described nearer to the problem, if ruling on it reaches the problem. A described
    table's file is kept only when ruling on it reaches the same problem (a stuck table, or
    the same rule raising at the last move): a reshuffle after a described table may turn
    up other cards, and a description says nothing of a call of UNO still open. Otherwise
    the game's moves (with ``next-round`` between rounds) are what reaches it."""
    head = {
        "title": f"{rules.name}: {f.kind} ({f.players} players, {f.bot} bots, game {f.game})",
        "description": f.what,
        "rules": rules_to_dict(rules),
    }
    if (
        len(f.round_moves) > DISPUTE_PAGE_MOVES
        and f.anchor
        and len(f.anchor_moves) <= DISPUTE_PAGE_MOVES
    ):
        nearer = {**head, **f.anchor, "moves": list(f.anchor_moves)}
        if _reaches(nearer, f.kind):
            return attrs.evolve(f, dispute=nearer)
    if not f.opening or (f.kind == "invariant" and "deal" not in f.opening):
        return f
    dispute = {**head, **f.opening, "moves": list(f.round_moves)}
    if "deal" not in f.opening and not _reaches(dispute, f.kind):
        return f
    return attrs.evolve(f, dispute=dispute)


def _reaches(dispute: dict[str, Any], kind: str) -> bool:
    # start-up: the rulings load only when a later round's dispute file is checked
    from .dispute import settle

    try:
        settled = settle(dispute)
    except UnoError as exc:
        return kind == "crash" and type(exc).__name__ == "PluginError"
    except Exception:
        return kind == "crash"
    rulings = next(iter(settled.rulings.values()))
    if kind != "stuck" or not settled.all_legal:
        return False
    end = rulings[-1].state if rulings else next(iter(settled.starts.values()))
    return not end.round_over and not legal_moves(end)


# --------------------------------------------------------------------------- over HTTP

#: What one request to the referee service may ask for: games per table size and bot,
#: table sizes, moves a round, settings switched off.
HTTP_LIMITS = {"games": 4, "players": 3, "max_moves": 1_000, "variants": 8}


class PlaytestOptionsError(UnoError):
    """Options of a play check that cannot be used; ``problems`` names each."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems))


def http_options(data: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The options of the referee service's play check of ``rules`` (``games``, ``seed``,
    ``players``, by default the smallest table the rules allow, and ``bots``, by default
    ``heuristic``; everything else in the body is the service's to read), within
    :data:`HTTP_LIMITS`, as keyword arguments of :func:`playtest`."""
    problems: list[Problem] = []
    most = HTTP_LIMITS["games"]
    games = data.get("games", 2)
    if type(games) is not int or not 1 <= games <= most:
        problems.append(Problem("games", N_("expected 1 to {most}, got {got}"),
                                {"most": most, "got": str(games)[:40]}))  # fmt: skip
    seed = data.get("seed", 0)
    if type(seed) is not int or not 0 <= seed < 2**63:
        problems.append(Problem("seed", N_("expected a seed from 0 to 2**63 - 1")))
    sizes = table_sizes(rules)
    players = data.get("players", list(sizes[:1]))
    if (
        not isinstance(players, list)
        or not 1 <= len(players) <= HTTP_LIMITS["players"]
        or not all(type(n) is int and n in sizes for n in players)
    ):
        problems.append(
            Problem(
                "players",
                N_("expected a list of 1 to {most} table sizes this rule set allows: {sizes}"),
                {"most": HTTP_LIMITS["players"], "sizes": ", ".join(map(str, sizes))},
            )
        )
    bots = data.get("bots", ["heuristic"])
    if not isinstance(bots, list) or not bots or not all(b in BOT_NAMES for b in bots):
        problems.append(Problem("bots", N_("expected a list of bots: random, heuristic")))
    if problems:
        raise PlaytestOptionsError(problems)
    return {
        "games": games,
        "seed": seed,
        "players": players,
        "bots": tuple(dict.fromkeys(bots)),
        "max_moves": HTTP_LIMITS["max_moves"],
        "max_variants": HTTP_LIMITS["variants"],
    }
