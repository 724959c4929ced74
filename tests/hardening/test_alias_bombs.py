"""Finding 2: small preset files cost unbounded time and memory. A 106 KB file (one
100,000-character anchored scalar aliased 2,000 times) took 36 s and 600 MB; in-memory
mappings with 10^5 unknown keys took 28 s. The reader now counts the expanded size of a
document (values, characters, keys) and refuses it, naming the limit, at bounded work."""

from __future__ import annotations

from pathlib import Path

import pytest

import uno_rules as uno
from uno_rules._budget import PRESET

from .helpers import one_line_error, run, within_calls


def scalar_bomb(tmp_path: Path, aliases: int = 2000) -> Path:
    text = "name: &big " + "x" * 100_000 + "\nhand_size: [" + ", ".join(["*big"] * aliases)
    path = tmp_path / "bomb.yaml"
    path.write_text(text + "]\n", encoding="utf-8")
    return path


def test_an_aliased_long_scalar_is_refused_at_bounded_work(tmp_path: Path) -> None:
    path = scalar_bomb(tmp_path)
    assert path.stat().st_size < 120_000
    with pytest.raises(uno.PresetError) as info:
        within_calls(200_000, uno.load_preset, str(path))
    (problem,) = info.value.problems
    assert "text limit" in problem and str(PRESET.max_chars) in problem
    assert "xxxxxxxxxx" not in problem


def test_presets_check_reports_the_bomb_in_one_short_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "presets", "check", str(scalar_bomb(tmp_path)))
    line = one_line_error(code, err)
    assert "text limit" in line and len(line) < 300 and out == ""


def test_a_document_with_many_values_is_refused_by_the_value_limit(tmp_path: Path) -> None:
    path = tmp_path / "many.yaml"
    path.write_text("name: &n [" + ", ".join(["1"] * 300) + "]\nx: [" + "*n, " * 200 + "]\n")
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset(str(path))
    assert "value limit" in info.value.problems[0]


def test_a_mapping_of_many_unknown_keys_is_refused_at_bounded_work() -> None:
    mapping = {f"unknown_{i}": i for i in range(100_000)}
    with pytest.raises(uno.PresetError) as info:
        within_calls(50_000, uno.load_preset, mapping)
    assert "key limit" in info.value.problems[0]


def test_every_unknown_key_is_a_problem_of_its_own_at_bounded_work() -> None:
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset({f"unknown_{i}": i for i in range(3)})
    assert len(info.value.problems) == 3
    many = {f"penalty_card{i}": i for i in range(500)}
    with pytest.raises(uno.PresetError) as info:
        within_calls(400_000, uno.load_preset, many)
    problems = info.value.problems
    assert len(problems) == 500
    assert problems[-1] == "penalty_card499: unknown setting"  # past the first, no search
    assert all(p.endswith("unknown setting") or "did you mean" in p for p in problems)


def test_every_unknown_field_of_a_table_is_a_problem_of_its_own() -> None:
    table = {"players": 2, "hands": [["R7"], 3], "discard": ["R5"]}
    with pytest.raises(uno.SituationError) as info:
        uno.situation({**table, **{f"junk{i}": 1 for i in range(30)}})
    problems = info.value.problems
    assert len(problems) == 30
    assert problems[-1] == "junk29: unknown field"


def test_a_table_description_and_a_record_have_budgets_too() -> None:
    big = ["R5"] * 200_000
    with pytest.raises(uno.SituationError) as info:
        uno.situation({"players": 2, "hands": [big, 3], "discard": ["R5"]})
    assert "value limit" in info.value.problems[0]
    deep: list[object] = []
    for _ in range(30):
        deep = [deep]
    with pytest.raises(uno.SituationError) as info:
        uno.replay({"players": 2, "seed": 1, "moves": deep})
    assert "depth limit" in info.value.problems[0]


def test_a_huge_value_is_never_quoted_in_full() -> None:
    with pytest.raises(uno.SituationError) as info:
        uno.situation({"players": 2, "hands": [["R5"], 3], "discard": ["R3"], "turn": "y" * 10**6})
    assert max(len(p) for p in info.value.problems) < 300
    with pytest.raises(uno.NotationError) as caught:
        uno.parse_move("0 " + "Q" * 10**6)
    assert len(str(caught.value)) < 1000
