"""Input budgets: how much a document handed to the library may cost to read.

Every document the library reads (a preset, a table description, a game record, a state
snapshot), whether YAML text or a mapping built in memory, is measured against a
:class:`Budget` before anything else looks at it: its size in bytes, its nesting depth,
its values and characters counted after YAML aliases are expanded, its number of mapping
keys and the digits of its integers. A document over a limit is refused with one problem
that names the limit; a document that contains itself (a YAML anchor used inside itself, a
mapping that holds itself) is refused too. The limits are far above what any real
document needs and low enough that reading what passes costs bounded time and memory; the
work a document asks for (moves to replay, rulings, pictures) is bounded too.

This module imports nothing heavy: the engine and the command line may use it freely.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any, NamedTuple, TypeVar

from .errors import Problem
from .i18n import N_

__all__ = [
    "MAX_PICTURES",
    "MAX_RECORD_MOVES",
    "MAX_RECORD_WORK",
    "MAX_RULINGS",
    "PRESET",
    "RECORD",
    "SNAPSHOT",
    "TABLE",
    "Budget",
    "brief",
    "drop_unreferenced",
    "over_budget",
]


class Budget(NamedTuple):
    """The limits for one kind of document (``what`` names it in messages: an English
    message id of the catalogs, said in the caller's language)."""

    what: str
    max_bytes: int  # the file, or the text, in bytes (characters for text)
    max_depth: int  # nested mappings and lists
    max_values: int  # every value (scalars, mappings, lists), aliases expanded
    max_chars: int  # the characters of every scalar, aliases expanded
    max_keys: int  # mapping keys, all mappings together
    max_digits: int = 100  # the decimal digits of an integer


_MIB = 1024 * 1024
PRESET = Budget(N_("preset"), 256 * 1024, 20, 20_000, 1 * _MIB, 5_000)
TABLE = Budget(N_("table description"), 1 * _MIB, 20, 20_000, 1 * _MIB, 5_000)
RECORD = Budget(N_("game record"), 8 * _MIB, 20, 300_000, 8 * _MIB, 10_000)
SNAPSHOT = Budget(N_("state snapshot"), 1 * _MIB, 20, 50_000, 4 * _MIB, 5_000)

# What a document may ask for, beyond its size: the work it requests. A game record
# replays at most MAX_RECORD_MOVES entries; a dispute is ruled at most MAX_RULINGS times
# (its moves times the presets it is ruled under); ``rule --svg`` draws at most
# MAX_PICTURES pictures (two a ruling). Within these, every entry point costs under two
# seconds of CPU time for an input of 1 MB (docs/formats.md, input limits).
MAX_RECORD_MOVES = 50_000
# ... and its moves do at most this much work (``record.move_work``: a unit for each move,
# event and card moved, drawn, turned or looked through), since a rule set's own kinds may
# move every hand many times a play; a record of any bundled preset at the move limit does
# far less (under half of it, in random games: tests/hardening/test_record_work.py).
MAX_RECORD_WORK = 1_000_000
MAX_RULINGS = 10_000
MAX_PICTURES = 1_000


def brief(value: Any, limit: int = 60, _depth: int = 0) -> str:
    """``repr(value)`` cut to about ``limit`` characters, at bounded cost: what an error
    message may quote of a value (a huge or self-containing value is never rendered in
    full)."""
    if isinstance(value, str):
        text = repr(value[: limit + 1])
    elif isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > 200:
            return f"an integer of about {int(value.bit_length() * 0.30103)} digits"
        text = repr(value)
    elif isinstance(value, (Mapping, list, tuple, set, frozenset)):
        kind = type(value).__name__
        if len(value) > 8 or _depth >= 2:
            return f"a {kind} of {len(value)} items"
        return _small(value, limit, _depth + 1)
    else:
        try:
            text = repr(value)
        except Exception:  # a repr that fails says nothing useful anyway
            text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _small(value: Any, limit: int, depth: int) -> str:
    """A short container: its items briefly, two levels deep at most."""
    if isinstance(value, Mapping):
        inner = ", ".join(f"{brief(k, 20, depth)}: {brief(v, 20, depth)}" for k, v in value.items())
        text = "{" + inner + "}"
    else:
        parts = [brief(v, 20, depth) for v in value]
        text = ("[" if isinstance(value, list) else "(") + ", ".join(parts)
        text += "]" if isinstance(value, list) else ")"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def over_budget(value: Any, budget: Budget, where: str = "") -> Problem | None:
    """The first limit of ``budget`` that the in-memory document ``value`` exceeds (a
    problem text naming the limit), or ``None``. Stops as soon as a limit is passed, so it
    costs at most about ``budget.max_values`` steps; refuses a container that holds itself.
    A value shared by several containers (a YAML alias) counts at every place it appears.
    The problem is found at ``where`` (none when empty).
    """

    def problem(message: str, count: int) -> Problem:
        return Problem(where, message, {"what": (budget.what, {}), "count": count})

    values = chars = keys = 0
    # (container, depth) pairs still to visit; ``path`` holds the containers open above
    # each one, by id, to find a container inside itself.
    stack: list[tuple[Any, int, frozenset[int]]] = [(value, 1, frozenset())]
    while stack:
        item, depth, above = stack.pop()
        values += 1
        if values > budget.max_values:
            return problem(_VALUES, budget.max_values)
        if isinstance(item, str):
            chars += len(item)
            if chars > budget.max_chars:
                return problem(
                    N_("the {what} holds more than {count} characters of text (the text limit)"),
                    budget.max_chars,
                )
            continue
        if isinstance(item, int) and not isinstance(item, bool):
            # bit_length, not str(): converting a huge integer to text is the slow part; the
            # exact comparison is made only near the limit
            bits = item.bit_length()
            if bits > budget.max_digits * 3.33 or (
                bits > budget.max_digits * 3.32 and abs(item) >= 10**budget.max_digits
            ):
                return _at(
                    problem(
                        N_("an integer has more than {count} digits (the integer limit)"),
                        budget.max_digits,
                    ),
                    value,
                    item,
                )
            continue
        if not isinstance(item, (Mapping, list, tuple)):
            continue
        if id(item) in above:
            return problem(N_("the {what} contains itself (a recursive structure)"), 0)
        if depth > budget.max_depth:
            return problem(
                N_("the {what} is nested more than {count} levels deep (the depth limit)"),
                budget.max_depth,
            )
        inside = above | {id(item)}
        if isinstance(item, Mapping):
            keys += len(item)
            if keys > budget.max_keys:
                return problem(
                    N_("the {what} has more than {count} keys (the key limit)"), budget.max_keys
                )
            for k, v in item.items():
                stack.append((k, depth + 1, inside))
                stack.append((v, depth + 1, inside))
        else:
            if len(item) > budget.max_values:
                return problem(_VALUES, budget.max_values)
            for v in item:
                stack.append((v, depth + 1, inside))
    return None


_VALUES = N_("the {what} holds more than {count} values (the value limit)")


def _at(problem: Problem, root: Any, target: object) -> Problem:
    """``problem`` of the value ``target`` found inside ``root``, at its path there
    (``seed``, ``moves[3]``, ``penalty.amount``): looked for only once a limit is passed, so
    a document within its limits costs nothing more. A key that is not text, or a key
    itself too big, leaves the problem where it was."""
    stack: list[tuple[Any, str]] = [(root, "")]
    seen: set[int] = set()
    while stack:
        item, path = stack.pop()
        if item is target:
            if not path:
                return problem
            where = f"{problem.where}: {path}" if problem.where else path
            return Problem(where, problem.message, problem.facts)
        if id(item) in seen or not isinstance(item, (Mapping, list, tuple)):
            continue
        seen.add(id(item))
        if isinstance(item, Mapping):
            for k, v in item.items():
                if isinstance(k, str) and len(k) <= 60:
                    stack.append((v, f"{path}.{k}" if path else k))
        else:
            stack.extend((v, f"{path}[{i}]") for i, v in enumerate(item))
    return problem


def not_a_seat(players: int, seat: object) -> Problem:
    """The problem of a ``seat`` asked of a table of ``players`` that is not one of its
    seats (``uno.view``, ``uno.legal_moves``)."""
    return Problem(
        "seat", N_("expected 0 to {last}, got {got}"), {"last": players - 1, "got": brief(seat)}
    )


def _held_by_table_only() -> int:
    """What ``sys.getrefcount`` says, in :func:`drop_unreferenced`'s own expression, of a
    value that only its table holds (the interpreter's own count varies with its version)."""
    probe = {0: object()}
    return sys.getrefcount(probe[0])


_K = TypeVar("_K")
_V = TypeVar("_V")


def drop_unreferenced(table: dict[_K, _V]) -> int:
    """Drop the entries of ``table`` whose value nothing but ``table`` holds, and say how
    many. An interning table keeps one object per value, so that identity is equality; an
    object that only the table holds can be dropped, since nothing can compare with it, and
    made afresh when asked for again. (A plain Python function on purpose: the compiled
    build's code may count references its own way.)"""
    alone = _held_by_table_only()
    dropped = [key for key in list(table) if sys.getrefcount(table[key]) <= alone]
    for key in dropped:
        del table[key]
    return len(dropped)
