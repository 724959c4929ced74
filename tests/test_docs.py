"""Every code example in the README and docs/ runs, and so does every docstring example."""

from __future__ import annotations

import doctest
import importlib
import json
import os
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


# A reader saves an example as a file and runs it with ``python file.py``, with the package
# and the extra the page names installed, not the test suite's tools: the examples run that
# way, in fresh interpreters where these cannot be imported (modules of these names, first
# on the path, refuse to load).
TEST_ONLY = ("pytest", "_pytest", "hypothesis", "jsonschema", "selenium", "httpx", "mypy")
# An example that starts processes (a process pool, a Dask cluster, anything guarded by
# ``if __name__ == "__main__":``) is run as ``python file.py``, exactly as a reader runs it.
# The other examples of a page share one fresh interpreter, each run from a file of its own
# as ``__main__`` (runpy), so that the suite stays fast.
STARTS_PROCESSES = re.compile(r"__name__ == .__main__.|LocalCluster|ProcessPool|jobs=[2-9]")
# Runs each file given as ``__main__`` and prints, as JSON, what each printed and how it
# failed (a traceback).
RUNNER = """
import contextlib, io, json, runpy, sys, traceback

results = []
for file in sys.argv[1:]:
    out, error = io.StringIO(), None
    try:
        with contextlib.redirect_stdout(out):
            runpy.run_path(file, run_name="__main__")
    except BaseException:
        error = traceback.format_exc()
    results.append({"stdout": out.getvalue(), "error": error})
sys.__stdout__.write(json.dumps(results))
"""


def _pages_with_examples() -> list[Path]:
    return [path for path in DOC_FILES if BLOCK.search(path.read_text(encoding="utf-8"))]


def _shown_output(code: str) -> list[str]:
    """The output an example shows: the comment lines that follow a ``print(`` line (the
    sentence or value it prints, one comment line per printed line; one that ends in
    ``...`` shows the start of its line)."""
    shown: list[str] = []
    after_print = False
    for line in code.splitlines():
        text = line.strip()
        if after_print and text.startswith("# "):
            shown.append(text[2:])
            continue
        after_print = "print(" in text
    return shown


def _reader_env(folder: Path) -> dict[str, str]:
    """The environment of a reader's interpreter: the test-only packages hidden."""
    blocked = folder / "not-installed"
    blocked.mkdir()
    for name in TEST_ONLY:
        (blocked / f"{name}.py").write_text(
            f"raise ModuleNotFoundError({f'No module named {name!r}'!r}, name={name!r})\n"
        )
    return {**os.environ, "PYTHONPATH": str(blocked)}


@pytest.mark.parametrize(
    "page", _pages_with_examples(), ids=[str(p.relative_to(ROOT)) for p in _pages_with_examples()]
)
def test_doc_examples_run_as_scripts(page: Path, tmp_path: Path) -> None:
    """Each ```python block of the page, saved as a file and run as ``__main__`` in a fresh
    interpreter (``python file.py`` when it starts processes), without the test-only
    packages; and the output it shows in comments after a ``print(`` is what it prints."""
    import subprocess

    env = _reader_env(tmp_path)
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    blocks = BLOCK.findall(page.read_text(encoding="utf-8"))
    files = []
    for i, code in enumerate(blocks):
        files.append(tmp_path / f"example_{i}.py")
        files[-1].write_text(code, encoding="utf-8")
    outcome: dict[int, tuple[str, str | None]] = {}
    shared = [i for i, code in enumerate(blocks) if not STARTS_PROCESSES.search(code)]
    if shared:
        proc = subprocess.run(
            [sys.executable, "-c", RUNNER, *(str(files[i]) for i in shared)],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=env,
            timeout=300,
        )
        assert proc.returncode == 0, proc.stderr[-3000:]
        for i, result in zip(shared, json.loads(proc.stdout), strict=True):
            outcome[i] = (result["stdout"], result["error"])
    for i in sorted(set(range(len(blocks))) - set(shared)):
        proc = subprocess.run(
            [sys.executable, files[i].name],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=env,
            timeout=300,
        )
        outcome[i] = (proc.stdout, proc.stderr[-3000:] if proc.returncode else None)
    for i, code in enumerate(blocks):
        where = f"{page.relative_to(ROOT)}, example {i + 1} of {len(blocks)}"
        printed, error = outcome[i]
        assert error is None, f"{where}:\n{error}"
        lines = [" ".join(line.split()) for line in printed.splitlines()]
        for line in _shown_output(code):
            shown = " ".join(line.split())
            if shown.endswith("..."):  # the start of a long line
                assert any(x.startswith(shown[:-3]) for x in lines), f"{where}: {line}"
            else:
                assert shown in lines, f"{where} does not print: {line}"


