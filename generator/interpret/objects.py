"""Objects: a schema with ``properties`` as a model, its fields, ``additionalProperties``
(a map when there are no properties), and arrays (their items, tuples read as lists)."""

from __future__ import annotations

from typing import Any

from ..model import ANY, NULL, Array, Field, Map, Model, ModelRef, Type
from ..resolve import Location
from .base import ReaderBase, _key
from .defaults import coerce_default
from .forbidden import typed_extras
from .keywords import Reading, properties, text, truthy
from .unions import union


class ObjectReading(ReaderBase):
    """The reader's part for objects, maps and arrays."""

    def _read_array(self, schema: dict[str, Any], loc: Location) -> Type:
        items = schema.get("items")
        if isinstance(schema.get("prefixItems"), list) and schema["prefixItems"]:
            # a tuple (2020-12), read as a list of its item types: the prefix's, and the
            # rest's that ``items`` gives (``items: false`` closes it; absent adds nothing)
            members = list(schema["prefixItems"])
            where = [loc.child("prefixItems", i) for i in range(len(members))]
            if isinstance(items, dict):
                members.append(items)
                where.append(loc.child("items"))
            self._containers_open += 1
            try:
                readings = [self.read(m, at) for m, at in zip(members, where)]
            finally:
                self._containers_open -= 1
            types = [r.type for r in readings if r.type != NULL]
            return Array(union(types) if types else NULL, any(r.nullable for r in readings))
        if items is None:
            return Array(ANY)
        self._containers_open += 1
        try:
            if isinstance(items, list):  # draft-4 tuple form
                options = [self.read(s, loc.child("items", i)) for i, s in enumerate(items)]
                if not options:
                    return Array(ANY)
                return Array(union([o.type for o in options]), any(o.nullable for o in options))
            item = self.read(items, loc.child("items"))
            return Array(item.type, item.nullable)
        finally:
            self._containers_open -= 1

    def _read_object(
        self, schema: dict[str, Any], loc: Location, origins: dict[str, Location] | None, empty_model: bool = False
    ) -> Type:
        props = properties(schema, loc)
        extra = typed_extras(self, schema, loc, self._additional(schema, loc))
        key = _key(loc)
        if key in self._variants and not isinstance(extra, Reading) and self._component_at(loc) is not None:
            empty_model = True  # an object with no properties still names a discriminator's variant
        if not props and not empty_model:
            if isinstance(extra, Reading):
                return Map(extra.type, extra.nullable)
            return Map(ANY)
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
            extra=extra.type if isinstance(extra, Reading) else None,
            extra_nullable=extra.nullable if isinstance(extra, Reading) else False,
            pointer=loc.pointer,
        )
        return ModelRef(name)

    def _fields(
        self, schema: dict[str, Any], props: dict[str, Any], loc: Location, origins: dict[str, Location]
    ) -> tuple[Field, ...]:
        required_raw = schema.get("required", [])
        if not isinstance(required_raw, list):
            self._warn(loc.child("required"), "required is not a list; ignored")
            required_raw = []
        required = {r for r in required_raw if isinstance(r, str)}
        for missing in sorted(required - set(props)):
            self._warn(
                loc.child("required"), f"required names {missing!r}, which has no schema under properties; ignored"
            )
        fields = []
        for wire, prop in props.items():
            ploc = origins.get(wire) or loc.child("properties", wire)
            reading = self.read(prop, ploc)
            default = coerce_default(reading, ploc, self._warn)
            fields.append(
                Field(
                    wire_name=wire,
                    py_name="",  # named by naming.name_schemas
                    type=reading.type,
                    required=wire in required and not reading.write_only,
                    nullable=reading.nullable,
                    default=default,
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
        """``additionalProperties``: a Reading for a schema, else whether extras are allowed.

        Extras are kept either way (forward compatibility); ``false`` is documented, not
        enforced, as a new field in a live stream must not break yesterday's models.
        """
        raw = schema.get("additionalProperties", True)
        if raw in ("true", "false"):
            self._warn(
                loc.child("additionalProperties"), f"additionalProperties is the string {raw!r}; read as a boolean"
            )
            raw = raw == "true"
        if isinstance(raw, bool):
            return raw
        if raw == {}:
            return True
        self._containers_open += 1
        try:
            return self.read(raw, loc.child("additionalProperties"))
        finally:
            self._containers_open -= 1
