"""Schema keywords: what a schema node says on its own, before anything is resolved.

Small pure functions over one schema mapping (its ``type`` names, ``properties``, the shape
its keywords imply, an ``x-merge`` policy), and ``Reading``: what one schema means, the unit
every reading function returns.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..errors import SpecError, did_you_mean
from ..model import NO_DEFAULT, Type
from ..policy import WrittenPolicy, parse_policy
from ..resolve import Location

#: JSON Schema ``type`` names (JSON Schema validation section 6.1.1).
TYPE_NAMES = ("string", "integer", "number", "boolean", "array", "object", "null")
#: The IR's scalar kind of each JSON Schema scalar type.
PRIM_OF = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}
#: Keywords that give a schema a shape; a ``$ref`` with any of these beside it is read as
#: ``allOf: [{$ref}, {the rest}]`` (JSON Schema 2020-12 section 8.2.3.1 applies both).
STRUCTURAL = frozenset(
    ("type", "properties", "additionalProperties", "items", "allOf", "anyOf", "oneOf", "enum", "const")
)
#: Keywords that only annotate (JSON Schema 2020-12 section 9, OpenAPI's ``nullable``; ``x-`` extensions too): an
#: ``allOf`` member of only these says facts of its slot, no shape (TypeSpec's ``allOf: [{$ref}, {description}]``).
ANNOTATIONS = frozenset(
    ("description", "title", "deprecated", "nullable", "readOnly", "writeOnly", "default", "examples", "example")
)
#: What a value that fits no type is fitted to (``enums.fit_value``, ``defaults.fit_default``).
MISFIT: Any = object()

_CONSTRAINTS = {
    "string": ("pattern", "minLength", "maxLength"),
    "number": ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"),
    "array": ("minItems", "maxItems", "contains"),
    "object": ("minProperties", "maxProperties", "propertyNames", "dependentRequired"),
}
#: Keywords the generated models do not enforce, by the kind a warning names (one warning
#: per kind, with its count and first place: see ``Interpreter.settle``).
UNENFORCED = {
    "patternProperties": "patternProperties",
    **dict.fromkeys(("if", "then", "else"), "if/then/else"),
    "not": "not",
    "uniqueItems": "uniqueItems",
    **{k: f"{kind} constraints ({', '.join(keys)})" for kind, keys in _CONSTRAINTS.items() for k in keys},
}


def unenforced(schema: dict[str, Any]) -> list[str]:
    """The kinds of unenforced keywords a schema node uses (``uniqueItems: false`` and the
    like, which constrain nothing, are not counted; nor a tuple's ``minItems``/``maxItems``
    no larger than its prefix, which its ``Tuple`` honours)."""
    prefix = schema.get("prefixItems") if "prefixItems" in schema else schema.get("items")
    size = len(prefix) if isinstance(prefix, list) else -1
    kinds = [
        UNENFORCED[k]
        for k in schema
        if k in UNENFORCED
        and schema[k] is not False
        and not (k in ("minItems", "maxItems") and isinstance(schema[k], int) and schema[k] <= size)
    ]
    return list(dict.fromkeys(kinds))


@dataclass(frozen=True, slots=True)
class Reading:
    """What one schema means: a type plus the facts that belong to the slot holding it."""

    type: Type
    nullable: bool = False
    description: str | None = None
    deprecated: bool = False
    default: Any = NO_DEFAULT
    read_only: bool = False
    write_only: bool = False
    merge: WrittenPolicy | None = None
    title: str | None = None


def truthy(value: Any) -> bool:
    """``true`` as a YAML boolean, tolerating the string ``'true'`` some specs write."""
    return value is True or value == "true"


def json_kind(value: Any) -> str:
    return {dict: "a mapping", list: "a list", str: "a string", bool: "a boolean"}.get(
        type(value), type(value).__name__
    )


def text(value: Any) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


def properties(schema: dict[str, Any], loc: Location) -> dict[str, Any]:
    raw = schema.get("properties")
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise loc.child("properties").error("properties must be a mapping of names to schemas")
    return raw


def admits_null(schema: Any) -> bool:
    """True when a schema node says on its own that it admits ``null`` (``nullable: true``,
    ``null`` in ``type`` or ``enum``, ``const: null``, a null member of ``anyOf``/``oneOf``):
    what a recursion back to it must know before it is read."""
    if not isinstance(schema, dict):
        return False
    types = schema.get("type")
    if (
        truthy(schema.get("nullable"))
        or types == "null"
        or (isinstance(types, list) and ("null" in types or None in types))
        or (isinstance(schema.get("enum"), list) and None in schema["enum"])
        or ("const" in schema and schema["const"] is None)
    ):
        return True
    members = [m for word in ("anyOf", "oneOf") if isinstance(schema.get(word), list) for m in schema[word]]
    return any(
        is_null_schema(m) or (isinstance(m, dict) and truthy(m.get("nullable")) and "$ref" not in m) for m in members
    )


def has_shape(schema: dict[str, Any]) -> bool:
    return any(k in schema for k in ("properties", "items", "enum", "const", "anyOf", "oneOf", "additionalProperties"))


def implied_type(schema: dict[str, Any]) -> str | None:
    """The type a schema without ``type`` has by its keywords (as real specs assume)."""
    if any(k in schema for k in ("properties", "additionalProperties", "patternProperties")):
        return "object"
    return "array" if "items" in schema or "prefixItems" in schema else None


def only_constraints(schema: dict[str, Any]) -> bool:
    """True when every anyOf/oneOf member only constrains (``required: [...]``), so the
    owner's properties are the shape."""
    members = schema.get("oneOf") or schema.get("anyOf") or []
    return all(isinstance(m, dict) and not (STRUCTURAL & set(m)) and "$ref" not in m for m in members)


