"""Rule presets: YAML files checked strictly into :class:`~uno_rules.Rules` (``API.md`` 3).

A preset is a mapping whose keys are the fields of :class:`~uno_rules.Rules` (nested
sections are nested mappings), plus an optional ``extends: <preset name or path>``. Every
problem is reported at once, each with its field path: unknown keys (with a "did you mean"
suggestion), wrong types, out-of-range numbers, unknown values, and combinations that
contradict each other or cannot take effect.

This module is the edge of the library: the engine never imports YAML or cattrs.
"""

from __future__ import annotations

import difflib
import os
import types
import typing
from collections.abc import Mapping
from enum import Enum
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from .errors import PresetError
from .rules import ChallengeSetting, GuiltyColor, GuiltyTurn, Rules, W4Restriction

__all__ = ["load_preset", "preset_names", "read_yaml", "rules_to_dict"]

MAX_FILE_BYTES = 256 * 1024
MAX_DEPTH = 20
_CUSTOM_NAME = "custom"


# --------------------------------------------------------------------------- bundled files


def _preset_dir() -> Path:
    """Bundled presets: inside the installed package, or ``presets/`` of a source tree."""
    packaged = resources.files("uno_rules") / "presets"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "presets"


@cache
def preset_names() -> tuple[str, ...]:
    """Names of the bundled presets, sorted, ``official`` first."""
    names = sorted(p.stem for p in _preset_dir().glob("*.yaml"))
    return tuple(sorted(names, key=lambda n: (n != "official", n)))


# --------------------------------------------------------------------------- YAML reading


def read_yaml(path: str | os.PathLike[str], what: str = "file") -> Any:
    """Read a YAML or JSON file with the safe loader, refusing oversized or deeply nested
    documents. Problems raise :class:`PresetError` naming the file."""

    p = Path(path)
    try:
        if not p.is_file():
            if not _exists(p):
                raise FileNotFoundError(p)
            raise PresetError([f"{p}: not a regular file"])
        with p.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise PresetError([f"{p}: the {what} is larger than {MAX_FILE_BYTES} bytes"])
        text = raw.decode("utf-8")
    except PresetError:
        raise
    except FileNotFoundError:
        raise PresetError([f"{p}: no such {what}"]) from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise PresetError([f"{p}: cannot read the {what}: {exc}"]) from None
    return parse_yaml(text, str(p))


def parse_yaml(text: str, where: str = "<text>") -> Any:
    """Parse YAML text safely (no tags, no aliases bombs: depth and size are limited)."""
    import yaml

    if len(text) > MAX_FILE_BYTES:
        raise PresetError([f"{where}: the text is longer than {MAX_FILE_BYTES} characters"])
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise PresetError([f"{where}: not valid YAML{at}: {problem}"]) from None
    except RecursionError:
        raise PresetError([f"{where}: nested too deeply"]) from None
    if _depth(data) > MAX_DEPTH:
        raise PresetError([f"{where}: nested more than {MAX_DEPTH} levels deep"])
    return data


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, Mapping):
        return max((_depth(v, level + 1) for v in value.values()), default=level + 1)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level + 1)
    return level


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
    data, default_name = _resolve(source, chain=())
    return _build(data, default_name)


@cache
def _load_bundled(name: str) -> Rules:
    """Bundled presets are read once per process (a :class:`Rules` is immutable)."""
    data, default_name = _resolve(name, chain=())
    return _build(data, default_name)


def _resolve(
    source: str | os.PathLike[str] | Mapping[str, Any],
    chain: tuple[str, ...],
    base_dir: Path | None = None,
) -> tuple[dict[str, Any], str]:
    """The merged raw mapping for ``source`` (its ``extends`` chain applied) and its
    default name."""
    if isinstance(source, Mapping):
        data: Any = source
        name, here, key = _CUSTOM_NAME, base_dir, "<mapping>"
    elif isinstance(source, (str, os.PathLike)):
        text = os.fspath(source)
        if isinstance(source, str) and text in preset_names():
            path = _preset_dir() / f"{text}.yaml"
            name = text
        else:
            path = Path(text)
            if base_dir is not None and not path.is_absolute():
                path = base_dir / path
            exists = _exists(path)
            if not exists and not text.endswith((".yaml", ".yml", ".json")):
                raise PresetError([_unknown_preset(text)])
            name = _CUSTOM_NAME
        key = str(path.resolve()) if _exists(path) else str(path)
        if key in chain:
            cycle = " -> ".join([*chain, key])
            raise PresetError([f"extends: a cycle of presets: {cycle}"])
        data = read_yaml(path, "preset file")
        here = path.parent
    else:
        raise PresetError(
            [f"expected a preset name, a file path or a mapping, got {type(source).__name__}"]
        )
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise PresetError(
            [f"{key}: a preset must be a mapping of settings, got {_type_name(data)}"]
        )
    data = dict(data)
    parent = data.pop("extends", None)
    if parent is None:
        return data, str(data.get("name", name))
    if not isinstance(parent, str):
        raise PresetError([f"extends: expected a preset name or a path, got {parent!r}"])
    parent_data, _ = _resolve(parent, (*chain, key), here)
    merged = _merge(parent_data, data)
    if "name" not in data:
        merged.pop("name", None)
    return merged, str(data.get("name", name))


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def _merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(k), Mapping):
            out[k] = _merge(out[k], value)
        else:
            out[k] = value
    return out


