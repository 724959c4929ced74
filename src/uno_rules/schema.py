"""A JSON Schema for preset files, generated from the rules model (never written by hand).

Editors that understand JSON Schema (VS Code's YAML extension, for example) can check a
preset as it is typed::

    uno-rules presets schema > uno-preset.schema.json

Every field of :class:`~uno_rules.Rules` becomes a property with its type, its allowed
values or range, its default, and a description that cites its ``docs/rules.md`` clause.
Cross-field checks ("has no effect while stacking is off") are beyond JSON Schema; run
``uno-rules presets check FILE`` for those.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from enum import Enum
from typing import Any

import attrs

from .kinds import STEP_SPECS, is_steps
from .presets import rules_with_installed
from .rules import Rules
from .rules._meta import FrozenDict

__all__ = ["preset_schema"]


UNNAMED_PRESET = "custom"


def preset_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a preset file."""
    default = rules_with_installed()  # installed house rules are listed like bundled ones
    body = _object_schema(Rules, default)
    body["properties"] = {
        "extends": {
            "type": "string",
            "description": "A bundled preset name or a path this preset builds on.",
        },
        **body["properties"],
    }
    # A preset file that does not name itself is named "custom" by the loader: the rules
    # model's own default ("official") is the name of the base rules, not of a file, so
    # the schema gives no default and says what the loader does.
    body["properties"]["name"] = {
        "type": "string",
        "description": "The rule set's name; a preset that does not set it is named "
        f"'{UNNAMED_PRESET}' (the name of the preset it extends is not inherited).",
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "uno-rules preset",
        "description": "A rule set for the uno_rules engine; every key is optional.",
        **body,
    }


def _object_schema(cls: type, default: Any) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    props: dict[str, Any] = {}
    required: list[str] = []
    for a in attrs.fields(cls):
        if default is not None:
            value = getattr(default, a.name)
        elif a.default is attrs.NOTHING:  # an item of a list (card_kinds): no default
            value = None
            required.append(a.name)
        elif isinstance(a.default, attrs.Factory):  # type: ignore[arg-type]
            value = a.default.factory()
        else:
            value = a.default
        prop = _type_schema(hints[a.name], value)
        doc = a.metadata.get("doc")
        clause = a.metadata.get("clause")
        if doc:
            prop["description"] = f"{doc} ({clause})" if clause and clause != "-" else doc
        # a mapping's range is its values' (deck_counts)
        ranged = prop["additionalProperties"] if prop.get("type") == "object" else prop
        if "min" in a.metadata:
            ranged["minimum"] = a.metadata["min"]
        if "max" in a.metadata:
            ranged["maximum"] = a.metadata["max"]
        props[a.name] = prop
    schema: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        schema["required"] = required
    return schema


def _type_schema(tp: Any, default: Any) -> dict[str, Any]:
    origin = typing.get_origin(tp)
    if is_steps(tp):
        return {
            "type": "array",
            "items": {
                "type": "object",
                "minProperties": 1,
                "maxProperties": 1,
                "propertyNames": {
                    "enum": [op.value for op, spec in STEP_SPECS.items() if not spec.data_only]
                },
            },
            "description": "effect steps (docs/cards.md)",
        }
    if origin in (typing.Union, types.UnionType):
        inner = [t for t in typing.get_args(tp) if t is not type(None)]
        if len(inner) > 1:
            return {"anyOf": [_type_schema(t, default) for t in inner]}
        schema = _type_schema(inner[0], default)
        kind = schema.get("type")
        if isinstance(kind, str):
            schema["type"] = [kind, "null"]
        return schema
    if origin in (tuple, list):
        item = typing.get_args(tp)[0]
        array: dict[str, Any] = {"type": "array", "items": _type_schema(item, None)}
        if default is not None:
            array["default"] = [_plain(v) for v in default]
        return array
    if attrs.has(tp):
        return _object_schema(type(default) if default is not None else tp, default)
    if isinstance(tp, type) and issubclass(tp, Enum):
        out: dict[str, Any] = {"type": "string", "enum": [m.value for m in tp]}
        if default is not None:
            out["default"] = default.value
        return out
    if origin in (dict, Mapping, FrozenDict):
        args = typing.get_args(tp)
        values = _type_schema(args[1], None) if len(args) == 2 else {}
        mapping: dict[str, Any] = {"type": "object", "additionalProperties": values}
        if default:
            mapping["default"] = {k: _plain(v) for k, v in default.items()}
        return mapping
    names = {bool: "boolean", int: "integer", float: "number", str: "string"}
    if tp not in names:
        return {}  # a type no preset can hold: load_preset names it (docs/write-a-house-rule.md)
    out = {"type": names[tp]}
    if default is not None:
        out["default"] = default
    return out


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value
