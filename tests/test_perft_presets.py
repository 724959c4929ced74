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

and review the diff of the JSON file. The counting, the data file and the breakdown are
``tests/perft_tools.py``, shared with ``tests/test_perft.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

import perft_tools
import uno_rules as uno

DATA = Path(__file__).parent / "data" / "perft_presets.json"
ACTING_DEPTHS = (1, 2, 3, 4)
ALL_SEATS_DEPTHS = (1, 2, 3)
PRESETS = uno.preset_names()
# The width of the move column of a breakdown.
MOVE_WIDTH = 24

# The extra card of each 112-card edition.
EXTRA_CARD = {"official-112": "WSH", "official-2015": "WSW", "mattel-2001": "BLANK"}


def house_rules_table(name: str) -> dict[str, Any]:
    """Seat 0 holds a 7, a 0, a Draw Two, a Wild Draw Four (a bluff: it holds red), a
    Skip and the edition's extra card; seat 1 holds a Draw Two; seat 2 holds the other R5,
    identical to the top card."""
    hand = ["R7", "R0", "R+2", "W+4", "Rskip", "G5"]
    if name in EXTRA_CARD:
        hand.append(EXTRA_CARD[name])
    if uno.load_preset(name).deck.value == "no-mercy-168":  # N1: its own cards instead
        hand = ["R7", "R0", "R+2", "Wrev+4", "Rskipall", "G5", "Rdiscardall", "Wroulette"]
    if name == "all-wild":  # AW1: every card wild; seat 2 holds another Wild, as on top
        return {
            "rules": name,
            "players": 4,
            "hands": [
                ["Wt+2", "Wswap", "W+4", "W+2", "Wskip2", "Wrev"],
                ["W+2", "Wskip", "W"],
                ["W", "Wrev"],
                5,
            ],
            "discard": ["Wskip", "W"],
            "color": "green",
            "turn": 0,
            "seed": 3,
        }
    if name == "attack":  # AT1: its own kinds, and a launcher to press
        hand = ["R7", "R0", "Rhit2", "Rtrade", "Wallhit", "Whitfire", "Rdiscardall", "G5"]
    if uno.load_preset(name).deck.value == "flip-112":  # F1: two-sided cards, no 0
        return {
            "rules": name,
            "players": 4,
            "hands": [
                ["R7/W+color", "Rflip/T2", "R+1/T3", "W+2/P1", "Rskip/T3", "G5/V8"],
                ["R6/O+5", "Y3/T1", "B9/T9"],
                ["R5/Orev", "G1/O3"],
                5,
            ],
            "discard": ["G5/P9", "R5/W+color"],
            "turn": 0,
            "seed": 3,
        }
    return {
        "rules": name,
        "players": 4,
        "hands": [hand, ["Rhit2" if name == "attack" else "R+2", "Y3", "B9"], ["R5", "G1"], 5],
        "discard": ["G5", "R5"],
        "turn": 0,
        "seed": 3,
    }


CASES: dict[str, dict[str, Any]] = {}
for _name in PRESETS:
    CASES[f"{_name}-3p-seed1"] = {"new_game": {"rules": _name, "players": 3, "seed": 1}}
    CASES[f"{_name}-4p-seed2"] = {"new_game": {"rules": _name, "players": 4, "seed": 2}}
    CASES[f"{_name}-house-rules-table"] = {"situation": house_rules_table(_name)}


def load_expected() -> dict[str, Any]:
    return perft_tools.load_expected(DATA)


def test_data_file_covers_every_case() -> None:
    perft_tools.check_cases_match(load_expected()["cases"], CASES)
    covered = {
        setup.get("new_game", setup.get("situation", {})).get("rules") for setup in CASES.values()
    }
    assert covered == set(PRESETS)


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("variant", ["acting", "all_seats"])
def test_perft(name: str, variant: str) -> None:
    expected = load_expected()["cases"][name][variant]
    depths = ALL_SEATS_DEPTHS if variant == "all_seats" else ACTING_DEPTHS
    perft_tools.check_perft(name, variant, CASES[name], expected, depths, MOVE_WIDTH)


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
        if preset == "all-wild":  # AW1: no 7 in the deck, but a play that names a seat
            assert not sevens and any(
                m.startswith("0 Wt+2") and ">" in m for m in first["acting"]["1"]
            )
            continue
        assert sevens, preset
        targeted = all(">" in m for m in sevens)
        assert targeted == rules.house_rules.seven_o.enabled, (preset, sevens)


def regenerate() -> None:
    perft_tools.regenerate(
        DATA,
        "Perft counts for every bundled preset, written by "
        "`python tests/test_perft_presets.py --regenerate`. For each case and depth: the "
        "number of move sequences starting with each first move (acting: "
        "legal_moves(state); all_seats: every seat's legal_moves).",
        CASES,
        ACTING_DEPTHS,
        ALL_SEATS_DEPTHS,
    )


if __name__ == "__main__":
    if sys.argv[1:] == ["--regenerate"]:
        regenerate()
    else:
        sys.exit("usage: python tests/test_perft_presets.py --regenerate")
