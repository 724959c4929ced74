"""Perft machinery shared by ``tests/test_perft.py`` and ``tests/test_perft_presets.py``.

Perft counts the move sequences of a given length from a starting table, like a chess
engine's perft: the moves at each node are ``legal_moves(state)`` (the acting seat only) or,
with ``all_seats``, every seat's ``legal_moves(state, k)``. A node with no legal move ends
its sequences early and counts 0 at the depths below it. ``divide`` splits a count by first
move; ``breakdown`` compares two such splits move by move.

A case is a setup mapping, ``{"new_game": {...}}`` (keyword arguments of ``uno.new_game``;
the rules are ``official`` unless named) or ``{"situation": {...}}`` (a table description).
The expected counts of a module's cases live in a JSON file, written by :func:`regenerate`
and checked by :func:`check_perft`. The counting itself (``perft``, ``divide``) is the
conformance kit's (``uno_rules.testing``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import uno_rules as uno
from uno_rules.testing import divide, perft


def start(setup: Mapping[str, Any]) -> uno.GameState:
    """The starting state of a case."""
    if "new_game" in setup:
        return uno.new_game(**{"rules": "official", **setup["new_game"]})
    return uno.situation(setup["situation"])


def compute(
    setup: dict[str, Any], acting_depths: Sequence[int], all_seats_depths: Sequence[int]
) -> dict[str, Any]:
    """A case's entry in the data file: its setup and the divides at every depth."""
    state = start(setup)
    return {
        "setup": setup,
        "acting": {str(d): divide(state, d) for d in acting_depths},
        "all_seats": {str(d): divide(state, d, all_seats=True) for d in all_seats_depths},
    }


def breakdown(expected: dict[str, int], actual: dict[str, int], width: int = 22) -> str:
    """A python-chess style per-move comparison (move texts padded to ``width``)."""
    lines = []
    for text in sorted(set(expected) | set(actual)):
        e, a = expected.get(text), actual.get(text)
        mark = "" if e == a else "   <-- differs"
        shown_e = "missing" if e is None else str(e)
        shown_a = "missing" if a is None else str(a)
        lines.append(f"  {text:<{width}} expected {shown_e:>8}  actual {shown_a:>8}{mark}")
    total = "total"
    lines.append(
        f"  {total:<{width}} expected {sum(expected.values()):>8}  actual {sum(actual.values()):>8}"
    )
    return "\n".join(lines)


def load_expected(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def check_cases_match(expected: Mapping[str, Any], cases: Mapping[str, Any]) -> None:
    """The data file has exactly the module's cases, with the same setups."""
    assert sorted(expected) == sorted(cases), "the cases changed; regenerate"
    for name, setup in cases.items():
        assert expected[name]["setup"] == setup, f"{name}: the setup changed; regenerate"


def check_perft(
    name: str,
    variant: str,
    setup: Mapping[str, Any],
    expected: dict[str, dict[str, int]],
    depths: Sequence[int],
    width: int = 22,
) -> None:
    """The counts of one case and variant (``acting`` or ``all_seats``) at every depth
    agree with ``expected`` (depth text -> divide); a mismatch shows the breakdown."""
    state = start(setup)
    all_seats = variant == "all_seats"
    for depth in depths:
        want = expected[str(depth)]
        total = perft(state, depth, all_seats)
        if total == sum(want.values()):
            continue
        got = divide(state, depth, all_seats)
        pytest.fail(
            f"perft {name} ({variant}) depth {depth}: expected {sum(want.values())}, "
            f"got {total}\n" + breakdown(want, got, width)
        )
    # the totals agree; the split among first moves must agree too
    deepest = str(depths[-1])
    got = divide(state, depths[-1], all_seats)
    assert got == expected[deepest], breakdown(expected[deepest], got, width)


def regenerate(
    path: Path,
    comment: str,
    cases: Mapping[str, dict[str, Any]],
    acting_depths: Sequence[int],
    all_seats_depths: Sequence[int],
) -> None:
    """Count every case and write the data file; print each case's totals."""
    data = {
        "comment": comment,
        "cases": {
            name: compute(setup, acting_depths, all_seats_depths)
            for name, setup in sorted(cases.items())
        },
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    for name, case in data["cases"].items():
        acting = {d: sum(v.values()) for d, v in case["acting"].items()}
        every = {d: sum(v.values()) for d, v in case["all_seats"].items()}
        print(f"{name}: acting {acting}, all seats {every}")
