"""Write the generated tables into the docs pages, so that they read as files too (in an
editor, on a code host) and not only once built:

- docs/house-rules.md (and any page with a ``<!-- params: PATH -->`` marker): the settings
  table of each marker, up to ``<!-- /params -->``;
- docs/reference.md: under each ``::: module`` directive, a table of the names it documents
  (how to import each, and the first sentence of its docstring), between ``<!-- names -->``
  and ``<!-- /names -->``.

The docs build writes the settings tables afresh and drops the name tables (it shows the
docstrings themselves), and tests/test_docs.py fails when a page's tables are stale.

Run from the repository's root: ``python tools/write_docs_tables.py`` rewrites the pages;
``--check`` only lists the stale ones (exit status 1).
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import docs_hooks  # the hook's own tables, beside this file

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
DIRECTIVE = re.compile(r"^::: ([\w.]+)\n((?:    .*\n)*)", re.M)
MEMBERS = re.compile(r"members: \[([^\]]*)\]")
ROLE = re.compile(r":\w+:`(~?)([\w.]+)`")


def with_params(text: str) -> str:
    """``text`` with the table of each ``<!-- params: ... -->`` marker written under it."""
    bare = docs_hooks.PARAMS_REGION.sub(lambda m: m.group(0).split("\n", 1)[0].rstrip(), text)
    return docs_hooks.MARKER.sub(
        lambda m: f"{m.group(0)}\n{docs_hooks.table(m.group(1), m.group(2))}<!-- /params -->",
        bare,
    )


def summary(obj: Any) -> str:
    """The first sentence of ``obj``'s docstring, as Markdown for a table cell."""
    doc = inspect.getdoc(obj) or ""
    first = " ".join(doc.split("\n\n", 1)[0].split())
    sentence = re.split(r"(?<=\.)\s(?=[A-Z(`])", first, maxsplit=1)[0].rstrip(":")
    sentence = ROLE.sub(lambda m: f"`{_target(m.group(1), m.group(2))}`", sentence)
    return sentence.replace("``", "`").replace("|", "\\|")


def _target(short: str, target: str) -> str:
    """A cross-reference's target as the docs print it (``~`` keeps the last part)."""
    return target.rsplit(".", 1)[-1] if short else target.removeprefix("uno_rules.")


def import_line(module: str, name: str) -> str:
    """How a user imports ``name`` of ``module``: from the top-level package when it is
    there (the same object), else from the module."""
    import uno_rules

    obj = getattr(importlib.import_module(module), name)
    if name in uno_rules.__all__ and getattr(uno_rules, name) is obj:
        return f"`uno.{name}`"
    return f"`from {module} import {name}`"


def names_table(module: str, options: str) -> str:
    found = MEMBERS.search(options)
    loaded = importlib.import_module(module)
    names = [n.strip() for n in found.group(1).split(",")] if found else list(loaded.__all__)
    rows = ["| name | import | what it is |", "|---|---|---|"]
    for name in names:
        obj = getattr(loaded, name)
        rows.append(f"| `{name}` | {import_line(module, name)} | {summary(obj)} |")
    return "\n".join(rows) + "\n"


def with_names(text: str) -> str:
    """``text`` (docs/reference.md) with a names table under each ``:::`` directive."""
    bare = re.sub(r"\n" + docs_hooks.NAMES_REGION.pattern, "", text, flags=re.S)
    return DIRECTIVE.sub(
        lambda m: (
            f"{m.group(0)}\n<!-- names -->\n{names_table(m.group(1), m.group(2))}<!-- /names -->\n"
        ),
        bare,
    )


def written(path: Path) -> str:
    """What ``path`` holds with its tables current."""
    text = path.read_text(encoding="utf-8")
    if path.name == "reference.md":
        text = with_names(text)
    return with_params(text)


def pages() -> list[Path]:
    return [
        path
        for path in sorted(DOCS.rglob("*.md"))
        if path.name == "reference.md" or docs_hooks.MARKER.search(path.read_text("utf-8"))
    ]


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path in pages():
        text = written(path)
        if text != path.read_text(encoding="utf-8"):
            stale.append(path.relative_to(ROOT).as_posix())
            if not check:
                path.write_text(text, encoding="utf-8")
    verb = "stale (run python tools/write_docs_tables.py)" if check else "rewritten"
    for name in stale:
        print(f"{name}: {verb}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
