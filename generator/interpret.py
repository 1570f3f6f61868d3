"""Interpret: resolved schemas in, the IR of ``model.py`` out; the one reading of the spec.

Rules (each cites where it comes from; docs/schema-support.md has the full table):

* nullable: OpenAPI 3.0 ``nullable: true`` (also beside a ``$ref`` and inside an ``allOf``
  branch, where real specs mean it as an override), OpenAPI 3.1 / JSON Schema ``type: [X,
  "null"]``, a ``{type: "null"}`` member of ``anyOf``/``oneOf``, ``null`` among ``enum``
  values or as ``const``. Nullability is lifted out of unions onto the slot.
* required: the ``required`` list (JSON Schema validation section 6.5.3), minus
  ``writeOnly`` properties (OpenAPI 3.0 section 4.7.25: such fields are not in responses).
* ``allOf`` is flattened into one object: properties merged in order (a later branch's keys
  override an earlier one's), ``required`` united, ``nullable`` or-ed.
* ``enum``/``const``/``x-stainless-const`` become open ``Literal`` types (``model.Enum``).
* defaults are recorded and documented, never applied (see ``Field.default``).
* inline objects are named after where they stand (``naming``): parent class name plus the
  property (singular for array items), never a counter.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from typing import Any

from . import naming
from .errors import SpecError, did_you_mean
from .load import scalar_text
from .model import (
    ANY,
    NO_DEFAULT,
    NULL,
    Alias,
    AliasRef,
    Array,
    Discriminator,
    Enum,
    Field,
    Map,
    Model,
    ModelRef,
    Prim,
    Type,
    UnionType,
    kind_of,
)
from .resolve import Location, RefResolver

#: JSON Schema ``type`` names (JSON Schema validation section 6.1.1).
TYPE_NAMES = ("string", "integer", "number", "boolean", "array", "object", "null")
_PRIM_OF = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}
#: Keywords that give a schema a shape; a ``$ref`` with any of these beside it is read as
#: ``allOf: [{$ref}, {the rest}]`` (JSON Schema 2020-12 section 8.2.3.1 applies both).
STRUCTURAL = frozenset(
    ("type", "properties", "additionalProperties", "items", "allOf", "anyOf", "oneOf", "enum", "const")
)
#: Refuse to read more schema nodes than this (a guard against documents that expand).
MAX_SCHEMA_READS = 2_000_000
MERGE_POLICIES = ("concat", "set", "last", "append", "by_key", "merge")


@dataclass(frozen=True, slots=True)
class Reading:
    """What one schema means: a type plus the facts that belong to the slot holding it."""

    type: Type
    nullable: bool = False
    description: str | None = None
    deprecated: bool = False
    default: Any = NO_DEFAULT
    read_only: bool = False
    write_only: bool = False
    merge: str | None = None
    title: str | None = None


Key = naming.Key
_key = naming.location_key


def _truthy(value: Any) -> bool:
    """``true`` as a YAML boolean, tolerating the string ``'true'`` some specs write."""
    return value is True or value == "true"


class Interpreter:
    """Reads schemas into IR models and aliases, on demand and memoised by location.

    Args:
        resolver: resolves ``$ref`` (and owns the root document).
    Raises (from the read methods):
        SpecError: a schema the IR cannot express, with its file, pointer and line.
    """

    def __init__(self, resolver: RefResolver) -> None:
        self.resolver = resolver
        self.root = resolver.root
        self.models: dict[str, Model] = {}
        self.aliases: dict[str, Alias] = {}
        self.warnings: list[str] = []
        self.places: dict[str, naming.Place] = {}  # provisional id -> where it was read
        self._names: dict[Key, str] = {}  # location -> provisional id given to it
        self._refs: dict[Key, Reading] = {}  # memo of read_at
        self._active: set[Key] = set()
        self._objects_open = 0  # models whose fields are being read right now
        self._containers_open = 0  # lists and maps whose items are being read right now
        self._opened_at: dict[Key, tuple[int, int]] = {}  # read_at key -> both counts when it began
        self._forced_aliases: set[Key] = set()  # non-object schemas reached again through a model
        self._model_keys: set[Key] = set()  # locations read as models
        self._reads = 0
        self._listed = {_key(loc) for loc in self.components().values()}

    # ----------------------------------------------------------------- entry points

    def components(self) -> dict[str, Location]:
        """The root document's named schemas (``components/schemas``, ``definitions``,
        ``$defs``), by spec name, in document order."""
        data = self.root.data
        found: dict[str, Location] = {}
        if isinstance(data, dict) and "openapi" not in data:
            # a bare JSON Schema document is itself a schema, named by its title or file
            found[self._component_at(Location(self.root, "")) or self.root.path.stem] = Location(self.root, "")
        sections = [
            (("components", "schemas"), (data.get("components") or {}).get("schemas") if isinstance(data, dict) else None),
            (("definitions",), data.get("definitions") if isinstance(data, dict) else None),
            (("$defs",), data.get("$defs") if isinstance(data, dict) else None),
        ]
        for path, section in sections:
            if isinstance(section, dict):
                for name in section:
                    found.setdefault(name, Location(self.root, "").child(*path, name))
        return found

    def read_component(self, loc: Location) -> Reading:
        """Read a named schema (a root, or every component with ``--all-schemas``); a
        non-object one gets an alias so that it has a name too."""
        return self.read_at(loc, want_alias=True)

    def read_at(self, loc: Location, *, want_alias: bool = False) -> Reading:
        """Read the schema at ``loc`` (a ``$ref`` target), memoised by location."""
        key = _key(loc)
        if key in self._refs:
            return self._refs[key]
        if key in self._active:
            if key in self._model_keys:
                return Reading(ModelRef(self._names[key]))
            objects, containers = self._opened_at[key]
            if self._component_at(loc) is not None and (self._objects_open > objects or self._containers_open > containers):
                # recursion through a model, a list or a map: fine once this schema has a name
                self._forced_aliases.add(key)
                return Reading(AliasRef(self._names.get(key) or self._claim(loc), forward=True))
            raise loc.error(
                "this schema refers to itself without an object in between (a $ref or allOf "
                "cycle, or a recursive union), which no Python type can express"
            )
        self._active.add(key)
        self._opened_at[key] = (self._objects_open, self._containers_open)
        try:
            reading = self.read(self.resolver.node(loc), loc)
            reading = self._name_if_component(reading, loc, want_alias or key in self._forced_aliases)
        except RecursionError:
            # reported where it happened, without composing the file for a line number
            raise SpecError("schemas nest too deeply here to read (over a few hundred levels)", loc.doc.path, loc.pointer) from None
        finally:
            self._active.discard(key)
        self._refs[key] = reading
        return reading

    # ----------------------------------------------------------------- reading

    def read(self, schema: Any, loc: Location) -> Reading:
        """Read one schema node found at ``loc``."""
        self._reads += 1
        if self._reads > MAX_SCHEMA_READS:
            raise loc.error(f"the spec expands to more than {MAX_SCHEMA_READS} schema nodes; refusing it")
        if isinstance(schema, bool):
            return Reading(ANY)
        if not isinstance(schema, dict):
            raise loc.error(f"a schema must be a mapping, not {_json_kind(schema)}")
        if "$ref" in schema:
            if STRUCTURAL & set(schema):
                rest = {k: v for k, v in schema.items() if k != "$ref"}
                return self._read_all_of({**rest, "allOf": [{"$ref": schema["$ref"]}]}, loc)
            target = self.resolver.resolve(schema["$ref"], loc.child("$ref"))
            return self._with_own_facts(self.read_at(target), schema, loc, via_ref=True)
        if "allOf" in schema:
            return self._read_all_of(schema, loc)
        return self._read_plain(schema, loc, None)

    def _with_own_facts(self, reading: Reading, schema: dict[str, Any], loc: Location, via_ref: bool) -> Reading:
        """Apply the facts written beside a ``$ref`` (or on an ``allOf`` owner)."""
        nullable = reading.nullable or _truthy(schema.get("nullable"))
        description = schema.get("description") if via_ref else (schema.get("description") or reading.description)
        # a default written on a shared component describes it in requests as much as in
        # responses: only a default written here, beside the $ref, belongs to this field
        default = NO_DEFAULT if via_ref else reading.default
        if "default" in schema:
            default = schema["default"]
        return replace(
            reading,
            nullable=nullable,
            description=_text(description),
            deprecated=_truthy(schema.get("deprecated")) or (reading.deprecated and not via_ref),
            default=default,
            read_only=reading.read_only or _truthy(schema.get("readOnly")),
            write_only=reading.write_only or _truthy(schema.get("writeOnly")),
            merge=self._merge_policy(schema, loc) or reading.merge,
            title=schema.get("title") if isinstance(schema.get("title"), str) else reading.title,
        )

    def _read_all_of(self, schema: dict[str, Any], loc: Location) -> Reading:
        members = schema["allOf"]
        if not isinstance(members, list) or not members:
            raise loc.child("allOf").error("allOf must be a non-empty list of schemas")
        own = {k: v for k, v in schema.items() if k != "allOf"}
        if len(members) == 1 and not (STRUCTURAL & set(own)):
            # allOf-wrapped $ref (a common way to put nullable/description beside a $ref)
            member = members[0]
            reading = self.read(member, loc.child("allOf", 0))
            return self._with_own_facts(reading, own, loc, via_ref=isinstance(member, dict) and "$ref" in member)
        merged, origins = self._flatten(schema, loc, frozenset({_key(loc)}))
        return self._read_plain(merged, loc, origins)

    def _flatten(self, schema: dict[str, Any], loc: Location, seen: frozenset[Key]) -> tuple[dict[str, Any], dict[str, Location]]:
        """Merge an ``allOf`` (recursively, through ``$ref``s) into one schema dict, keeping
        where each property was written (for naming and messages)."""
        merged: dict[str, Any] = {}
        origins: dict[str, Location] = {}
        for i, member in enumerate(schema.get("allOf") or []):
            mloc = loc.child("allOf", i)
            part, part_origins = self._flatten_node(member, mloc, seen)
            _merge_schema(merged, origins, part, part_origins)
        own = {k: v for k, v in schema.items() if k != "allOf"}
        own_origins = {p: loc.child("properties", p) for p in _properties(own, loc)}
        _merge_schema(merged, origins, own, own_origins)
        return merged, origins

    def _flatten_node(self, node: Any, loc: Location, seen: frozenset[Key]) -> tuple[dict[str, Any], dict[str, Location]]:
        if isinstance(node, bool):
            return {}, {}
        if not isinstance(node, dict):
            raise loc.error(f"an allOf member must be a schema mapping, not {_json_kind(node)}")
        if "$ref" in node:
            target = self.resolver.resolve(node["$ref"], loc.child("$ref"))
            key = _key(target)
            if key in seen:
                raise loc.error(f"allOf includes {node['$ref']!r}, which includes this schema again (an allOf cycle)")
            parent = self.resolver.node(target)
            if isinstance(parent, dict) and self._lists_any_of(parent, target, seen):
                # a polymorphic base whose oneOf lists its children: a child inherits the
                # base's properties, not the list of its siblings (that would be a cycle)
                parent = {k: v for k, v in parent.items() if k not in ("oneOf", "anyOf", "discriminator")}
            part, origins = self._flatten_node(parent, target, seen | {key})
            rest = {k: v for k, v in node.items() if k != "$ref"}
            if rest:
                part = dict(part)
                _merge_schema(part, origins, rest, {p: loc.child("properties", p) for p in _properties(rest, loc)})
            return part, origins
        if "allOf" in node:
            return self._flatten(node, loc, seen)
        return node, {p: loc.child("properties", p) for p in _properties(node, loc)}

    def _lists_any_of(self, parent: dict[str, Any], loc: Location, keys: frozenset[Key]) -> bool:
        """True when a oneOf/anyOf member of ``parent`` is a $ref to one of ``keys``."""
        return any(
            _key(self.resolver.resolve(member["$ref"], loc.child(word, i, "$ref"))) in keys
            for word in ("oneOf", "anyOf")
            for i, member in enumerate(parent.get(word) or [])
            if isinstance(member, dict) and isinstance(member.get("$ref"), str)
        )

    def _read_plain(self, schema: dict[str, Any], loc: Location, origins: dict[str, Location] | None) -> Reading:
        """A schema without ``$ref``/``allOf`` (or one flattened from them)."""
        nullable = _truthy(schema.get("nullable"))
        types = self._type_names(schema, loc)
        if "null" in types:
            nullable = True
            types = [t for t in types if t != "null"]
            if not types and not _has_shape(schema):
                return self._finish(Reading(NULL, nullable=True), schema, loc)
        for word in ("anyOf", "oneOf"):
            if word in schema and (not isinstance(schema[word], list) or not schema[word]):
                raise loc.child(word).error(f"{word} must be a non-empty list of schemas")
        if ("anyOf" in schema or "oneOf" in schema) and not (_properties(schema, loc) and _only_constraints(schema)):
            if _properties(schema, loc):
                schema = _distribute(schema)  # {props, oneOf: [a, b]} means oneOf: [props+a, props+b]
            reading = self._read_union(schema, loc, types)
            return self._finish(replace(reading, nullable=reading.nullable or nullable), schema, loc, keep_inner=True)
        if "enum" in schema or "const" in schema:
            reading = self._read_enum(schema, loc, types)
            return self._finish(replace(reading, nullable=reading.nullable or nullable), schema, loc)
        implied = _implied_type(schema)
        if not types and implied is not None:
            types = [implied]
        if len(types) > 1:
            options = [self._read_single(t, schema, loc, origins) for t in types]
            return self._finish(Reading(_union(options), nullable=nullable), schema, loc)
        if not types:
            return self._finish(Reading(ANY, nullable=nullable), schema, loc)
        return self._finish(Reading(self._read_single(types[0], schema, loc, origins), nullable=nullable), schema, loc)

    def _finish(self, reading: Reading, schema: dict[str, Any], loc: Location, keep_inner: bool = False) -> Reading:
        """Attach the schema's own descriptive facts to a reading of its shape."""
        description = _text(schema.get("description"))
        default = schema.get("default", reading.default if keep_inner else NO_DEFAULT)
        title = schema.get("title")
        return replace(
            reading,
            description=description if description is not None else (reading.description if keep_inner else None),
            deprecated=_truthy(schema.get("deprecated")) or (keep_inner and reading.deprecated),
            default=default,
            read_only=_truthy(schema.get("readOnly")) or reading.read_only,
            write_only=_truthy(schema.get("writeOnly")) or reading.write_only,
            merge=self._merge_policy(schema, loc) or reading.merge,
            title=title if isinstance(title, str) else reading.title,
        )

    def _type_names(self, schema: dict[str, Any], loc: Location) -> list[str]:
        raw = schema.get("type")
        if raw is None:
            return []
        names = [("null" if n is None else n) for n in raw] if isinstance(raw, list) else [raw]
        for name in names:
            if name not in TYPE_NAMES:
                shown = name if isinstance(name, str) else json.dumps(name, default=str)
                raise loc.child("type").error(
                    f"unknown type {shown!r}{did_you_mean(str(name), TYPE_NAMES)} (JSON Schema types: {', '.join(TYPE_NAMES)})"
                )
        return list(dict.fromkeys(names))

    def _read_single(self, type_name: str, schema: dict[str, Any], loc: Location, origins: dict[str, Location] | None) -> Type:
        if type_name in _PRIM_OF:
            fmt = schema.get("format")
            return Prim(_PRIM_OF[type_name], fmt if isinstance(fmt, str) else None)
        if type_name == "array":
            return self._read_array(schema, loc)
        return self._read_object(schema, loc, origins)

    def _read_array(self, schema: dict[str, Any], loc: Location) -> Type:
        items = schema.get("items")
        if items is None and isinstance(schema.get("prefixItems"), list):
            items = {"anyOf": schema["prefixItems"]}  # a tuple, read as a list of its item types
            return Array(self._read_union(items, loc.child("prefixItems"), []).type)
        if items is None:
            return Array(ANY)
        self._containers_open += 1
        try:
            if isinstance(items, list):  # draft-4 tuple form
                options = [self.read(s, loc.child("items", i)) for i, s in enumerate(items)]
                if not options:
                    return Array(ANY)
                return Array(_union([o.type for o in options]), any(o.nullable for o in options))
            item = self.read(items, loc.child("items"))
            return Array(item.type, item.nullable)
        finally:
            self._containers_open -= 1

    def _read_object(
        self, schema: dict[str, Any], loc: Location, origins: dict[str, Location] | None, empty_model: bool = False
    ) -> Type:
        properties = _properties(schema, loc)
        extra = self._additional(schema, loc)
        if not properties and not empty_model:
            if isinstance(extra, Reading):
                return Map(extra.type, extra.nullable)
            return Map(ANY)
        key = _key(loc)
        name = self._names.get(key) or self._claim(loc)
        if name in self.models:
            return ModelRef(name)
        self._model_keys.add(key)
        self._active.add(key)  # lets a $ref back to this location find the model by name
        self._objects_open += 1
        try:
            fields = self._fields(schema, properties, loc, origins or {})
        finally:
            self._objects_open -= 1
            self._active.discard(key)
        self.models[name] = Model(
            name=name,
            fields=fields,
            description=_text(schema.get("description")),
            deprecated=_truthy(schema.get("deprecated")),
            extra=extra.type if isinstance(extra, Reading) else None,
            extra_nullable=extra.nullable if isinstance(extra, Reading) else False,
            pointer=loc.pointer,
        )
        return ModelRef(name)

    def _fields(self, schema: dict[str, Any], properties: dict[str, Any], loc: Location, origins: dict[str, Location]) -> tuple[Field, ...]:
        required_raw = schema.get("required", [])
        if not isinstance(required_raw, list):
            self._warn(loc.child("required"), "required is not a list; ignored")
            required_raw = []
        required = {r for r in required_raw if isinstance(r, str)}
        for missing in sorted(required - set(properties)):
            self._warn(loc.child("required"), f"required names {missing!r}, which has no schema under properties; ignored")
        fields = []
        for wire, prop in properties.items():
            ploc = origins.get(wire) or loc.child("properties", wire)
            reading = self.read(prop, ploc)
            default = self._coerce_default(reading, ploc)
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
            self._warn(loc.child("additionalProperties"), f"additionalProperties is the string {raw!r}; read as a boolean")
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

    def _read_enum(self, schema: dict[str, Any], loc: Location, types: list[str]) -> Reading:
        if "enum" in schema:
            raw = schema["enum"]
            where = loc.child("enum")
            if not isinstance(raw, list):
                raise where.error("enum must be a list of values")
        else:
            raw, where = [schema["const"]], loc.child("const")
        nullable = any(v is None for v in raw)
        values: list[Any] = []
        for i, value in enumerate(raw):
            if value is None:
                continue
            fitted = _fit_value(value, types)
            if fitted is _MISFIT:
                shown = json.dumps(value, default=str)
                raise where.child(i).error(f"enum value {shown} does not fit type {' | '.join(types)}")
            if not any(type(v) is type(fitted) and v == fitted for v in values):  # 1 and True differ
                values.append(fitted)
        if not values:
            return Reading(NULL, nullable=True)
        declared = tuple(_PRIM_OF[t] for t in types if t in _PRIM_OF)
        too_big = any(isinstance(v, int) and not -(2**63) <= v < 2**63 for v in values)
        if too_big or any(isinstance(v, float) for v in values) or any(isinstance(v, (dict, list)) for v in values):
            # typing.Literal holds no floats, objects, arrays or huge ints: the base type
            kinds = list(declared) or sorted({kind_of(v) for v in values})
            return Reading(_union([Prim(k) for k in kinds]), nullable=nullable)
        return Reading(Enum(tuple(values), declared=declared), nullable=nullable)

    def _read_union(self, schema: dict[str, Any], loc: Location, types: list[str]) -> Reading:
        word = "oneOf" if "oneOf" in schema else "anyOf"
        members = schema[word]
        if not isinstance(members, list) or not members:
            raise loc.child(word).error(f"{word} must be a non-empty list of schemas")
        if "oneOf" in schema and "anyOf" in schema:
            self._warn(loc, "both oneOf and anyOf given; reading oneOf only")
        nullable = False
        readings: list[Reading] = []
        for i, member in enumerate(members):
            mloc = loc.child(word, i)
            if self._refers_to(member, mloc, loc):
                self._warn(mloc, f"{word} lists the schema itself; the member adds nothing and is left out")
                continue
            if types and isinstance(member, dict) and "type" not in member and "$ref" not in member:
                member = {"type": types if len(types) > 1 else types[0], **member}
            reading = self.read(member, mloc)
            nullable = nullable or reading.nullable
            if reading.type == NULL:
                continue  # the {type: "null"} member
            readings.append(reading)
        options = [r.type for r in readings]
        if not options:
            if not nullable:
                raise loc.child(word).error(f"{word} has no member besides the schema itself, so no value fits it")
            return Reading(NULL, nullable=True)  # only null (and the schema itself)
        discriminator = self._discriminator(schema, loc, options)
        if discriminator is None and "discriminator" not in schema:
            options = self._with_implied_discriminator(options)
        union = _union(options, discriminator)
        single = readings[0] if len(readings) == 1 else None
        return Reading(
            union,
            nullable=nullable,
            description=single.description if single else None,
            default=single.default if single else NO_DEFAULT,
            deprecated=single.deprecated if single else False,
        )

    def _refers_to(self, member: Any, at: Location, target: Location) -> bool:
        """True when ``member`` is a ``$ref`` to ``target`` itself."""
        if not (isinstance(member, dict) and isinstance(member.get("$ref"), str)):
            return False
        return _key(self.resolver.resolve(member["$ref"], at.child("$ref"))) == _key(target)

    def _discriminator(self, schema: dict[str, Any], loc: Location, options: list[Type]) -> Discriminator | None:
        raw = schema.get("discriminator")
        if raw is None:
            return None
        dloc = loc.child("discriminator")
        if not isinstance(raw, dict) or not isinstance(raw.get("propertyName"), str):
            raise dloc.error("discriminator needs a propertyName (OpenAPI 3.1 section 4.8.25)")
        prop = raw["propertyName"]
        mapping: dict[Any, str] = {}
        for tag, target in (raw.get("mapping") or {}).items():
            ref = target if isinstance(target, str) and ("#" in target or "/" in target or "." in target) else f"#/components/schemas/{target}"
            target = self.resolver.resolve(ref, dloc.child("mapping", tag))
            reading = self.read_at(target)
            free = reading.type == Map(ANY) or (
                isinstance(reading.type, AliasRef) and self.aliases.get(reading.type.name, Alias("", ANY)).type == Map(ANY)
            )
            if free and self._component_at(target) is not None:
                # an object with no properties still names a variant: an empty model
                if isinstance(reading.type, AliasRef):
                    self.aliases.pop(reading.type.name)
                reading = Reading(self._read_object(self.resolver.node(target), target, None, empty_model=True))
                self._refs[_key(target)] = reading
            if not isinstance(reading.type, ModelRef):
                raise dloc.child("mapping", tag).error(f"discriminator mapping {tag!r} must name an object schema")
            mapping[str(tag)] = reading.type.name
            if reading.type not in options:
                options.append(reading.type)  # a mapping may name a schema the oneOf lacks
        for option in options:
            if not isinstance(option, ModelRef):
                self._warn(dloc, "discriminator over a union with non-object members; dispatching by trying each member instead")
                return None
            tags = self._implied_tags(option.name, prop)
            if option.name in mapping.values() and tags == [self.places[option.name].component]:
                continue  # mapped explicitly: its schema name is no tag (its own const/enum values are)
            for tag in tags:
                if tag not in mapping:
                    mapping[tag] = option.name
        return Discriminator(prop, tuple(mapping.items()))

    def _with_implied_discriminator(self, options: list[Type]) -> list[Type]:
        """The options with their object members as one discriminated union, when those
        imply a discriminator (see ``_implied_discriminator``); others stay as they are
        (``ToolChoiceParam``: a string enum, or one of several tagged objects)."""
        objects = [o for o in options if isinstance(o, ModelRef)]
        implied = self._implied_discriminator(objects)
        if implied is None:
            return options
        if len(objects) == len(options):
            return [UnionType(tuple(objects), implied)]
        first = options.index(objects[0])
        rest: list[Type] = [o for o in options if not isinstance(o, ModelRef)]
        return rest[:first] + [UnionType(tuple(objects), implied)] + rest[first:]

    def _implied_discriminator(self, options: list[ModelRef]) -> Discriminator | None:
        """A discriminator the spec did not write but its members imply: every member is an
        object that requires one same property holding ``const``/``enum`` values, no value
        shared by two members (the Responses API's ``ResponseStreamEvent``: 50+ events, each
        with its own ``type``). Without it, open enums and kept extras would let the first
        member whose required fields are present take any payload."""
        models = [self.models.get(o.name) for o in options]
        if len(models) < 2 or any(m is None for m in models):
            return None
        first = models[0]
        assert first is not None
        for candidate in first.fields:
            mapping: dict[Any, str] = {}
            for model in models:
                assert model is not None
                field = next((f for f in model.fields if f.wire_name == candidate.wire_name and f.required), None)
                values = _tag_values(field) if field is not None else []
                every = field is not None and isinstance(field.type, Enum) and len(values) == len(field.type.values)
                if not values or not every or any(v in mapping for v in values):
                    break  # a member without tags, or with a null/boolean value or one another member has
                assert field is not None
                mapping.update((v, model.name) for v in values)
            else:
                return Discriminator(candidate.wire_name, tuple(mapping.items()))
        return None

    def _implied_tags(self, model_name: str, prop: str) -> list[Any]:
        """A model's tags: the ``const``/``enum`` values of its discriminating property (an
        integer stays one; every value of a multi-value enum, as ``WebSearchTool``'s
        ``web_search`` and ``web_search_2025_08_26``, since that is what servers send),
        else its schema name (OpenAPI 3.1 section 4.8.25.4, implicit mapping)."""
        model = self.models.get(model_name)
        for f in model.fields if model else ():
            if f.wire_name == prop and _tag_values(f):
                return _tag_values(f)
        place = self.places.get(model_name)
        return [place.component] if place is not None and place.component is not None else []

    # ----------------------------------------------------------------- names

    def _component_at(self, loc: Location) -> str | None:
        return naming.component_at(loc, self.root)

    def _claim(self, loc: Location) -> str:
        """Give ``loc`` a provisional id (its name is decided by ``naming.name_schemas``, once
        the roots are known and only for what is emitted)."""
        key = _key(loc)
        pid = f"#{len(self.places)}"
        self.places[pid] = naming.Place(loc, self._component_at(loc), key in self._listed)
        self._names[key] = pid
        return pid

    def _name_if_component(self, reading: Reading, loc: Location, want_alias: bool) -> Reading:
        """A named non-object schema gets an alias (so an enum reads ``ServiceTier``)."""
        component = self._component_at(loc)
        forced = _key(loc) in self._forced_aliases
        if component is None or (isinstance(reading.type, ModelRef) and not forced):
            return reading
        t = reading.type
        if forced and isinstance(t, (ModelRef, AliasRef)):
            # a recursion reached this schema by name before it was read: the name must be
            # defined, even where the schema is only another named type (``X: $ref Y``)
            name = self._names.get(_key(loc)) or self._claim(loc)
            self.aliases[name] = Alias(name, t, reading.description, reading.deprecated, loc.pointer, True)
            return replace(reading, type=AliasRef(name))
        if isinstance(t, Enum) and t.alias is None:
            name = self._names.get(_key(loc)) or self._claim(loc)
            self.aliases[name] = Alias(name, t, reading.description, reading.deprecated, loc.pointer)
            return replace(reading, type=Enum(t.values, alias=name))
        if isinstance(t, (UnionType, Array, Map)) or (want_alias and isinstance(t, (Prim, Enum))):
            name = self._names.get(_key(loc)) or self._claim(loc)
            recursive = _key(loc) in self._forced_aliases
            self.aliases[name] = Alias(name, t, reading.description, reading.deprecated, loc.pointer, recursive)
            if isinstance(t, Enum):
                return reading
            return replace(reading, type=AliasRef(name))
        return reading

    # ----------------------------------------------------------------- small helpers

    def _merge_policy(self, schema: dict[str, Any], loc: Location) -> str | None:
        raw = schema.get("x-merge")
        if raw is None:
            return None
        if not isinstance(raw, str) or raw.split(":", 1)[0] not in MERGE_POLICIES:
            raise loc.child("x-merge").error(f"x-merge must be one of {', '.join(MERGE_POLICIES)} (by_key may name its key: by_key:id), not {raw!r}")
        return raw

    def _coerce_default(self, reading: Reading, loc: Location) -> Any:
        value = reading.default
        if value is NO_DEFAULT:
            return NO_DEFAULT
        if value is None:
            return None if reading.nullable else NO_DEFAULT
        fitted = _fit_default(value, reading.type)
        if fitted is _MISFIT:
            self._warn(loc.child("default"), f"default {json.dumps(value, default=str)} does not fit the type; ignored")
            return NO_DEFAULT
        if isinstance(value, str) and (fitted != value or type(fitted) is not type(value)):
            self._warn(loc.child("default"), f"default {value!r} is a string; read as {fitted!r}")
        return fitted

    def _warn(self, loc: Location, message: str) -> None:
        self.warnings.append(str(SpecError(message, loc.doc.path, loc.pointer)))


