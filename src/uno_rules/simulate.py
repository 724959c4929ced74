"""Simulating a rule set: bots play many games and the results are summarised.

Each game ``i`` is played from ``derive_seed(seed, i)``, so a game's result does not depend
on how the games are spread over processes or machines. The games are shipped as blocks
(:class:`Block`: the rules, the table, the seed, the first game and how many), and a block
comes back as :class:`Totals`: integer counts, sums and sums of squares for every metric.
Integers add exactly and in any order, so the totals, and the intervals computed from them,
are bit-identical for any number of workers, any block size and any executor. Memory is
bounded by the blocks in flight, not by the number of games.

Means come with a 95% confidence interval (normal approximation), shares with a 95% Wilson
interval; both are computed from the merged integers.
"""

from __future__ import annotations

import bisect
import contextlib
import hashlib
import itertools
import json
import math
import multiprocessing
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from fractions import Fraction
from multiprocessing import resource_tracker
from pathlib import Path
from typing import IO, Any, TypeVar

from attrs import frozen

from .bots import BOTS
from .deal import new_game, next_round
from .engine import Transition, apply
from .errors import Problem, UnoError
from .events import CardsDrawn, RoundEnded
from .i18n import N_
from .presets import load_preset, rules_to_dict
from .randomness import derive_seed
from .rules import Rules
from .state import GameState

__all__ = [
    "Block",
    "GameStats",
    "Moments",
    "RunFileError",
    "Summary",
    "Totals",
    "WorkersStopped",
    "blocks",
    "play_block",
    "play_game",
    "simulate",
    "summarise",
    "win_unit",
]

MAX_BLOCK = 50  # games per block when none is given: a few seconds of work at most
RUN_FORMAT = "uno-rules simulation blocks"


class RunFileError(UnoError):
    """A results file (``out=``, ``--out``) that cannot be resumed: written for other
    options, or not a results file at all. Its one argument is a
    :class:`~uno_rules.errors.Problem`, said in any language (``--lang``)."""


def _file_error(message: str, **facts: object) -> RunFileError:
    return RunFileError(Problem("", message, facts))


_NOT_RESULTS = N_("{path} is not a results file")


@frozen
class GameStats:
    """What one simulated game did."""

    rounds: int
    turns: tuple[int, ...]  # moves made by the seat whose decision it was, per round
    drawn: tuple[int, ...]  # cards drawn in each round
    longest_stack: int  # the largest pending penalty seen
    winners: tuple[int, ...]
    blocked_rounds: int
    hit_cap: bool


def play_game(
    rules: Rules, players: int, seed: int, bot: str = "heuristic", max_turns: int = 20_000
) -> GameStats:
    """Play one game between bots of kind ``bot``; stop after ``max_turns`` moves (all
    moves count towards the cap, out-of-turn catches and jump-ins included)."""
    rng = random.Random(seed)
    player = BOTS[bot]()
    state = new_game(rules, players=players, seed=seed)
    turns: list[int] = [0]
    drawn: list[int] = [0]
    longest = 0
    blocked = 0
    moves = 0
    out_of_turn = bool(rules.plan.out_of_turn)  # an enabled rule allows plays out of turn (H06)
    while not state.game_over:
        if moves >= max_turns:
            return GameStats(len(turns), tuple(turns), tuple(drawn), longest, (), blocked, True)
        if state.round_over:
            nxt = next_round(state)
            assert isinstance(nxt, GameState)
            state = nxt
            turns.append(0)
            drawn.append(0)
            continue
        move = None
        if state.uno_open or out_of_turn:
            # Seats that may act out of turn are asked in a random order, so no seat is
            # favoured by its number.
            for seat in rng.sample(state.active_seats, len(state.active_seats)):
                move = player.interrupt(state, seat, rng)
                if move is not None:
                    break
        if move is None:
            move = player.choose(state, state.turn, rng)
        in_turn = move.seat == state.turn
        result = apply(state, move)
        assert isinstance(result, Transition), (move, result)
        for event in result.events:
            if isinstance(event, CardsDrawn):
                drawn[-1] += event.count
            elif isinstance(event, RoundEnded) and event.blocked:
                blocked += 1
        state = result.state
        if state.penalty is not None:
            longest = max(longest, state.penalty.amount)
        turns[-1] += in_turn
        moves += 1
    return GameStats(
        len(turns), tuple(turns), tuple(drawn), longest, state.game_winners, blocked, False
    )


