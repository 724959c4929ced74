"""Simulation at scale: games played in blocks that return exact integer totals, merged in
any order, on any executor, resumable from a results file."""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import uno_rules as uno
from uno_rules.cli import main
from uno_rules.randomness import derive_seed
from uno_rules.simulate import (
    Block,
    GameStats,
    Moments,
    RunFileError,
    Totals,
    blocks,
    play_block,
    play_game,
    simulate,
    summarise,
    win_unit,
)

OFFICIAL = uno.load_preset("official")
# Short games (a low turn cap) keep these tests quick; capped games are totalled like others.
QUICK = {"players": 3, "max_turns": 150}
CLI_QUICK = ("--players", "3", "--max-turns", "150", "--seed", "11", "--json")


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code = main(["simulate", *args])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return captured.out


# --------------------------------------------------------------------------- exact totals


def test_totals_of_blocks_add_up_to_the_totals_of_their_games() -> None:
    games = [play_game(OFFICIAL, 3, derive_seed(5, i), "random", 150) for i in range(9)]
    whole = Totals.of_games(games, 3)
    parts = [
        play_block(Block(OFFICIAL, 3, "random", 5, first, count, 150))
        for first, count in ((0, 2), (2, 4), (6, 3))
    ]
    assert parts[0] + parts[1] + parts[2] == whole
    assert parts[2] + parts[0] + parts[1] == whole
    assert whole.games == 9
    assert whole.turns.n == sum(g.rounds for g in games)
    assert whole.drawn.squares == sum(d * d for g in games for d in g.drawn)
    assert whole.capped_games == sum(g.hit_cap for g in games)


games_st = st.builds(
    lambda turns, drawn, stack, winners, blocked, cap: GameStats(
        len(turns), tuple(turns), tuple(drawn[: len(turns)]) + (0,) * (len(turns) - len(drawn)),
        stack, () if cap else tuple(sorted(winners)), min(blocked, len(turns)), cap,
    ),
    st.lists(st.integers(0, 500), min_size=1, max_size=6),
    st.lists(st.integers(0, 300), max_size=6),
    st.integers(0, 40),
    st.sets(st.integers(0, 3), min_size=1, max_size=4),
    st.integers(0, 2),
    st.booleans(),
)  # fmt: skip


@given(st.lists(games_st, max_size=30), st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None)
def test_any_split_of_games_into_blocks_adds_up_to_the_same_summary(
    games: list[GameStats], rng: random.Random
) -> None:
    whole = Totals.of_games(games, 4)
    cuts = sorted(rng.sample(range(len(games) + 1), min(3, len(games) + 1)))
    parts = [Totals.of_games(games[a:b], 4) for a, b in itertools.pairwise([0, *cuts, len(games)])]
    rng.shuffle(parts)
    merged = Totals(4)
    for part in parts:
        merged = merged + part
    assert merged == whole
    assert summarise(merged, 4) == summarise(games, 4)