# --------------------------------------------------------------------- module helpers


def _tag_values(field: Field) -> list[Any]:
    """A field's const/enum values that can be discriminator tags: strings and integers, what
    the generated dispatch looks up (null and booleans are no tags)."""
    if not isinstance(field.type, Enum):
        return []
    return [v for v in field.type.values if v is not None and type(v) is not bool]

_MISFIT: Any = object()




def _json_kind(value: Any) -> str:
    return {dict: "a mapping", list: "a list", str: "a string", bool: "a boolean"}.get(type(value), type(value).__name__)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


def _properties(schema: dict[str, Any], loc: Location) -> dict[str, Any]:
    raw = schema.get("properties")
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise loc.child("properties").error("properties must be a mapping of names to schemas")
    return raw


def _has_shape(schema: dict[str, Any]) -> bool:
    return any(k in schema for k in ("properties", "items", "enum", "const", "anyOf", "oneOf", "additionalProperties"))


def _implied_type(schema: dict[str, Any]) -> str | None:
    """The type a schema without ``type`` has by its keywords (as real specs assume)."""
    if any(k in schema for k in ("properties", "additionalProperties", "patternProperties")):
        return "object"
    if "items" in schema or "prefixItems" in schema:
        return "array"
    return None


def _only_constraints(schema: dict[str, Any]) -> bool:
    """True when every anyOf/oneOf member only constrains (``required: [...]``), so the
    owner's properties are the shape."""
    members = schema.get("oneOf") or schema.get("anyOf") or []
    return all(isinstance(m, dict) and not (STRUCTURAL & set(m)) and "$ref" not in m for m in members)


