"""A small JSON Schema validator: the part of draft 2020-12 that docs/wire.schema.json uses (``type``,
``const``, ``enum``, ``pattern``, ``minimum``, ``properties``, ``required``, ``additionalProperties``,
``items``, ``prefixItems``, ``minItems``, ``allOf``, ``anyOf``, ``oneOf``, local ``$ref``), so the
tests need no validator package. A keyword it does not know is an error, never skipped: a schema
using more than this subset fails loudly instead of passing everything.

>>> schema = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 0}}, "required": ["n"]}
>>> errors(schema, {"n": 3}), errors(schema, {"n": -1}), errors(schema, {})
([], ['/n: -1 is below 0'], ["/: 'n' is missing"])
"""

from __future__ import annotations

import re
from typing import Any

_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
_TYPE_FAULT = " is of another type than "
_NOTES = {"$schema", "$id", "title", "$defs", "description"}


def errors(schema: dict[str, Any], value: object, root: dict[str, Any] | None = None, at: str = "") -> list[str]:
    """What is wrong with ``value`` under ``schema`` (``root`` holds the ``$defs``), one line a fault."""
    root = schema if root is None else root
    where = at or "/"
    out: list[str] = []
    for key, rule in schema.items():
        if key in _NOTES or key in ("minimum", "prefixItems", "minItems"):
            continue
        if key == "$ref":
            out += errors(_resolve(root, rule), value, root, at)
        elif key == "type":
            kinds = rule if isinstance(rule, list) else [rule]
            if not any(_TYPES[kind](value) for kind in kinds):
                return [f"{where}: {_short(value)}{_TYPE_FAULT}{' or '.join(kinds)}"]
        elif key == "const":
            if value != rule or type(value) is not type(rule):
                out.append(f"{where}: {_short(value)} is not {rule!r}")
        elif key == "enum":
            if value not in rule:
                out.append(f"{where}: {_short(value)} is not one of {rule}")
        elif key == "pattern":
            if isinstance(value, str) and not re.search(rule, value):
                out.append(f"{where}: {value!r} does not match {rule}")
        elif key in ("allOf", "anyOf", "oneOf"):
            out += _combined(key, rule, value, root, at)
        elif key in ("properties", "required", "additionalProperties"):
            out += _object(key, schema, value, root, at) if isinstance(value, dict) else []
        elif key == "items":
            out += _items(schema, value, root, at) if isinstance(value, list) else []
        else:
            raise ValueError(f"{where}: the schema uses {key!r}, which this validator does not know")
    if "minimum" in schema and _TYPES["integer"](value) and value < schema["minimum"]:  # type: ignore[operator]
        out.append(f"{where}: {value} is below {schema['minimum']}")
    return out


def _resolve(root: dict[str, Any], ref: str) -> dict[str, Any]:
    prefix = "#/$defs/"
    if not ref.startswith(prefix):
        raise ValueError(f"only local references, not {ref}")
    found: dict[str, Any] = root["$defs"][ref[len(prefix) :]]
    return found


def _combined(key: str, rules: list[dict[str, Any]], value: object, root: dict[str, Any], at: str) -> list[str]:
    quick = key != "allOf"
    tried = [None if quick and _rejects(rule, value, root) else errors(rule, value, root, at) for rule in rules]
    results = [result for result in tried if result is not None]
    good = sum(not result for result in results)
    if key == "allOf":
        return [line for result in results for line in result]
    if (key == "anyOf" and good) or (key == "oneOf" and good == 1):
        return []
    if good > 1:
        return [f"{at or '/'}: {good} of oneOf match {_short(value)}"]
    # The branch it came nearest to, to say why: one of its type, with the fewest faults.
    best = min(results, key=lambda result: (_TYPE_FAULT in result[0], len(result)), default=[])
    return [f"{at or '/'}: matches none of {key}", *best]


def _rejects(rule: dict[str, Any], value: object, root: dict[str, Any]) -> bool:
    """True when a branch's constant (an event's ``type``, a message's) already rules ``value``
    out: a quick answer that spares checking every branch of a large ``oneOf`` in full."""
    if "$ref" in rule:
        rule = _resolve(root, rule["$ref"])
    if not isinstance(value, dict):
        return False
    for name, field in rule.get("properties", {}).items():
        if "const" in field and name in value and value[name] != field["const"]:
            return True
    return False


def _object(key: str, schema: dict[str, Any], value: dict[str, Any], root: dict[str, Any], at: str) -> list[str]:
    properties = schema.get("properties", {})
    if key == "required":
        return [f"{at or '/'}: {name!r} is missing" for name in schema["required"] if name not in value]
    if key == "properties":
        return [
            line
            for name, rule in properties.items()
            if name in value
            for line in errors(rule, value[name], root, f"{at}/{name}")
        ]
    extra = schema["additionalProperties"]
    out = []
    for name, item in value.items():
        if name in properties:
            continue
        if extra is False:
            out.append(f"{at or '/'}: unknown property {name!r}")
        else:
            out += errors(extra, item, root, f"{at}/{name}")
    return out


def _items(schema: dict[str, Any], value: list[Any], root: dict[str, Any], at: str) -> list[str]:
    prefix = schema.get("prefixItems", [])
    out = []
    if len(value) < schema.get("minItems", 0):
        out.append(f"{at or '/'}: fewer than {schema['minItems']} items")
    for index, item in enumerate(value):
        rule = prefix[index] if index < len(prefix) else schema["items"]
        if rule is False:
            out.append(f"{at}/{index}: no item allowed here")
        else:
            out += errors(rule, item, root, f"{at}/{index}")
    return out


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
