"""Enums: ``enum``/``const``/``x-stainless-const`` values as open ``Literal`` types.

``null`` among the values makes the slot nullable (never a value); values are fitted to the
declared ``type`` (YAML 1.1 traps such as ``on`` back to text); floats, objects, arrays and
integers beyond 64 bits, which ``typing.Literal`` cannot hold, give their base type.
"""

from __future__ import annotations

import json
from typing import Any

from ..load import scalar_text
from ..model import NULL, Enum, Prim, kind_of
from ..resolve import Location
from .keywords import MISFIT, PRIM_OF, Reading
from .unions import union


def read_enum(schema: dict[str, Any], loc: Location, types: list[str]) -> Reading:
    """The reading of a schema with ``enum`` or ``const`` whose ``type`` names are ``types``."""
    if "enum" in schema:
        raw, where = schema["enum"], loc.child("enum")
        if not isinstance(raw, list):
            raise where.error("enum must be a list of values")
    else:
        raw, where = [schema["const"]], loc.child("const")
    nullable = any(v is None for v in raw)
    names = value_names(schema, raw)
    values: list[Any] = []
    for i, value in enumerate(raw):
        if value is None:
            continue
        fitted = fit_value(value, types)
        if fitted is MISFIT:
            shown = json.dumps(value, default=str)
            raise where.child(i).error(f"enum value {shown} does not fit type {' | '.join(types)}")
        if not any(type(v) is type(fitted) and v == fitted for v in values):  # 1 and True differ
            values.append(fitted)
    if not values:
        return Reading(NULL, nullable=True)
    declared = tuple(PRIM_OF[t] for t in types if t in PRIM_OF)
    if any(isinstance(v, (float, dict, list)) or isinstance(v, int) and not -(2**63) <= v < 2**63 for v in values):
        # typing.Literal holds no floats, objects, arrays or huge ints: the base type
        kinds = list(declared) or sorted({kind_of(v) for v in values})
        return Reading(union([Prim(k) for k in kinds]), nullable=nullable)
    return Reading(Enum(tuple(values), declared=declared, names=names), nullable=nullable)


def value_names(schema: dict[str, Any], raw: list[Any]) -> tuple[str, ...]:
    """``"value = NAME"`` for each non-null value ``x-enum-varnames`` (openapi-generator) or
    ``x-enumNames`` (NSwag) names; ``()`` unless one is a list of strings as long as ``enum``."""
    for key in ("x-enum-varnames", "x-enumNames"):
        given = schema.get(key)
        if isinstance(given, list) and len(given) == len(raw) and all(isinstance(n, str) for n in given):
            return tuple(f"{json.dumps(v, default=str)} = {n}" for v, n in zip(raw, given) if v is not None)
    return ()


def fit_value(value: Any, types: list[str]) -> Any:
    """An enum value made to fit the declared types (YAML 1.1 traps back to text), or ``MISFIT``."""
    if not types:
        return value
    for t in types:
        if t == "string":
            text = value if isinstance(value, str) else scalar_text(value)
            if text is not None:
                return text
        elif t == "integer" and not isinstance(value, bool) and isinstance(value, (int, float)):
            if isinstance(value, int) or value.is_integer():
                return int(value)
        elif t == "number" and isinstance(value, (int, float)) and not isinstance(value, bool):
            return value if isinstance(value, int) else float(value)
        elif t == "boolean" and isinstance(value, bool) or t in ("object", "array") and isinstance(value, (dict, list)):
            return value
    return MISFIT