def _distribute(schema: dict[str, Any]) -> dict[str, Any]:
    """Push an owner's own keywords into each anyOf/oneOf member (``allOf`` of both)."""
    word = "oneOf" if "oneOf" in schema else "anyOf"
    own = {k: v for k, v in schema.items() if k not in ("oneOf", "anyOf", "discriminator", "description", "title")}
    members = [m if naming.is_null_schema(m) else {"allOf": [own, m]} for m in schema[word]]
    return {k: v for k, v in schema.items() if k in ("discriminator", "description", "title")} | {word: members}


def _merge_schema(merged: dict[str, Any], origins: dict[str, Location], part: dict[str, Any], part_origins: dict[str, Location]) -> None:
    """Merge one allOf member into the accumulated schema (later keys override, see module
    docstring); ``properties`` are merged key by key, and each property's schema too."""
    for key, value in part.items():
        if key == "properties" and isinstance(value, dict):
            props = dict(merged.get("properties") or {})
            for name, schema in value.items():
                if name in props and isinstance(props[name], dict) and isinstance(schema, dict):
                    props[name] = {**props[name], **schema}
                    if not (STRUCTURAL & set(schema)) and "$ref" not in schema:
                        continue  # an override that only annotates: $refs stay where they were written
                else:
                    props[name] = schema
                if name in part_origins:
                    origins[name] = part_origins[name]
            merged["properties"] = props
        elif key == "required" and isinstance(value, list):
            merged["required"] = list(dict.fromkeys([*(merged.get("required") or []), *value]))
        elif key in ("nullable", "deprecated"):
            merged[key] = _truthy(merged.get(key)) or _truthy(value)
        elif key == "enum" and isinstance(merged.get("enum"), list) and isinstance(value, list):
            common = [v for v in merged["enum"] if v in value]
            merged["enum"] = common or value
        else:
            merged[key] = value


