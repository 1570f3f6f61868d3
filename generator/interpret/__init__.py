"""Interpret: resolved schemas in, the IR of ``model.py`` out; the one reading of the spec.

Rules (each cites where it comes from; docs/schema-support.md has the full table):

* nullable: OpenAPI 3.0 ``nullable: true`` (also beside a ``$ref`` and inside an ``allOf``
  branch, where real specs mean it as an override), OpenAPI 3.1 / JSON Schema ``type: [X,
  "null"]``, a ``{type: "null"}`` member of ``anyOf``/``oneOf``, ``null`` among ``enum``
  values or as ``const``. Nullability is lifted out of unions onto the slot.
* required: the ``required`` list (JSON Schema validation section 6.5.3), minus
  ``writeOnly`` properties (OpenAPI 3.0 section 4.7.25: such fields are not in responses).
* ``allOf`` is flattened into one object (``allof``).
* ``enum``/``const``/``x-stainless-const`` become open ``Literal`` types (``enums``).
* defaults are recorded and documented, never applied (``defaults``).
* discriminators, explicit and implied, are decided over the finished IR (``discriminators``).
* nothing is named here: every type read gets a provisional id, and ``naming.name_schemas``
  names what is emitted, once the roots are known.

Modules: ``reader`` (the ``Interpreter``: entry points, ``$ref``s, dispatch), ``base`` (the
state its parts share), ``objects`` (objects, fields, maps, arrays), ``choices``
(``oneOf``/``anyOf``, a discriminator's mapping), ``keywords`` (what one schema node says;
``Reading``), ``allof``, ``enums``, ``unions`` (normalising options), ``defaults``,
``discriminators`` (the pass that decides them).
"""

from __future__ import annotations

from .base import Key
from .keywords import Reading
from .reader import MAX_SCHEMA_READS, Interpreter, read_every_component

__all__ = ["MAX_SCHEMA_READS", "Interpreter", "Key", "Reading", "read_every_component"]