def test_shared_wins_are_counted_exactly() -> None:
    """A win shared by k seats gives each 1/k of a game, in whole units."""
    games = [
        GameStats(1, (5,), (0,), 0, (0, 1, 2), 0, False),
        GameStats(1, (5,), (0,), 0, (1,), 0, False),
        GameStats(1, (5,), (0,), 0, (), 0, True),
    ]
    totals = Totals.of_games(games, 3)
    unit = win_unit(3)
    assert totals.win_units == (unit // 3, unit // 3 + unit, unit // 3)
    wins = summarise(totals, 3).seat_wins
    assert wins[0][0] == float(Fraction(1, 9))
    assert wins[1][0] == float(Fraction(4, 9))
    assert all(win_unit(p) % k == 0 for p in range(2, 11) for k in range(1, p + 1))


def test_intervals_come_from_exact_integers() -> None:
    """Values for which a float sum of squared deviations, added one by one, is off in the
    last digit: the interval equals the one computed with exact fractions, rounded once."""
    xs = [38, 9, 22, 21, 33, 68, 22, 85, 35, 83, 92, 38, 59, 90, 42, 64, 61, 15, 4, 40]
    m = Moments(len(xs), sum(xs), sum(x * x for x in xs))
    mean, low, high = m.interval()
    exact_mean = Fraction(sum(xs), len(xs))
    half = 1.96 * math.sqrt(float(statistics.variance([Fraction(x) for x in xs]) / len(xs)))
    assert mean == float(exact_mean)
    assert (low, high) == (float(exact_mean) - half, float(exact_mean) + half)
    assert Moments(1, 7, 49).interval() == (7.0, 7.0, 7.0)
    assert all(math.isnan(v) for v in Moments().interval())


def test_summary_of_games_equals_summary_of_their_totals() -> None:
    games = [play_game(OFFICIAL, 3, derive_seed(2, i), "heuristic", 150) for i in range(4)]
    assert summarise(games, 3) == summarise(Totals.of_games(games, 3), 3)
    with pytest.raises(ValueError, match="3 players"):
        summarise(Totals.of_games(games, 3), 4)


def test_totals_round_trip_through_plain_data() -> None:
    totals = play_block(Block(OFFICIAL, 3, "random", 1, 0, 3, 150))
    assert Totals.from_dict(json.loads(json.dumps(totals.to_dict()))) == totals
    broken = {**totals.to_dict(), "turns": [1, 2]}
    with pytest.raises(ValueError):
        Totals.from_dict(broken)
    with pytest.raises(ValueError):
        Totals.from_dict({**totals.to_dict(), "capped_games": -1})


def test_blocks_cover_every_game_once_and_skip_what_is_done() -> None:
    assert list(blocks(7, 3)) == [(0, 3), (3, 3), (6, 1)]
    assert list(blocks(10, 3, done=[(6, 2), (0, 2)])) == [(2, 3), (5, 1), (8, 2)]
    assert list(blocks(4, 2, done=[(0, 4)])) == []
    assert list(blocks(0, 5)) == []


# --------------------------------------------------------------------------- any executor


def test_same_totals_for_any_executor_block_size_and_window() -> None:
    reference = simulate(OFFICIAL, games=7, seed=3, bot="random", **QUICK)
    with ThreadPoolExecutor(3) as pool:
        threaded = simulate(OFFICIAL, games=7, seed=3, bot="random", executor=pool, jobs=3, **QUICK)
    assert threaded == reference
    assert simulate(OFFICIAL, games=7, seed=3, bot="random", block_size=1, **QUICK) == reference
    assert (
        simulate(OFFICIAL, games=7, seed=3, bot="random", block_size=5, in_flight=1, **QUICK)
        == reference
    )
    assert reference.games == 7


def test_no_more_blocks_in_flight_than_allowed() -> None:
    """Memory is bounded by the blocks in flight: the driver never has more than
    ``in_flight`` blocks submitted and unfinished."""

    class Counting(ThreadPoolExecutor):
        running = 0
        most = 0

        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            Counting.running += 1
            Counting.most = max(Counting.most, Counting.running)
            future = super().submit(fn, *args, **kwargs)
            future.add_done_callback(lambda _: setattr(Counting, "running", Counting.running - 1))
            return future

    calls: list[tuple[int, int]] = []
    with Counting(4) as pool:
        simulate(
            OFFICIAL,
            games=12,
            bot="random",
            executor=pool,
            block_size=1,
            in_flight=3,
            progress=lambda done, total: calls.append((done, total)),
            **QUICK,
        )
    assert 1 <= Counting.most <= 3
    assert calls[0] == (0, 12) and calls[-1] == (12, 12)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)


def test_rules_may_be_named_as_every_other_entry_point_takes_them() -> None:
    """A preset's name or a mapping gives the totals its Rules gives, in this process and
    on an executor; a bad preset is its PresetError, not an AttributeError."""
    reference = simulate(OFFICIAL, games=3, seed=5, bot="random", **QUICK)
    assert simulate("official", games=3, seed=5, bot="random", **QUICK) == reference
    with ThreadPoolExecutor(2) as pool:
        named = simulate(
            {"extends": "official"}, games=3, seed=5, bot="random", executor=pool, **QUICK
        )
    assert named == reference
    with pytest.raises(uno.PresetError):
        simulate("officail", games=1, **QUICK)


