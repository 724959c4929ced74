"""Field metadata shared by the rule parameter classes (docs, clause ids, ranges)."""

from __future__ import annotations

from typing import Any


def meta(doc: str, clause: str, lo: int | None = None, hi: int | None = None) -> dict[str, Any]:
    """Metadata for a rules field: a one-line ``doc``, the ``docs/rules.md`` ``clause`` it
    settles, and for numbers the allowed range ``min`` .. ``max``."""
    out: dict[str, Any] = {"doc": doc, "clause": clause}
    if lo is not None:
        out["min"] = lo
    if hi is not None:
        out["max"] = hi
    return out
