"""Defaults: a schema's ``default`` fitted to its type, recorded and documented, never applied.

Numbers and booleans written as strings (Mistral's ``default: '0'``) are read as what they
spell, with a warning; a default that fits no type is dropped with a warning.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from ..load import scalar_text
from ..model import NO_DEFAULT, AliasRef, Array, Enum, Map, ModelRef, Prim, Type, UnionType
from ..resolve import Location
from ..warning_kinds import DEFAULT_MISFIT, DEFAULT_STRING, Kind
from .keywords import MISFIT, Reading


def coerce_default(reading: Reading, loc: Location, warn: Callable[[Location, Kind, str], None]) -> Any:
    """``reading``'s default fitted to its type, or ``NO_DEFAULT`` (``null`` only if the slot is nullable)."""
    value = reading.default
    if value is NO_DEFAULT:
        return NO_DEFAULT
    if value is None:
        return None if reading.nullable else NO_DEFAULT
    fitted = fit_default(value, reading.type)
    if fitted is MISFIT:
        warn(loc.child("default"), DEFAULT_MISFIT, json.dumps(value, default=str))
        return NO_DEFAULT
    if isinstance(value, str) and (fitted != value or type(fitted) is not type(value)):
        warn(loc.child("default"), DEFAULT_STRING, f"{value!r} read as {fitted!r}")
    return fitted


def fit_default(value: Any, t: Type) -> Any:
    """A default made to fit its type (numbers and booleans written as strings too), or ``MISFIT``."""
    if isinstance(t, Prim):
        if t.kind == "any":
            return value
        if t.kind == "str":
            text = value if isinstance(value, str) else scalar_text(value)
            return text if text is not None else MISFIT
        if t.kind == "bool":
            if isinstance(value, bool):
                return value
            return {"true": True, "false": False}.get(value, MISFIT) if isinstance(value, str) else MISFIT
        if t.kind in ("int", "float"):
            if isinstance(value, str):
                try:
                    value = int(value) if t.kind == "int" else float(value)
                except ValueError:
                    return MISFIT
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                return MISFIT
            if t.kind == "int":
                return int(value) if float(value).is_integer() else MISFIT
            return float(value) if math.isfinite(value) else MISFIT
    if isinstance(t, (Enum, UnionType)):
        options = [Prim(base) for base in t.bases] if isinstance(t, Enum) else t.options
        return next((f for f in (fit_default(value, o) for o in options) if f is not MISFIT), MISFIT)
    if isinstance(t, Array) and isinstance(value, list) or isinstance(t, Map) and isinstance(value, dict):
        return value
    return value if isinstance(t, (AliasRef, ModelRef)) else MISFIT  # a named type: documented as written
