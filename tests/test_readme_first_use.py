"""What the README shows a person on their first read: the side-by-side rulings with the
answer in plain words and what the clause says (tests/test_docs.py compares the transcript
with what the command prints), and every verb of the command line, each with the page that
tells more."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from uno_rules.cli import _parser

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_side_by_side_rulings_show_an_answer_in_plain_words_and_its_clause() -> None:
    [block] = [b for b in re.findall(r"```text\n(.*?)```", README, re.S) if "--preset" in b]
    lines = block.splitlines()
    assert lines[0].startswith("$ uno-rules rule ") and lines[-1] == "..."
    answer = next(i for i, line in enumerate(lines) if line.startswith("   Under "))
    assert re.match(r"   Under [\w ]+ rules: (yes|no)\b", lines[answer])
    assert "Player " in lines[answer]  # players, not bare seat numbers
    assert re.match(r"     [A-Z]+\d+(\.\d+)?: \S", lines[answer + 1])  # the clause says what
    prose = " ".join(README.split())
    assert "each answer in plain words with what its clause says" in prose


def test_the_readme_names_every_verb_of_the_command_line() -> None:
    verbs = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert "playtest" in verbs
    for verb in verbs:
        assert f"`uno-rules {verb}" in README, verb
    assert "(docs/playtest.md)" in README
