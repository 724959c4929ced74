"""Round 2, findings 9 and 11: what the command prints. Terminal escape sequences from the
input (a preset's name, a key, a file name, a move text) were printed raw; an output that
cannot be encoded, a closed stdout, a forged results file and an early Ctrl-C each gave
an "internal error" or a traceback. Control characters are now escaped in everything the
command writes, and each of those cases is one clear line with the documented status."""

from __future__ import annotations

import json
import os
import subprocess
import sys
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


# --------------------------------------------------------------------------- finding 11


ENTRY = "import sys; from uno_rules.cli import main; sys.exit(main())"


def command(*argv: str, env: dict[str, str] | None = None, **kw: object) -> tuple[int, str]:
    """``uno-rules ARGV`` in a process of its own: (exit status, stderr)."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            ENTRY,
            *argv,
        ],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=60,
        **kw,  # type: ignore[arg-type]
    )
    return done.returncode, done.stderr


def test_text_an_ascii_terminal_cannot_show_is_escaped(tmp_path: Path) -> None:
    table = tmp_path / "t.yaml"
    dispute = {"title": "café ☕", "players": 2, "hands": [["R5"], 3], "discard": ["R3"]}
    table.write_text(json.dumps({**dispute, "moves": ["0 R5"]}), encoding="utf-8")
    code, err = command("rule", str(table), env={"PYTHONIOENCODING": "ascii"})
    assert code == 0 and err == "", err
    missing = os.fsdecode(bytes(tmp_path) + b"/\xff.yaml")  # a surrogate-escaped name
    code, err = command("replay", missing, env={"PYTHONIOENCODING": "ascii"})
    assert code == 2 and "internal error" not in err and "no such game record" in err, err


def test_a_closed_stdout_is_output_that_cannot_be_written() -> None:
    done = subprocess.run(
        [sys.executable, "-c", ENTRY, "presets", "schema"],
        capture_output=False,
        stdout=None,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        preexec_fn=lambda: os.close(1),
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("uno-rules: cannot write the output"), done.stderr
    assert "internal error" not in done.stderr


@pytest.mark.parametrize(
    "forged",
    [
        {"turns": [1, 10**300, 10**600]},
        {"win_units": [10**6, 0, 0]},
        {"turns": [5, 1, 1]},
        {"players": 1, "win_units": [0]},
    ],
)
def test_a_forged_results_file_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], forged: dict[str, object]
) -> None:
    """A results file whose totals no run could make: huge turns gave an OverflowError,
    more wins than games a math domain error, both as internal errors."""
    out = tmp_path / "run.jsonl"
    quick = ["--games", "2", "--players", "3", "--max-turns", "150", "--seed", "11", "--json"]
    assert run(capsys, "simulate", *quick, "--out", str(out))[0] == 0
    header, block = out.read_text(encoding="utf-8").splitlines()[:2]
    entry = json.loads(block)
    entry["totals"].update(forged)
    out.write_text(header + "\n" + json.dumps(entry) + "\n", encoding="utf-8")
    code, _, err = run(capsys, "simulate", *quick, "--out", str(out))
    assert "is not a finished block of games" in one_line_error(code, err)


INTERRUPT_AT_IMPORT = """
import sys
sys.argv[0] = {argv0!r}


class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == "uno_rules.deal":
            raise KeyboardInterrupt  # as a Ctrl-C while the package imports
        return None


sys.meta_path.insert(0, Interrupt())
from uno_rules.cli import main
sys.exit(main())
"""


def test_a_ctrl_c_while_the_command_starts_is_one_line_and_status_130() -> None:
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPT_AT_IMPORT.format(argv0="/usr/bin/uno-rules")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 130, done.stderr
    assert done.stderr == "uno-rules: interrupted\n"


def test_a_program_importing_the_library_gets_the_interrupt_itself() -> None:
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPT_AT_IMPORT.format(argv0="my_program.py")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0 and "KeyboardInterrupt" in done.stderr
