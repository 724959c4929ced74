"""Every code example in the README and docs/ runs, and so does every docstring example."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
import sys
from pathlib import Path

import pytest

import uno_rules
import uno_rules as uno

ROOT = Path(__file__).resolve().parents[1]
DOC_FILES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def _blocks() -> list[tuple[str, str]]:
    found = []
    for path in DOC_FILES:
        for i, block in enumerate(BLOCK.findall(path.read_text(encoding="utf-8"))):
            found.append((f"{path.relative_to(ROOT)}#{i}", block))
    return found


@pytest.mark.parametrize(("where", "code"), _blocks(), ids=[w for w, _ in _blocks()])
def test_doc_example_runs(where: str, code: str) -> None:
    exec(compile(code, where, "exec"), {"__name__": "__doc_example__"})


def test_docs_have_examples() -> None:
    assert len(_blocks()) >= 3


MODULES = sorted(m.name for m in pkgutil.walk_packages(uno_rules.__path__, prefix="uno_rules."))


@pytest.mark.parametrize("name", ["uno_rules", *MODULES])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert failures == 0


def test_house_rules_page_generates_a_table_for_every_section() -> None:
    """The parameter tables of docs/house-rules.md come from the rules model (a build hook
    replaces each ``<!-- params: PATH -->`` marker), and every section of the model that a
    house rule or extra card owns has its marker, so no setting goes undocumented."""
    import sys

    import attrs

    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import docs_hooks
    finally:
        sys.path.pop(0)
    page = (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8")
    markers = {m.group(1) for m in docs_hooks.MARKER.finditer(page)}
    rules = uno.Rules()
    for group in ("house_rules", "extra_cards"):
        for a in attrs.fields(type(getattr(rules, group))):
            assert f"{group}.{a.name}" in markers, f"no table for {group}.{a.name}"
    rendered = docs_hooks.on_page_markdown(page)
    assert "<!-- params:" not in rendered
    for a in attrs.fields(uno.rules.Stacking):
        assert f"`house_rules.stacking.{a.name}`" in rendered
    assert "| `house_rules.seven_o.on_last_card` | `no_effect`, `apply` | `no_effect` |" in rendered


TRANSCRIPT = re.compile(
    r"```text\n(\$ uno-rules (?:rule|presets list|presets diff)[^\n]*)\n(.*?)```", re.S
)


def _transcripts() -> list[tuple[str, str, str]]:
    found = []
    for path in DOC_FILES:
        for command, output in TRANSCRIPT.findall(path.read_text(encoding="utf-8")):
            found.append((f"{path.relative_to(ROOT)}: {command[2:]}", command, output))
    return found


@pytest.mark.parametrize(
    ("where", "command", "output"), _transcripts(), ids=[w for w, _, _ in _transcripts()]
)
def test_cli_transcripts_in_the_docs_are_current(
    where: str,
    command: str,
    output: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pasted `uno-rules` transcript shows what the command prints today (a block may end
    with a line '...' to show only its start)."""
    import shlex

    from uno_rules.cli import main

    monkeypatch.chdir(ROOT)
    main(shlex.split(command)[2:])
    printed = [line.rstrip() for line in capsys.readouterr().out.splitlines()]
    expected = [line.rstrip() for line in output.rstrip("\n").splitlines()]
    if expected and expected[-1] == "...":
        expected = expected[:-1]
        printed = printed[: len(expected)]
    assert printed == expected, where


def test_transcripts_are_found() -> None:
    assert len(_transcripts()) >= 14


def test_every_clause_the_code_cites_has_an_anchor_in_the_docs() -> None:
    """A ruling's clause id links to ``docs/rules.md#...`` or ``docs/house-rules.md#...``
    (``clause_link``); each clause id quoted in the source has that anchor."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import docs_hooks
    finally:
        sys.path.pop(0)
    from uno_rules.clauses import CLAUSES, clause_link

    cited = set(CLAUSES)
    for path in (ROOT / "src" / "uno_rules").rglob("*.py"):
        cited |= set(re.findall(r'"([BAHTE]\d+(?:\.\d+)?)"', path.read_text(encoding="utf-8")))
    rendered = {
        page: docs_hooks.on_page_markdown((ROOT / "docs" / page).read_text(encoding="utf-8"))
        for page in ("rules.md", "house-rules.md")
    }
    for clause in sorted(cited):
        page, anchor = clause_link(clause).removeprefix("docs/").split("#")
        assert f'<a id="{anchor}"></a>' in rendered[page], clause


def test_the_house_rule_page_shows_the_worked_example_as_it_is() -> None:
    """docs/write-a-house-rule.md quotes the example's module, test and pyproject whole."""
    page = (ROOT / "docs" / "write-a-house-rule.md").read_text(encoding="utf-8")
    example = ROOT / "examples" / "house-rule-eight-skips"
    for name in ("uno_eight_skips.py", "tests/test_eight_skips.py", "pyproject.toml"):
        assert (example / name).read_text(encoding="utf-8") in page, name