def test_bad_arguments_are_value_errors() -> None:
    for kwargs in ({"games": -1}, {"jobs": 0}, {"block_size": 0}, {"bot": "nosuch"}):
        with pytest.raises(ValueError):
            simulate(OFFICIAL, **kwargs)  # type: ignore[arg-type]


def test_same_json_for_jobs_1_and_2_and_any_block_size(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The acceptance test of scale: the same seed gives the same JSON, to the last digit,
    whatever the workers and the block size."""
    one = run_json(capsys, "--games", "10", *CLI_QUICK, "--jobs", "1")
    assert run_json(capsys, "--games", "10", *CLI_QUICK, "--jobs", "2") == one
    assert run_json(capsys, "--games", "10", *CLI_QUICK, "--jobs", "2", "--block-size", "3") == one
    assert run_json(capsys, "--games", "10", *CLI_QUICK, "--block-size", "1") == one
    assert run_json(capsys, "--games", "10", *CLI_QUICK, "--block-size", "10") == one
    assert json.loads(one)["games"] == 10


# --------------------------------------------------------------------------- results file


def test_interrupted_run_resumed_from_its_file_equals_an_uninterrupted_one(
    tmp_path: Path,
) -> None:
    reference = simulate(OFFICIAL, games=12, seed=9, **QUICK)
    out = tmp_path / "run.jsonl"

    def stop_after_three_blocks(done: int, total: int) -> None:
        if done >= 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(
            OFFICIAL, games=12, seed=9, jobs=2, block_size=1, out=out,
            progress=stop_after_three_blocks, **QUICK,
        )  # fmt: skip
    saved = out.read_text().splitlines()
    assert 1 + 3 <= len(saved) < 1 + 12  # the header and the finished blocks, no more
    seen: list[int] = []
    resumed = simulate(
        OFFICIAL, games=12, seed=9, block_size=4, out=out,
        progress=lambda done, total: seen.append(done), **QUICK,
    )  # fmt: skip
    assert resumed == reference
    assert seen[0] == len(saved) - 1  # what the file held counts as done from the start
    # Run again on the complete file: nothing is played, the same totals come back.
    assert simulate(OFFICIAL, games=12, seed=9, out=out, **QUICK) == reference


def test_a_block_cut_off_while_written_is_played_again(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    reference = simulate(OFFICIAL, games=6, seed=4, block_size=2, out=out, **QUICK)
    text = out.read_text()
    out.write_text(text[: len(text) - 25])  # the last block's line loses its end
    assert simulate(OFFICIAL, games=6, seed=4, block_size=3, out=out, **QUICK) == reference
    lines = out.read_text().splitlines()
    assert all(json.loads(line) for line in lines)
    assert sum(json.loads(line).get("count", 0) for line in lines[1:]) == 6


def test_a_run_can_be_extended_to_more_games(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    simulate(OFFICIAL, games=4, seed=8, out=out, **QUICK)
    assert simulate(OFFICIAL, games=7, seed=8, out=out, **QUICK) == simulate(
        OFFICIAL, games=7, seed=8, **QUICK
    )
    with pytest.raises(RunFileError, match="beyond"):
        simulate(OFFICIAL, games=5, seed=8, out=out, **QUICK)


@pytest.mark.parametrize(
    ("change", "content"),
    [
        ({"seed": 99}, None),
        ({"players": 4}, None),
        ({"bot": "random"}, None),
        ({"max_turns": 151}, None),
        ({"rules": uno.load_preset("family")}, None),
        ({}, "secret words\n"),
        ({}, "{}\n"),
        ({}, b"\xff\xfe\n"),
        ({}, "one line without its end"),
    ],
    ids=["seed", "players", "bot", "max-turns", "rules", "text", "json", "binary", "no-end"],
)
def test_a_file_from_another_run_is_refused(
    tmp_path: Path, change: dict[str, Any], content: str | bytes | None
) -> None:
    out = tmp_path / "run.jsonl"
    options: dict[str, Any] = {"rules": OFFICIAL, "games": 2, "seed": 8, **QUICK}
    if content is None:
        simulate(**options, out=out)
    elif isinstance(content, bytes):
        out.write_bytes(content)
    else:
        out.write_text(content)
    before = out.read_bytes()
    with pytest.raises(RunFileError) as caught:
        simulate(**{**options, **change}, out=out)
    assert "secret" not in str(caught.value)
    assert out.read_bytes() == before  # a refused file is left as it was


def test_a_header_cut_off_while_written_is_written_again(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    reference = simulate(OFFICIAL, games=2, seed=8, out=out, **QUICK)
    out.write_text(out.read_text()[:30])
    assert simulate(OFFICIAL, games=2, seed=8, out=out, **QUICK) == reference
    assert len(out.read_text().splitlines()) >= 2


def test_blocks_saved_in_any_order_resume_and_a_block_held_twice_is_refused(
    tmp_path: Path,
) -> None:
    out = tmp_path / "run.jsonl"
    reference = simulate(OFFICIAL, games=8, seed=6, block_size=1, out=out, **QUICK)
    header, *lines = out.read_text().splitlines()
    kept = [lines[i] for i in (6, 2, 0, 3, 7)]  # games 1, 4 and 5 are missing
    out.write_text("\n".join([header, *kept]) + "\n")
    assert simulate(OFFICIAL, games=8, seed=6, block_size=3, out=out, **QUICK) == reference
    out.write_text("\n".join([header, *kept, lines[2]]) + "\n")
    with pytest.raises(RunFileError, match="twice"):
        simulate(OFFICIAL, games=8, seed=6, out=out, **QUICK)


def test_a_damaged_block_line_is_refused_with_its_line_number(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    simulate(OFFICIAL, games=2, seed=8, out=out, **QUICK)
    header = out.read_text().splitlines()[0]
    out.write_text(header + '\n{"first": 0, "count": 1, "totals": {"players": 3}}\n')
    with pytest.raises(RunFileError, match="line 2"):
        simulate(OFFICIAL, games=2, seed=8, out=out, **QUICK)


def test_cli_bad_results_file_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run.jsonl"
    out.write_text("password=hunter2\n")
    code = main(["simulate", "--games", "2", *CLI_QUICK, "--out", str(out)])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "run.jsonl" in captured.err
    assert "hunter2" not in captured.err
    assert main(["simulate", "--games", "2", *CLI_QUICK, "--block-size", "0"]) == 2
    assert "--block-size" in capsys.readouterr().err


# --------------------------------------------------------------------------- the command


def test_turn_cap_warning(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--games", "3", "--players", "2", "--max-turns", "5", "--json"])
    captured = capsys.readouterr()
    assert code == 0
    assert json.loads(captured.out)["metrics"]["turn_cap_share"]["value"] == 1.0
    assert captured.err.strip().splitlines() == [
        "uno-rules: warning: 3 of 3 games hit the turn cap (--max-turns 5) and count "
        "unfinished, without a winner"
    ]


def _read_terminal(master: int) -> bytes:
    chunks = []
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def test_progress_tells_games_per_second_and_time_left_on_a_terminal() -> None:
    master, slave = os.openpty()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uno_rules.cli",
            "simulate",
            *("--games", "6", "--block-size", "1"),
            *("--players", "3", "--max-turns", "150"),
        ],
        stdout=subprocess.PIPE,
        stderr=slave,
        text=True,
    )
    os.close(slave)
    try:
        shown = _read_terminal(master).decode()
        stdout, _ = proc.communicate(timeout=120)
    finally:
        os.close(master)
    assert proc.returncode == 0
    assert "6/6 games" in shown
    assert "games/s" in shown and "left" in shown and "in all" in shown
    assert shown.endswith("\n")
    assert "Player 3 wins" in stdout  # seat 2


def _sigint_default() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt in this process, as in a terminal. A test run started
    with SIGINT ignored (a shell script's background job) inherits the SIG_IGN, and Python
    then installs no handler of its own: the tests below would see no KeyboardInterrupt."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.mark.parametrize("backend", [(), ("--scheduler", "local")], ids=["pool", "dask"])
def test_ctrl_c_stops_cleanly_with_exit_130_and_says_how_many_games_finished(
    tmp_path: Path, backend: tuple[str, ...]
) -> None:
    """No worker prints anything either: Ctrl-C reaches the command alone."""
    if backend:
        pytest.importorskip("dask.distributed")
    out = tmp_path / "run.jsonl"
    args = ["--games", "100000", "--jobs", "2", "--block-size", "1", "--out", str(out), *backend]
    proc = subprocess.Popen(
        [sys.executable, "-m", "uno_rules.cli", "simulate", *args, *CLI_QUICK],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, like a job in a terminal
        # with Ctrl-C as a terminal's foreground job has it, even where this test runs with
        # it ignored (a background job of a script, nohup): an ignored SIGINT is inherited
        preexec_fn=_sigint_default,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (
            not out.exists() or len(out.read_text().splitlines()) < 3
        ):
            time.sleep(0.1)
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C does: the whole group
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None or (proc.stdout and not proc.stdout.closed):
            # Whatever is left of the group goes, so that its pipes close.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate(timeout=30)
    assert proc.returncode == 130, stderr
    assert stdout == ""
    assert "Traceback" not in stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1
    finished = len(out.read_text().splitlines()) - 1
    assert finished >= 2
    assert f"interrupted: {finished} of 100000 games finished" in lines[0]
    assert str(out) in lines[0]


def test_a_ctrl_c_while_a_block_is_recorded_takes_effect_once_it_is(ctrl_c_raises: None) -> None:
    """A finished block is written to the results file and counted together: a Ctrl-C in
    between waits for both, so the count an interrupted run reports is the file's."""
    from uno_rules.simulate import _uninterrupted

    before = signal.getsignal(signal.SIGINT)
    done: list[str] = []
    with pytest.raises(KeyboardInterrupt), _uninterrupted():
        signal.raise_signal(signal.SIGINT)  # Ctrl-C, between the two
        done.append("written")
        done.append("counted")
    assert done == ["written", "counted"]
    assert signal.getsignal(signal.SIGINT) is before
    with _uninterrupted():  # and without a Ctrl-C, nothing happens
        done.append("again")
    assert done[-1] == "again"


def test_a_ctrl_c_held_back_while_a_block_is_recorded_is_reported_with_that_block(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ctrl_c_raises: None
) -> None:
    """The Ctrl-C held back while the second block is written takes effect as the block is
    counted, before the loop reports progress; the last count reported is still the
    file's (the command's "interrupted: N games finished" reads it)."""
    from uno_rules import simulate as module

    add = module._RunFile.add
    written: list[int] = []

    def add_then_ctrl_c(self: Any, first: int, count: int, result: Any) -> None:
        add(self, first, count, result)
        written.append(count)
        if len(written) == 2:
            signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(module._RunFile, "add", add_then_ctrl_c)
    out = tmp_path / "run.jsonl"
    reported: list[int] = []
    with pytest.raises(KeyboardInterrupt):
        simulate(
            OFFICIAL, games=6, seed=4, block_size=1, out=out,
            progress=lambda done, total: reported.append(done), **QUICK,
        )  # fmt: skip
    assert len(out.read_text().splitlines()) - 1 == 2 == reported[-1]


def test_a_ctrl_c_swallowed_by_a_finalizer_still_stops_the_command(
    ctrl_c_raises: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Ctrl-C that lands while a finalizer runs (a Dask future's ``__del__``, as once
    seen in CI: "Exception ignored in: <function Future.__del__ ...> KeyboardInterrupt")
    is lost to Python, and the run went on for ever. The command remembers the Ctrl-C too:
    the progress call after the next finished block raises it again, the games counted;
    Python's report of the lost one is left out (the command says one line), any other
    report is not."""
    from uno_rules.cli import _interrupts_kept, _SimulationProgress

    class Finalized:
        def __init__(self, error: type[BaseException] | None = None) -> None:
            self.error = error

        def __del__(self) -> None:
            if self.error is None:
                signal.raise_signal(signal.SIGINT)  # Ctrl-C, inside the finalizer
            else:
                raise self.error

    reported: list[type[BaseException] | None] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda info: reported.append(info.exc_type))
    meter = _SimulationProgress(show=False)
    before = signal.getsignal(signal.SIGINT)
    with _interrupts_kept(meter):
        meter(1, 10)  # no Ctrl-C yet: nothing happens
        Finalized()  # made and collected at once: its Ctrl-C is "ignored" by Python
        Finalized(ValueError)  # another finalizer's error is still reported
        with pytest.raises(KeyboardInterrupt):
            meter(3, 10)
    assert meter.done == 3
    assert reported == [ValueError]
    assert signal.getsignal(signal.SIGINT) is before
    swallowed = _SimulationProgress(show=False)  # and without the command's handler,
    Finalized()  # the same Ctrl-C is lost (and reported): this is what the handler is for
    swallowed(3, 10)
    assert swallowed.done == 3
    assert reported == [ValueError, KeyboardInterrupt]


def _ctrl_c_before_the_worker_starts() -> None:
    import signal

    from uno_rules.simulate import _start_worker

    os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C, before the worker could ignore it
    time.sleep(0.1)
    _start_worker()
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="signal masks are POSIX")
def test_a_ctrl_c_reaching_a_worker_as_it_starts_is_dropped_without_a_traceback() -> None:
    """Workers start with Ctrl-C held back, so one that reaches a worker still starting
    (importing Python, before its initializer ran) is dropped: the command alone answers
    Ctrl-C. Without the mask, this worker dies of KeyboardInterrupt and prints a traceback.
    The command's own Ctrl-C, held back meanwhile, arrives once the workers are started."""
    import multiprocessing
    import signal

    from uno_rules.simulate import starting_workers

    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        with starting_workers():
            worker = multiprocessing.get_context("spawn").Process(
                target=_ctrl_c_before_the_worker_starts
            )
            worker.start()
            signal.raise_signal(signal.SIGINT)  # the command's own Ctrl-C, held back
            assert caught == []
        assert caught == [signal.SIGINT]
        worker.join(60)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert worker.exitcode == 0


def test_ctrl_c_is_held_back_only_while_the_pool_starts_its_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Once every worker has started, submitting more blocks starts none: the loop no longer
    holds Ctrl-C back (nor probes multiprocessing's resource tracker) for each block."""
    from uno_rules import simulate as sim

    entered: list[int] = []
    real = sim.starting_workers

    @contextlib.contextmanager
    def counted() -> Iterator[None]:
        entered.append(1)
        with real():
            yield

    monkeypatch.setattr(sim, "starting_workers", counted)
    rules = uno.load_preset("official")
    totals = sim.simulate(rules, 3, 40, 5, "random", 2, 150, block_size=1, in_flight=2)
    assert totals.games == 40
    assert 1 <= len(entered) <= 4  # 40 blocks, submitted over about 20 rounds of the loop


def test_a_worker_does_not_outlive_the_command(tmp_path: Path) -> None:
    """A worker of the command's pool exits on its own once the command is gone, even
    when the command ends without stopping its pool (killed, say): it would otherwise wait
    for work forever, holding the command's output open."""
    found = tmp_path / "pids"
    code = (
        "import os, sys\n"
        "from uno_rules.simulate import worker_pool\n"
        "if __name__ == '__main__':\n"
        "    pool = worker_pool(2)  # the pool simulate starts\n"
        "    pids = {pool.submit(os.getpid).result() for _ in range(4)}\n"
        "    with open(sys.argv[1], 'w') as out:\n"
        "        print(*pids, file=out)\n"
        "    os._exit(0)  # gone without a word to its pool\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, str(found)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=120,
    )
    assert proc.returncode == 0
    pids = [int(p) for p in found.read_text().split()]
    assert pids
    deadline = time.monotonic() + 30
    alive = pids
    while alive and time.monotonic() < deadline:
        time.sleep(0.2)
        alive = [p for p in pids if _running(p)]
    for pid in alive:  # do not leave them behind, whatever the outcome
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    assert not alive


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # an exited child of another process may linger as a zombie until reaped
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().split(") ")[-1][:1] != "Z"
    except OSError:
        return True


# --------------------------------------------------------------------------- Dask


def test_no_dask_import_without_a_scheduler() -> None:
    code = (
        "import sys\n"
        "from uno_rules.cli import main\n"
        "assert main(['simulate', '--games', '2', '--jobs', '2', '--players', '2',"
        " '--max-turns', '50', '--json']) == 0\n"
        "import uno_rules.simulate\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed'))\n"
        "assert not loaded, loaded\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


def test_same_json_on_a_local_dask_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip("dask.distributed")
    reference = run_json(capsys, "--games", "6", *CLI_QUICK)
    with distributed.LocalCluster(
        n_workers=2,
        processes=True,
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",
    ) as cluster:
        address = cluster.scheduler_address
        assert run_json(capsys, "--games", "6", *CLI_QUICK, "--scheduler", address) == reference
        with distributed.Client(cluster) as client:
            totals = simulate(
                OFFICIAL,
                games=6,
                seed=11,
                executor=client.get_executor(),
                jobs=2,
                block_size=4,
                **QUICK,
            )
    assert summarise(totals, 3).to_dict() == {
        k: v for k, v in json.loads(reference).items() if k not in ("preset", "bot", "seed")
    }


def test_scheduler_without_dask_installed_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # as if not installed
    code = main(["simulate", "--games", "2", *CLI_QUICK, "--scheduler", "local"])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.err.count("\n") == 1
    assert 'python -m pip install "dask[distributed]>=2024.1"' in captured.err


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="signal masks are POSIX")
def test_a_ctrl_c_while_the_local_cluster_starts_stops_the_command_and_the_cluster(
    monkeypatch: pytest.MonkeyPatch, ctrl_c_raises: None
) -> None:
    """The cluster's workers start with Ctrl-C held back (they inherit the mask), and a
    Ctrl-C that came meanwhile is not lost: the command stops once the cluster can be
    closed, and closes it. (It was once ignored there, and the run went on.)"""
    import signal
    import types

    from uno_rules.cli import _dask_executor

    seen: list[str] = []

    class Cluster:
        def __init__(self, **options: object) -> None:
            held = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, [])
            seen.append("held back" if held else "not held back")
            signal.raise_signal(signal.SIGINT)  # Ctrl-C as the workers start

        def __enter__(self) -> Cluster:
            return self

        def __exit__(self, *exc: object) -> None:
            seen.append("closed")

    def client(target: object) -> None:
        seen.append("client")  # never: the command stops first

    stand_in = types.SimpleNamespace(LocalCluster=Cluster, Client=client)
    monkeypatch.setitem(sys.modules, "dask.distributed", stand_in)
    with pytest.raises(KeyboardInterrupt), _dask_executor("local", 2):
        seen.append("ran")
    assert seen == ["held back", "closed"]
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])


