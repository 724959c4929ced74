"""Field metadata shared by the rule parameter classes (docs, clause ids, ranges), and the
one immutable mapping a rules value may hold."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, TypeVar

__all__ = ["FrozenDict", "meta"]

K = TypeVar("K")
V = TypeVar("V")


def meta(doc: str, clause: str, lo: float | None = None, hi: float | None = None) -> dict[str, Any]:
    """Metadata for a rules field: a one-line ``doc``, the ``docs/rules.md`` ``clause`` it
    settles, and for numbers the allowed range ``min`` .. ``max``."""
    out: dict[str, Any] = {"doc": doc, "clause": clause}
    if lo is not None:
        out["min"] = lo
    if hi is not None:
        out["max"] = hi
    return out


class FrozenDict(Mapping[K, V]):
    """An immutable, hashable mapping: what a rules field written as a mapping holds
    (``deck_counts``, a rule parameter typed ``Mapping[str, int]``), so that a
    :class:`~uno_rules.Rules` value stays frozen and hashable. Equal to a ``dict`` with the
    same items."""

    __slots__ = ("_hash", "_items")

    def __init__(self, items: Mapping[K, V] | None = None) -> None:
        self._items: dict[K, V] = dict(items or {})
        self._hash: int | None = None

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._items.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self._items == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenDict({self._items!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (self._items,))
