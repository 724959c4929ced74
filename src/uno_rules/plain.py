"""The one converter from library values to plain JSON/YAML types.

Cards become their text, enums their values, tuples and lists lists, sets sorted lists, and
``attrs`` values (rules sections, penalties) mappings of their fields. Events, violations,
snapshots and ``Rules.to_dict()`` all go through :func:`plain`.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

import attrs

from .cards import Card
from .kinds import Step, step_to_plain

__all__ = ["plain"]


def plain(value: Any) -> Any:
    """``value`` as plain JSON types (see the module docstring)."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Step):
        return step_to_plain(value)
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(plain(v) for v in value)
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if attrs.has(type(value)):
        return {a.name: plain(getattr(value, a.name)) for a in attrs.fields(type(value))}
    return value
