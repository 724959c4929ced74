"""Shared helpers of the hardening tests: running the command in-process, and measuring
work in function calls (a measure that does not depend on the machine's speed)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest

from uno_rules.cli import main


class WorkBudgetExceeded(Exception):
    pass


def within_calls(budget: int, fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)``, failing once it has made ``budget`` function calls."""
    calls = 0

    def count(frame: Any, event: str, arg: Any) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1
            if calls > budget:
                raise WorkBudgetExceeded(f"more than {budget} calls")

    old = sys.getprofile()
    sys.setprofile(count)
    try:
        return fn(*args)
    finally:
        sys.setprofile(old)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``uno-rules ARGV`` in-process: (exit status, stdout, stderr)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code: int, err: str) -> str:
    """The command failed with exit status 2, its reason in the first line on stderr (any
    further lines list the problems it counts, one each, indented), no traceback."""
    assert code == 2, (code, err)
    lines = err.splitlines()
    assert len(lines) == 1 or all(line.startswith("  ") for line in lines[1:]), err
    assert lines[0].startswith("uno-rules: ")
    assert "Traceback" not in err and "internal error" not in err, err
    return lines[0]
