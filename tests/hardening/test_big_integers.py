"""Finding 4: a 5,000-digit integer in a preset raised a bare ``ValueError`` (the
interpreter's digit limit) and the command showed a traceback. Integers now have a limit
of their own, named in the error, in files and in memory alike."""

from __future__ import annotations

from pathlib import Path

import pytest

import uno_rules as uno
from uno_rules._budget import PRESET

from .helpers import one_line_error, run


def big_file(tmp_path: Path, digits: int = 5000) -> Path:
    path = tmp_path / "big.yaml"
    path.write_text(f"hand_size: {'9' * digits}\n", encoding="utf-8")
    return path


def test_a_5000_digit_integer_in_a_file_is_a_preset_error(tmp_path: Path) -> None:
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset(str(big_file(tmp_path)))
    (problem,) = info.value.problems
    assert "integer limit" in problem and str(PRESET.max_digits) in problem
    assert "9999999999" not in problem


def test_an_integer_within_the_limit_is_judged_as_a_setting(tmp_path: Path) -> None:
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset(str(big_file(tmp_path, digits=50)))
    assert "out of range" in info.value.problems[0]


def test_a_huge_integer_in_memory_is_refused_everywhere() -> None:
    huge = 10**5000
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset({"hand_size": huge})
    assert "integer limit" in info.value.problems[0]
    with pytest.raises(uno.SituationError) as caught:
        uno.situation({"players": 2, "hands": [["R5"], 3], "discard": ["R3"], "seed": huge})
    assert "integer limit" in caught.value.problems[0]
    with pytest.raises(uno.SituationError) as caught:
        uno.new_game("official", players=2, seed=huge)
    assert "seed limit" in caught.value.problems[0]


@pytest.mark.parametrize("verb", [["presets", "check"], ["presets", "show"]])
def test_the_command_reports_it_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], verb: list[str]
) -> None:
    code, _, err = run(capsys, *verb, str(big_file(tmp_path)))
    assert "integer limit" in one_line_error(code, err)


def test_a_huge_seed_in_a_record_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "record.json"
    record.write_text('{"players": 2, "seed": ' + "7" * 5000 + ', "moves": []}')
    code, _, err = run(capsys, "replay", str(record))
    assert "integer limit" in one_line_error(code, err)
