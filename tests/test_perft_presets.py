"""Perft for every bundled preset: move-sequence counts from fixed starting tables.

Like ``tests/test_perft.py`` (which covers the official rules), for every bundled preset
(``uno.preset_names()``): from each starting table the number of move sequences of length
1 to 4 is counted, where the moves at each node are ``legal_moves(state)`` (the acting
seat only); a second count, to depth 3, takes every seat's moves at each node (UNO calls,
catches and, where the preset has Jump-In, jump-ins). A node with no legal move ends its
sequences early and counts 0 at the depths below it.

The starting tables are two seeded deals (3 and 4 players) and one table description
whose first hand holds the cards the house rules care about (a 7 and a 0 for Seven-O, a
Draw Two and a Wild Draw Four for stacking, the edition's extra card) while another seat
holds a card identical to the top card (Jump-In).

The expected counts live in ``tests/data/perft_presets.json``, with a per-first-move
breakdown ("divide") at every depth. A mismatch prints, for each first move, the expected
and the actual subtree count. After a deliberate change to the rules or to a preset,
regenerate the file with::

    python tests/test_perft_presets.py --regenerate

and review the diff of the JSON file.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import uno_rules as uno

DATA = Path(__file__).parent / "data" / "perft_presets.json"
ACTING_DEPTHS = (1, 2, 3, 4)
ALL_SEATS_DEPTHS = (1, 2, 3)
PRESETS = uno.preset_names()

# The extra card of each 112-card edition.
EXTRA_CARD = {"official-112": "WSH", "official-2015": "WSW", "mattel-2001": "BLANK"}


def house_rules_table(name: str) -> dict[str, Any]:
    """Seat 0 holds a 7, a 0, a Draw Two, a Wild Draw Four (a bluff: it holds red), a
    Skip and the edition's extra card; seat 1 holds a Draw Two; seat 2 holds the other R5,
    identical to the top card."""
    hand = ["R7", "R0", "R+2", "W+4", "Rskip", "G5"]
    if name in EXTRA_CARD:
        hand.append(EXTRA_CARD[name])
    return {
        "rules": name,
        "players": 4,
        "hands": [hand, ["R+2", "Y3", "B9"], ["R5", "G1"], 5],
        "discard": ["G5", "R5"],
        "turn": 0,
        "seed": 3,
    }


CASES: dict[str, dict[str, Any]] = {}
for _name in PRESETS:
    CASES[f"{_name}-3p-seed1"] = {"new_game": {"rules": _name, "players": 3, "seed": 1}}
    CASES[f"{_name}-4p-seed2"] = {"new_game": {"rules": _name, "players": 4, "seed": 2}}
    CASES[f"{_name}-house-rules-table"] = {"situation": house_rules_table(_name)}


def start(setup: dict[str, Any]) -> uno.GameState:
    if "new_game" in setup:
        return uno.new_game(**setup["new_game"])
    return uno.situation(setup["situation"])


def moves_at(state: uno.GameState, all_seats: bool) -> tuple[uno.Move, ...]:
    if not all_seats:
        return uno.legal_moves(state)
    return tuple(m for k in range(state.players) for m in uno.legal_moves(state, k))


def child(state: uno.GameState, move: uno.Move) -> uno.GameState:
    result = uno.apply(state, move)
    assert isinstance(result, uno.Transition), f"listed move {move} refused: {result}"
    return result.state


def perft(state: uno.GameState, depth: int, all_seats: bool = False) -> int:
    """The number of move sequences of length ``depth`` from ``state``."""
    if depth == 0:
        return 1
    moves = moves_at(state, all_seats)
    if depth == 1:
        return len(moves)
    return sum(perft(child(state, m), depth - 1, all_seats) for m in moves)


def divide(state: uno.GameState, depth: int, all_seats: bool = False) -> dict[str, int]:
    """For each first move (by its text), the number of sequences of length ``depth``
    that start with it."""
    out: dict[str, int] = {}
    for m in moves_at(state, all_seats):
        text = str(m)
        assert text not in out, f"two listed moves print as {text!r}"
        out[text] = perft(child(state, m), depth - 1, all_seats)
    return out


def compute(setup: dict[str, Any]) -> dict[str, Any]:
    state = start(setup)
    return {
        "setup": setup,
        "acting": {str(d): divide(state, d) for d in ACTING_DEPTHS},
        "all_seats": {str(d): divide(state, d, all_seats=True) for d in ALL_SEATS_DEPTHS},
    }


def breakdown(expected: dict[str, int], actual: dict[str, int]) -> str:
    """A python-chess style per-move comparison."""
    lines = []
    for text in sorted(set(expected) | set(actual)):
        e, a = expected.get(text), actual.get(text)
        mark = "" if e == a else "   <-- differs"
        shown_e = "missing" if e is None else str(e)
        shown_a = "missing" if a is None else str(a)
        lines.append(f"  {text:<24} expected {shown_e:>8}  actual {shown_a:>8}{mark}")
    lines.append(
        f"  {'total':<24} expected {sum(expected.values()):>8}  actual {sum(actual.values()):>8}"
    )
    return "\n".join(lines)


def load_expected() -> dict[str, Any]:
    with DATA.open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def test_data_file_covers_every_case() -> None:
    expected = load_expected()["cases"]
    assert sorted(expected) == sorted(CASES), "the cases changed; regenerate"
    for name, setup in CASES.items():
        assert expected[name]["setup"] == setup, f"{name}: the setup changed; regenerate"
    covered = {
        setup.get("new_game", setup.get("situation", {})).get("rules") for setup in CASES.values()
    }
    assert covered == set(PRESETS)


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("variant", ["acting", "all_seats"])
def test_perft(name: str, variant: str) -> None:
    expected = load_expected()["cases"][name][variant]
    state = start(CASES[name])
    all_seats = variant == "all_seats"
    depths = ALL_SEATS_DEPTHS if all_seats else ACTING_DEPTHS
    for depth in depths:
        want = expected[str(depth)]
        total = perft(state, depth, all_seats)
        if total == sum(want.values()):
            continue
        got = divide(state, depth, all_seats)
        pytest.fail(
            f"perft {name} ({variant}) depth {depth}: expected {sum(want.values())}, "
            f"got {total}\n" + breakdown(want, got)
        )
    # the totals agree; the split among first moves must agree too
    deepest = str(depths[-1])
    got = divide(state, depths[-1], all_seats)
    assert got == expected[deepest], breakdown(expected[deepest], got)


def test_perft_counts_are_consistent() -> None:
    """Self-checks of the data: depth 1 counts one per listed move; every depth lists the
    same first moves; the acting seat's moves are among every seat's moves."""
    for name, case in load_expected()["cases"].items():
        acting = case["acting"]
        every = case["all_seats"]
        assert all(n == 1 for n in acting["1"].values()), name
        assert all(n == 1 for n in every["1"].values()), name
        assert all(set(acting[d]) == set(acting["1"]) for d in acting), name
        assert all(set(every[d]) == set(every["1"]) for d in every), name
        assert set(acting["1"]) <= set(every["1"]), name
        for d in acting:
            if d in every:
                for move, count in acting[d].items():
                    assert count <= every[d][move], (name, d, move)


def test_house_rules_show_in_the_counts() -> None:
    """The presets differ where their rules do: on the house-rules table another seat can
    jump in only under the presets with Jump-In, and seat 0 names a target with its 7
    only under Seven-O."""
    cases = load_expected()["cases"]
    for preset in PRESETS:
        rules = uno.load_preset(preset)
        first = cases[f"{preset}-house-rules-table"]
        jumps = [m for m in first["all_seats"]["1"] if m.startswith("2 R5")]
        assert bool(jumps) == rules.house_rules.jump_in.enabled, (preset, jumps)
        sevens = [m for m in first["acting"]["1"] if m.startswith("0 R7")]
        assert sevens, preset
        targeted = all(">" in m for m in sevens)
        assert targeted == rules.house_rules.seven_o.enabled, (preset, sevens)


def regenerate() -> None:
    data = {
        "comment": (
            "Perft counts for every bundled preset, written by "
            "`python tests/test_perft_presets.py --regenerate`. For each case and depth: the "
            "number of move sequences starting with each first move (acting: "
            "legal_moves(state); all_seats: every seat's legal_moves)."
        ),
        "cases": {name: compute(setup) for name, setup in sorted(CASES.items())},
    }
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    for name, case in data["cases"].items():
        acting = {d: sum(v.values()) for d, v in case["acting"].items()}
        every = {d: sum(v.values()) for d, v in case["all_seats"].items()}
        print(f"{name}: acting {acting}, all seats {every}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--regenerate"]:
        regenerate()
    else:
        sys.exit("usage: python tests/test_perft_presets.py --regenerate")
