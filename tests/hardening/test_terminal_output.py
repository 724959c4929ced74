"""Round 2, findings 9 and 11: what the command prints. Terminal escape sequences from the
input (a preset's name, a key, a file name, a move text) were printed raw; an output that
cannot be encoded, a closed stdout, a forged results file and an early Ctrl-C each gave
an "internal error" or a traceback. Control characters are now escaped in everything the
command writes, and each of those cases is one clear line with the documented status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .helpers import one_line_error, run

EVIL = "\x1b]0;owned\x07\x1b[2J\x9b31m\r"


def no_control(text: str) -> None:
    bad = [c for c in text if (ord(c) < 0x20 and c not in "\n\t") or 0x7F <= ord(c) < 0xA0]
    assert not bad, repr(text)


def test_a_preset_name_with_escapes_is_printed_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "evil.json"
    path.write_text(json.dumps({"name": f"ok {EVIL}", "hand_size": 7}), encoding="utf-8")
    code, out, err = run(capsys, "presets", "check", str(path))
    assert code == 0
    no_control(out + err)
    assert "\\x1b]0;owned\\x07" in out


def test_keys_moves_and_file_names_with_escapes_are_printed_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    preset = tmp_path / "keys.json"
    preset.write_text(json.dumps({"uno": {f"k{EVIL}": 1}}), encoding="utf-8")
    code, out, err = run(capsys, "presets", "check", str(preset))
    assert code == 1
    no_control(out + err)
    table = tmp_path / f"t{EVIL.replace('/', '')}.json"
    dispute = {"players": 2, "hands": [["R5"], 3], "discard": ["R3"], "moves": [f"0 {EVIL}"]}
    table.write_text(json.dumps(dispute), encoding="utf-8")
    code, out, err = run(capsys, "rule", str(table))
    one_line_error(code, err)
    no_control(out + err)
    code, out, err = run(capsys, "replay", str(tmp_path / f"missing{EVIL}.yaml"))
    one_line_error(code, err)
    no_control(out + err)