def _unknown_preset(text: str) -> str:
    hint = _suggest(text, preset_names())
    known = ", ".join(preset_names())
    return f"{text!r}: no such preset or file{hint} (bundled presets: {known})"


def _suggest(word: str, choices: typing.Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _build(data: dict[str, Any], default_name: str) -> Rules:
    data = dict(data)
    data.setdefault("name", default_name)
    problems: list[str] = []
    _check_class(Rules, data, "", problems)
    if problems:
        raise PresetError(problems)
    rules: Rules = _converter().structure(data, Rules)
    problems = contradictions(rules)
    if problems:
        raise PresetError(problems)
    return rules


# --------------------------------------------------------------------------- checking


def _type_name(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"a boolean ({str(value).lower()})"
    if isinstance(value, (int, float)):
        return f"a number ({value!r})"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _check_class(cls: type, data: Any, path: str, problems: list[str]) -> None:
    if not isinstance(data, Mapping):
        problems.append(f"{path or 'preset'}: expected a mapping, got {_type_name(data)}")
        return
    fields = {a.name: a for a in attrs.fields(cls)}
    hints = _hints(cls)
    for key in data:
        if not isinstance(key, str):
            problems.append(f"{_join(path, str(key))}: keys must be text")
        elif key not in fields:
            extra = " ('extends' is only allowed at the top)" if key == "extends" else ""
            problems.append(f"{_join(path, key)}: unknown setting{_suggest(key, fields)}{extra}")
    for name, a in fields.items():
        if name in data:
            _check_value(hints[name], a.metadata, data[name], _join(path, name), problems)


def _check_value(
    tp: Any, meta: Mapping[str, Any], value: Any, path: str, problems: list[str]
) -> None:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(tp)
        if value is None and type(None) in options:
            return
        inner = [o for o in options if o is not type(None)]
        _check_value(inner[0], meta, value, path, problems)
        return
    if origin is tuple:
        item_type = typing.get_args(tp)[0]
        if not isinstance(value, list):
            problems.append(f"{path}: expected a list, got {_type_name(value)}")
            return
        for i, item in enumerate(value):
            _check_value(item_type, meta, item, f"{path}[{i}]", problems)
        return
    if attrs.has(tp):
        _check_class(tp, value, path, problems)
    elif isinstance(tp, type) and issubclass(tp, Enum):
        allowed = [m.value for m in tp]
        if not isinstance(value, str) or value not in allowed:
            shown = repr(value) if isinstance(value, str) else _type_name(value)
            hint = _suggest(value, allowed) if isinstance(value, str) else ""
            problems.append(
                f"{path}: unknown value {shown}{hint}; expected one of {', '.join(allowed)}"
            )
    elif tp is bool:
        if not isinstance(value, bool):
            problems.append(f"{path}: expected true or false, got {_type_name(value)}")
    elif tp is int:
        if not isinstance(value, int) or isinstance(value, bool):
            problems.append(f"{path}: expected an integer, got {_type_name(value)}")
            return
        lo, hi = meta.get("min"), meta.get("max")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            problems.append(f"{path}: {value} is out of range; expected {lo} to {hi}")
    elif tp is str:
        if not isinstance(value, str):
            problems.append(f"{path}: expected text, got {_type_name(value)}")
    else:  # pragma: no cover - a field type the checker does not know is a bug here
        raise TypeError(f"unsupported rules field type {tp!r} at {path}")


def contradictions(rules: Rules) -> list[str]:
    """Combinations that contradict each other or cannot take effect, each with its path."""
    problems: list[str] = []
    restriction = rules.w4_restriction
    if (
        rules.w4_challenge is ChallengeSetting.ENABLED
        and restriction in (W4Restriction.NONE, W4Restriction.STRICT)
        and rules.challenge != type(rules.challenge)()
    ):
        problems.append(
            f"challenge: has no effect: under w4_restriction '{restriction.value}' a Wild Draw "
            f"Four is never a bluff, so no challenge can succeed (H10)"
        )
    if (
        rules.w4_challenge is ChallengeSetting.DISABLED
        and rules.challenge != type(rules.challenge)()
    ):
        problems.append("challenge: has no effect while w4_challenge is 'disabled' (H11)")
    if (
        rules.challenge.on_guilty_color is GuiltyColor.CHALLENGER_NAMES
        and rules.challenge.on_guilty_turn is GuiltyTurn.CHALLENGER_SKIPPED
    ):
        problems.append(
            "challenge.on_guilty_color: 'challenger_names' needs on_guilty_turn "
            "'challenger_plays': a challenger who loses the turn cannot name the color (A8)"
        )
    return problems


# --------------------------------------------------------------------------- (un)structuring


@cache
def _converter() -> Any:
    import cattrs

    return cattrs.Converter(forbid_extra_keys=True)


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """``rules`` as plain JSON/YAML types; :func:`load_preset` accepts it back."""
    out: dict[str, Any] = _plain(_converter().unstructure(rules))
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
