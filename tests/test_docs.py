"""Every code example in the README and docs/ runs, and so does every docstring example."""

from __future__ import annotations

import doctest
import importlib
import json
import pkgutil
import re
import sys
from pathlib import Path
from typing import Any

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


TEXT_BLOCK = re.compile(r"```text\n(.*?)```", re.S)
NAMED_FILE = re.compile(r"```ya?ml\n# ([\w.-]+\.ya?ml)\n(.*?)```", re.S)


def _transcripts() -> list[tuple[str, str, str, Path]]:
    """Every ``$ uno-rules ...`` command shown in a text block of the README and docs/,
    with the output printed under it (up to the next ``$`` line or the block's end)."""
    found = []
    for path in DOC_FILES:
        page = path.read_text(encoding="utf-8")
        for block in TEXT_BLOCK.findall(page):
            if not block.startswith("$ uno-rules"):
                continue
            parts = re.split(r"^(\$ uno-rules[^\n]*)\n", block, flags=re.M)
            for command, output in zip(parts[1::2], parts[2::2], strict=True):
                if command.split()[2:3] == ["serve"]:
                    continue  # a server runs until stopped: its pages are tested on their own
                found.append((f"{path.relative_to(ROOT)}: {command[2:]}", command, output, path))
    return found


@pytest.mark.parametrize(
    ("where", "command", "output", "page"),
    _transcripts(),
    ids=[w for w, _, _, _ in _transcripts()],
)
def test_cli_transcripts_in_the_docs_are_current(
    where: str,
    command: str,
    output: str,
    page: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pasted `uno-rules` transcript shows what the command prints today (a block may end
    with a line '...' to show only its start). The command runs in a folder holding
    `examples/` and every file the same page shows in a YAML block that starts with a
    comment naming it (`# game.yaml`); `> FILE` sends the output to that file."""
    import shlex

    from uno_rules.cli import main

    for name, text in NAMED_FILE.findall(page.read_text(encoding="utf-8")):
        (tmp_path / name).write_text(f"# {name}\n{text}", encoding="utf-8")
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    words = shlex.split(command)[1:]
    redirect = words.index(">") if ">" in words else None
    main(words[1:redirect])
    printed = [line.rstrip() for line in capsys.readouterr().out.splitlines()]
    expected = [line.rstrip() for line in output.rstrip("\n").splitlines()]
    if redirect is not None:
        assert expected == [], f"{where}: nothing is shown after a command sent to a file"
        assert printed, where
        return
    if expected and expected[-1] == "...":
        expected = expected[:-1]
        printed = printed[: len(expected)]
    elif "--json" in words and expected:
        # Figures computed in floating point may differ in their last digits between
        # Python versions: JSON is compared as data, numbers to 12 significant digits.
        got, shown = (_rounded(json.loads("\n".join(x))) for x in (printed, expected))
        assert got == shown, where
        return
    assert printed == expected, where


def test_pictures_in_the_docs_are_drawn_in_the_build() -> None:
    """``<!-- svg: ... -->`` markers become the pictures themselves (the build hook draws them
    with ``uno_rules.svg``), so the docs always show what the code draws today."""
    import sys

    from uno_rules.svg import card_svg, state_svg

    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import docs_hooks
    finally:
        sys.path.pop(0)
    page = (ROOT / "docs" / "svg.md").read_text(encoding="utf-8")
    markers = docs_hooks.PICTURE.findall(page)
    assert {kind for kind, _ in markers} == {"card", "hand", "table"}
    rendered = docs_hooks.on_page_markdown(page)
    assert "<!-- svg:" not in rendered
    assert card_svg("R+2") in rendered
    table = uno.situation(
        {
            "rules": "official",
            "players": 3,
            "hands": [["R+2", "G4", "Y7"], ["B+2", "R9", "G1", "Y3"], 5],
            "discard": ["R3"],
            "turn": 0,
        }
    )
    assert state_svg(table, 1) in rendered
    assert rendered.count("<svg xmlns=") == len(markers)


def _rounded(data: Any) -> Any:
    """``data`` with every float rounded to 12 significant digits."""
    if isinstance(data, float):
        return float(f"{data:.12g}")
    if isinstance(data, dict):
        return {k: _rounded(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_rounded(v) for v in data]
    return data


def test_every_verb_has_a_transcript() -> None:
    """Each verb's output is shown somewhere, and so checked by the test above."""
    assert len(_transcripts()) >= 25
    shown = {" ".join(command.split()[1:3]) for _, command, _, _ in _transcripts()}
    for verb in ("uno-rules rule", "uno-rules replay", "uno-rules simulate"):
        assert any(s.startswith(verb) for s in shown), verb
    for action in ("list", "check", "diff", "schema"):
        assert f"uno-rules presets {action}" in {
            " ".join(command.split()[1:4]) for _, command, _, _ in _transcripts()
        }, action


def test_examples_type_check() -> None:
    """mypy --strict accepts every Python example of the README and docs/ (where mypy is
    installed: the `lint` extra; CI runs tools/check_doc_types.py as well)."""
    pytest.importorskip("mypy")
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "check_doc_types.py")],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


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
        for page in ("rules.md", "house-rules.md", "no-mercy.md")
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
