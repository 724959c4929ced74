"""The dispute page's data (``uno_rules._page_text``): the common disputes it opens on are
the files of ``examples/`` as they are, and every rule set has a name and a description."""

from __future__ import annotations

from pathlib import Path

import yaml

from uno_rules._page_text import PAGE_EXAMPLES, PRESET_WORDS, page_examples, page_text
from uno_rules.i18n import tr
from uno_rules.presets import preset_names

ROOT = Path(__file__).resolve().parents[1]


def test_the_pages_disputes_are_the_example_files_as_they_are() -> None:
    """``web/examples.json`` is a copy: after an example changes, write it again with
    as ``PAGE_EXAMPLES`` says."""
    copied = page_examples()
    assert set(copied) == {name for name, _ in PAGE_EXAMPLES}
    for name in copied:
        path = ROOT / "examples" / f"{name}.yaml"
        assert copied[name] == yaml.safe_load(path.read_text(encoding="utf-8")), name


def test_each_dispute_is_offered_in_the_pages_language_with_its_rule_sets() -> None:
    said = page_text("vi")
    examples = {e["name"]: e for e in said["examples"]}  # type: ignore[union-attr]
    stacking = examples["stacking-plus2-on-plus2"]
    assert stacking["title"] == "Chồng +2 lên +2" == stacking["dispute"]["title"]
    assert stacking["presets"] == ["official", "family"]
    assert "expect" not in stacking["dispute"] and "description" not in stacking["dispute"]
    assert examples["flip-stack-draw-five-on-the-dark-side"]["dispute"]["side"] == "dark"


def test_every_rule_set_has_a_name_and_a_description_in_each_language() -> None:
    assert set(PRESET_WORDS) == set(preset_names())
    for lang in ("vi", "tl"):
        presets = {p["name"]: p for p in page_text(lang)["presets"]}  # type: ignore[union-attr]
        for name, (label, summary) in PRESET_WORDS.items():
            assert presets[name]["label"] == tr(lang, label)
            assert presets[name]["summary"] == tr(lang, summary) != summary
    assert {p["label"] for p in page_text("vi")["presets"]} >= {"Luật gốc", "Luật gia đình"}  # type: ignore[union-attr,index]
