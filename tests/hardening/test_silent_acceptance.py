"""Finding 8: silently accepted: ``extends: null`` (the docs say it is reported) and
duplicate keys in a YAML mapping (the last one won). Both are now reported."""

from __future__ import annotations

from pathlib import Path

import pytest

import uno_rules as uno

from .helpers import one_line_error, run


@pytest.mark.parametrize("value", [None, "", "   ", 3, ["official"]])
def test_extends_without_a_preset_is_reported(value: object) -> None:
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset({"extends": value, "hand_size": 6})
    assert info.value.problems[0].startswith("extends: expected a preset name or a path")


def test_extends_null_in_a_file_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("extends:\nhand_size: 6\n", encoding="utf-8")
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset(str(path))
    assert "nothing (null)" in info.value.problems[0]


@pytest.mark.parametrize(
    ("name", "text", "key", "line"),
    [
        ("top.yaml", "hand_size: 6\nhand_size: 8\n", "hand_size", 2),
        ("nested.yaml", "uno:\n  penalty_cards: 4\n  penalty_cards: 2\n", "penalty_cards", 3),
        ("flow.yaml", "uno: {enabled: true, enabled: false}\n", "enabled", 1),
        ("json.json", '{"hand_size": 6, "deck": "classic-108", "hand_size": 7}', "hand_size", 1),
    ],
)
def test_a_key_written_twice_is_reported_with_its_line(
    tmp_path: Path, name: str, text: str, key: str, line: int
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset(str(path))
    (problem,) = info.value.problems
    assert f"'{key}' is written twice" in problem and f"line {line}" in problem, problem


def test_the_same_key_in_different_mappings_is_fine(tmp_path: Path) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text(
        "house_rules:\n  stacking: {enabled: true}\n  jump_in: {enabled: true}\n",
        encoding="utf-8",
    )
    rules = uno.load_preset(str(path))
    assert rules.house_rules.stacking.enabled and rules.house_rules.jump_in.enabled


def test_duplicate_keys_in_a_table_or_record_file_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = tmp_path / "t.yaml"
    table.write_text("players: 2\nplayers: 3\nhands: [[R5], 3]\ndiscard: [R3]\n")
    code, _, err = run(capsys, "rule", str(table))
    assert "written twice" in one_line_error(code, err)
    record = tmp_path / "r.yaml"
    record.write_text("players: 2\nseed: 1\nseed: 2\nmoves: []\n")
    code, _, err = run(capsys, "replay", str(record))
    assert "written twice" in one_line_error(code, err)


@pytest.mark.parametrize("text", ["!!int x", "x: !!float abc", "!!timestamp 2020-99-99"])
def test_a_tagged_value_that_does_not_fit_its_tag_is_a_preset_error(text: str) -> None:
    """PyYAML raises a bare ValueError while building such a value; it is bad input."""
    from uno_rules.presets import parse_yaml

    with pytest.raises(uno.PresetError, match="tagged value"):
        parse_yaml(text, "t.yaml")
