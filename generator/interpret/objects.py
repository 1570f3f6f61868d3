"""Objects: a schema with ``properties`` as a model, its fields, ``additionalProperties``
(a map when there are no properties), and arrays (their items; ``prefixItems`` and a
draft-4 ``items`` list as tuples)."""

from __future__ import annotations

from typing import Any

from ..model import ANY, Array, Field, Map, Model, ModelRef, Tuple, Type, with_null
from ..resolve import Location
from ..warning_kinds import ADDITIONAL_STRING, REQUIRED_NOT_LIST, REQUIRED_UNDEFINED
from .allof import Origins
from .base import ReaderBase, _key
from .defaults import coerce_default
from .forbidden import typed_extras
from .keywords import Reading, properties, text, truthy


class ObjectReading(ReaderBase):
    """The reader's part for objects, maps and arrays."""

    def _read_array(self, schema: dict[str, Any], loc: Location) -> Type:
        items = schema.get("items")
        prefix = schema.get("prefixItems")
        if isinstance(prefix, list) and prefix:
            # a tuple (2020-12): positions from prefixItems, the rest from items
            return self._read_tuple(schema, loc, "prefixItems", "items")
        if items is None or items == []:
            return Array(ANY)
        if isinstance(items, list):  # draft-4 tuple form: the rest from additionalItems
            return self._read_tuple(schema, loc, "items", "additionalItems")
        item = self._read_inside(items, loc.child("items"))
        return Array(with_null(item.type, item.nullable))

    def _read_tuple(self, schema: dict[str, Any], loc: Location, word: str, rest_word: str) -> Type:
        """A positional array: the list at ``word`` types each position, the schema at ``rest_word``
        (``false``: none allowed) every item after them; ``minItems`` says how many positions must be
        present, and a ``maxItems`` no longer than the prefix closes it."""
        prefix, rest = schema[word], schema.get(rest_word)
        positions = [self._read_inside(m, loc.child(word, i)) for i, m in enumerate(prefix)]
        more = self._read_inside(rest, loc.child(rest_word)) if isinstance(rest, dict) else None
        types = tuple(with_null(r.type, r.nullable) for r in positions)
        rest_type: Type | None = None if rest is False else with_null(more.type, more.nullable) if more else ANY
        high = schema.get("maxItems")
        if isinstance(high, int) and not isinstance(high, bool) and 0 <= high <= len(types):
            types, rest_type = types[:high], None
        low = schema.get("minItems")
        least = min(low, len(types)) if isinstance(low, int) and not isinstance(low, bool) and low > 0 else 0
        return Tuple(types, rest_type, least)

    def _read_object(self, schema: dict[str, Any], loc: Location, origins: Origins | None) -> Type:
        props = properties(schema, loc)
        extras = typed_extras(self, schema, loc, self._additional(schema, loc))
        extra = extras.annotation
        key = _key(loc)
        # which key holds what a map's one value type cannot say; a variant is named even when empty
        model = extras.patterns or key in self._variants and extra is None and self._component_at(loc) is not None
        if not props and not model:
            return Map(with_null(extra.type, extra.nullable) if extra is not None else ANY)
        name = self._names.get(key) or self._claim(loc)
        if name in self.models:
            return ModelRef(name)
        self._model_keys.add(key)
        self._active.add(key)  # lets a $ref back to this location find the model by name
        self._objects_open += 1
        try:
            fields = self._fields(schema, props, loc, origins or {})
        finally:
            self._objects_open -= 1
            self._active.discard(key)
        self.models[name] = Model(
            name=name,
            fields=fields,
            description=text(schema.get("description")),
            deprecated=truthy(schema.get("deprecated")),
            extra_type=with_null(extra.type, extra.nullable) if extra is not None else None,
            pointer=loc.pointer,
            patterns=tuple((p, with_null(r.type, r.nullable)) for p, r in extras.patterns),
            rest_type=(with_null(extras.rest.type, extras.rest.nullable) if isinstance(extras.rest, Reading) else None),
            closed=bool(extras.patterns) and extras.rest is False,
        )
        return ModelRef(name)

    def _fields(
        self, schema: dict[str, Any], props: dict[str, Any], loc: Location, origins: Origins
    ) -> tuple[Field, ...]:
        required_raw = schema.get("required", [])
        if not isinstance(required_raw, list):
            self.warn(loc.child("required"), REQUIRED_NOT_LIST)
            required_raw = []
        required = {r for r in required_raw if isinstance(r, str)}
        for missing in sorted(required - set(props)):
            self.warn(loc.child("required"), REQUIRED_UNDEFINED, repr(missing))
        fields = []
        for wire, prop in props.items():
            ploc = origins.get(wire) or loc.child("properties", wire)
            reading = self.read(prop, ploc)
            fields.append(
                Field(
                    wire_name=wire,
                    py_name="",  # named by naming.name_schemas
                    value_type=with_null(reading.type, reading.nullable),
                    required=wire in required and not reading.write_only,
                    default=coerce_default(reading, ploc, self.warn),
                    description=reading.description,
                    deprecated=reading.deprecated,
                    read_only=reading.read_only,
                    write_only=reading.write_only,
                    merge=reading.merge,
                    pointer=ploc.pointer,
                )
            )
        return tuple(fields)

    def _additional(self, schema: dict[str, Any], loc: Location) -> Reading | bool:
        """``additionalProperties``: a Reading for a schema, else whether extras are allowed. Extras are
        kept either way: a new field in a live stream must not break yesterday's models."""
        raw = schema.get("additionalProperties", True)
        if raw in ("true", "false"):
            self.warn(loc.child("additionalProperties"), ADDITIONAL_STRING, repr(raw))
            raw = raw == "true"
        if raw == {}:
            return True
        return raw if isinstance(raw, bool) else self._read_inside(raw, loc.child("additionalProperties"))
