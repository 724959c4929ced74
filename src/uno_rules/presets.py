"""Rule presets: YAML files checked strictly into :class:`~uno_rules.Rules`.

A preset is a mapping whose keys are the fields of :class:`~uno_rules.Rules` (nested
sections are nested mappings), plus an optional ``extends: <preset name or path>``. Every
problem is reported at once, each with its field path: unknown keys (with a "did you mean"
suggestion), wrong types, out-of-range numbers, unknown values, and combinations that
contradict each other or cannot take effect.

This module is the edge of the library: the engine never imports YAML. Nor does starting
a game from a bundled preset: the bundled files are also kept, as their YAML reads, in
``data/presets.json`` (written by ``tools/write_preset_data.py``; a test checks that it
matches the files), so YAML is loaded only to read a preset file or text of one's own.
"""

from __future__ import annotations

import collections.abc
import copy
import difflib
import json
import os
import re
import threading
import types
import typing
from collections.abc import Mapping
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any, Final

import attrs

from ._budget import PRESET, Budget, brief, over_budget
from ._suggest import closest
from .cards import Card
from .errors import PresetError, Problem, within
from .i18n import LANGUAGES, N_, normalize
from .kinds import Rank, is_steps, read_steps, unregister_kinds
from .plain import plain
from .rules import (
    ChallengeSetting,
    CustomEffect,
    Deck,
    DrawChooser,
    ExtraCards,
    GuiltyColor,
    GuiltyTurn,
    HouseRules,
    Rules,
    ScoringMode,
    Ties,
    VoluntaryDraw,
    registry,
)
from .rules._meta import FrozenDict
from .rules.card_kinds import declared_problems
from .rules.deck import build_deck, deck_problems
from .rules.deck import forget_declared as _forget_declared_decks
from .rules.hooks import HouseRule, IdleOption, IdleWhy
from .rules.model import house_rules_class

__all__ = [
    "load_preset",
    "preset_dir",
    "preset_names",
    "read_yaml",
    "rules_to_dict",
    "rules_with_installed",
]

MAX_FILE_BYTES = PRESET.max_bytes
MAX_DEPTH = PRESET.max_depth
_CUSTOM_NAME = "custom"


# --------------------------------------------------------------------------- bundled files


def preset_dir() -> Path:
    """Bundled presets: inside the installed package, or ``presets/`` of a source tree."""
    packaged = Path(__file__).resolve().parent / "presets"  # an installed wheel
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "presets"  # a source checkout


@cache
def preset_names() -> tuple[str, ...]:
    """Names of the bundled presets, sorted, ``official`` first."""
    names = sorted(p.stem for p in preset_dir().glob("*.yaml"))
    return tuple(sorted(names, key=lambda n: (n != "official", n)))


