"""Naming: every name a generated module holds, decided once, after the roots are chosen.

The reader (``interpret``) gives each type it reads a provisional id and records where it
stands (``Place``); ``name_schemas`` then names the emitted types only, in one pass: component
schemas after their spec names, inline schemas after the path to them (parent class plus
property, singular for array items), never from counters nor from what else the reader
happened to read. The same module names attributes (``attribute_name``), parse functions,
accumulators, merge-state classes and the hoisted parsers' constants.

Where a class name is decided: ``name_schemas`` (components: ``class_name``; inline schemas:
``derived_name``).

The package: ``words`` (text into Python names), ``schemas`` (the types' names), ``code``
(names of generated functions, constants and handlers).
"""

from __future__ import annotations

from ..options import stem as module_stem
from .code import (
    EventNames,
    ParserNames,
    accumulator_name,
    local_name,
    parse_function,
    parse_functions,
    response_plan_constant,
    state_class_names,
)
from .schemas import (
    SCHEMA_SECTIONS,
    Key,
    Place,
    class_names,
    component_at,
    component_name,
    derived_name,
    field_names,
    location_key,
    name_schemas,
    origin_note,
    stream_name,
)
from .words import (
    MODULE_NAMES,
    RESERVED_ATTRIBUTES,
    attribute_name,
    class_name,
    name_chars,
    pascal_word,
    singular,
    snake_name,
)

__all__ = [
    "MODULE_NAMES",
    "RESERVED_ATTRIBUTES",
    "SCHEMA_SECTIONS",
    "EventNames",
    "Key",
    "ParserNames",
    "Place",
    "accumulator_name",
    "attribute_name",
    "class_name",
    "class_names",
    "component_at",
    "component_name",
    "derived_name",
    "field_names",
    "local_name",
    "location_key",
    "module_stem",
    "name_chars",
    "name_schemas",
    "origin_note",
    "parse_function",
    "parse_functions",
    "pascal_word",
    "response_plan_constant",
    "singular",
    "snake_name",
    "state_class_names",
    "stream_name",
]
