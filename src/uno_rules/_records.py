"""A small base for frozen value classes that are cheap to define.

Violations and events are many small classes; building each with ``attrs`` costs about a
millisecond at import, which the command line feels. :class:`Record` gives them keyword
construction, immutability, equality, hashing and a readable ``repr`` from their
annotations, with almost no cost at class creation. Type checkers see the constructor
through ``dataclass_transform``.
"""

from __future__ import annotations

import inspect
from typing import Any, ClassVar, TypeVar, dataclass_transform

import attrs

__all__ = ["Record", "record_fields", "replace"]

_MISSING = object()


@dataclass_transform(frozen_default=True)
class Record:
    """Base of frozen records. Fields are the annotated names (``ClassVar`` excluded);
    positional arguments fill them in order, keywords by name."""

    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}

    _kw_only: ClassVar[bool] = False

    def __init_subclass__(cls, kw_only: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._kw_only = kw_only or cls._kw_only
        cls.__init__ = Record.__init__  # type: ignore[method-assign]  # each class compiles its own
        fields = list(cls._fields)
        defaults = dict(cls._defaults)
        for name, note in inspect.get_annotations(cls).items():
            if str(note).startswith(("ClassVar", "typing.ClassVar")):
                continue
            if name not in fields:
                fields.append(name)
            if name in cls.__dict__:
                defaults[name] = cls.__dict__[name]
                delattr(cls, name)
        cls._fields = tuple(fields)
        cls._defaults = defaults
        # ``case CardPlayed(seat, card)`` matches positionally, as with a dataclass:
        # keyword-only records match by keyword only.
        setattr(cls, "__match_args__", () if cls._kw_only else cls._fields)  # noqa: B010

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # The first instance of each class compiles a plain __init__ for it (so defining
        # a class costs nothing and building an instance costs what attrs' would).
        cls = type(self)
        cls.__init__ = _compile_init(cls)  # type: ignore[method-assign]
        cls.__init__(self, *args, **kwargs)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in self._fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._values()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields)
        return f"{type(self).__name__}({inner})"


def _compile_init(cls: type[Record]) -> Any:
    """Source-generate ``cls.__init__``: keyword-only when the class says so, defaults
    from the class body, then ``__post_init__`` if there is one."""
    params = []
    body = []
    namespace: dict[str, Any] = {"_defaults": cls._defaults}
    if cls._fields:
        # Written straight into the instance dict (__setattr__ refuses): about half the
        # cost of object.__setattr__ per field, and events are built on every move.
        body.append("    values = self.__dict__")
    for name in cls._fields:
        if name in cls._defaults:
            params.append(f"{name}=_defaults[{name!r}]")
        else:
            params.append(name)
        body.append(f"    values[{name!r}] = {name}")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    star = "*, " if cls._kw_only else ""  # otherwise defaults come last, as in a dataclass
    source = f"def __init__(self, {star}{', '.join(params)}):\n" + "\n".join(body or ["    pass"])
    exec(source, namespace)
    return namespace["__init__"]


def record_fields(record: Record | type[Record]) -> tuple[str, ...]:
    """The field names of a record or record class, in order."""
    return record._fields


T = TypeVar("T")


def replace(record: T, **changes: Any) -> T:
    """A copy of ``record`` with ``changes``: the one way the package derives a changed
    value, for its records and for its ``attrs`` classes (a pending penalty, rules
    sections) alike. (A :class:`~uno_rules.GameState` is a named tuple: a move's new state is
    built by :func:`uno_rules.rules.builder.moved_state`.)"""
    if isinstance(record, Record):
        values = {f: getattr(record, f) for f in record._fields}
        values.update(changes)
        return type(record)(**values)

    changed: T = attrs.evolve(record, **changes)  # type: ignore[misc]  # an attrs instance
    return changed
