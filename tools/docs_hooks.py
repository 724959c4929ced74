"""MkDocs hook: parameter tables generated from the rules model, and card pictures drawn by
``uno_rules.svg``, so neither can drift from the code.

A page writes ``<!-- params: house_rules.stacking -->`` (a path in the rules model, or
``.`` for the top level; ``<!-- params: .:hand_size,max_players -->`` keeps only those
fields), then the table of that section's settings, then ``<!-- /params -->``: name,
allowed values or range, default, meaning and clause, read from the ``attrs`` fields of
:class:`uno_rules.Rules` and their metadata. ``python tools/write_docs_tables.py`` writes
the tables into the pages (a test fails when one is stale), and the build writes them
afresh, so neither the file nor the site can drift from the code.

``<!-- svg: card R+2 -->``, ``<!-- svg: hand R5 Gskip W -->`` and
``<!-- svg: table FILE SEAT -->`` (a dispute file from the repository, drawn as SEAT sees
its table before the first move) are replaced by the picture itself, inline.

``<!-- screenshot: NAME ALT -->`` shows ``docs/screenshots/NAME`` when the browser test has
saved it there (CI runs it with ``UNO_RULES_SCREENSHOTS=docs/screenshots`` before building
the documentation), and says how to make it otherwise.
"""

from __future__ import annotations

import re
import types
import typing
from enum import Enum
from pathlib import Path
from typing import Any

import attrs

from uno_rules.clauses import CLAUSES, clause_anchor
from uno_rules.presets import rules_with_installed
from uno_rules.rules import Rules

MARKER = re.compile(r"<!--\s*params:\s*([\w.]+)(?::([\w,]+))?\s*-->")
# A marker and the table written under it (``python tools/write_docs_tables.py``), up to
# ``<!-- /params -->``: the page reads as a file too, and the build writes the table afresh.
PARAMS_REGION = re.compile(MARKER.pattern + r"\n(?:.*?\n)?<!-- /params -->", re.S)
# docs/reference.md: under each ``:::`` directive, a table of the names it documents (for
# a reader of the file; the build shows the docstrings themselves instead).
NAMES_REGION = re.compile(r"<!-- names -->\n(?:.*?\n)?<!-- /names -->\n?", re.S)
PICTURE = re.compile(r"<!--\s*svg:\s*(card|hand|table)\s+([^>]*?)\s*-->")
SCREENSHOT = re.compile(r"<!--\s*screenshot:\s*(\S+)\s+(.*?)\s*-->")
ROOT = Path(__file__).resolve().parents[1]


def section(path: str) -> tuple[type, Any]:
    """The attrs class and default value at ``path`` in the rules model."""
    cls: Any = Rules
    value: Any = rules_with_installed()  # installed house rules have tables too
    if path != ".":
        for name in path.split("."):
            value = getattr(value, name)
            cls = type(value)
    return cls, value


def describe_type(tp: Any, meta: dict[str, Any]) -> str:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        inner = [t for t in typing.get_args(tp) if t is not type(None)]
        return describe_type(inner[0], meta) + " or `null`"
    if origin is tuple:
        return "list of " + describe_type(typing.get_args(tp)[0], meta)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return ", ".join(f"`{m.value}`" for m in tp)
    if tp is bool:
        return "`true`, `false`"
    if tp is int:
        lo, hi = meta.get("min"), meta.get("max")
        return f"integer {lo}..{hi}" if lo is not None else "integer"
    if attrs.has(tp):
        return "section (below)"
    return "text"


def show(value: Any) -> str:
    if isinstance(value, Enum):
        return f"`{value.value}`"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if value is None:
        return "`null`"
    if isinstance(value, tuple):
        return "`[" + ", ".join(v.value if isinstance(v, Enum) else str(v) for v in value) + "]`"
    if attrs.has(type(value)):
        return "(section)"
    return f"`{value}`"


