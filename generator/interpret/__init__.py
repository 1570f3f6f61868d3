"""Interpret: resolved schemas in, the IR of ``model.py`` out; the one reading of the spec
(docs/schema-support.md has the rules: ``null`` from ``nullable``, a ``type`` list, a null union
member or ``enum`` value, lifted onto the slot; ``required`` minus ``writeOnly``, OpenAPI 3.0
section 4.7.25). Nothing is named here: ``naming.name_schemas`` names what is emitted.

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