def test_unreachable_scheduler_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    dask = pytest.importorskip("dask")
    pytest.importorskip("dask.distributed")
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        code = main(["simulate", "--games", "2", *CLI_QUICK, "--scheduler", "tcp://127.0.0.1:9"])
    captured = capsys.readouterr()
    assert code == 2
    assert "tcp://127.0.0.1:9 (no answer within 1 s)" in captured.err
    assert "Traceback" not in captured.err


def test_the_scheduler_is_given_a_short_time_to_answer() -> None:
    """Dask's default connect timeout (30 s) is for a cluster still starting; the command
    waits 5 s for an address with nothing behind it, unless Dask is configured to wait
    for another time (docs/simulate.md)."""
    dask = pytest.importorskip("dask")
    pytest.importorskip("dask.distributed")
    from uno_rules.cli import SCHEDULER_TIMEOUT, _connect_timeout

    assert dask.config.get("distributed.comm.timeouts.connect") == "30s"
    assert _connect_timeout() == SCHEDULER_TIMEOUT == 5.0
    with dask.config.set({"distributed.comm.timeouts.connect": "2m"}):
        assert _connect_timeout() == 120.0


def test_the_json_example_of_the_guide_is_what_the_command_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    page = (Path(__file__).resolve().parents[1] / "docs" / "simulate.md").read_text()
    command = "$ uno-rules simulate --preset progressive --games 20 --players 3 --json\n"
    shown = page.split(command, 1)[1].split("```", 1)[0]
    args = command.split()[3:]
    assert run_json(capsys, *args) == shown


