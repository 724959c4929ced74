"""Finding 4: a 5,000-digit integer in a preset raised a bare ``ValueError`` (the
interpreter's digit limit) and the command showed a traceback. Integers now have a limit
of their own, named in the error, in files and in memory alike."""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import uno_rules as uno
from uno_rules._budget import PRESET
from uno_rules.cli import main
from uno_rules.presets import parse_yaml

from .budget import examples
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


# --------------------------------------------------------------------------- round 2


@pytest.mark.parametrize(
    "name", ["cafe" * 30, "a" * 101, "dead_beef" * 12, "ab:cd" * 25, "0b" + "2" * 120]
)
def test_a_long_name_that_only_looks_like_hex_is_text(name: str, tmp_path: Path) -> None:
    """Round 2, finding 10: any plain scalar over 100 characters of ``[0-9a-fA-F_:]`` was
    taken for an integer and refused; only the loader's own integer forms are now."""
    path = tmp_path / "p.yaml"
    path.write_text(f"name: {name}\nhand_size: 7\n", encoding="utf-8")
    assert uno.load_preset(str(path)).name == name


@pytest.mark.parametrize(
    "text", ["9" * 101, "-" + "9" * 101, "0x" + "f" * 100, "0b" + "1" * 100, "1" + ":30" * 40]
)
def test_real_integer_forms_over_the_limit_are_still_refused(text: str) -> None:
    with pytest.raises(uno.PresetError) as info:
        parse_yaml(f"hand_size: {text}\n")
    assert "the integer limit" in info.value.problems[0]


@settings(max_examples=examples(30), deadline=None)
@example("a" * 101)
@example("0" * 120)
@given(st.text(st.characters(exclude_categories=("Cc", "Cs")), min_size=1, max_size=130))
def test_presets_show_output_always_reads_back(name: str) -> None:
    """``presets show`` writes what ``presets check`` reads back: the same preset."""
    out, err = io.StringIO(), io.StringIO()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.json"
        path.write_text(
            json.dumps({"extends": "family", "name": name}, ensure_ascii=False), encoding="utf-8"
        )
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["presets", "show", str(path)])
        assert code == 0, err.getvalue()
        shown = Path(folder) / "shown.yaml"
        shown.write_text(out.getvalue(), encoding="utf-8")
        assert uno.load_preset(str(shown)) == uno.load_preset(str(path))
