"""Naming: every name a generated module holds, decided once, after the roots are chosen.

The reader gives each type a provisional id and a ``Place``; ``name_schemas`` then names the
emitted types in one pass (``schemas``): components after their spec names (``class_name``),
inline schemas after the path to them (``derived_name``), never from counters. ``words`` turns
text into Python names (classes, attributes); ``code`` names generated functions and constants.
"""

from __future__ import annotations

from ..options import stem as module_stem
from .code import (
    EventNames,
    ParserNames,
    accumulator_name,
    chunk_reader,
    local_name,
    parse_function,
    response_plan_constant,
    state_class_names,
)
from .schemas import Key, Place, component_at, component_name, field_names, location_key, name_schemas, stream_name
from .words import MODULE_NAMES, RESERVED_ATTRIBUTES, attribute_name, class_name, pascal_word, singular

__all__ = [
    "MODULE_NAMES",
    "RESERVED_ATTRIBUTES",
    "EventNames",
    "Key",
    "ParserNames",
    "Place",
    "accumulator_name",
    "attribute_name",
    "chunk_reader",
    "class_name",
    "component_at",
    "component_name",
    "field_names",
    "local_name",
    "location_key",
    "module_stem",
    "name_schemas",
    "parse_function",
    "pascal_word",
    "response_plan_constant",
    "singular",
    "state_class_names",
    "stream_name",
]