def test_cli_run_stopped_by_ctrl_c_and_resumed_from_out_equals_an_uninterrupted_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import uno_rules.simulate as simulation

    reference = run_json(capsys, "--games", "9", *CLI_QUICK)
    out = tmp_path / "run.jsonl"
    played = simulation.play_block
    calls: list[Block] = []

    def ctrl_c_at_the_fourth_block(block: Block) -> Totals:
        calls.append(block)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return played(block)

    monkeypatch.setattr(simulation, "play_block", ctrl_c_at_the_fourth_block)
    args = ("--games", "9", *CLI_QUICK, "--block-size", "2", "--out", str(out))
    code = main(["simulate", *args])
    captured = capsys.readouterr()
    assert code == 130
    assert captured.out == ""
    assert "interrupted: 6 of 9 games finished" in captured.err
    monkeypatch.undo()
    resumed = ("--games", "9", *CLI_QUICK, "--jobs", "2", "--block-size", "4", "--out", str(out))
    assert run_json(capsys, *resumed) == reference


def test_a_result_for_a_block_cancelled_by_ctrl_c_is_not_reported() -> None:
    """Dask's event loop logs an InvalidStateError when a result reaches a block that
    Ctrl-C has cancelled; that is a cancellation, not an error, and is not shown."""
    import logging
    from concurrent.futures import InvalidStateError

    from uno_rules.cli import _dask_log_filter

    def record(error: BaseException) -> logging.LogRecord:
        return logging.LogRecord(
            "tornado.application",
            logging.ERROR,
            __file__,
            1,
            "Exception in callback",
            None,
            (type(error), error, None),
        )

    assert not _dask_log_filter(record(InvalidStateError("CANCELLED: <Future>")))
    assert _dask_log_filter(record(InvalidStateError("FINISHED: <Future>")))
    assert _dask_log_filter(record(ValueError("a real error")))