def test_docs_have_examples() -> None:
    assert len(_blocks()) >= 3
    assert _shown_output("print(x)\n# one\n# two\ny = 1\n# not output\n") == ["one", "two"]


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


def _commands(block: str) -> list[tuple[str, str]]:
    """The ``$`` commands of a transcript block, each with the output printed under it (up
    to the next ``$`` line or the block's end); a command continued with ``\\`` is one."""
    found: list[tuple[str, str]] = []
    command: str | None = None
    output: list[str] = []
    for line in block.splitlines():
        if command is not None and command.endswith("\\") and not output:
            command = f"{command[:-1].rstrip()} {line.strip()}"
        elif line.startswith("$ "):
            if command is not None:
                found.append((command, "".join(f"{x}\n" for x in output)))
            command, output = line, []
        elif command is not None:
            output.append(line)
    if command is not None:
        found.append((command, "".join(f"{x}\n" for x in output)))
    return found


def _transcripts() -> list[tuple[str, str, str, Path, int | None]]:
    """Every ``$ uno-rules ...`` command shown in a text block of the README and docs/,
    with the output printed under it (up to the next ``$`` line or the block's end), and
    the exit status a ``$ echo $?`` right after it shows (or ``None``)."""
    found = []
    for path in DOC_FILES:
        page = path.read_text(encoding="utf-8")
        for block in TEXT_BLOCK.findall(page):
            if not block.startswith("$ uno-rules"):
                continue
            commands = _commands(block)
            for i, (command, output) in enumerate(commands):
                if not command.startswith("$ uno-rules"):
                    continue
                if command.split()[2:3] == ["serve"]:
                    continue  # a server runs until stopped: its pages are tested on their own
                status = None
                if i + 1 < len(commands) and commands[i + 1][0] == "$ echo $?":
                    status = int(commands[i + 1][1].strip())
                where = f"{path.relative_to(ROOT)}: {command[2:]}"
                found.append((where, command, output, path, status))
    return found


@pytest.mark.parametrize(
    ("where", "command", "output", "page", "status"),
    _transcripts(),
    ids=[t[0] for t in _transcripts()],
)
def test_cli_transcripts_in_the_docs_are_current(
    where: str,
    command: str,
    output: str,
    page: Path,
    status: int | None,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pasted `uno-rules` transcript shows what the command prints today (a block may end
    with a line '...' to show only its start), and the exit status that a ``$ echo $?``
    after it shows. The command runs in a folder holding `examples/` and every file the
    same page shows in a YAML block that starts with a comment naming it (`# game.yaml`);
    `> FILE` sends the output to that file."""
    import shlex

    from uno_rules.cli import main

    for name, text in NAMED_FILE.findall(page.read_text(encoding="utf-8")):
        (tmp_path / name).write_text(f"# {name}\n{text}", encoding="utf-8")
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    words = shlex.split(command)[1:]
    redirect = words.index(">") if ">" in words else None
    code = main(words[1:redirect])
    if status is not None:
        assert code == status, f"{where}: exit status {code}, the page shows {status}"
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


def test_the_quickstart_shows_and_explains_the_exit_status_of_its_first_command() -> None:
    """The quick start's first command exits 1 by design (a move is refused): the page
    shows that status (checked above) and says what each status means."""
    page = ROOT / "docs" / "quickstart.md"
    shown = [t for t in _transcripts() if t[3] == page]
    assert shown and shown[0][4] == 1
    text = " ".join(page.read_text(encoding="utf-8").split())
    assert "exits with status 1 here, and that is by design: a move was refused" in text
    from uno_rules import cli

    for status in (cli.EXIT_OK, cli.EXIT_REJECTED, cli.EXIT_BAD_INPUT, cli.EXIT_INTERRUPTED):
        assert f"| {status} |" in text, status
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "exits 1 when a move is refused" in readme
    assert "docs/quickstart.md#exit-status" in readme


# A fenced block of the README or docs/ that is neither output nor commands: a diagram, a
# file tree, a file quoted whole (checked against the file by its own test), code in a
# language the docs do not run.
NOT_OUTPUT = {
    ("errors.md", "ValueError"),
    ("write-a-house-rule.md", "examples/house-rule-eight-skips/"),
    ("write-a-house-rule.md", '"""X01 Eights skip'),
    ("simulate.md", "from dask_jobqueue import SLURMCluster             # PBSCluster for PBS"),
}
# What a line that is a command to type starts with (a synopsis, an install line).
COMMAND_WORDS = ("uno-rules", "python ", "pip ", "UNO_RULES_COMPILE=", "PYTHONPATH=", "$ ")
# The commands whose output a page shows without comparing it: a benchmark's figures, which
# differ from run to run and machine to machine (docs/performance.md says how each was
# measured, and CI runs each benchmark).
MEASURED = re.compile(r"^\$ (?:PYTHONPATH=src )?python benchmarks/\w+\.py")
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.S | re.M)


