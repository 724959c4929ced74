"""Round 2, finding 6: costs past the budget. A document was bounded by its bytes only, so
a 1 MB record replayed for seconds, and a 400 KB dispute asked ``rule --svg`` for 39,800
pictures, or ``--json`` under seven presets for 139,000 rulings. What a document may ask
for is bounded now (moves to replay, rulings, pictures), each refusal naming its limit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import uno_rules as uno
from uno_rules._budget import MAX_PICTURES, MAX_RECORD_MOVES, MAX_RULINGS
from uno_rules.dispute import settle

from .helpers import one_line_error, run


def dispute(moves: int) -> dict[str, object]:
    return {"players": 2, "hands": [["R5"], 3], "discard": ["R3"], "moves": ["1 R5"] * moves}


def test_a_record_over_the_move_limit_is_refused_before_any_move() -> None:
    record = {"players": 2, "seed": 1, "moves": ["0 draw"] * (MAX_RECORD_MOVES + 1)}
    with pytest.raises(uno.SituationError) as info:
        uno.replay(record)
    assert "the move limit" in info.value.problems[0]
    record["moves"] = ["0 draw"] * MAX_RECORD_MOVES
    assert uno.replay(record).applied < MAX_RECORD_MOVES  # read, then refused by the rules


def test_rulings_are_bounded_by_moves_times_presets() -> None:
    presets = uno.preset_names()
    moves = MAX_RULINGS // len(presets) + 1
    with pytest.raises(uno.SituationError) as info:
        settle(dispute(moves), list(presets))
    assert "the ruling limit" in info.value.problems[0]
    assert str(moves * len(presets)) in info.value.problems[0]
    assert len(settle(dispute(moves), ["official"]).rulings["official"]) == moves


def test_rule_svg_is_bounded_by_the_picture_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "dispute.json"
    path.write_text(json.dumps(dispute(MAX_PICTURES // 2 + 1)), encoding="utf-8")
    out = tmp_path / "pictures"
    code, _, err = run(capsys, "rule", str(path), "--svg", str(out))
    assert "the picture limit" in one_line_error(code, err)
    assert not out.exists()  # refused before anything is written
    path.write_text(json.dumps(dispute(3)), encoding="utf-8")
    code, _, err = run(capsys, "rule", str(path), "--svg", str(out), "--preset", "official")
    assert code == 1 and len(list(out.iterdir())) == 6, err


def test_rule_json_under_every_preset_is_bounded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "dispute.json"
    path.write_text(json.dumps(dispute(MAX_RULINGS)), encoding="utf-8")
    argv = ["rule", str(path), "--json"]
    for name in uno.preset_names()[:2]:
        argv += ["--preset", name]
    code, _, err = run(capsys, *argv)
    assert "the ruling limit" in one_line_error(code, err)


# --------------------------------------------------------------------------- finding 7


def test_a_huge_seat_token_is_not_quoted_whole() -> None:
    with pytest.raises(uno.NotationError) as info:
        uno.parse_move("9" * 10**6 + " draw")
    assert len(str(info.value)) < 1_000


def test_an_expected_text_is_cut_whatever_builds_it() -> None:
    error = uno.NotationError("x", "y" * 10**6)
    assert len(str(error)) < 1_000


def test_a_snapshot_of_unreadable_cards_gives_a_short_message() -> None:
    snap = uno.dump_state(uno.new_game("official", players=2, seed=1))
    snap["draw_pile"] = ["Q" * 20] * 40_000
    with pytest.raises(uno.SituationError) as info:
        uno.load_state(snap)
    assert len(info.value.problems) >= 40_000  # every problem is kept
    assert len(str(info.value)) < 10_000
    assert "more" in str(info.value)


def test_presets_check_caps_the_problems_it_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 25 unknown settings in every house rule's section: hundreds of problems
    sections = uno.Rules().to_dict()["house_rules"]
    bad = {"house_rules": {name: {f"k{i}": 1 for i in range(25)} for name in sections}}
    path = tmp_path / "many.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset(bad)
    total = len(info.value.problems)
    assert total > 100
    code, out, _ = run(capsys, "presets", "check", str(path))
    assert code == 1
    lines = out.splitlines()
    assert lines[0].endswith(f"{total} problem(s)")
    assert len(lines) == 52 and lines[-1] == f"  ... and {total - 50} more"
    code, out, _ = run(capsys, "presets", "check", str(path), "--json")
    assert json.loads(out)["problem_count"] == total
