"""What the reader honours of two keywords the models otherwise read past: a ``false``
schema (JSON Schema 2020-12 section 4.3.2: no value is valid) where it stands for a property,
and ``patternProperties`` (section 10.3.2.2) where the extra keys' values can be typed
without matching the patterns.

* A property whose schema is ``false`` may not be present: the field reads as ``None``
  (``x: None = None``; TypedDict ``NotRequired[None]``), so every style rejects any value
  but ``null``, which reads as absent, as for every optional field the server sends as
  ``null`` (docs/schema-support.md). A ``false`` member of ``anyOf``/``oneOf`` admits
  nothing and is left out of the union (``choices``). Other ``false`` schemas stay
  ``Any``, with the ``false schemas`` warning.
* ``patternProperties`` whose schemas are objects: each key not under ``properties`` is
  checked against the schema of every pattern it matches (``re.search``, as JSON Schema
  searches), and a key matching none against ``additionalProperties``: its schema, any
  value when absent or ``true``, none when ``false`` (the key is refused: beside patterns,
  ``false`` says which keys may be there, so it is enforced). The extra fields are
  annotated with the union of those schemas (``Any`` when a key may hold anything). A
  pattern that Python's ``re`` cannot compile, or a boolean pattern schema, is not
  honoured: the extras stay as ``additionalProperties`` says, with the ``patternProperties``
  warning.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol

from ..model import ANY, NULL
from ..resolve import Location
from .keywords import Reading
from .unions import union

#: The docstring of a property whose schema is ``false``.
FORBIDDEN = "Forbidden by the spec (its schema is ``false``): the key must be absent; ``null`` reads as absent."
#: The warning kind of the ``false`` schemas not honoured (as ``Interpreter.read`` notes it).
FALSE_KIND = "false schemas (no value allowed)"
PATTERN_KIND = "patternProperties"


class _Reader(Protocol):
    _containers_open: int
    _unenforced: dict[str, dict[tuple[str, str], Location]]

    def read(self, schema: Any, loc: Location) -> Reading: ...

    def _note_unenforced(self, kind: str, loc: Location) -> None: ...


def read_false(reader: _Reader, loc: Location) -> Reading:
    """A ``false`` schema found at ``loc``: a forbidden property (``.../properties/<name>``)
    reads as ``None`` with a docstring saying so; anywhere else it reads as ``Any`` and is
    noted as not enforced."""
    tokens = loc.tokens
    if len(tokens) >= 2 and tokens[-2] == "properties":
        return Reading(NULL, nullable=True, description=FORBIDDEN)
    reader._note_unenforced(FALSE_KIND, loc)
    return Reading(ANY)


@dataclass(frozen=True)
class Extras:
    """What an object says of its keys beyond ``properties``: ``patterns`` (regular
    expression, reading of the values of the keys it matches), ``rest`` (the reading of
    ``additionalProperties``' schema, or whether a key matching no pattern is allowed), and
    ``annotation``: the reading the extra fields are annotated with (``None``: ``Any``)."""

    patterns: tuple[tuple[str, Reading], ...]
    rest: Reading | bool
    annotation: Reading | None


def typed_extras(reader: _Reader, schema: dict[str, Any], loc: Location, extra: Reading | bool) -> Extras:
    """``extra`` (what ``additionalProperties`` says: a reading, or whether extras are
    allowed) with ``patternProperties`` beside it where they can be honoured (see the module
    docstring): each pattern's schema read where it is written; the ``patternProperties``
    warning for ``loc`` is then withdrawn. Otherwise ``extra`` alone."""
    alone = Extras((), extra, extra if isinstance(extra, Reading) else None)
    patterns = schema.get("patternProperties")
    if not isinstance(patterns, dict) or not patterns:
        return alone
    if not all(isinstance(s, dict) and isinstance(p, str) and _compiles(p) for p, s in patterns.items()):
        return alone  # a boolean pattern schema, or a pattern Python cannot read: not honoured (warned)
    reader._containers_open += 1
    try:
        readings = tuple((p, reader.read(s, loc.child("patternProperties", p))) for p, s in patterns.items())
    finally:
        reader._containers_open -= 1
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