def _fit_value(value: Any, types: list[str]) -> Any:
    """An enum value made to fit the declared types (YAML 1.1 traps back to text), or
    ``_MISFIT``."""
    if not types:
        return value
    for t in types:
        if t == "string":
            if isinstance(value, str):
                return value
            text = scalar_text(value)
            if text is not None:
                return text
        elif t == "integer" and isinstance(value, int) and not isinstance(value, bool) or t == "integer" and isinstance(value, float) and value.is_integer():
            return int(value)
        elif t == "number" and isinstance(value, (int, float)) and not isinstance(value, bool):
            return value if isinstance(value, int) else float(value)
        elif t == "boolean" and isinstance(value, bool) or t in ("object", "array") and isinstance(value, (dict, list)):
            return value
    return _MISFIT


def _fit_default(value: Any, t: Type) -> Any:
    """A default made to fit its type, tolerating numbers and booleans written as strings
    (Mistral's spec writes ``default: '0'``), or ``_MISFIT``."""
    if isinstance(t, Prim):
        if t.kind == "any":
            return value
        if t.kind == "str":
            if isinstance(value, str):
                return value
            text = scalar_text(value)
            return text if text is not None else _MISFIT
        if t.kind == "bool":
            if isinstance(value, bool):
                return value
            return {"true": True, "false": False}.get(value, _MISFIT) if isinstance(value, str) else _MISFIT
        if t.kind in ("int", "float"):
            if isinstance(value, str):
                try:
                    value = int(value) if t.kind == "int" else float(value)
                except ValueError:
                    return _MISFIT
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                return _MISFIT
            if t.kind == "int":
                return int(value) if float(value).is_integer() else _MISFIT
            return float(value) if math.isfinite(value) else _MISFIT
    if isinstance(t, Enum):
        for base in t.bases:
            fitted = _fit_default(value, Prim(base))
            if fitted is not _MISFIT:
                return fitted
        return _MISFIT
    if isinstance(t, UnionType):
        for option in t.options:
            fitted = _fit_default(value, option)
            if fitted is not _MISFIT:
                return fitted
        return _MISFIT
    if isinstance(t, Array) and isinstance(value, list):
        return value
    if isinstance(t, Map) and isinstance(value, dict):
        return value
    if isinstance(t, (AliasRef, ModelRef)):
        return value  # a named type: documented as written
    return _MISFIT