def table(path: str, only: str | None = None) -> str:
    """The settings table of the section at ``path`` (only the fields in ``only``, a
    comma-separated list, when given)."""
    cls, default = section(path)
    wanted = None if only is None else only.split(",")
    hints = typing.get_type_hints(cls)
    prefix = "" if path == "." else path + "."
    rows = [
        "| setting | values | default | meaning | clause |",
        "|---|---|---|---|---|",
    ]
    for a in attrs.fields(cls):
        if wanted is not None and a.name not in wanted:
            continue
        meta = dict(a.metadata)
        rows.append(
            f"| `{prefix}{a.name}` | {describe_type(hints[a.name], meta)} | "
            f"{show(getattr(default, a.name))} | {meta.get('doc', '')} | "
            f"{meta.get('clause', '')} |"
        )
    return "\n".join(rows) + "\n"


def picture(kind: str, spec: str) -> str:
    """The SVG for a ``<!-- svg: KIND SPEC -->`` marker, on one line (Markdown keeps it as
    raw HTML)."""
    import yaml

    import uno_rules as uno
    from uno_rules.dispute import DISPUTE_KEYS, start_table
    from uno_rules.svg import card_svg, hand_svg, state_svg

    if kind == "card":
        return card_svg(spec)
    if kind == "hand":
        return hand_svg(uno.parse_cards(spec))
    path, seat = spec.rsplit(" ", 1)
    data = yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))
    table = {k: v for k, v in data.items() if k not in DISPUTE_KEYS}
    return state_svg(start_table(table, data.get("deal"))[0], int(seat))


def screenshot(name: str, alt: str) -> str:
    """An image of the dispute page if the browser test has taken it, else a note."""
    if (ROOT / "docs" / "screenshots" / name).is_file():
        return f"![{alt}](screenshots/{name})"
    return (
        f"*({alt}: the screenshot `screenshots/{name}` is taken by the browser test, "
        "`UNO_RULES_SCREENSHOTS=docs/screenshots python -m pytest -m browser`, "
        "before the documentation is built.)*"
    )


# ``<!-- clauses: official -->`` (docs/rules.md) and ``<!-- clauses: house -->``
# (docs/house-rules.md) become an index with an anchor per clause id (``#b5-1``), the
# anchors that ``uno_rules.clauses.clause_link`` and rulings point at.
CLAUSE_MARKER = re.compile(r"<!--\s*clauses:\s*(official|house)\s*-->")
CLAUSE_ID = re.compile(r"(?<![\w.#-])([BAHTE]\d+(?:\.\d+)?)(?![\w.]?\d)")
DOCS = Path(__file__).resolve().parents[1] / "docs"


def clause_ids(which: str) -> list[str]:
    """The clause ids of one page's families (house: H, T, E; official: the others) that
    the two rules pages mention or that the code cites, in clause order."""
    house = which == "house"
    found = set(CLAUSES)
    for page in ("rules.md", "house-rules.md"):
        text = re.sub(r"```.*?```", "", (DOCS / page).read_text(encoding="utf-8"), flags=re.S)
        found |= set(CLAUSE_ID.findall(text))
    for path in (DOCS.parent / "src" / "uno_rules").rglob("*.py"):
        found |= set(re.findall(r'"([BAHTE]\d+(?:\.\d+)?)"', path.read_text(encoding="utf-8")))
    # an edition's own page lists its two-letter clauses (AW: docs/all-wild.md, AT)
    ids = [c for c in found if (c[0] in "HTE") == house and c[1].isdigit()]

    def order(clause: str) -> tuple[str, tuple[int, ...]]:
        return clause[0], tuple(int(n) for n in clause[1:].split("."))

    return sorted(ids, key=order)


def clause_index(which: str) -> str:
    rows = ["| clause | in one sentence |", "|---|---|"]
    for clause in clause_ids(which):
        text = CLAUSES.get(clause, "described on this page")
        rows.append(f'| <a id="{clause_anchor(clause)}"></a>{clause} | {text} |')
    return "\n".join(rows) + "\n"


def on_page_markdown(markdown: str, **_: Any) -> str:
    markdown = CLAUSE_MARKER.sub(lambda m: clause_index(m.group(1)), markdown)
    markdown = PARAMS_REGION.sub(lambda m: table(m.group(1), m.group(2)).rstrip("\n"), markdown)
    markdown = MARKER.sub(lambda m: table(m.group(1), m.group(2)), markdown)
    markdown = NAMES_REGION.sub("", markdown)
    markdown = SCREENSHOT.sub(lambda m: screenshot(m.group(1), m.group(2)), markdown)
    return PICTURE.sub(lambda m: picture(m.group(1), m.group(2)), markdown)
