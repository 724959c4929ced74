"""What the command line says about input it cannot use: every problem, one per line."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import uno_rules as uno
from uno_rules.cli import main
from uno_rules.schema import preset_schema

ROOT = Path(__file__).resolve().parents[1]
STACKING = ROOT / "examples" / "stacking-plus2-on-plus2.yaml"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_mistyped_moves_are_all_reported_with_the_near_verb(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = yaml.safe_load(STACKING.read_text(encoding="utf-8"))
    data["moves"] = ["0 R+2", "1 chalenge", "2 acept", "2 fly", "2", "", "0 colr red", "1 catch"]
    path = tmp_path / "d.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    code, out, err = run(capsys, "rule", str(path))
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert lines[0] == f"uno-rules: {path}: 7 problems"
    assert lines[1].startswith("  moves[1]: ") and "did you mean '1 challenge'?" in lines[1]
    assert lines[2].startswith("  moves[2]: ") and "did you mean '2 accept'?" in lines[2]
    assert lines[3].startswith("  moves[3]: ") and "did you mean" not in lines[3]
    assert lines[4].startswith("  moves[4]: ") and lines[5].startswith("  moves[5]: ")
    assert "did you mean '0 color red'?" in lines[6]
    assert lines[7].startswith("  moves[7]: ") and "did you mean" not in lines[7]
    assert len(lines) == 8


def test_table_problems_one_per_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.yaml"
    table = {"players": 3, "hands": [["R5", "R5", "R5"], 5, 4], "discard": ["W"], "turn": 7}
    path.write_text(yaml.safe_dump(table), encoding="utf-8")
    code, _, err = run(capsys, "rule", str(path))
    assert code == 2
    lines = err.splitlines()
    assert lines[0].startswith(f"uno-rules: {path}: ") and lines[0].endswith(" problems")
    count = int(lines[0].split()[-2])
    assert count >= 2 and len(lines) == count + 1
    assert all(line.startswith("  ") and len(line) < 200 for line in lines[1:])


def test_a_preset_given_twice_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rule", str(STACKING), "--preset", "family", "--preset", "family")
    assert code == 2 and out == ""
    assert err.strip() == (
        "uno-rules: --preset family is given more than once; give each preset once"
    )


def test_the_schema_and_the_loader_agree_on_an_unnamed_presets_name() -> None:
    unnamed = uno.load_preset({"extends": "family", "uno": {"penalty_cards": 4}}).name
    name = preset_schema()["properties"]["name"]
    assert "default" not in name  # the model's default, official, is not a file's name
    assert f"named '{unnamed}'" in name["description"]
    page = (ROOT / "docs" / "presets.md").read_text(encoding="utf-8")
    assert f"`{unnamed}` unless it sets `name`" in page
