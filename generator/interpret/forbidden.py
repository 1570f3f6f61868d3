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
* ``patternProperties`` beside an ``additionalProperties`` schema (or ``false``): every key
  not under ``properties`` matches a pattern or falls to ``additionalProperties``, so its
  value is one of those schemas: the extras are typed as their union (the pattern a key
  matches is not checked). With ``additionalProperties`` absent or ``true``, a key that
  matches no pattern may hold anything: the extras stay untyped, with the
  ``patternProperties`` warning.
"""

from __future__ import annotations

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


def typed_extras(reader: _Reader, schema: dict[str, Any], loc: Location, extra: Reading | bool) -> Reading | bool:
    """``extra`` (what ``additionalProperties`` says: a reading, or whether extras are
    allowed) with ``patternProperties`` folded in where that is sound (see the module
    docstring): the union of every pattern's schema and the ``additionalProperties``
    schema, read where each is written; the ``patternProperties`` warning for ``loc`` is
    then withdrawn. Otherwise ``extra`` as it is."""
    patterns = schema.get("patternProperties")
    if not isinstance(patterns, dict) or not patterns or extra is True:
        return extra
    if not all(isinstance(s, dict) for s in patterns.values()):
        return extra  # a boolean pattern schema: not honoured (warned)
    reader._containers_open += 1
    try:
        readings = [reader.read(s, loc.child("patternProperties", p)) for p, s in patterns.items()]
    finally:
        reader._containers_open -= 1
    if isinstance(extra, Reading):
        readings.append(extra)
    types = [r.type for r in readings if r.type != NULL]
    nullable = any(r.nullable or r.type == NULL for r in readings)
    places = reader._unenforced.get(PATTERN_KIND, {})
    places.pop((str(loc.doc.path), loc.pointer), None)
    if not places:
        reader._unenforced.pop(PATTERN_KIND, None)
    return Reading(union(types) if types else NULL, nullable=nullable)