def test_a_script_without_the_main_guard_is_told_why_its_workers_failed(tmp_path: Path) -> None:
    """``simulate(jobs=2)`` at a script's top level: each spawned worker imports the script
    and tries to start workers of its own, so the pool breaks; the error says why and what
    to write (docs/simulate.md)."""
    script = tmp_path / "run.py"
    script.write_text(
        "import uno_rules as uno\n"
        "from uno_rules.simulate import simulate\n"
        "simulate(uno.load_preset('official'), players=2, games=2, seed=1, jobs=2, "
        "max_turns=50)\n",
        encoding="utf-8",
    )
    proc = subprocess.run(
        [sys.executable, script.name], capture_output=True, text=True, cwd=tmp_path, timeout=120
    )
    assert proc.returncode == 1
    # The error is the traceback's last line; the interpreter's resource tracker may print
    # a warning of its own after it while the broken workers are cleaned up.
    # (uno_rules.simulate.WorkersStopped is a BrokenProcessPool holding the games finished)
    prefix = "uno_rules.simulate.WorkersStopped: a worker process"
    errors = [line for line in proc.stderr.splitlines() if line.startswith(prefix)]
    assert len(errors) == 1, proc.stderr[-2000:]
    assert 'if __name__ == "__main__":' in errors[0]