# --------------------------------------------------------------------------- exact totals


def win_unit(players: int) -> int:
    """The units of one game's win: the least common multiple of 1 to ``players``, so a
    win shared by any number of seats splits into whole units.

    >>> win_unit(4)
    12
    """
    return math.lcm(*range(1, players + 1))


@frozen
class Moments:
    """How many values, their sum and the sum of their squares: all integers, so two
    ``Moments`` add exactly."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def __add__(self, other: Moments) -> Moments:
        return Moments(self.n + other.n, self.total + other.total, self.squares + other.squares)

    def interval(self) -> tuple[float, float, float]:
        """The mean and its 95% interval (mean ± 1.96 s/√n), computed from the exact
        integers, so it is the same on every platform and Python version."""
        if self.n == 0:
            return (math.nan, math.nan, math.nan)
        mean = float(Fraction(self.total, self.n))
        if self.n == 1:
            return (mean, mean, mean)
        # s² / n = (n Σx² − (Σx)²) / (n² (n − 1)), exact until the one rounding to float
        spread = Fraction(self.n * self.squares - self.total**2, self.n**2 * (self.n - 1))
        half = 1.96 * math.sqrt(float(spread))
        return (mean, mean - half, mean + half)


def _wilson(hits: Fraction, n: int) -> tuple[float, float, float]:
    if n == 0:
        return (math.nan, math.nan, math.nan)
    p = float(hits / n)
    z = 1.96
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (p, max(0.0, centre - half), min(1.0, centre + half))


_T = TypeVar("_T")


def _same(a: _T, b: _T, what: str) -> _T:
    if a != b:
        raise ValueError(f"cannot add totals of different {what}")
    return a


@frozen
class Totals:
    """Everything the summary needs from a set of games, as exact integers.

    ``rounds`` and ``longest_stack`` hold one value per game, ``turns`` and ``drawn`` one
    value per round (so ``turns.n`` is the number of rounds). A game won by ``k`` seats
    adds ``win_unit(players) // k`` to each winner's ``win_units``. Totals add with ``+``,
    exactly and in any order.
    """

    players: int
    rounds: Moments = Moments()
    turns: Moments = Moments()
    drawn: Moments = Moments()
    longest_stack: Moments = Moments()
    blocked_rounds: int = 0
    capped_games: int = 0
    win_units: tuple[int, ...] = ()

    def __attrs_post_init__(self) -> None:
        if not self.win_units:  # no games yet: no wins for anyone
            object.__setattr__(self, "win_units", (0,) * self.players)
        if len(self.win_units) != self.players:
            raise ValueError("win_units needs one entry per seat")

    @property
    def games(self) -> int:
        """How many games these totals cover."""
        return self.rounds.n

    def __add__(self, other: Totals) -> Totals:
        players = _same(self.players, other.players, "table sizes")
        return Totals(
            players,
            self.rounds + other.rounds,
            self.turns + other.turns,
            self.drawn + other.drawn,
            self.longest_stack + other.longest_stack,
            self.blocked_rounds + other.blocked_rounds,
            self.capped_games + other.capped_games,
            tuple(a + b for a, b in zip(self.win_units, other.win_units, strict=True)),
        )

    @classmethod
    def of_games(cls, games: Iterable[GameStats], players: int) -> Totals:
        """The totals of ``games`` played at a table of ``players``."""
        unit = win_unit(players)
        n = rounds = rounds_sq = longest = longest_sq = blocked = capped = 0
        turns = turns_sum = turns_sq = drawn_sum = drawn_sq = 0
        wins = [0] * players
        for g in games:
            n += 1
            rounds += g.rounds
            rounds_sq += g.rounds * g.rounds
            turns += len(g.turns)
            turns_sum += sum(g.turns)
            turns_sq += sum(t * t for t in g.turns)
            drawn_sum += sum(g.drawn)
            drawn_sq += sum(d * d for d in g.drawn)
            longest += g.longest_stack
            longest_sq += g.longest_stack * g.longest_stack
            blocked += g.blocked_rounds
            capped += g.hit_cap
            for seat in g.winners:
                wins[seat] += unit // len(g.winners)
        return cls(
            players,
            Moments(n, rounds, rounds_sq),
            Moments(turns, turns_sum, turns_sq),
            Moments(turns, drawn_sum, drawn_sq),  # one value per round, as for turns
            Moments(n, longest, longest_sq),
            blocked,
            capped,
            tuple(wins),
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON types; :meth:`from_dict` reads them back."""
        return {
            "players": self.players,
            "rounds": list(_moments(self.rounds)),
            "turns": list(_moments(self.turns)),
            "drawn": list(_moments(self.drawn)),
            "longest_stack": list(_moments(self.longest_stack)),
            "blocked_rounds": self.blocked_rounds,
            "capped_games": self.capped_games,
            "win_units": list(self.win_units),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Totals:
        """Totals from :meth:`to_dict`'s output; ``ValueError`` if it is not that."""
        try:
            players = _count(data["players"])
            rounds, turns, drawn, longest = (
                _read_moments(data[key]) for key in ("rounds", "turns", "drawn", "longest_stack")
            )
            units = tuple(_count(v) for v in data["win_units"])
            if not 2 <= players <= 10 or len(units) != players:
                raise ValueError("not a table of 2 to 10 seats")
            games = rounds.n
            # What games can add up to: each seat wins at most every game, and a set of
            # values has a sum of squares of at least its sum squared over its count.
            if sum(units) > games * win_unit(players):
                raise ValueError("more wins than games")
            if not turns.n == drawn.n == rounds.total or longest.n != games:
                raise ValueError("counts of rounds and games that disagree")
            return cls(
                players,
                rounds,
                turns,
                drawn,
                longest,
                blocked_rounds=_count(data["blocked_rounds"]),
                capped_games=_count(data["capped_games"]),
                win_units=units,
            )
        except (KeyError, TypeError) as exc:
            raise ValueError("not a set of totals") from exc


def _moments(m: Moments) -> tuple[int, int, int]:
    return (m.n, m.total, m.squares)


def _read_moments(value: Any) -> Moments:
    if not isinstance(value, list) or len(value) != 3:
        raise ValueError("not a count, a sum and a sum of squares")
    n, total, squares = (_count(v) for v in value)
    if n * squares < total * total or (n == 0 and (total or squares)) or squares > total**2:
        raise ValueError("not the moments of any set of counts")
    return Moments(n, total, squares)


# The largest count a results file may hold: beyond any run (and far inside a float).
_MAX_COUNT = 2**62


def _count(value: Any) -> int:
    if type(value) is not int or not 0 <= value <= _MAX_COUNT:
        raise ValueError("not a count")
    return value


# --------------------------------------------------------------------------- blocks


@frozen
class Block:
    """Games ``first`` to ``first + count - 1`` of a run: what one worker plays at a time."""

    rules: Rules
    players: int
    bot: str
    seed: int
    first: int
    count: int
    max_turns: int = 20_000


def play_block(block: Block) -> Totals:
    """Play the games of ``block`` and return their totals (a few hundred bytes, whatever
    the number of games)."""
    b = block
    games = (
        play_game(b.rules, b.players, derive_seed(b.seed, i), b.bot, b.max_turns)
        for i in range(b.first, b.first + b.count)
    )
    return Totals.of_games(games, b.players)


def blocks(
    games: int, size: int, done: Iterable[tuple[int, int]] = ()
) -> Iterator[tuple[int, int]]:
    """``(first, count)`` for blocks of at most ``size`` games covering games 0 to
    ``games - 1``, skipping the ranges in ``done``; lazily, so memory stays small.

    >>> list(blocks(10, 4, done=[(4, 2)]))
    [(0, 4), (6, 4)]
    """
    position = 0
    for first, count in [*sorted(done), (games, 0)]:
        while position < first:
            step = min(size, first - position)
            yield (position, step)
            position += step
        position = max(position, first + count)


def _default_block(games: int, parallel: int) -> int:
    return max(1, min(MAX_BLOCK, games // (8 * parallel)))


class InProcess(Executor):
    """Runs each call at once, in this process: ``jobs=1`` without a worker (``simulate``
    and the play check alike)."""

    def submit(self, fn: Callable[..., _T], /, *args: Any, **kwargs: Any) -> Future[_T]:
        future: Future[_T] = Future()
        future.set_running_or_notify_cancel()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as exc:
            future.set_exception(exc)
        return future


def worker_pool(jobs: int, exit_with_parent: bool = True) -> ProcessPoolExecutor:
    """The command's own pool of ``jobs`` worker processes (``simulate``, the play check):
    started afresh (``spawn``, the same on every system), each running
    :func:`_start_worker` first, so that Ctrl-C is the command's alone and, with
    ``exit_with_parent``, a worker never outlives the command. The pool starts its workers
    as work is submitted: submit under :func:`starting_workers`."""
    return ProcessPoolExecutor(
        jobs,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_start_worker,
        initargs=(exit_with_parent,),
    )


def _start_worker(exit_with_parent: bool = True) -> None:
    """Run first in each worker process of the command's own pool (:func:`worker_pool`)."""
    # Ctrl-C reaches every process of the terminal's group: the parent decides what to do.
    # The worker started with Ctrl-C held back (see ``starting_workers``): ignoring it drops one
    # that came meanwhile, and only then may others arrive.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    # A worker never outlives the command: were the command to end without stopping it
    # (killed, or stopped while the pool was starting), the worker would wait for work
    # forever, holding the command's output open.
    if exit_with_parent:
        threading.Thread(target=_exit_with_parent, args=(os.getppid(),), daemon=True).start()


def _exit_with_parent(parent: int, every: float = 0.5) -> None:
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(1)


@contextlib.contextmanager
def starting_workers() -> Iterator[None]:
    """Hold Ctrl-C back while worker processes start (the command's own pool, or a local
    Dask cluster).

    A process inherits the signal mask of the thread that starts it, so a worker starts
    with Ctrl-C held back: ours until it ignores Ctrl-C (``_start_worker``), Dask's for
    good. Without this, a Ctrl-C that reached a worker still importing Python would print
    its traceback, or stop a worker the command still counts on. The command's own Ctrl-C
    is not lost: it is recorded, and raised as ``KeyboardInterrupt`` once the workers have
    started, where whatever started them can be stopped in order. Where signal masks do
    not exist, nothing changes."""
    if not hasattr(signal, "pthread_sigmask") or (
        threading.current_thread() is not threading.main_thread()
    ):
        yield
        return
    # Starting a pool starts multiprocessing's resource tracker first, which unblocks
    # Ctrl-C on its way out (rather than restoring the mask it found): start it beforehand.
    resource_tracker.ensure_running()
    # Other threads (a numerical library's, say) may still take the signal: the handler
    # records it, whichever thread it reached.
    with _uninterrupted():
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)


@contextlib.contextmanager
def _uninterrupted() -> Iterator[None]:
    """Hold Ctrl-C back for the block: a finished block is then both written to the
    results file and counted, or neither (it is played again on resuming), so the count an
    interrupted run reports is the file's. A Ctrl-C meanwhile takes effect as the block
    ends. (Python's signal handlers belong to the main thread: elsewhere the block runs as
    it is.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            if callable(previous):
                previous(signal.SIGINT, None)  # the default one raises KeyboardInterrupt
            elif previous == signal.SIG_DFL:
                signal.raise_signal(signal.SIGINT)


class WorkersStopped(BrokenProcessPool):
    """A worker process of ``simulate(jobs=...)`` stopped before it finished its games: it
    was killed or ran out of memory, or could not start (a script that calls ``simulate``
    without the ``__main__`` guard, ``docs/simulate.md``). The games that finished are not
    lost: ``totals`` holds them (and the results file, with ``out``); ``games`` is the
    number asked for."""

    def __init__(self, totals: Totals, games: int, out: str | None) -> None:
        super().__init__(totals, games, out)
        self.totals = totals
        self.games = games
        self.out = out

    def __str__(self) -> str:
        kept = "the error's totals" + (f" and {self.out}" if self.out else "")
        return (
            f"a worker process stopped before it finished its games: {self.totals.games} of "
            f"{self.games} games finished (kept in {kept}). It was killed, ran out of memory, "
            "or could not start: a script that calls simulate(jobs=...) must call it under "
            "'if __name__ == \"__main__\":', since each worker process starts by importing "
            "the script (docs/simulate.md, From Python)"
        )


def _all_started(pool: ProcessPoolExecutor, jobs: int) -> bool:
    """Whether the pool has started all its workers (it starts them as work is submitted)."""
    return len(getattr(pool, "_processes", None) or {}) >= jobs


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    # An interrupted run does not wait for the blocks being played: their workers stop now.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(5)


# --------------------------------------------------------------------------- results file


def _fingerprint(rules: Rules) -> str:
    text = json.dumps(rules_to_dict(rules), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class _Spans:
    """The games a results file holds, as sorted disjoint ranges ``[start, end)``; blocks
    that follow each other merge, so a file of millions of blocks takes a few ranges."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []

    def add(self, first: int, count: int) -> bool:
        """Add games ``first`` to ``first + count - 1``; ``False`` if some were held."""
        end = first + count
        i = bisect.bisect_right(self.starts, first)
        if (i and self.ends[i - 1] > first) or (i < len(self.starts) and self.starts[i] < end):
            return False
        if i and self.ends[i - 1] == first:  # extends the range before it
            i -= 1
            self.ends[i] = end
        else:
            self.starts.insert(i, first)
            self.ends.insert(i, end)
        if i + 1 < len(self.starts) and self.starts[i + 1] == end:  # and meets the next
            self.ends[i] = self.ends.pop(i + 1)
            self.starts.pop(i + 1)
        return True

    def ranges(self) -> list[tuple[int, int]]:
        return [(a, b - a) for a, b in zip(self.starts, self.ends, strict=True)]


class _RunFile:
    """A results file: a header line with the run's options, then one line per finished
    block, ``{"first", "count", "totals"}``, appended and flushed as each block finishes.
    It is read line by line, so resuming a long run takes little memory."""

    def __init__(self, path: Path, header: dict[str, Any], games: int) -> None:
        self.path = path
        self.spans = _Spans()
        self.totals: Totals | None = None
        self._file: IO[str] | None = None
        first_line = json.dumps(header)
        try:
            handle = path.open("rb")
        except FileNotFoundError:
            self._open(0, [first_line])
            return
        except OSError as exc:
            raise _file_error(
                N_("cannot read {path}: {why}"), path=path, why=exc.strerror
            ) from None
        with handle:
            end = self._read(handle, first_line, games)
        self._open(end, [] if end else [first_line])

    def _read(self, handle: IO[bytes], first_line: str, games: int) -> int:
        """Read the complete lines; return where they end (0: start afresh). A run stopped
        while writing leaves a last line without its end: that block is played again."""
        raw = handle.readline(1 << 16)  # the header is far shorter
        if not raw.endswith(b"\n"):
            # Empty, or a header cut off while it was written: start afresh. Anything else
            # is not ours to overwrite.
            if first_line.encode().startswith(raw):
                return 0
            raise _file_error(_NOT_RESULTS, path=self.path)
        found = _loads(raw)
        if not isinstance(found, dict) or found.get("format") != RUN_FORMAT:
            raise _file_error(_NOT_RESULTS, path=self.path)
        if found != json.loads(first_line):
            raise _file_error(
                N_(
                    "{path} holds a run with other options (preset, players, bot, seed or turn "
                    "cap): give another file, or the options it was written with"
                ),
                path=self.path,
            )
        end = len(raw)
        for number, raw in enumerate(handle, start=2):
            if not raw.endswith(b"\n"):
                break
            self._add(raw, number, games)
            end += len(raw)
        return end

    def _add(self, line: bytes, number: int, games: int) -> None:
        first, count, totals = self._block(line, number)
        if first + count > games:
            raise _file_error(
                N_(
                    "{path} holds games beyond the {games} asked for: ask for at least as "
                    "many games as it holds"
                ),
                path=self.path,
                games=games,
            )
        if not self.spans.add(first, count):
            raise _file_error(N_("{path} holds some games twice"), path=self.path)
        self.totals = totals if self.totals is None else self.totals + totals

    def _block(self, line: bytes, number: int) -> tuple[int, int, Totals]:
        entry = _loads(line)
        try:
            first, count = _count(entry["first"]), _count(entry["count"])
            totals = Totals.from_dict(entry["totals"])
            if count < 1 or totals.games != count:
                raise ValueError("count")
        except (KeyError, TypeError, ValueError):
            raise _file_error(
                N_("{path} line {number} is not a finished block of games"),
                path=self.path,
                number=number,
            ) from None
        return first, count, totals

    def _open(self, end: int, lines: list[str]) -> None:
        try:
            handle = self.path.open("r+" if end else "w", encoding="utf-8")
            handle.seek(end)
            handle.truncate()
        except OSError as exc:
            raise _file_error(
                N_("cannot write {path}: {why}"), path=self.path, why=exc.strerror
            ) from None
        self._file = handle
        for line in lines:
            self._write(line)

    def _write(self, line: str) -> None:
        assert self._file is not None
        self._file.write(line + "\n")
        self._file.flush()

    def add(self, first: int, count: int, totals: Totals) -> None:
        self._write(json.dumps({"first": first, "count": count, "totals": totals.to_dict()}))

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


def _loads(line: bytes) -> Any:
    try:
        return json.loads(line)
    except ValueError:  # not JSON, or not UTF-8
        return None


# --------------------------------------------------------------------------- running


def simulate(
    rules: Rules | str | Mapping[str, Any],
    players: int = 4,
    games: int = 100,
    seed: int = 0,
    bot: str = "heuristic",
    jobs: int = 1,
    max_turns: int = 20_000,
    progress: Callable[[int, int], None] | None = None,
    *,
    executor: Executor | None = None,
    block_size: int | None = None,
    in_flight: int | None = None,
    out: str | os.PathLike[str] | None = None,
) -> Totals:
    """Play ``games`` games and return their :class:`Totals`; the same ``seed`` gives the
    same totals for any ``jobs``, ``executor``, ``block_size`` and ``in_flight``.

    The games are played in blocks of ``block_size`` (by default at most 50, fewer for
    small runs) on ``executor``, any :class:`concurrent.futures.Executor`; without one, in
    this process for ``jobs=1`` and in a pool of ``jobs`` worker processes otherwise. At
    most ``in_flight`` blocks (by default ``2 * jobs``; with an executor, give ``jobs`` as
    the number of blocks it runs at once) are submitted and not yet finished, so memory does
    not grow with ``games``. ``progress(done, games)`` is called once before the first block
    and after each block. With ``out``, each finished block is appended to that file; a run
    given an existing file for the same rules, players, bot, seed and ``max_turns`` plays
    only the games the file does not hold yet, so an interrupted run loses no finished block.

    ``rules`` is a :class:`~uno_rules.Rules`, a bundled preset's name, a preset file or a
    mapping, as :func:`uno_rules.load_preset` reads them (its ``PresetError`` for a bad one).
    """
    rules = load_preset(rules)
    if games < 0 or jobs < 1 or max_turns < 1:
        raise ValueError("games must be at least 0, jobs and max_turns at least 1")
    if bot not in BOTS:
        raise ValueError(f"unknown bot {bot!r}: {', '.join(sorted(BOTS))}")
    size = _default_block(games, jobs) if block_size is None else block_size
    window = 2 * jobs if in_flight is None else in_flight
    if size < 1 or window < 1:
        raise ValueError("block_size and in_flight must be at least 1")
    totals = Totals(players)
    run: _RunFile | None = None
    if out is not None:
        header = {
            "format": RUN_FORMAT,
            "version": 1,
            "preset": rules.name,
            "rules": _fingerprint(rules),
            "players": players,
            "bot": bot,
            "seed": seed,
            "max_turns": max_turns,
        }
        run = _RunFile(Path(out), header, games)
        if run.totals is not None:
            totals = run.totals
    own: ProcessPoolExecutor | None = None
    if executor is None and jobs > 1:
        # Workers start when the first blocks are submitted, inside the ``try`` below.
        executor = own = worker_pool(jobs)
    pool = executor or InProcess()
    todo = blocks(games, size, run.spans.ranges() if run else ())
    pending: dict[Future[Totals], tuple[int, int]] = {}
    try:
        if progress:
            progress(totals.games, games)
        while True:
            # Submitting starts the pool's workers, one at a time, until it has ``jobs``.
            starting = own is not None and not _all_started(own, jobs)
            with starting_workers() if starting else contextlib.nullcontext():
                for first, count in itertools.islice(todo, window - len(pending)):
                    block = Block(rules, players, bot, seed, first, count, max_turns)
                    pending[pool.submit(play_block, block)] = (first, count)
            if not pending:
                break
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                first, count = pending.pop(future)
                result = future.result()  # a broken pool is reported below
                with _uninterrupted():  # saved and counted, or neither
                    if run:
                        run.add(first, count, result)
                    totals = totals + result
                if progress:
                    progress(totals.games, games)
    except BaseException as stopped:
        # Stopped (Ctrl-C, an error): keep the blocks that finished meanwhile, drop the rest.
        kept = totals
        for future, (first, count) in pending.items():
            if future.done() and not future.cancelled() and future.exception() is None:
                kept = kept + future.result()
                if run:
                    run.add(first, count, future.result())
            else:
                future.cancel()
        saved = kept.games
        # What is saved is reported last, always: a Ctrl-C held back while a block was
        # recorded stops the run before the loop has reported that block.
        if progress:
            with contextlib.suppress(BaseException):  # the progress may be what stopped us
                progress(saved, games)
        if own is not None:
            _stop_pool(own)
            own = None
        if isinstance(stopped, BrokenProcessPool) and not isinstance(stopped, WorkersStopped):
            # found on a block's result or on submitting one: the finished games are kept
            raise WorkersStopped(kept, games, None if out is None else str(out)) from stopped
        raise
    finally:
        if own is not None:
            own.shutdown()
        if run:
            run.close()
    return totals


# --------------------------------------------------------------------------- summary


@frozen
class Summary:
    """Aggregates of simulated games, each value with its 95% interval ``(low, high)``."""

    games: int
    players: int
    values: dict[str, tuple[float, float, float]]
    seat_wins: tuple[tuple[float, float, float], ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "players": self.players,
            "metrics": {
                k: {"value": v, "low": lo, "high": hi} for k, (v, lo, hi) in self.values.items()
            },
            "seat_win_rate": [{"value": v, "low": lo, "high": hi} for v, lo, hi in self.seat_wins],
        }


def summarise(results: Totals | Iterable[GameStats], players: int) -> Summary:
    """Means and shares over ``results`` (the :class:`Totals` :func:`simulate` returns, or
    games from :func:`play_game`), with 95% intervals."""
    t = results if isinstance(results, Totals) else Totals.of_games(results, players)
    if t.players != players:
        raise ValueError(f"these totals are for {t.players} players, not {players}")
    n, unit = t.games, win_unit(players)
    values = {
        "rounds_per_game": t.rounds.interval(),
        "turns_per_round": t.turns.interval(),
        "cards_drawn_per_round": t.drawn.interval(),
        "longest_stack": t.longest_stack.interval(),
        "blocked_round_share": _wilson(Fraction(t.blocked_rounds), t.rounds.total),
        "turn_cap_share": _wilson(Fraction(t.capped_games), n),
    }
    wins = tuple(_wilson(Fraction(units, unit), n) for units in t.win_units)
    return Summary(n, players, values, wins)
