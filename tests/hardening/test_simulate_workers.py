"""A worker process of a simulation that stops (killed, out of memory) ends the run with a
clear message, not an "internal error" that tells a command-line user about Python's
``__main__`` guard, and the games that finished are not lost: the error holds their totals
(and the results file, with ``out``), and the command prints their summary."""

from __future__ import annotations

import multiprocessing
import os
import signal
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

import uno_rules.cli as cli
from uno_rules.simulate import WorkersStopped, simulate

from .helpers import run


class _BreaksAfter(Executor):
    """Plays ``good`` blocks in this process, then reports a broken pool, as a
    ``ProcessPoolExecutor`` whose worker was killed does."""

    def __init__(self, good: int) -> None:
        self.good = good

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_running_or_notify_cancel()
        if self.good > 0:
            self.good -= 1
            future.set_result(fn(*args, **kwargs))
        else:
            future.set_exception(BrokenProcessPool("A child process terminated abruptly"))
        return future


def test_the_finished_games_are_kept_in_the_error_and_the_file(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    with pytest.raises(WorkersStopped) as info:
        simulate(
            "official", 2, games=6, seed=4, jobs=2, max_turns=300, executor=_BreaksAfter(2),
            block_size=1, in_flight=1, out=out,
        )  # fmt: skip
    error = info.value
    assert isinstance(error, BrokenProcessPool)  # what a caller catching it before still sees
    assert error.totals.games == 2 and error.games == 6
    assert "2 of 6 games finished" in str(error) and str(out) in str(error)
    assert error.totals == simulate("official", 2, games=2, seed=4, max_turns=300)
    # the file holds them: the same run goes on from there
    again = simulate("official", 2, games=6, seed=4, max_turns=300, block_size=1, out=out)
    assert again == simulate("official", 2, games=6, seed=4, max_turns=300)


class _KillsWorkers(cli._SimulationProgress):
    """The command's progress, which kills the worker processes after the first block."""

    def __call__(self, done: int, total: int) -> None:
        super().__call__(done, total)
        if done:
            for worker in multiprocessing.active_children():
                os.kill(worker.pid or 0, signal.SIGKILL)


def test_the_command_says_a_worker_stopped_and_sums_up_the_finished_games(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "_SimulationProgress", _KillsWorkers)
    code, out, err = run(
        capsys, "simulate", "--preset", "official", "--players", "2", "--games", "40",
        "--jobs", "2", "--block-size", "1", "--max-turns", "200",
    )  # fmt: skip
    assert code == 2, err
    assert "internal error" not in err and "__main__" not in err, err
    assert "a worker process stopped (killed, or out of memory)" in err
    done = int(err.split("before the run ended: ")[1].split(" of 40")[0])
    assert 1 <= done < 40
    assert f"official: {done} games, 2 players" in out
