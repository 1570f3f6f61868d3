"""Interpret: resolved schemas in, the IR of ``model.py`` out; the one reading of the spec.

Rules (docs/schema-support.md has the full table): nullable from OpenAPI 3.0 ``nullable: true``
(also beside a ``$ref`` and in an ``allOf`` branch), ``type: [X, "null"]``, a null member of
``anyOf``/``oneOf``, ``null`` in ``enum``/``const``, lifted out of unions onto the slot; required
from the ``required`` list (JSON Schema validation 6.5.3) minus ``writeOnly`` properties (OpenAPI
3.0 section 4.7.25). Nothing is named here: each type gets a provisional id, and
``naming.name_schemas`` names what is emitted.

Modules: ``reader`` (the ``Interpreter``: entry points, ``$ref``s, dispatch), ``base`` (shared
state), ``objects``, ``choices`` (``oneOf``/``anyOf``), ``keywords`` (one node's keywords;
``Reading``), ``allof`` (flattened), ``enums`` (open ``Literal``s), ``unions``, ``defaults``
(recorded, never applied), ``discriminators`` (decided over the finished IR).
"""

from __future__ import annotations

from .base import Key
from .keywords import Reading
from .reader import MAX_SCHEMA_READS, Interpreter, read_every_component

__all__ = ["MAX_SCHEMA_READS", "Interpreter", "Key", "Reading", "read_every_component"]