def _union(options: list[Type], discriminator: Discriminator | None = None) -> Type:
    """Normalise a union: flatten nested unions, merge inline enums, drop a base type an
    open enum already admits, drop duplicates; one option is that option."""
    flat: list[Type] = []
    for option in options:
        if isinstance(option, UnionType) and option.discriminator is None:
            flat.extend(option.options)
        else:
            flat.append(option)
    if any(o == ANY for o in flat):
        return ANY
    merged: list[Type] = []
    inline_values: list[Any] = []
    enum_at = -1
    for option in flat:
        if isinstance(option, Prim) and any(isinstance(m, Prim) and m.kind == option.kind for m in merged):
            continue  # str (format: binary) | str is one type in Python
        if isinstance(option, Enum) and option.alias is None:
            if enum_at < 0:
                enum_at = len(merged)
                merged.append(option)
            inline_values.extend(v for v in option.values if v not in inline_values)
        elif option not in merged:
            merged.append(option)
    if enum_at >= 0:
        merged[enum_at] = Enum(tuple(inline_values))
    open_bases = {b for o in merged if isinstance(o, Enum) for b in o.bases}
    merged = [o for o in merged if not (isinstance(o, Prim) and o.kind in open_bases)]
    if len(merged) == 1 and discriminator is None:
        return merged[0]
    return UnionType(tuple(merged), discriminator)