@cache
def _bundled_data() -> dict[str, Any]:
    """Each bundled preset's mapping as its YAML file reads (``data/presets.json``)."""
    path = Path(__file__).resolve().parent / "data" / "presets.json"
    with path.open(encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def _bundled_preset(name: str) -> Any:
    """The mapping that the bundled preset ``name``'s file holds, read without YAML from
    the package's copy of it; a file the copy lacks is read from its YAML."""
    mirrored = _bundled_data().get(name)
    if mirrored is None:
        return read_yaml(preset_dir() / f"{name}.yaml", "preset file")
    return copy.deepcopy(mirrored)


# --------------------------------------------------------------------------- YAML reading


def read_yaml(path: str | os.PathLike[str], what: str = "file", budget: Budget = PRESET) -> Any:
    """Read a YAML or JSON file with the safe loader, within ``budget`` (its size, nesting,
    values, text, keys and integers; see :mod:`uno_rules._budget`). Problems raise
    :class:`PresetError` naming the file and, for a budget, the limit; no problem quotes
    the file's contents beyond a key or a value of the document itself."""

    p = Path(path)
    where = str(p)
    kind: _Said = (what, {})

    def fail(message: str, facts: dict[str, object] | None = None) -> PresetError:
        return PresetError([Problem(where, message, {"what": kind, **(facts or {})})])

    try:
        if not p.is_file():
            if not _exists(p):
                raise FileNotFoundError(p)
            raise fail(N_("not a regular file"))
        with p.open("rb") as handle:
            raw = handle.read(budget.max_bytes + 1)
        if len(raw) > budget.max_bytes:
            raise fail(
                N_("the {what} is larger than {count} bytes (the size limit for a {budget})"),
                {"count": budget.max_bytes, "budget": (budget.what, {})},
            )
        text = raw.decode("utf-8")
    except PresetError:
        raise
    except FileNotFoundError:
        raise fail(N_("no such {what}")) from None
    except UnicodeDecodeError:
        raise fail(N_("cannot read the {what}: it is not UTF-8 text")) from None
    except (OSError, ValueError) as exc:
        # the system's own words (strerror), as it gives them
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
        raise fail(N_("cannot read the {what}: {reason}"), {"reason": reason}) from None
    return parse_yaml(text, where, budget)


# What read_yaml may be asked to read (its ``what``), said in the caller's language.
_FILE_KINDS = (N_("file"), N_("preset file"), N_("table file"), N_("game record"))


def parse_yaml(text: str, where: str = "<text>", budget: Budget = PRESET) -> Any:
    """Parse YAML text safely: no tags, duplicate keys refused, and the document measured
    against ``budget`` on its event stream before it is built (so an alias bomb, a
    document that contains itself or one nested too deeply is refused unexpanded)."""
    # start-up: YAML is heavy, and only a file or text to read needs it
    import yaml

    if len(text) > budget.max_bytes:
        raise PresetError(
            [
                Problem(
                    where,
                    N_(
                        "the text is longer than {count} characters (the size limit for a {budget})"
                    ),
                    {"count": budget.max_bytes, "budget": (budget.what, {})},
                )
            ]
        )
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present
    if text.lstrip()[:1] in ("{", "["):  # a JSON document is read as JSON
        try:
            found = _read_json(text, where, budget, loader)
        except (RecursionError, MemoryError):
            raise PresetError([Problem(where, N_("nested too deeply"))]) from None
        if found is not _NOT_JSON:
            return found
    try:
        # Measure the document on the event stream first: building a deeply nested
        # document recurses, and can exhaust the C stack before any limit of ours is
        # reached; aliases are counted at their expanded size.
        _check_events(yaml.parse(text, Loader=loader), where, budget)
        data = yaml.load(text, Loader=loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at: _Said = (
            (
                N_(" at line {line}, column {column}"),
                {"line": mark.line + 1, "column": mark.column + 1},
            )
            if mark
            else _NO_HINT
        )
        # the YAML parser's own words (English), briefly
        problem: object = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        if mark and _char_at(text, mark.line, mark.column) == "\t":
            problem = (N_("a tab character; YAML indents with spaces, never with tabs"), {})
        else:
            problem = brief(problem, 80)
        raise PresetError(
            [Problem(where, N_("not valid YAML{at}: {problem}"), {"at": at, "problem": problem})]
        ) from None
    except (RecursionError, MemoryError):
        raise PresetError([Problem(where, N_("nested too deeply"))]) from None
    except PresetError:
        raise  # a limit of ours, found on the event stream
    except (ValueError, TypeError, OverflowError):
        # a value whose explicit tag does not fit it (``!!int x``, ``!!float [1]``)
        raise PresetError(
            [Problem(where, N_("not valid YAML: a tagged value cannot be read"))]
        ) from None
    return data


_NOT_JSON = object()


class _Twice(Exception):
    """A JSON object writes a key twice."""


def _char_at(text: str, line: int, column: int) -> str:
    """The character at ``line`` and ``column`` (both from 0) of ``text``, or nothing."""
    lines = text.split("\n", line + 1)
    return lines[line][column : column + 1] if line < len(lines) else ""


def _no_constant(name: str) -> Any:
    """JSON's non-standard ``NaN`` and ``Infinity``: not JSON here (YAML reads them as text)."""
    raise ValueError(name)


def _read_json(text: str, where: str, budget: Budget, loader: Any) -> Any:
    """``text`` read as JSON (it starts as a JSON document does), measured against
    ``budget`` as a YAML document is, with a key written twice refused; ``_NOT_JSON`` when
    it is not JSON and may be YAML written in flow style (``{players: 3}``). A file named
    ``.json`` must be JSON: its error (a trailing comma, said as one) is the JSON
    parser's, at its line and column. A key written twice is left to the YAML reading,
    which names its line."""
    # start-up: YAML is heavy, and only a file or text to read needs it
    import yaml

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        mapping = dict(items)
        if len(mapping) < len(items):
            raise _Twice
        return mapping

    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        if not where.endswith(".json"):
            return _NOT_JSON
        pos = exc.pos
        if exc.msg.startswith("Illegal trailing comma"):
            # Python 3.13 names the comma itself; older ones, the bracket after it. Both
            # are said the older way, at the bracket, so every version says the same
            pos = len(text) - len(text[pos + 1 :].lstrip())
        before = text[:pos].rstrip()
        problem: object = brief(exc.msg, 80)
        if before.endswith(",") and text[pos : pos + 1] in ("}", "]"):
            problem = (
                N_("a comma before the closing {bracket}; JSON allows no trailing comma"),
                {"bracket": text[pos]},
            )
        line = text.count("\n", 0, pos) + 1
        column = pos - text.rfind("\n", 0, pos)
        raise PresetError(
            [
                Problem(
                    where,
                    N_("not valid JSON at line {line}, column {column}: {problem}"),
                    {"line": line, "column": column, "problem": problem},
                )
            ]
        ) from None
    except (_Twice, ValueError):  # a key twice, an integer too long, NaN or Infinity
        return _NOT_JSON
    # the same limits as YAML's, on the same document written without tabs
    try:
        _check_events(
            yaml.parse(json.dumps(data, ensure_ascii=False), Loader=loader), where, budget
        )
    except yaml.YAMLError:  # text YAML cannot hold (a lone surrogate): read as YAML reads it
        return _NOT_JSON
    return data


# K9: a rule set's own clause sentences: an id as the docs write one (letters, then digits
# and dots: X1, AT7, H2.3), in English or with a language's suffix (X1@vi); bounded so
# that a preset read from anyone cannot hold a book.
_CLAUSE_ID = re.compile(r"[A-Z]{1,3}[0-9]{1,3}(\.[0-9]{1,3})?")
MAX_CLAUSES = 200
MAX_CLAUSE_SENTENCE = 400


def _clause_problems(clauses: Mapping[str, str]) -> list[Problem]:
    """K9: each key of ``clauses`` is a clause id, optionally ``.LANG`` for a language the
    library speaks; each sentence is one line of at most :data:`MAX_CLAUSE_SENTENCE`
    characters; a bundled clause's sentence is not replaced (its ruling would change
    words)."""
    # start-up: the bundled sentences are only needed when a preset writes its own
    from .clauses import CLAUSES

    problems: list[Problem] = []
    if len(clauses) > MAX_CLAUSES:
        problems.append(
            Problem(
                "clauses",
                N_("{count} clause sentences; at most {most} (K9)"),
                {"count": len(clauses), "most": MAX_CLAUSES},
            )
        )
        return problems
    for key, text in clauses.items():
        plain_key = re.fullmatch(r"[A-Za-z0-9.@]{1,20}", key)
        where = f"clauses.{key if plain_key else brief(key, 40)}"
        clause, at, lang = key.partition("@")
        if not _CLAUSE_ID.fullmatch(clause) or (at and lang not in LANGUAGES):
            problems.append(
                Problem(
                    where,
                    N_(
                        "not a clause id: capital letters, then a number (X1, AT7, H2.3), "
                        "and '@vi' or '@tl' for a sentence in that language (K9)"
                    ),
                )
            )
        elif clause in CLAUSES:
            problems.append(
                Problem(
                    where,
                    N_("{clause} is a clause of the library's own rules (K9)"),
                    {"clause": clause},
                )
            )
        elif not text.strip() or "\n" in text or len(text) > MAX_CLAUSE_SENTENCE:
            problems.append(
                Problem(
                    where,
                    N_("a clause sentence is one line of 1 to {most} characters (K9)"),
                    {"most": MAX_CLAUSE_SENTENCE},
                )
            )
    return problems


MAX_NODES = PRESET.max_values
MAX_EXTENDS = 50  # presets in one ``extends`` chain: far beyond any real one


@cache
def _integer_forms() -> re.Pattern[str]:
    """The plain scalars the YAML loader reads as integers: its own resolver's pattern (the
    YAML 1.1 forms: decimal, 0b binary, 0 octal, 0x hex, base 60 with colons), so exactly
    the scalars it would convert, and no others, meet the integer limit."""
    # start-up: YAML is heavy, and only a file or text to read needs it
    import yaml.resolver

    for tag, pattern in yaml.resolver.Resolver.yaml_implicit_resolvers.get("1", []):
        if tag == "tag:yaml.org,2002:int":
            found: re.Pattern[str] = pattern
            return found
    raise AssertionError("the YAML resolver reads no integers")  # pragma: no cover


def _check_events(events: Any, where: str, budget: Budget = PRESET) -> None:
    """Refuse, from its event stream alone, a document over ``budget``: nested deeper than
    its depth, more values, characters or keys than it allows once aliases are expanded
    (an "alias bomb"), an integer with too many digits, an alias used inside its own
    anchor (a document that contains itself), or a key written twice in one mapping."""
    # start-up: YAML is heavy, and only a file or text to read needs it
    import yaml

    start_types = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
    end_types = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
    values = chars = keys = 0
    sizes: dict[str, tuple[int, int, int]] = {}
    # per open collection: its anchor, the totals when it opened, whether it is a mapping,
    # how many children it has seen, and the scalar keys it holds
    stack: list[tuple[str | None, tuple[int, int, int], bool, list[int], set[str]]] = []
    opened: set[str] = set()

    def fail(message: str, facts: dict[str, object] | None = None) -> None:
        said = {"what": (budget.what, {}), **(facts or {})}
        raise PresetError([Problem(where, message, said)])

    for event in events:
        is_key = False
        if stack:
            frame = stack[-1]
            if not isinstance(event, end_types):
                is_key = frame[2] and frame[3][0] % 2 == 0
                frame[3][0] += 1
        if isinstance(event, start_types):
            if len(stack) >= budget.max_depth:
                fail(
                    N_("nested more than {count} levels deep (the depth limit for a {what})"),
                    {"count": budget.max_depth},
                )
            if event.anchor is not None:
                opened.add(event.anchor)
            values += 1
            stack.append(
                (
                    event.anchor,
                    (values - 1, chars, keys),
                    isinstance(event, yaml.MappingStartEvent),
                    [0],
                    set(),
                )
            )
        elif isinstance(event, end_types):
            anchor, (v0, c0, k0), is_map, seen, _ = stack.pop()
            if is_map:
                keys += seen[0] // 2
            if anchor is not None:
                opened.discard(anchor)
                sizes[anchor] = (values - v0, chars - c0, keys - k0)
        elif isinstance(event, yaml.ScalarEvent):
            value = event.value
            values += 1
            chars += len(value)
            if len(value) > budget.max_digits and (
                event.tag == "tag:yaml.org,2002:int"
                or (event.implicit[0] and _integer_forms().match(value))
            ):
                fail(
                    N_("an integer has more than {count} digits (the integer limit for a {what})"),
                    {"count": budget.max_digits},
                )
            if event.anchor is not None:
                sizes[event.anchor] = (1, len(value), 0)
            if is_key and value != "<<":
                held = stack[-1][4]
                if value in held:
                    mark = event.start_mark
                    line: _Said = (
                        (N_(" at line {line}"), {"line": mark.line + 1})
                        if mark is not None
                        else _NO_HINT
                    )
                    fail(
                        N_("the key {key} is written twice in one mapping{line}"),
                        {"key": brief(value, 40), "line": line},
                    )
                held.add(value)
        elif isinstance(event, yaml.AliasEvent):
            if event.anchor in opened:
                fail(
                    N_(
                        "the alias *{alias} is used inside its own anchor: a {what} cannot "
                        "contain itself"
                    ),
                    {"alias": brief(event.anchor, 40)[1:-1]},
                )
            dv, dc, dk = sizes.get(event.anchor or "", (1, 0, 0))
            values += dv
            chars += dc
            keys += dk
        else:
            continue
        if values > budget.max_values:
            fail(
                N_(
                    "expands to more than {count} values through YAML aliases or sheer size "
                    "(the value limit for a {what})"
                ),
                {"count": budget.max_values},
            )
        if chars > budget.max_chars:
            fail(
                N_(
                    "expands to more than {count} characters of text through YAML aliases or "
                    "sheer size (the text limit for a {what})"
                ),
                {"count": budget.max_chars},
            )
        if keys > budget.max_keys:
            fail(
                N_("has more than {count} keys (the key limit for a {what})"),
                {"count": budget.max_keys},
            )


# --------------------------------------------------------------------------- loading


def load_preset(source: Rules | str | os.PathLike[str] | Mapping[str, Any]) -> Rules:
    """Load rules from a bundled preset name, a YAML/JSON file path, or a mapping.

    >>> load_preset("official").uno.penalty_cards
    2
    >>> load_preset({"extends": "official", "uno": {"penalty_cards": 4}}).uno.penalty_cards
    4

    Raises :class:`~uno_rules.PresetError` listing every problem with its path.
    """
    if isinstance(source, Rules):
        return source
    if isinstance(source, str) and source in preset_names():
        return _load_bundled(source)
    key = _mapping_key(source) if isinstance(source, Mapping) else None
    if key is not None:
        known = _LOADED.get(key)
        if known is not None:
            return known
    data, default_name, written = _resolve(source, chain=())
    if data.get("card_kinds"):
        # K4: a refused preset registers nothing; one at a time, so that what a refused
        # one registered is exactly what it leaves
        with _DECLARE_LOCK:
            before = set(Rank._known)
            try:
                rules = _build(data, default_name, written)
            except PresetError:
                fresh = [r for r in Rank._known if r not in before]
                if fresh:
                    unregister_kinds(fresh)
                    Card.forget_ranks(frozenset(fresh))
                    _forget_declared_decks()
                raise
    else:
        rules = _build(data, default_name, written)
    if key is not None:
        with _LOADED_LOCK:  # the referee service loads states in several threads
            if len(_LOADED) >= _KEEP_LOADED:
                del _LOADED[next(iter(_LOADED))]  # the oldest
            _LOADED[key] = rules
    return rules


# Rules loaded from mappings, by the mapping's exact contents (_mapping_key): a state
# snapshot carries its whole rule set, and each load_state would otherwise validate it
# afresh (most of the load's time: benchmarks/snapshots.py). A few dozen rule sets,
# oldest dropped first.
_LOADED: dict[object, Rules] = {}
_KEEP_LOADED = 32
_LOADED_LOCK = threading.Lock()
_DECLARE_LOCK = threading.Lock()


def _forget_loaded() -> None:
    with _LOADED_LOCK:
        _LOADED.clear()


registry.on_refresh(_forget_loaded)  # a newly installed house rule may change a ruling


class _Uncached(Exception):
    """A value whose load is not remembered (see _mapping_key)."""


def _mapping_key(source: Mapping[str, Any]) -> object | None:
    """A hashable copy of ``source`` that tells apart every two mappings that could load
    differently, or ``None`` when loading it must not be remembered: one that ``extends``
    a file (the file may change), holds a value that is not plain data (JSON's and YAML's
    kinds: dict, list, str, int, float, bool, None, by exact type, so that ``1``,
    ``1.0`` and ``True`` stay apart), or is over the preset budget (it is refused anyway)."""
    if type(source) is not dict:
        return None
    parent = source.get("extends")
    if parent is not None and not (isinstance(parent, str) and parent in preset_names()):
        return None
    if over_budget(source, PRESET) is not None:  # bounds the depth _frozen recurses to
        return None
    try:
        return _frozen(source)
    except _Uncached:
        return None


_PLAIN = frozenset({str, int, float, bool, type(None)})


def _frozen(value: Any) -> object:
    kind = type(value)
    if kind is dict:
        items = []
        for k, v in value.items():
            if type(k) is not str:
                raise _Uncached
            items.append((k, _frozen(v)))
        return (dict, tuple(items))
    if kind is list:
        return (list, tuple(_frozen(v) for v in value))
    if kind in _PLAIN:
        return (kind, value)
    raise _Uncached


@cache
def _load_bundled(name: str) -> Rules:
    """Bundled presets are read once per process (a :class:`Rules` is immutable)."""
    data, default_name, written = _resolve(name, chain=())
    return _build(data, default_name, written)


def _resolve(
    source: str | os.PathLike[str] | Mapping[str, Any],
    chain: tuple[str, ...],
    base_dir: Path | None = None,
    ref: str = "",
) -> tuple[dict[str, Any], str, set[str]]:
    """The merged raw mapping for ``source`` (its ``extends`` chain applied), its default
    name, and the setting paths that ``source`` itself writes. ``ref`` is where ``source``
    is named (the ``extends`` of the preset that extends it), for the problems of a
    reference that leads nowhere."""
    if isinstance(source, Mapping):
        data: Any = source
        name, here, key = _CUSTOM_NAME, base_dir, "<mapping>"
        shown = key
        problem = over_budget(source, PRESET)
        if problem is not None:
            raise PresetError([problem])
    elif isinstance(source, (str, os.PathLike)):
        text = os.fspath(source)
        if not text.strip():  # not the current folder, which Path("") would name
            raise PresetError(
                [within(ref, _unknown_preset(text)) if ref else _unknown_preset(text)]
            )
        bundled = isinstance(source, str) and text in preset_names()
        if bundled:
            path = preset_dir() / f"{text}.yaml"
            name = text
        else:
            path = Path(text)
            if base_dir is not None and not path.is_absolute():
                path = base_dir / path
            exists = _exists(path)
            if not exists and not text.endswith((".yaml", ".yml", ".json")):
                raise PresetError(
                    [within(ref, _unknown_preset(text)) if ref else _unknown_preset(text)]
                )
            name = _CUSTOM_NAME
        # the file as given (joined to the folder of the preset that extends it): what its
        # problems name; ``key``, the file itself, tells a cycle
        shown = str(path)
        key = str(path.resolve()) if _exists(path) else str(path)
        if key in chain:
            cycle = " -> ".join([*chain, key])
            raise PresetError(
                [Problem("extends", N_("a cycle of presets: {cycle}"), {"cycle": cycle})]
            )
        data = _bundled_preset(text) if bundled else read_yaml(path, "preset file")
        here = path.parent
    else:
        raise PresetError(
            [
                Problem(
                    "",
                    N_("expected a preset name, a file path or a mapping, got {got}"),
                    {"got": _type_said(source)},
                )
            ]
        )
    from_file = not isinstance(source, Mapping)
    if not isinstance(data, Mapping):
        # A file's contents are never quoted: the path may name any file at all.
        got = (EMPTY_FILE if data is None else kind_said(data)) if from_file else _type_said(data)
        raise PresetError(
            [Problem(shown, N_("a preset must be a mapping of settings, got {got}"), {"got": got})]
        )
    if from_file and data and not any(k in _TOP_KEYS for k in data):
        raise PresetError(
            [Problem(shown, N_("not a preset: none of its keys is a rule setting or 'extends'"))]
        )
    if from_file and chain and not all(k in _TOP_KEYS for k in data):
        # A file reached through ``extends`` declares itself a preset by holding only rule
        # settings; any other key and it may be any file at all (a 'name:' is common), so
        # nothing of it is quoted, not even which keys are wrong.
        raise PresetError(
            [
                Problem(
                    f"extends: {shown}",
                    N_(
                        "not a preset: a file reached through 'extends' holds only rule "
                        "settings, and this one holds other keys (its contents are not shown)"
                    ),
                )
            ]
        )
    data = dict(data)
    has_parent = "extends" in data
    parent = data.pop("extends", None)
    written = leaf_paths(data)
    if not has_parent:
        return data, str(data.get("name", name)), written
    # where this preset's own ``extends`` is: a file reached through another's is named
    own = f"extends: {shown}: extends" if chain else "extends"
    if not isinstance(parent, str) or not parent.strip():
        raise PresetError(
            [
                Problem(
                    own,
                    N_("expected a preset name or a path, got {got}"),
                    {"got": _type_said(parent)},
                )
            ]
        )
    if len(chain) >= MAX_EXTENDS:
        raise PresetError(
            [
                Problem(
                    "extends",
                    N_("a chain of more than {count} presets (the extends limit)"),
                    {"count": MAX_EXTENDS},
                )
            ]
        )
    parent_data, _, _ = _resolve(parent, (*chain, key), here, own)
    merged = _merge(parent_data, data)
    if "name" not in data:
        merged.pop("name", None)
    return merged, str(data.get("name", name)), written


# What a YAML file that holds no document reads as: nothing at all.
EMPTY_FILE: _Said = (N_("nothing (an empty file or only comments)"), {})


def kind_said(value: Any) -> _Said:
    """What kind of value ``value`` is, without quoting it, as a message and its facts."""
    if value is None:
        return N_("nothing (null)"), {}
    if isinstance(value, bool):
        return N_("a boolean"), {}
    if isinstance(value, (int, float)):
        return N_("a number"), {}
    if isinstance(value, str):
        return N_("text"), {}
    if isinstance(value, list):
        return N_("a list"), {}
    return "{name}", {"name": type(value).__name__}


@cache
def _top_keys() -> frozenset[str]:
    return frozenset([*(a.name for a in attrs.fields(Rules)), "extends"])


class _TopKeys:
    """``key in _TOP_KEYS``: the keys a preset's top level may hold."""

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key in _top_keys()


_TOP_KEYS = _TopKeys()


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def _merge(base: Mapping[str, Any], over: Mapping[str, Any], top: bool = True) -> dict[str, Any]:
    out = dict(base)
    for k, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(k), Mapping):
            out[k] = _merge(out[k], value, False)
        elif top and k == "card_kinds" and isinstance(value, list):
            out[k] = _merge_kinds(out.get(k), value)
        else:
            out[k] = value
    return out


def _merge_kinds(base: Any, over: list[Any]) -> list[Any]:
    """K8: a child's ``card_kinds`` merged into its parent's by ``rank``: a kind of a new
    rank is added, one of a parent's rank replaces it, and ``{rank: R, remove: true}``
    drops it (left in place, and reported, when no parent declares R)."""
    if not isinstance(base, list):
        return over
    merged: list[Any] = list(base)

    def where(rank: object) -> int | None:
        for i, kind in enumerate(merged):
            if isinstance(kind, Mapping) and kind.get("rank") == rank:
                return i
        return None

    for kind in over:
        at = where(kind.get("rank")) if isinstance(kind, Mapping) else None
        removes = isinstance(kind, Mapping) and set(kind) == {"rank", "remove"}
        if removes and at is not None and kind["remove"] is True:
            del merged[at]
            continue
        if at is None:
            merged.append(kind)
        else:
            merged[at] = kind
    return merged


def _unknown_preset(text: str) -> Problem:
    hint = _suggest(text, preset_names()) if len(text) <= 100 else None
    return Problem(
        brief(text),
        N_("no such preset or file{hint} (bundled presets: {known})"),
        {"hint": hint or _NO_HINT, "known": ", ".join(preset_names())},
    )


# A fact of a sentence: a message and its facts (a "did you mean", a kind of value).
_Said = tuple[str, dict[str, object]]
_NO_HINT: _Said = ("", {})


def _mean(path: str) -> _Said:
    return N_(" (did you mean {path}?)"), {"path": repr(path)}


def _suggest(word: str, choices: typing.Iterable[str]) -> _Said | None:
    close = closest(word, choices)
    return None if close is None else _mean(close)


def _build(data: dict[str, Any], default_name: str, written: set[str]) -> Rules:
    data = dict(data)
    data.setdefault("name", default_name)
    problems: list[str] = []
    kinds = data.get("card_kinds")
    if isinstance(kinds, list):
        for i, kind in enumerate(kinds):
            if isinstance(kind, Mapping) and kind.get("remove") is True and len(kind) == 2:
                problems.append(
                    Problem(
                        f"card_kinds[{i}].remove",
                        N_("no parent preset declares a kind of this rank (K8)"),
                    )
                )
        if problems:
            data["card_kinds"] = [
                k for k in kinds if not (isinstance(k, Mapping) and "remove" in k)
            ]
    _check_class(Rules, data, "", problems)
    if data.get("card_kinds") and not any(p.startswith("card_kinds") for p in problems):
        # K4: before the rules are built, which registers their kinds
        kinds = _structure_value(_hints(Rules)["card_kinds"], data["card_kinds"])
        problems += declared_problems(kinds)
    if problems:
        # Report contradictions among the settings that are fine, too (all problems at
        # once), leaving out those that only follow from a bad setting's stand-in default.
        bad = [p.split(":", 1)[0].split("[", 1)[0] for p in problems]
        pruned = _prune(data, bad)
        checked: list[str] = []
        _check_class(Rules, pruned, "", checked)
        if not checked:
            mentions = [re.compile(rf"(?<![\w.]){re.escape(path)}(?![\w])") for path in bad]
            problems += [
                c
                for c in contradictions(_structure(Rules, pruned), written)
                if not any(m.search(c) for m in mentions)
            ]
        raise PresetError(problems)
    rules: Rules = _structure(Rules, data)
    while True:
        inherited = [
            path
            for path, value, default, _ in idle_options(rules)
            if path not in written and value != default
        ]
        if not inherited:
            break
        # Switching a rule off drops the options it inherited from a parent, so the rules
        # (and their to_dict()) hold nothing that cannot take effect. Dropping one may
        # leave another idle, hence the loop (each pass resets settings, so it ends).
        data = _prune(data, inherited)
        rules = _structure(Rules, data)
    problems = contradictions(rules, written)
    if problems:
        raise PresetError(problems)
    return rules


def idle_sections(rules: Rules) -> list[tuple[str, Any, IdleWhy]]:
    """Sections whose options cannot take effect: (path, the section, why), ``why`` a
    message and its facts (``while ...``)."""
    out: list[tuple[str, Any, IdleWhy]] = []
    hr = rules.house_rules
    for rule in _all_rules(hr):
        params = getattr(hr, rule.name)
        if "enabled" in attrs.fields_dict(type(params)) and not params.enabled:
            name = rule.name
            off = f"house_rules.{name}.enabled"
            out.append((f"house_rules.{name}", params, (_WHILE_FALSE, {"path": off})))
    if not rules.uno.enabled:
        out.append(("uno", rules.uno, (_WHILE_FALSE, {"path": "uno.enabled"})))
    if not rules.challenge_possible:
        why: IdleWhy = (
            (N_("while w4_challenge is 'disabled'"), {})
            if rules.w4_challenge is ChallengeSetting.DISABLED
            else (
                N_("while w4_restriction is {value}: no Wild Draw Four is a bluff"),
                {"value": repr(rules.w4_restriction.value)},
            )
        )
        out.append(("challenge", rules.challenge, why))
    return out


_WHILE_FALSE = N_("while {path} is false")


def _prune(data: Mapping[str, Any], paths: list[str]) -> dict[str, Any]:
    """``data`` without the settings at ``paths`` (``a.b.c``, list indexes dropped)."""
    out = dict(data)
    for path in paths:
        keys = path.split("[", 1)[0].split(".")
        node: Any = out
        for key in keys[:-1]:
            if not isinstance(node, dict) or not isinstance(node.get(key), Mapping):
                node = None
                break
            node[key] = dict(node[key])
            node = node[key]
        if isinstance(node, dict):
            node.pop(keys[-1], None)
    return out


# --------------------------------------------------------------------------- checking


def _type_name(value: Any) -> str:
    message, facts = _type_said(value)
    return message.format(**facts)


def _type_said(value: Any) -> _Said:
    """What ``value`` is, as a message and its facts (the value itself kept short)."""
    if value is None:
        return N_("nothing (null)"), {}
    if isinstance(value, bool):
        return N_("a boolean ({value})"), {"value": str(value).lower()}
    if isinstance(value, (int, float)):
        return N_("a number ({value})"), {"value": brief(value)}
    if isinstance(value, str):
        return N_("the text {value}"), {"value": brief(value)}
    if isinstance(value, Mapping):
        return N_("a mapping"), {}
    if isinstance(value, list):
        return N_("a list"), {}
    return "{name}", {"name": type(value).__name__}


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


# The mapping types a rules field may have: written as a mapping with text keys, held as a
# FrozenDict (rules values stay hashable).
_MAPPINGS: Final = (dict, FrozenDict, Mapping, collections.abc.Mapping)
_MAX_MAPPING = 200  # entries in one mapping setting


def _type_text(tp: Any) -> str:
    return getattr(tp, "__name__", None) or str(tp)[:60]


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


# Unknown keys of a mapping given a "did you mean" (the rest are reported without one).
_MAX_UNKNOWN = 20


def rules_with_installed() -> Rules:
    """The official rules with a section (switched off) for every house rule that an
    installed package declares and that loads: what the schema and the docs tables show."""
    names = []
    for name in registry.installed_names():
        try:
            registry.installed_rule(name)
        except PresetError:
            continue  # a rule that cannot be loaded is reported when a preset names it
        names.append(name)
    if not names:
        return Rules()
    return Rules(house_rules=house_rules_class(tuple(names))())


def _all_rules(hr: HouseRules) -> tuple[HouseRule, ...]:
    """The bundled house rules in the registry's order, then the installed ones ``hr``
    has a section for."""
    return (*registry.ORDER, *type(hr).installed)


def _section_class(cls: type, data: Any, problems: list[str] | None = None) -> type:
    """``cls``, or for ``house_rules`` naming rules installed by other packages the
    :class:`HouseRules` class with their sections. Only names that an installed package
    declares as a house rule are looked up; nothing is imported from a name in the YAML."""
    if cls is not HouseRules or not isinstance(data, Mapping):
        return cls
    bundled = attrs.fields_dict(HouseRules)
    unknown = [k for k in data if isinstance(k, str) and k not in bundled]
    if not unknown:
        return cls
    installed = set(registry.installed_names())
    names = tuple(sorted(k for k in unknown if k in installed))
    if not names:
        return cls
    loaded = []
    for name in names:  # a rule that cannot be loaded is reported once, by its own problem
        try:
            registry.installed_rule(name)
        except PresetError as exc:
            if problems is not None:
                problems.extend(exc.problems)
            continue
        loaded.append(name)
    return house_rules_class(tuple(loaded)) if loaded else cls


def _check_class(cls: type, data: Any, path: str, problems: list[str]) -> None:
    if isinstance(data, bool) and path and "enabled" in attrs.fields_dict(cls):
        # ``jump_in: true``, as people write it: say the mapping that turns it on or off
        problems.append(
            Problem(
                path,
                N_("expected a mapping, got {got}; to turn it on or off, write {setting}"),
                {
                    "got": _type_said(data),
                    "setting": f"{path.rsplit('.', 1)[-1]}: {{enabled: {str(data).lower()}}}",
                },
            )
        )
        return
    if not isinstance(data, Mapping):
        problems.append(
            Problem(
                path or "preset", N_("expected a mapping, got {got}"), {"got": _type_said(data)}
            )
        )
        return
    cls = _section_class(cls, data, problems)
    fields = {a.name: a for a in attrs.fields(cls)}
    hints = _hints(cls)
    unknown = 0
    for key in data:
        if isinstance(key, str) and key in fields:
            continue
        if issubclass(cls, HouseRules) and key in registry.installed_names():
            continue  # declared by a package but not loadable: reported above
        unknown += 1
        if not isinstance(key, str):
            problems.append(Problem(_join(path, brief(key)), N_("keys must be text")))
        elif len(key) > 60:
            problems.append(Problem(_join(path, key[:57] + "..."), N_("unknown setting")))
        elif unknown > _MAX_UNKNOWN:
            # each one counts, but past the first few without the search for a "did you
            # mean": the work stays small, whatever the mapping holds
            problems.append(Problem(_join(path, key), N_("unknown setting")))
        else:
            extra: _Said = (
                (N_(" ('extends' is only allowed at the top)"), {})
                if key == "extends"
                else _NO_HINT
            )
            dotted: _Said | None = (
                (
                    N_(" (write nested settings as mappings: {outer}: {{{inner}: ...}})"),
                    {"outer": key.split(".", 1)[0], "inner": key.split(".", 1)[1]},
                )
                if "." in key
                and _suggest_anywhere(_join(path, key).rsplit(".", 1)[-1], path, exact=True)
                else None
            )
            hint = dotted or (
                _suggest_anywhere(key, path, exact=True)
                or _suggest(key, fields)
                or _suggest_anywhere(key, path)
            )
            if cls is HouseRules and not hint:
                hint = (
                    N_(" (neither a bundled house rule nor one an installed package declares)"),
                    {},
                )
            problems.append(
                Problem(
                    _join(path, key),
                    N_("unknown setting{hint}{extra}"),
                    {"hint": hint or _NO_HINT, "extra": extra},
                )
            )
    for name, a in fields.items():
        if name in data:
            _check_value(hints[name], a.metadata, data[name], _join(path, name), problems)
        elif a.default is attrs.NOTHING:
            problems.append(Problem(_join(path, name), N_("missing")))


@cache
def _all_paths() -> dict[str, list[str]]:
    """Every setting path of the rules model, indexed by its last name."""
    index: dict[str, list[str]] = {}

    def walk(cls: type, prefix: str) -> None:
        hints = _hints(cls)
        for a in attrs.fields(cls):
            path = _join(prefix, a.name)
            index.setdefault(a.name, []).append(path)
            if attrs.has(hints[a.name]):
                walk(hints[a.name], path)

    walk(Rules, "")
    return index


def _suggest_anywhere(key: str, here: str, exact: bool = False) -> _Said | None:
    """A "did you mean" for a setting that lives elsewhere in the model."""
    index = _all_paths()
    if exact:
        close = [key] if key in index else []
    else:
        close = difflib.get_close_matches(key, list(index), n=1, cutoff=0.75)
    if not close:
        return None
    paths = [p for p in index[close[0]] if p != _join(here, key)]
    return _mean(paths[0]) if paths else None


def _check_value(
    tp: Any, meta: Mapping[str, Any], value: Any, path: str, problems: list[str]
) -> None:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(tp)
        if value is None and type(None) in options:
            return
        inner = [o for o in options if o is not type(None)]
        steps = [o for o in inner if is_steps(o)]
        if steps and (isinstance(value, list) or len(inner) == 1):
            _check_value(steps[0], meta, value, path, problems)
            return
        _check_value(next(o for o in inner if not is_steps(o)), meta, value, path, problems)
        return
    if is_steps(tp):
        problems.extend(read_steps(value, path)[1])  # docs/cards.md: the effect steps
        return
    if origin in _MAPPINGS:
        item_type = (typing.get_args(tp) or (str, Any))[-1]
        if not isinstance(value, Mapping):
            problems.append(
                Problem(path, N_("expected a mapping, got {got}"), {"got": _type_said(value)})
            )
            return
        if len(value) > _MAX_MAPPING:
            problems.append(
                Problem(
                    path,
                    N_("{count} entries; at most {most}"),
                    {"count": len(value), "most": _MAX_MAPPING},
                )
            )
            return
        for key, item in value.items():
            if not isinstance(key, str):
                problems.append(Problem(_join(path, brief(key)), N_("keys must be text")))
                continue
            _check_value(item_type, meta, item, _join(path, key), problems)
        return
    if origin in (tuple, list):
        item_type = typing.get_args(tp)[0]
        if not isinstance(value, list):
            problems.append(
                Problem(path, N_("expected a list, got {got}"), {"got": _type_said(value)})
            )
            return
        for i, item in enumerate(value):
            _check_value(item_type, meta, item, f"{path}[{i}]", problems)
        return
    if attrs.has(tp):
        _check_class(tp, value, path, problems)
    elif isinstance(tp, type) and issubclass(tp, Enum):
        allowed = [m.value for m in tp]
        if not isinstance(value, str) or value not in allowed:
            shown = (
                ("{value}", {"value": brief(value)})
                if isinstance(value, str)
                else _type_said(value)
            )
            hint = _suggest(value, allowed) if isinstance(value, str) else None
            problems.append(
                Problem(
                    path,
                    N_("unknown value {value}{hint}; expected one of {allowed}"),
                    {"value": shown, "hint": hint or _NO_HINT, "allowed": ", ".join(allowed)},
                )
            )
    elif tp is bool:
        if not isinstance(value, bool):
            problems.append(
                Problem(path, N_("expected true or false, got {got}"), {"got": _type_said(value)})
            )
    elif tp is int or tp is float:
        # a float setting takes any number but NaN; an int setting, whole numbers only
        number = isinstance(value, int if tp is int else (int, float))
        if not number or isinstance(value, bool) or value != value:
            expected = (
                N_("expected an integer, got {got}")
                if tp is int
                else N_("expected a number, got {got}")
            )
            problems.append(Problem(path, expected, {"got": _type_said(value)}))
            return
        lo, hi = meta.get("min"), meta.get("max")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            problems.append(
                Problem(
                    path,
                    N_("{value} is out of range; expected {lo} to {hi}"),
                    {"value": value, "lo": lo, "hi": hi},
                )
            )
    elif tp is str:
        if not isinstance(value, str):
            problems.append(
                Problem(path, N_("expected text, got {got}"), {"got": _type_said(value)})
            )
    elif tp is not Any:
        # a parameter type no preset can write (an installed rule's): named, never a crash
        problems.append(
            Problem(
                path,
                N_(
                    "this setting's type ({type}) is not one a preset can hold; a rule's "
                    "parameters are bool, int, float, str, an enum, a list, a mapping with "
                    "text keys, or a section of these (docs/write-a-house-rule.md)"
                ),
                {"type": _type_text(tp)},
            )
        )


def setting_problems(rules: Rules) -> list[str]:
    """The settings of ``rules`` outside their ranges or of the wrong type: what
    :func:`load_preset` refuses, for a :class:`Rules` value built directly in code
    (``Rules(hand_size=-3)``), so that ``new_game`` refuses it too."""
    problems: list[str] = []
    _check_class(Rules, rules.to_dict(), "", problems)
    return problems


def leaf_paths(data: Any, prefix: str = "") -> set[str]:
    """Dotted paths of every setting written in a preset mapping (``uno.penalty_cards``)."""
    out: set[str] = set()
    if isinstance(data, Mapping):
        for key, value in data.items():
            path = _join(prefix, str(key))
            out.add(path)
            out |= leaf_paths(value, path)
    return out


def idle_options(rules: Rules) -> list[IdleOption]:
    """Every setting that cannot take effect under ``rules``, whatever its value:
    ``(path, value, default, why)``. A non-default value there is either reported (where
    the preset writes it) or, when inherited from a parent, dropped back to the default."""
    out: list[IdleOption] = []
    for section, params, why in idle_sections(rules):
        default = type(params)()
        for a in attrs.fields(type(params)):
            if a.name != "enabled":
                out.append(
                    (
                        f"{section}.{a.name}",
                        getattr(params, a.name),
                        getattr(default, a.name),
                        why,
                    )
                )
    for rule, params in rules.plan.enabled:  # each enabled house rule's own
        out += rule.idle_options(rules, params)
    if rules.voluntary_draw is not VoluntaryDraw.PENALIZED:
        out.append(
            (
                "voluntary_draw_penalty",
                rules.voluntary_draw_penalty,
                2,
                (N_("unless voluntary_draw is 'penalized'"), {}),
            )
        )
    scoring = rules.scoring
    if scoring.mode is not ScoringMode.RUNNING_LOW:
        out.append(
            (
                "scoring.ties",
                scoring.ties,
                Ties.SHARED_WIN,
                (N_("unless scoring.mode is 'running_low'"), {}),
            )
        )
    if scoring.mode is ScoringMode.NONE:
        none: IdleWhy = (N_("under scoring.mode 'none'"), {})
        out.append(("scoring.target", scoring.target, 500, none))
    mercy = rules.house_rules.mercy
    if (
        not mercy.enabled
        or mercy.last_player_standing
        or scoring.mode
        not in (ScoringMode.WINNER_COLLECTS, ScoringMode.WINNER_COLLECTS_OTHERS_LOSE)
    ):
        knockout: IdleWhy = (
            N_(
                "unless the mercy rule is on without last_player_standing and the winner "
                "collects (N16)"
            ),
            {},
        )
        out.append(("scoring.knockout_points", scoring.knockout_points, 0, knockout))
    extra, defaults = rules.extra_cards, ExtraCards()
    decks = {
        "wild_shuffle_hands": (Deck.SHUFFLE_112_2018,),
        "wild_swap_hands": (Deck.SWAP_112_2015,),
        "blank": (Deck.BLANK_112_2001,),
        "wild_customizable": (Deck.SWAP_112_2015, Deck.SHUFFLE_112_2018),
    }
    for name, used_by in decks.items():
        if rules.deck not in used_by:
            out.append(
                (
                    f"extra_cards.{name}",
                    getattr(extra, name),
                    getattr(defaults, name),
                    (N_("with deck {deck}"), {"deck": repr(rules.deck.value)}),
                )
            )
    wc = extra.wild_customizable
    if rules.deck in decks["wild_customizable"]:
        if wc.effect is not CustomEffect.DRAW_UNTIL_COLOR:
            for name, default in (("chooser", DrawChooser.PLAYER), ("victim_loses_turn", True)):
                out.append(
                    (
                        f"extra_cards.wild_customizable.{name}",
                        getattr(wc, name),
                        default,
                        (N_("unless effect is 'draw_until_color'"), {}),
                    )
                )
        if wc.count == 0:
            out.append(
                (
                    "extra_cards.wild_customizable.effect",
                    wc.effect,
                    CustomEffect.NONE,
                    (N_("while count is 0"), {}),
                )
            )
    return out


def _no_effect(path: str, why: IdleWhy) -> str:
    """The problem of a setting at ``path`` that cannot take effect: a :class:`Problem`
    when ``why`` is a message and its facts, plain English when an installed rule wrote
    ``why`` as words."""
    if isinstance(why, str):
        return f"{path}: has no effect {why}"
    return Problem(path, N_("has no effect {why}"), {"why": why})


def _claims(rules: Rules) -> list[str]:
    """Moments of the game that two settings claim, each with the path of the later: only
    one may decide how a turn's draw is made (AT2 the launcher, H02, an installed rule's
    ``turn_draw``), and a launcher's weights must be able to fire."""
    problems: list[str] = []
    claims: list[tuple[str, str]] = []
    launcher = rules.launcher
    if launcher.enabled:
        claims.append(("launcher", "launcher"))
        if len(launcher.weights) > 21 or not any(launcher.weights):
            problems.append(
                Problem(
                    "launcher.weights",
                    N_(
                        "expected 1 to 21 weights, not all 0 (the weight of firing 0, 1, "
                        "2, ... cards)"
                    ),
                )
            )
    for hook, _ in rules.plan.turn_draw:
        rule = registry.hook_rule(hook)
        if rule is not None:
            claims.append((rule.name, f"house_rules.{rule.name}"))
    for name, path in claims[1:]:
        problems.append(
            Problem(
                path,
                N_(
                    "{name} and {other} both decide how a turn's draw is made; only one "
                    "can (turn one off)"
                ),
                {"name": name, "other": claims[0][0]},
            )
        )
    return problems


def contradictions(rules: Rules, written: set[str] | None = None) -> list[str]:
    """Combinations that contradict each other or cannot take effect, each with its path.

    ``written`` holds the paths the preset itself sets (its ``extends`` parents excluded);
    an option that "has no effect" is reported only where it is written, so a preset may
    switch a parent's rule off without restating its options. ``None`` checks every
    non-default value.
    """
    problems = [
        _no_effect(path, why)
        for path, value, default, why in idle_options(rules)
        if value != default and (written is None or path in written)
    ]
    if (
        rules.challenge.on_guilty_color is GuiltyColor.CHALLENGER_NAMES
        and rules.challenge.on_guilty_turn is GuiltyTurn.CHALLENGER_SKIPPED
    ):
        problems.append(
            Problem(
                "challenge.on_guilty_color",
                N_(
                    "'challenger_names' needs on_guilty_turn 'challenger_plays': a challenger "
                    "who loses the turn cannot name the color (A8)"
                ),
            )
        )
    for rule, params in rules.plan.enabled:  # each enabled house rule's own
        problems += rule.contradictions(rules, params)
    problems += _claims(rules)
    if rules.card_kinds and rules.deck is Deck.FLIP_112:
        # F15: a declared kind is a one-sided card; every card of the Flip deck has two
        problems.append(
            Problem(
                "card_kinds",
                N_(
                    "the flip-112 deck is of two-sided cards; a declared kind has one face, so "
                    "it cannot join it"
                ),
            )
        )
    scoring = rules.scoring
    if scoring.mode is not ScoringMode.RUNNING_LOW and scoring.elimination:
        problems.append(
            Problem("scoring.elimination", N_("needs scoring.mode 'running_low' (T10)"))
        )
    extra = rules.extra_cards
    special = (
        extra.wild_shuffle_hands.enabled
        if rules.deck is Deck.SHUFFLE_112_2018
        else extra.wild_swap_hands.enabled
        if rules.deck is Deck.SWAP_112_2015
        else False
    )
    if extra.wild_customizable.count == 4 and special:
        problems.append(
            Problem(
                "extra_cards.wild_customizable.count",
                N_(
                    "a fourth Wild Customizable takes the place of the deck's Wild Shuffle "
                    "Hands or Wild Swap Hands; turn that card off (E3.1)"
                ),
            )
        )
    problems += _clause_problems(rules.clauses)
    counted = deck_problems(rules.deck, rules.deck_counts)
    if counted:
        return problems + counted
    deck_size = len(build_deck(rules))
    if not deck_size:
        problems.append(
            Problem(
                "deck",
                N_(
                    "deck 'none' deals no card: give the deck's kinds under card_kinds or "
                    "deck_counts (K7)"
                ),
            )
        )
        return problems
    if rules.hand_size * min(rules.max_players, 10) >= deck_size:
        most = (deck_size - 1) // rules.hand_size
        problems.append(
            Problem(
                "hand_size",
                N_(
                    "{hand_size} cards for each of max_players ({max_players}) needs more than "
                    "the {deck_size} cards of the deck; at most {most} players can be dealt "
                    "(set max_players)"
                ),
                {
                    "hand_size": rules.hand_size,
                    "max_players": rules.max_players,
                    "deck_size": deck_size,
                    "most": most,
                },
            )
        )
    return problems


# --------------------------------------------------------------------------- (un)structuring


def _structure(cls: Any, data: Mapping[str, Any]) -> Any:
    """Build a rules value from a mapping already checked by :func:`_check_class`.

    (Checked data needs no conversion beyond enums, nesting and tuples.)"""
    cls = _section_class(cls, data)
    hints = _hints(cls)
    kwargs: dict[str, Any] = {}
    for name, value in data.items():
        kwargs[name] = _structure_value(hints[name], value)
    return cls(**kwargs)


def _structure_value(tp: Any, value: Any) -> Any:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        inner = [t for t in typing.get_args(tp) if t is not type(None)]
        if isinstance(value, list) and any(is_steps(t) for t in inner):
            return read_steps(value, "")[0]
        tp = next(t for t in inner if not is_steps(t))
        origin = typing.get_origin(tp)
    if is_steps(tp):
        return read_steps(value, "")[0]
    if origin in (tuple, list):
        item = typing.get_args(tp)[0]
        return tuple(_structure_value(item, v) for v in value)
    if origin in _MAPPINGS:
        args = typing.get_args(tp)
        item = args[1] if len(args) == 2 else Any
        return FrozenDict({k: _structure_value(item, v) for k, v in value.items()})
    if attrs.has(tp):
        return _structure(tp, value)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp(value)
    return value


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """``rules`` as plain JSON/YAML types; :func:`load_preset` accepts it back."""
    out: dict[str, Any] = plain(rules)
    return out


def preset_summary(name: str, lang: str = "en") -> str:
    """The one-line summary in the header comment of a bundled preset file: its
    ``# name: ...`` paragraph, or in ``lang`` (``vi``, ``tl``) its ``# vi: ...`` or
    ``# tl: ...`` paragraph, English where the file has none."""
    path = preset_dir() / f"{name}.yaml"
    paragraphs: dict[str, list[str]] = {}
    words: list[str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        text = line.lstrip("#").strip()
        key = text.split(":", 1)[0]
        if key in (name, *_SUMMARY_LANGUAGES) and ":" in text and key not in paragraphs:
            words = paragraphs[key] = [text[len(key) + 1 :].strip()]
        elif words is not None and text:
            words.append(text)
        else:
            words = None
    english = " ".join(paragraphs.get(name, ()))
    return " ".join(paragraphs.get(normalize(lang), ())) or english


#: The languages a bundled preset's header comment gives its summary in, besides English.
_SUMMARY_LANGUAGES = ("vi", "tl")
