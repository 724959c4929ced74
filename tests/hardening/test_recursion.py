"""Finding 3: a ``RecursionError`` instead of a ``PresetError``: a 36-byte file
``house_rules: &a {stacking: *a}``, a self-referencing mapping, or 1,000 nested levels,
through ``load_preset``, ``situation(rules=...)`` and every command (a traceback, exit 1).
Each is now refused as a document that contains itself or is nested too deeply."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import uno_rules as uno

from .helpers import one_line_error, run

SELF_YAML = "house_rules: &a {stacking: *a}\n"


def self_file(tmp_path: Path) -> Path:
    path = tmp_path / "self.yaml"
    path.write_text(SELF_YAML, encoding="utf-8")
    assert path.stat().st_size < 40
    return path


def self_mapping() -> dict[str, Any]:
    inner: dict[str, Any] = {}
    inner["stacking"] = inner
    return {"house_rules": inner}


def nested_mapping(levels: int) -> dict[str, Any]:
    mapping: dict[str, Any] = {}
    for _ in range(levels):
        mapping = {"house_rules": mapping}
    return mapping


def test_a_yaml_anchor_used_inside_itself_is_refused(tmp_path: Path) -> None:
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset(str(self_file(tmp_path)))
    assert "contain itself" in info.value.problems[0]


@pytest.mark.parametrize("make", [self_mapping, lambda: nested_mapping(1000)])
def test_a_recursive_or_deep_mapping_is_refused_by_every_reader(make: Any) -> None:
    mapping = make()
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset(mapping)
    assert any(word in info.value.problems[0] for word in ("contains itself", "depth limit"))
    with pytest.raises(uno.SituationError):
        uno.situation({"rules": mapping, "players": 2, "hands": [["R5"], 3], "discard": ["R3"]})
    with pytest.raises(uno.PresetError):
        uno.new_game(mapping, players=2, seed=1)
    with pytest.raises(uno.SituationError):
        uno.replay({"rules": mapping, "players": 2, "seed": 1, "moves": []})
    snap = uno.dump_state(uno.new_game("official", players=2, seed=1))
    snap["rules"] = mapping
    with pytest.raises(uno.SituationError):
        uno.load_state(snap)


def test_a_list_holding_itself_is_refused() -> None:
    moves: list[Any] = []
    moves.append(moves)
    with pytest.raises(uno.SituationError) as info:
        uno.replay({"players": 2, "seed": 1, "moves": moves})
    assert "contains itself" in info.value.problems[0]


def test_a_deeply_nested_yaml_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("house_rules: " + "{a: " * 1000 + "1" + "}" * 1000 + "\n", encoding="utf-8")
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset(str(path))
    assert "depth limit" in info.value.problems[0]


@pytest.mark.parametrize(
    "argv",
    [
        ["presets", "check", "{file}"],
        ["presets", "show", "{file}"],
        ["presets", "diff", "official", "{file}"],
        ["simulate", "--preset", "{file}", "--games", "1"],
        ["rule", "{table}", "--preset", "{file}"],
        ["rule", "{table}"],
        ["replay", "{record}"],
    ],
)
def test_every_command_refuses_it_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    file = self_file(tmp_path)
    table = tmp_path / "table.yaml"
    table.write_text(
        "rules: &r {house_rules: {stacking: *r}}\nplayers: 2\nhands: [[R5], 3]\n"
        "discard: [R3]\nmoves: ['0 R5']\n",
        encoding="utf-8",
    )
    record = tmp_path / "record.yaml"
    record.write_text("rules: &r {uno: *r}\nplayers: 2\nseed: 1\nmoves: []\n", encoding="utf-8")
    names = {"{file}": str(file), "{table}": str(table), "{record}": str(record)}
    code, _, err = run(capsys, *(names.get(a, a) for a in argv))
    line = one_line_error(code, err)
    assert "itself" in line, line


def test_quoting_a_value_that_holds_itself_stays_short() -> None:
    from uno_rules._budget import brief

    loop: list[Any] = []
    loop.append(loop)
    table: dict[str, Any] = {}
    table["a"] = table
    assert len(brief(loop)) <= 60 and len(brief(table)) <= 60
