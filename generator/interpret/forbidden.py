"""What the reader honours of a ``false`` schema (JSON Schema 2020-12 section 4.3.2: no value is
valid) and of ``patternProperties`` (section 10.3.2.2).

* A property whose schema is ``false`` reads as ``None`` (``x: None = None``), so every style
  rejects any value but ``null``, which reads as absent (docs/schema-support.md). A ``false``
  union member is left out (``choices``); other ``false`` schemas stay ``Any``, with a warning.
* ``patternProperties`` whose schemas are objects: each extra key is checked against every
  pattern it matches (``re.search``, as JSON Schema searches), a key matching none against
  ``additionalProperties`` (refused when ``false``: beside patterns it says which keys may be
  there). The extras are annotated with the union of those schemas. A pattern ``re`` cannot
  compile, or a boolean pattern schema, is not honoured (the ``patternProperties`` warning).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..model import ANY, NULL
from ..resolve import Location
from .base import ReaderBase
from .keywords import Reading
from .unions import union

#: The docstring of a property whose schema is ``false``.
FORBIDDEN = "Forbidden by the spec (its schema is ``false``): the key must be absent; ``null`` reads as absent."
#: The warning kind of the ``false`` schemas not honoured (as ``Interpreter.read`` notes it).
FALSE_KIND = "false schemas (no value allowed)"
PATTERN_KIND = "patternProperties"


def read_false(reader: ReaderBase, loc: Location) -> Reading:
    """A ``false`` schema at ``loc``: a forbidden property (``.../properties/<name>``) reads as
    ``None`` with a docstring saying so; anywhere else as ``Any``, noted as not enforced."""
    if loc.tokens[-2:-1] == ["properties"]:
        return Reading(NULL, nullable=True, description=FORBIDDEN)
    reader._note_unenforced(FALSE_KIND, loc)
    return Reading(ANY)


@dataclass(frozen=True)
class Extras:
    """An object's keys beyond ``properties``: ``patterns`` (regular expression, reading of its
    keys' values), ``rest`` (``additionalProperties``' reading, or whether a key matching no
    pattern is allowed), ``annotation``: the extra fields' reading (``None``: ``Any``)."""

    patterns: tuple[tuple[str, Reading], ...]
    rest: Reading | bool
    annotation: Reading | None


def typed_extras(reader: ReaderBase, schema: dict[str, Any], loc: Location, extra: Reading | bool) -> Extras:
    """``extra`` (``additionalProperties``: a reading, or whether extras are allowed) with
    ``patternProperties`` where they can be honoured, whose warning for ``loc`` is then withdrawn."""
    alone = Extras((), extra, extra if isinstance(extra, Reading) else None)
    patterns = schema.get("patternProperties")
    if not isinstance(patterns, dict) or not patterns:
        return alone
    if not all(isinstance(s, dict) and isinstance(p, str) and _compiles(p) for p, s in patterns.items()):
        return alone  # a boolean pattern schema, or a pattern Python cannot read: not honoured (warned)
    readings = tuple((p, reader._read_inside(s, loc.child("patternProperties", p))) for p, s in patterns.items())
    places = reader._unenforced.get(PATTERN_KIND, {})
    places.pop((str(loc.doc.path), loc.pointer), None)
    if not places:
        reader._unenforced.pop(PATTERN_KIND, None)
    every = [r for _, r in readings] + ([extra] if isinstance(extra, Reading) else [])
    if extra is True or any(r.type == ANY for r in every):
        return Extras(readings, extra, None)
    types = [r.type for r in every if r.type != NULL]
    nullable = any(r.nullable or r.type == NULL for r in every)
    return Extras(readings, extra, Reading(union(types) if types else NULL, nullable=nullable))


def _compiles(pattern: str) -> bool:
    try:
        re.compile(pattern)
    except re.error:
        return False
    return True
