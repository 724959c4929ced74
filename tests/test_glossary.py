"""The glossary of ``docs/languages.md``: one word per concept in each language. Every
catalog entry whose English names a concept uses none of the words the glossary rules out,
and the glossary's word is used."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from uno_rules import i18n

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "languages.md"
LOCALE = ROOT / "src" / "uno_rules" / "locale"
# What a rule-out never looks inside: quoted settings, code, placeholders, options.
QUOTED = re.compile(r"'[^']*'|`[^`]*`|\{\w*\}|--[\w-]+|\w*_\w+")


def _glossary() -> list[tuple[str, str, dict[str, tuple[list[str], list[str]]]]]:
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("## Glossary", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 6 or cells[0] in ("Concept", "---") or set(cells[0]) <= {"-"}:
            continue

        def words(cell: str) -> list[str]:
            return [w.strip() for w in cell.split(",") if w.strip()]

        rows.append(
            (
                cells[0],
                cells[1],
                {
                    "vi": (words(cells[2]), words(cells[3])),
                    "tl": (words(cells[4]), words(cells[5])),
                },
            )
        )
    return rows


GLOSSARY = _glossary()


def test_the_glossary_has_its_concepts() -> None:
    concepts = {english for _, english, _ in GLOSSARY}
    assert {"challenge", "draw", "round", "game", "move", "turn", "penalty"} <= concepts


@pytest.mark.parametrize("lang", ["vi", "tl"])
@pytest.mark.parametrize(("concept", "english", "words"), GLOSSARY, ids=[c for c, _, _ in GLOSSARY])
def test_each_entry_naming_a_concept_uses_its_glossary_word(
    lang: str, concept: str, english: str, words: dict[str, tuple[list[str], list[str]]]
) -> None:
    catalog = i18n.read_po(
        (LOCALE / lang / "LC_MESSAGES" / "uno_rules.po").read_text(encoding="utf-8")
    )
    wanted, never = words[lang]
    named = re.compile(rf"\b{re.escape(english.lower())}", re.I)
    others = {
        "round": r"\bgame",
        "game": r"\bround",
        "move": r"\bturn|\bplay",
        "challenge": r"\bcatch",
        "catch": r"\bchalleng",
    }
    other = re.compile(others.get(english, r"(?!)"), re.I)
    found = {m: s for m, s in catalog.items() if named.search(m) and not other.search(m)}
    assert found, concept
    wrong = [
        said
        for said in found.values()
        for bad in never
        if re.search(rf"(?<![\w-]){re.escape(bad)}(?![\w-])", QUOTED.sub(" ", said), re.I)
    ]
    assert not wrong, (concept, wrong)
    used = [s for s in found.values() if any(w.lower() in s.lower() for w in wanted)]
    assert used, (concept, wanted)
