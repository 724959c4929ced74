"""MkDocs hook: parameter tables generated from the rules model, so they cannot drift.

A page writes ``<!-- params: house_rules.stacking -->`` (a path in the rules model, or
``.`` for the top level; ``<!-- params: .:hand_size,max_players -->`` keeps only those
fields) and the build replaces it with a table of that section's settings:
name, allowed values or range, default, meaning and clause, read from the ``attrs`` fields
of :class:`uno_rules.Rules` and their metadata.
"""

from __future__ import annotations

import re
import types
import typing
from enum import Enum
from typing import Any

import attrs

from uno_rules.presets import rules_with_installed
from uno_rules.rules import Rules

MARKER = re.compile(r"<!--\s*params:\s*([\w.]+)(?::([\w,]+))?\s*-->")


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


def on_page_markdown(markdown: str, **_: Any) -> str:
    return MARKER.sub(lambda m: table(m.group(1), m.group(2)), markdown)