def _unchecked_output(page: str, name: str) -> list[str]:
    """The output blocks of the page ``name`` (its text ``page``) that no test compares
    (see the test below)."""
    unchecked = []
    for kind, block in FENCE.findall(page):
        if kind not in ("text", "console", ""):
            continue
        lines = block.splitlines()
        first = lines[0] if lines else ""
        if first.startswith("$ "):
            for command, output in _commands(block):
                compared = (
                    command.startswith("$ uno-rules") and command.split()[2:3] != ["serve"]
                ) or command == "$ echo $?"
                if output.strip() and not compared and not MEASURED.match(command):
                    unchecked.append(f"{name}: output of {command[:60]}")
        elif any(
            name.endswith(f"/{page}") and first.startswith(start) for page, start in NOT_OUTPUT
        ):
            continue
        elif not all(
            line.startswith(COMMAND_WORDS) or line[:1] in (" ", "#") or not line.strip()
            for line in lines
        ):
            unchecked.append(f"{name}: a block of output: {first[:60]}")
    return unchecked


def test_every_output_block_in_the_docs_is_compared() -> None:
    """Every output a page shows is a ``$ uno-rules`` transcript, which the test above
    compares with what the command prints (a ``$ curl`` command shows no output: its page's
    test runs it against a server); a block that is only commands to type shows none. A
    benchmark's figures are the one output shown as measured."""
    found = [
        u
        for path in DOC_FILES
        for u in _unchecked_output(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert not found, found
    bare = "```text\nCan I put my Draw Two on the Draw Two you just played on me?\n```\n"
    curl = "```console\n$ curl -s x\n{}\n```\n"
    synopsis = "```text\nuno-rules rule FILE [--json]\n```\n"
    assert len(_unchecked_output(bare + curl + synopsis, "docs/x.md")) == 2


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
    shown = {" ".join(t[1].split()[1:3]) for t in _transcripts()}
    for verb in ("uno-rules rule", "uno-rules replay", "uno-rules simulate"):
        assert any(s.startswith(verb) for s in shown), verb
    for action in ("list", "check", "diff", "schema"):
        assert f"uno-rules presets {action}" in {
            " ".join(t[1].split()[1:4]) for t in _transcripts()
        }, action


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
        for page in (
            "rules.md",
            "house-rules.md",
            "no-mercy.md",
            "flip.md",
            "all-wild.md",
            "attack.md",
        )
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


RECORD_KEYS = {"rules", "players", "seed", "dealer", "moves", "title", "description"}


def test_game_records_shown_in_the_docs_replay() -> None:
    """A game record shown in a YAML block (a mapping of a record's keys with ``moves``)
    replays to the end, as ``uno-rules replay`` would check it; only a file the page names
    ``*-bad.yaml`` shows a refusal."""
    import yaml

    records = []
    for path in DOC_FILES:
        for block in re.findall(r"```ya?ml\n(.*?)```", path.read_text(encoding="utf-8"), re.S):
            data = yaml.safe_load(block)
            if block.startswith("# ") and block.split()[1].endswith("-bad.yaml"):
                continue
            if isinstance(data, dict) and "moves" in data and set(data) <= RECORD_KEYS:
                records.append((path.name, data))
    assert records
    for where, record in records:
        result = uno.replay(record)
        assert result.ok, (where, result.index, result.violation)


REFERENCE_LINK = re.compile(r"\[[^\]\n]*\]\[[^\]\n]*\]")


def _prose(doc: str) -> str:
    """A docstring as Markdown reads it, without its code: indented code blocks (lines
    indented 4 spaces after a blank line, as a doctest shown as code is) and inline code."""
    import inspect

    kept, code, blank = [], False, True
    for line in inspect.cleandoc(doc).splitlines():
        code = bool(line.startswith("    ") and (blank or code))
        blank = not line.strip()
        if not code:
            kept.append(line)
    return re.sub(r"``.*?``|`[^`]*`", "", "\n".join(kept))


def _docstrings(module: Any) -> list[tuple[str, str]]:
    import inspect

    found = [(module.__name__, module.__doc__ or "")]
    for name, value in vars(module).items():
        if getattr(value, "__module__", None) != module.__name__:
            continue
        found.append((f"{module.__name__}.{name}", inspect.getdoc(value) or ""))
        if inspect.isclass(value):
            for attr, member in vars(value).items():
                if callable(member) or isinstance(member, property):
                    found.append((f"{module.__name__}.{name}.{attr}", member.__doc__ or ""))
    return found


def test_docstrings_hold_no_text_markdown_reads_as_a_cross_reference() -> None:
    """The API reference renders docstrings as Markdown, where ``x[a][b]`` outside code is
    a reference link; mkdocs-autorefs then fails the strict build on an unknown target
    (``:2``, ``"code"``). A doctest the reference shows is an indented code block."""
    flagged = []
    for name in ["uno_rules", *MODULES]:
        module = importlib.import_module(name)
        for where, doc in _docstrings(module):
            flagged += [f"{where}: {m}" for m in REFERENCE_LINK.findall(_prose(doc))]
    assert not flagged, flagged


def _tools_module(name: str) -> Any:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.pop(0)


def test_generated_tables_are_written_into_the_pages_and_current() -> None:
    """The settings tables of docs/house-rules.md and the name tables of docs/reference.md
    are in the files themselves, as the code makes them today (regenerate them with
    ``python tools/write_docs_tables.py``)."""
    if uno.COMPILED:  # the tables quote docstrings, which compiled functions do not keep
        pytest.skip("the tables are generated from the pure package's docstrings")
    tables = _tools_module("write_docs_tables")
    pages = tables.pages()
    assert {p.name for p in pages} >= {"house-rules.md", "reference.md"}
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert text == tables.written(page), f"{page.name} is stale"
    house = (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8")
    assert "| `house_rules.stacking.enabled` | `true`, `false` | `false` |" in house
    assert tables.main(["--check"]) == 0


def test_the_reference_says_how_to_import_each_name() -> None:
    """Each name docs/reference.md lists is importable as its table says, as the object
    documented there; the first five headings hold the top-level package's names only."""
    text = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    sections = re.split(r"^## ", text, flags=re.M)[1:]
    rows = 0
    for number, section_text in enumerate(sections):
        for module in re.findall(r"^::: ([\w.]+)\n", section_text, re.M):
            names = re.findall(
                r"^\| `(\w+)` \| `([^`]+)` \|",
                section_text.split(f"::: {module}\n", 1)[1].split(":::", 1)[0],
                re.M,
            )
            assert names, module
            for name, how in names:
                rows += 1
                documented = getattr(importlib.import_module(module), name)
                if how.startswith("uno."):
                    assert how == f"uno.{name}" and getattr(uno, name) is documented
                else:
                    assert number >= 5, f"{name} is not in the top-level package"
                    found: dict[str, Any] = {}
                    exec(how, found)
                    assert found[name] is documented, how
    assert rows >= 60
    for name in ("describe_event", "card_name", "make_record", "preset_schema"):
        assert name in uno.__all__ and callable(getattr(uno, name))


def test_the_dispute_pages_are_in_vietnamese_and_tagalog_with_that_languages_output() -> None:
    """docs/vi and docs/tl hold the quick start and the disputes page, in the site's nav,
    and the transcripts they show are of ``--lang vi`` / ``--lang tl`` (checked against the
    real output above); the English pages link to them."""
    import yaml

    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for lang, ruling in (("vi", "hợp lệ (B7.3)"), ("tl", "tama (B7.3)")):
        for page in ("quickstart.md", "disputes.md"):
            path = ROOT / "docs" / lang / page
            assert f"{lang}/{page}" in nav
            assert f"({lang}/{page})" in (ROOT / "docs" / page).read_text(encoding="utf-8")
            shown = [t[1] for t in _transcripts() if t[3] == path]
            assert shown and all(c.startswith(f"$ uno-rules --lang {lang} ") for c in shown)
            assert ruling in path.read_text(encoding="utf-8")
    assert "Tiếng Việt" in yaml.safe_load(nav.replace("!!python", "")).__repr__()


def _key_tables(page: Path) -> list[set[str]]:
    """The keys of each ``| Key | Content |`` table of ``page``, in order."""
    tables = []
    for table in re.findall(
        r"^\| Key \| Content \|\n\|---\|---\|\n((?:\|.*\n)+)", _read(page), re.M
    ):
        tables.append(set(re.findall(r"^\| `(\w+)` \|", table, re.M)))
    return tables


def _read(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def test_the_json_tables_of_the_disputes_page_name_every_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """docs/disputes.md lists every key of ``rule --json`` (the object, a ruling, a table)
    and of ``replay --json``, and no key they lack."""
    from uno_rules.cli import main

    top, ruling, table, replayed = _key_tables(ROOT / "docs" / "disputes.md")[:4]
    example = ROOT / "examples" / "stacking-plus2-on-plus2.yaml"
    main(["rule", str(example), "--preset", "official", "--preset", "family", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert set(out) == top
    assert {k for r in out["rulings"]["official"] for k in r} == ruling
    assert set(out["start"]["official"]) == table
    record = tmp_path / "game.yaml"
    record.write_text(json.dumps(uno.make_record("official", 2, 1, ["0 draw"])))
    main(["replay", str(record), "--json"])
    done = json.loads(capsys.readouterr().out)
    assert set(done) == replayed
    assert set(done["table"]) == table - {"text"}


def test_every_bundled_preset_is_in_the_readme_and_the_presets_table() -> None:
    readme = " ".join(_read(ROOT / "README.md").split())
    listed = readme.split("Bundled presets:", 1)[1].split("## ", 1)[0]
    table = _read(ROOT / "docs" / "presets.md").split("## The bundled presets", 1)[1]
    for name in uno.preset_names():
        assert f"`{name}`" in listed, name
        assert f"\n| `{name}` |" in table, name


def test_the_readme_stays_as_short_as_it_was() -> None:
    """The README is the first page a person reads: it grows no longer (move detail to
    docs/ instead)."""
    assert len(_read(ROOT / "README.md").splitlines()) <= 237


INSTALL = re.compile(r"pip install((?: +[^\s`|)]+)+)")
# What a pip install line may install, as written: this project from a path (the clone,
# ".[extra]", a folder of it, a wheel file, "FILE.whl[extra]"), or another project by
# name, which a package index has. This project is on no package index: never by name.
LOCAL = re.compile(r"""^["']?(?:\.|\./[\w./-]*|[\w./*-]*\.whl|FILE\.whl)(?:\[([\w,]+)\])?["']?$""")
THIS_PROJECT = re.compile(r"^[\"']?uno[-_]rules\b", re.I)


def _install_problems(text: str, where: str) -> list[str]:
    """The install lines of ``text`` that would not work as written for someone holding a
    clone or a built wheel: this project named on a package index, or an extra it lacks."""
    import tomllib

    extras = set(tomllib.loads(_read(ROOT / "pyproject.toml"))["project"]["optional-dependencies"])
    problems = []
    for match in INSTALL.finditer(text):
        for word in match.group(1).split():
            if word in ("&&", "||", ";") or word.startswith("#"):
                break  # the end of the command
            if word.startswith(("-", "{")):
                continue  # an option, or a message's placeholder
            local = LOCAL.match(word)
            if THIS_PROJECT.match(word):
                problems.append(f"{where}: {word} (not on a package index)")
            elif local and local.group(1) and not set(local.group(1).split(",")) <= extras:
                problems.append(f"{where}: {word} (no such extra)")
    return problems


def test_every_install_line_works_for_a_clone_or_a_wheel() -> None:
    """Every ``pip install`` the docs, the package's messages (and their translations), the
    build hook and the benchmarks give installs from a path or installs other projects by
    name: never this project by name (``pip install "uno-rules[rl]"`` fails in a fresh
    environment), never an extra it lacks. The messages of a missing extra name its
    requirements, read from the installed metadata, exactly as pyproject.toml has them."""
    import tomllib

    from uno_rules._extras import install_line

    files = [
        *DOC_FILES,
        *sorted((ROOT / "src" / "uno_rules").rglob("*.py")),
        *sorted((ROOT / "src" / "uno_rules" / "locale").rglob("*.po*")),
        *sorted((ROOT / "benchmarks").glob("*.py")),
        ROOT / "hatch_build.py",
    ]
    lines = 0
    problems = []
    for path in files:
        text = _read(path)
        lines += len(INSTALL.findall(text))
        problems += _install_problems(text, str(path.relative_to(ROOT)))
    assert not problems, problems
    assert lines >= 20
    assert _install_problems('pip install "uno-rules[serve]"', "x") == [
        'x: "uno-rules[serve]" (not on a package index)'
    ]
    assert _install_problems('python -m pip install ".[nope]"', "x") == [
        'x: ".[nope]" (no such extra)'
    ]
    assert _install_problems('python -m pip install ".[rl]" dist/uno_rules-0.1.0.whl', "x") == []
    wanted = tomllib.loads(_read(ROOT / "pyproject.toml"))["project"]["optional-dependencies"]
    for extra in ("serve", "postgres", "rl", "cluster"):
        said = install_line(extra).removeprefix("python -m pip install ")
        named = [w.strip('"') for w in said.split()]
        assert sorted(n.replace(" ", "") for n in named) == sorted(
            r.replace(" ", "") for r in wanted[extra]
        ), extra


def test_the_release_steps_are_written_and_the_version_is_one_number() -> None:
    """docs/contributing.md says how a release is cut (the versioning policy, the changelog's
    sections, the tag, the artifacts and the compiled wheels), and the two places the
    version is written agree."""
    import tomllib

    page = " ".join(_read(ROOT / "docs" / "contributing.md").split())
    section = page.split("## Cutting a release", 1)[1]
    for words in (
        "semantic versioning",
        "a changed ruling counts as a breaking change",
        "## X.Y.Z - YYYY-MM-DD",
        "### Changed rulings: ...",
        "git tag -a vX.Y.Z",
        "python -m pip install build && python -m build",
        "py3-none-any.whl",
        "cibuildwheel",
        'environment = { UNO_RULES_COMPILE = "1" }',
    ):
        assert words in section, words
    version = tomllib.loads(_read(ROOT / "pyproject.toml"))["project"]["version"]
    assert uno.__version__ == version


def test_the_house_rule_page_lists_every_hook_with_its_signature() -> None:
    """docs/write-a-house-rule.md lists each hook of HouseRule with its signature as the
    code has it, so an author reads what the engine calls."""
    import inspect

    from uno_rules.rules.hooks import HouseRule

    page = (ROOT / "docs" / "write-a-house-rule.md").read_text(encoding="utf-8")
    hooks = [n for n, v in vars(HouseRule).items() if callable(v) and not n.startswith("_")]
    assert len(hooks) > 20
    for name in hooks:
        signature = str(inspect.signature(getattr(HouseRule, name))).replace("'", "")
        assert f"- `{name}{signature}`:" in page, name