def distribute(schema: dict[str, Any]) -> dict[str, Any]:
    """Push an owner's own keywords into each anyOf/oneOf member (``allOf`` of both)."""
    word = "oneOf" if "oneOf" in schema else "anyOf"
    own = {k: v for k, v in schema.items() if k not in ("oneOf", "anyOf", "discriminator", "description", "title")}
    members = [m if is_null_schema(m) else {"allOf": [own, m]} for m in schema[word]]
    return {k: v for k, v in schema.items() if k in ("discriminator", "description", "title")} | {word: members}


def type_names(schema: dict[str, Any], loc: Location) -> list[str]:
    """The ``type`` names a schema gives (``None`` in a list is ``null``), checked."""
    raw = schema.get("type")
    if raw is None:
        return []
    names = [("null" if n is None else n) for n in raw] if isinstance(raw, list) else [raw]
    for name in names:
        if name not in TYPE_NAMES:
            shown = name if isinstance(name, str) else json.dumps(name, default=str)
            raise loc.child("type").error(
                f"unknown type {shown!r}{did_you_mean(str(name), TYPE_NAMES)} (JSON Schema types: {', '.join(TYPE_NAMES)})"
            )
    return list(dict.fromkeys(names))


def union_merge_map(schema: Any) -> Any:
    """A union's ``x-merge`` when it is a mapping: the event union's merge map, checked by
    ``event_plan`` (None otherwise)."""
    raw = schema.get("x-merge") if isinstance(schema, dict) and ("anyOf" in schema or "oneOf" in schema) else None
    return raw if isinstance(raw, dict) else None


def merge_policy(schema: dict[str, Any], loc: Location) -> WrittenPolicy | None:
    """The ``x-merge`` policy a schema gives, checked by ``policy.parse_policy`` (``by_key``
    may name its key). On a union, a mapping is the event union's merge map, which
    ``event_plan`` reads: not a field policy."""
    raw = schema.get("x-merge")
    if raw is None or (isinstance(raw, dict) and ("anyOf" in schema or "oneOf" in schema)):
        return None
    try:
        return parse_policy(raw, "x-merge")
    except SpecError as exc:
        raise loc.child("x-merge").error(exc.message) from None


def is_null_schema(schema: Any) -> bool:
    """True for a schema that admits only ``null`` (``type: null``, ``enum: [null]``...)."""
    if not isinstance(schema, dict):
        return False
    t = schema.get("type")
    return (
        t == "null" or t == ["null"] or schema.get("enum") == [None] or ("const" in schema and schema["const"] is None)
    )


def name_hints(member: Any) -> tuple[str, ...]:
    """What an inline ``anyOf``/``oneOf`` member offers to name it, best first: its
    ``title``, then the single value of its ``type`` property (a tag)."""
    if not isinstance(member, dict):
        return ()
    hints = [member["title"]] if isinstance(member.get("title"), str) else []
    props = member.get("properties")
    tag = props.get("type") if isinstance(props, dict) else None
    if isinstance(tag, dict):
        values = tag.get("enum") or ([tag["const"]] if "const" in tag else [])
        if isinstance(values, list) and len(values) == 1 and isinstance(values[0], str):
            hints.append(values[0])
    return tuple(hints)
