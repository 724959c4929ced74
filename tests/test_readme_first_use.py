"""What the README shows a person on their first read: the side-by-side rulings with the
answer in plain words and what the clause says (tests/test_docs.py compares the transcript
with what the command prints), and every verb of the command line, each with the page that
tells more; and what the play check's page warns of before its first run."""

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


def test_the_play_check_page_counts_the_games_of_its_defaults_truly() -> None:
    """docs/playtest.md warns how many games `uno-rules playtest family` plays with the
    defaults, and how many its first-look command plays: both as the code counts them."""
    import uno_rules as uno
    from uno_rules.playtesting import BOT_NAMES, switched_off, table_sizes

    family = uno.load_preset("family")
    sizes, settings = table_sizes(family), switched_off(family)
    page = " ".join((ROOT / "docs" / "playtest.md").read_text(encoding="utf-8").split())
    every = len(sizes) * len(BOT_NAMES) * 10 * (2 + len(settings))
    assert f"`uno-rules playtest family` plays {every:,}" in page
    assert f"each of the {len(sizes)} table sizes from {sizes[0]} to {sizes[-1]} players" in page
    assert f"each of family's {len(settings)} settings switched off" in page
    first_look = len(BOT_NAMES) * 3 * (2 + len(settings))
    assert f"`uno-rules playtest family --players 4 --games 3` plays {first_look}" in page
