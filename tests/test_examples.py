"""The example disputes in ``examples/``: each is ruled by ``uno-rules rule`` as its
``expect`` mapping says, under every preset it lists."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

import uno_rules as uno
from uno_rules.cli import main

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.yaml"))
PYTHON_REPRS = ("Card.parse(", "<Color.", "Transition(", "Card(", "<Rank.", "Violation(")


def _load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path.name}: not a mapping"
    return data


def _cases() -> list[Any]:
    cases = []
    for path in EXAMPLE_FILES:
        expect = _load(path).get("expect") or {}
        for preset, rulings in expect.items():
            cases.append(pytest.param(path, preset, rulings, id=f"{path.stem}[{preset}]"))
    return cases


CASES = _cases()


def _verdicts(rulings: list[dict[str, Any]]) -> list[str]:
    return ["legal" if r["legal"] else r["violation"]["code"] for r in rulings]


def test_examples_exist_and_each_has_expectations() -> None:
    assert EXAMPLE_FILES, f"no examples in {EXAMPLES}"
    for path in EXAMPLE_FILES:
        data = _load(path)
        moves = data.get("moves")
        assert isinstance(moves, list) and moves, f"{path.name}: no moves"
        expect = data.get("expect")
        assert isinstance(expect, dict) and expect, f"{path.name}: no expect mapping"
        for preset, rulings in expect.items():
            assert len(rulings) == len(moves), f"{path.name}: expect[{preset}] vs moves"


@pytest.mark.parametrize(("path", "preset", "expected"), CASES)
def test_example_rulings(
    path: Path, preset: str, expected: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["rule", str(path), "--preset", preset, "--json"])
    captured = capsys.readouterr()
    assert captured.err == ""
    report = json.loads(captured.out)
    assert report["presets"] == [preset]
    rulings = report["rulings"][preset]
    moves = [str(uno.parse_move(m)) for m in _load(path)["moves"]]
    assert [r["move"] for r in rulings] == moves
    assert _verdicts(rulings) == expected
    all_legal = all(v == "legal" for v in expected)
    assert report["all_legal"] is all_legal
    assert code == (0 if all_legal else 1)


@pytest.mark.parametrize(("path", "preset", "expected"), CASES)
def test_example_human_output_is_readable(
    path: Path, preset: str, expected: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["rule", str(path), "--preset", preset])
    out = capsys.readouterr().out
    assert code == (0 if all(v == "legal" for v in expected) else 1)
    for verdict in expected:
        assert verdict in out
    for marker in PYTHON_REPRS:
        assert marker not in out


# Each required dispute: a label and alternatives, each a set of words that must all
# appear in the file name.
REQUIRED_DISPUTES: list[tuple[str, list[set[str]]]] = [
    ("stacking +2 on +2", [{"stack", "plus2"}, {"stack", "draw-two"}, {"stack", "+2"}]),
    (
        "W+4 while holding a matching number",
        [{"wild-draw-four", "matching"}, {"w4", "matching"}, {"wild-draw-four", "number"}],
    ),
    (
        "a challenge that succeeds",
        [{"challenge", "bluff"}, {"challenge", "succeed"}, {"challenge", "won"}],
    ),
    ("a challenge that fails", [{"challenge", "fail"}, {"challenge", "lost"}]),
    ("a missed UNO caught in time", [{"uno", "in-time"}, {"uno", "caught", "time"}]),
    ("a missed UNO caught too late", [{"uno", "late"}]),
    (
        "a first-card W+4",
        [{"first-card", "wild-draw-four"}, {"first-card", "w4"}, {"first", "wild-draw-four"}],
    ),
    (
        "going out on a Draw Two",
        [{"going-out", "draw-two"}, {"go-out", "draw-two"}, {"out", "plus2"}],
    ),
    ("the draw pile running out", [{"draw-pile", "out"}, {"draw-pile", "empty"}]),
    ("a two-player Reverse", [{"two-player", "reverse"}, {"2-player", "reverse"}]),
    ("a 7-0 swap", [{"seven-o"}, {"7-0"}, {"seven", "swap"}]),
    ("a jump-in", [{"jump-in"}, {"jumpin"}]),
]


@pytest.mark.parametrize(
    ("label", "alternatives"), REQUIRED_DISPUTES, ids=[label for label, _ in REQUIRED_DISPUTES]
)
def test_required_dispute_is_in_examples(label: str, alternatives: list[set[str]]) -> None:
    names = [p.stem.lower() for p in EXAMPLE_FILES]
    found = [n for n in names if any(all(w in n for w in words) for words in alternatives)]
    assert found, f"no example for {label!r} among {names}"


def _command() -> list[str]:
    script = shutil.which("uno-rules")
    return [script] if script else [sys.executable, "-m", "uno_rules.cli"]


def test_real_command_human_output_is_readable() -> None:
    path = EXAMPLES / "stacking-plus2-on-plus2.yaml"
    data = _load(path)
    base = [*_command(), "rule", str(path), "--preset", "official"]
    proc = subprocess.run(base, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr  # the second move is refused officially
    assert proc.stderr == ""
    out = proc.stdout
    assert "Traceback" not in out
    assert data["title"] in out
    for move in data["moves"]:
        assert str(move) in out
    assert re.search(r"\blegal\b", out)
    assert "cannot-stack" in out
    as_json = subprocess.run([*base, "--json"], capture_output=True, text=True, timeout=120)
    clauses = {r["clause"] for r in json.loads(as_json.stdout)["rulings"]["official"]}
    assert clauses
    for clause in clauses:
        assert clause in out
    for marker in PYTHON_REPRS:
        assert marker not in out


FLIP_STACK = EXAMPLES / "flip-stack-draw-five-on-the-dark-side.yaml"
FLIP_STACKING = EXAMPLES / "presets" / "flip-stacking.yaml"


def test_a_flip_dispute_is_ruled_side_by_side_with_a_flip_house_rule() -> None:
    """A dark-side table (``side: dark``) ruled under ``flip`` and a preset file that
    extends it with stacking: the rulings cite the Flip clauses, in each language, and
    ``--json`` is the same whatever the language."""
    base = ["rule", str(FLIP_STACK), "--preset", "flip", "--preset", str(FLIP_STACKING)]
    en = subprocess.run([*_command(), *base], capture_output=True, text=True, timeout=120)
    assert en.returncode == 1 and en.stderr == ""
    assert "refused: cannot-stack (F4)" in en.stdout and "legal (H01)" in en.stdout
    assert "flip-stacking: Player 3 must answer a draw of 10" in en.stdout
    vi = subprocess.run(
        [*_command(), "--lang", "vi", *base], capture_output=True, text=True, timeout=120
    )
    assert vi.returncode == 1 and "bị bác: cannot-stack (F4)" in vi.stdout
    assert "Không chồng được Lá +5 hồng" in vi.stdout
    outputs = {
        subprocess.run(
            [*_command(), "--lang", lang, *base, "--json"],
            capture_output=True,
            text=True,
            timeout=120,
        ).stdout
        for lang in ("en", "vi", "tl")
    }
    assert len(outputs) == 1
    report = json.loads(outputs.pop())
    assert report["presets"] == ["flip", "flip-stacking"]
    flip, stacked = report["rulings"]["flip"], report["rulings"]["flip-stacking"]
    assert [r["clause"] for r in flip] == ["F4", "F4"]
    assert _verdicts(flip) == ["legal", "cannot-stack"]
    assert _verdicts(stacked) == ["legal", "legal"]
