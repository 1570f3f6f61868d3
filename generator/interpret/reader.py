"""The reader: resolved schemas in, IR models and aliases out, on demand and memoised.

``Interpreter`` holds the entry points, ``$ref``s (recursion), ``allOf`` owners and the dispatch
on a schema's keywords; its parts read objects (``objects``) and unions (``choices``). It names
nothing (each type gets a provisional id and a ``naming.Place``) and leaves discriminators
pending until ``settle``.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import replace
from typing import Any

from ..errors import SpecError
from ..load import Document
from ..model import (
    ANY,
    NO_DEFAULT,
    NULL,
    Alias,
    AliasRef,
    Array,
    Enum,
    Map,
    ModelRef,
    Prim,
    Tuple,
    Type,
    UnionType,
    with_null,
)
from ..resolve import Location, RefResolver
from ..warning_kinds import not_enforced
from . import discriminators
from .allof import Origins, flatten
from .base import Key, _key
from .choices import UnionReading, has_mapping, mapping_ref
from .enums import read_enum
from .forbidden import read_false
from .keywords import (
    ANNOTATIONS,
    PRIM_OF,
    STRUCTURAL,
    Reading,
    admits_null,
    distribute,
    has_shape,
    implied_type,
    json_kind,
    merge_policy,
    only_constraints,
    properties,
    text,
    truthy,
    type_names,
    unenforced,
    union_merge_map,
)
from .objects import ObjectReading
from .unions import union

#: Refuse to read more schema nodes than this (a guard against documents that expand).
MAX_SCHEMA_READS = 2_000_000


class Interpreter(ObjectReading, UnionReading):
    """Reads schemas into IR models and aliases, on demand and memoised by location.

    Args:
        resolver: resolves ``$ref`` (and owns the root document).
    Raises (from the read methods):
        SpecError: a schema the IR cannot express, with its file, pointer and line.
    """

    def __init__(self, resolver: RefResolver) -> None:
        super().__init__(resolver)
        self._listed = {_key(loc) for loc in self.components().values()}
        self._scan(self.root)

    def read_component(self, loc: Location) -> Reading:
        """Read a named schema (a root, or every component with ``--all-schemas``); a
        non-object one gets an alias so that it has a name too."""
        return self.read_at(loc, want_alias=True)

    def read_root(self, loc: Location) -> Reading:
        """Read a named schema asked for as a root: ``read_component``, except that an ``allOf``
        parent declaring a discriminator reads as where it is referenced (``_dispatched``), under
        the component's name (``Pet``; its own shape is ``PetBase``) and pointer."""
        reading = self.read_component(loc)
        dispatched = self._dispatched(reading, loc, loc)
        if dispatched is reading or not isinstance(dispatched.type, UnionType):
            return reading
        name = self._names.get(_key(loc.child("discriminator"))) or self._claim(loc.child("discriminator"), loc)
        self.aliases[name] = Alias(name, dispatched.type, reading.description, reading.deprecated, loc.pointer)
        return replace(dispatched, type=AliasRef(name))

    def read_stream(self, loc: Location) -> Reading:
        """Read a union a stream carries inline (Mistral's ``ConversationEvents.data``) as a root,
        under an alias named from its place (``ConversationEventsData``), so that a merge map names
        it and it gets a fold. Another schema reads as ``read_at`` reads it."""
        reading = self.read_at(loc)
        t = reading.type
        if not isinstance(t, UnionType):
            return reading
        name = self._names.get(_key(loc)) or self._claim(loc)
        merge_map = union_merge_map(self.resolver.node(loc))
        own = with_null(t, reading.nullable)
        self.aliases[name] = Alias(name, own, reading.description, reading.deprecated, loc.pointer, False, merge_map)
        self._refs[_key(loc)] = replace(reading, type=AliasRef(name))
        return self._refs[_key(loc)]

    def read_at(self, loc: Location, *, want_alias: bool = False) -> Reading:
        """Read the schema at ``loc`` (a ``$ref`` target), memoised by location."""
        key = _key(loc)
        if key in self._refs:
            return self._refs[key]
        self._scan(loc.doc)
        if key in self._active:
            # the schema's own null (``Node: {nullable: true}``) holds where recursion reaches it
            nullable = admits_null(self.resolver.node(loc))
            if key in self._model_keys:
                return Reading(ModelRef(self._names[key]), nullable=nullable)
            objects, containers = self._opened_at[key]
            if self._component_at(loc) is not None and (
                self._objects_open > objects or self._containers_open > containers
            ):
                # recursion through a model, a list or a map: fine once this schema has a name
                self._forced_aliases.add(key)
                return Reading(AliasRef(self._names.get(key) or self._claim(loc), forward=True), nullable=nullable)
            raise loc.error(
                f"this schema refers to itself without an object in between ({self._cycle(key)}: a $ref "
                "or allOf cycle, or a recursive union), which no Python type can express"
            )
        self._active.add(key)
        self._opened_at[key] = (self._objects_open, self._containers_open)
        self._open_refs.append((key, loc))
        try:
            reading = self.read(self.resolver.node(loc), loc)
            reading = self._name_if_component(reading, loc, want_alias or key in self._forced_aliases)
        except RecursionError:
            # reported where it happened, without composing the file for a line number
            raise SpecError(
                "schemas nest too deeply here to read (over a few hundred levels)", loc.doc.path, loc.pointer
            ) from None
        finally:
            self._active.discard(key)
            self._open_refs.pop()
        self._refs[key] = reading
        return reading

    def _cycle(self, key: Key) -> str:
        """The schemas on the cycle that reaches ``key`` again, in the order they were
        followed (``AliasOne -> AliasTwo -> AliasOne``): names for components, else pointers."""
        keys = [k for k, _ in self._open_refs]
        start = keys.index(key) if key in keys else len(keys) - 1
        shown = [self._component_at(loc) or loc.pointer or "#" for _, loc in self._open_refs[start:]]
        return " -> ".join([*shown, shown[0]]) if shown else ""

    def settle(self) -> None:
        """Finish the reading once every root is read: decide the discriminators (see
        ``discriminators.settle``) and warn of each keyword left unenforced, by kind (the CLI
        groups them: ``warning_kinds.report``)."""
        discriminators.settle(self.models, self.aliases, self.places)
        for kind, places in self._unenforced.items():
            for loc in places.values():
                self.warn(loc, not_enforced(kind))

    def _scan(self, doc: Document) -> None:
        """Note the targets of every discriminator mapping in ``doc`` before reading from it:
        an object schema without properties there still names a variant, so it reads as an
        (empty) model wherever it is used, never as a map first and a model later."""
        if str(doc.path) in self._scanned:
            return
        self._scanned.add(str(doc.path))
        # each container with a link to its parent's (key, link): the path is built only
        # where a mapping is found (a 3 MB spec has ~90k nodes and a few dozen mappings)
        stack: list[tuple[Any, Any]] = [(doc.data, None)]
        while stack:
            node, link = stack.pop()
            pairs = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
            stack.extend((v, (k, link)) for k, v in pairs if isinstance(v, (dict, list)))
            raw = node.get("discriminator") if isinstance(node, dict) else None
            if (
                not isinstance(raw, dict)
                or not isinstance(raw.get("mapping"), dict)
                or not isinstance(raw.get("propertyName"), str)
            ):
                continue
            path: list[str] = []
            while link is not None:
                key, link = link
                path.append(str(key))
            dloc = Location(doc, "").child(*reversed(path), "discriminator")
            for tag, target in raw["mapping"].items():
                with suppress(SpecError):  # reported where the mapping is read
                    self._variants.add(_key(self.resolver.resolve(mapping_ref(target), dloc.child("mapping", tag))))

    def read(self, schema: Any, loc: Location) -> Reading:
        """Read one schema node found at ``loc``."""
        self._reads += 1
        if self._reads > MAX_SCHEMA_READS:
            raise loc.error(f"the spec expands to more than {MAX_SCHEMA_READS} schema nodes; refusing it")
        if isinstance(schema, bool):
            return Reading(ANY) if schema else read_false(self, loc)
        if not isinstance(schema, dict):
            raise loc.error(f"a schema must be a mapping, not {json_kind(schema)}")
        for kind in unenforced(schema):
            self._note_unenforced(kind, loc)
        if "$ref" in schema:
            if STRUCTURAL & set(schema):
                rest = {k: v for k, v in schema.items() if k != "$ref"}
                return self._read_all_of({**rest, "allOf": [{"$ref": schema["$ref"]}]}, loc)
            target = self.resolver.resolve(schema["$ref"], loc.child("$ref"))
            return self._with_own_facts(self._dispatched(self.read_at(target), target, loc), schema, loc, via_ref=True)
        return self._read_all_of(schema, loc) if "allOf" in schema else self._read_plain(schema, loc, None)

    def _with_own_facts(
        self, reading: Reading, schema: dict[str, Any], loc: Location, via_ref: bool = False
    ) -> Reading:
        """Attach the facts a schema writes beside its shape, an ``allOf`` or a ``$ref`` (``via_ref``:
        the target's description, deprecation and default are not this slot's)."""
        description = text(schema.get("description"))
        # a default written on a shared component describes it in requests as much as in
        # responses: only a default written here, beside the $ref, belongs to this field
        default = schema.get("default", NO_DEFAULT if via_ref else reading.default)
        return replace(
            reading,
            nullable=reading.nullable or truthy(schema.get("nullable")),
            description=description if description is not None or via_ref else reading.description,
            deprecated=truthy(schema.get("deprecated")) or (reading.deprecated and not via_ref),
            default=default,
            read_only=reading.read_only or truthy(schema.get("readOnly")),
            write_only=reading.write_only or truthy(schema.get("writeOnly")),
            merge=merge_policy(schema, loc) or reading.merge,
            title=schema.get("title") if isinstance(schema.get("title"), str) else reading.title,
        )

    def _read_all_of(self, schema: dict[str, Any], loc: Location) -> Reading:
        members = schema["allOf"]
        if not isinstance(members, list) or not members:
            raise loc.child("allOf").error("allOf must be a non-empty list of schemas")
        own = {k: v for k, v in schema.items() if k != "allOf"}
        notes = [m for m in members if isinstance(m, dict) and m and all(k in ANNOTATIONS or k[:2] == "x-" for k in m)]
        shaped = [(i, m) for i, m in enumerate(members) if not any(m is n for n in notes)]
        if len(shaped) == 1 and not (STRUCTURAL & set(own)):
            # allOf-wrapped $ref (a common way to put nullable/description beside a $ref), its other members notes
            (at, member), facts = shaped[0], {k: v for n in notes for k, v in n.items()} | own
            reading = self.read(member, loc.child("allOf", at))
            return self._with_own_facts(reading, facts, loc, via_ref=isinstance(member, dict) and "$ref" in member)
        merged, origins = flatten(self.resolver, schema, loc, frozenset({_key(loc)}))
        return self._read_plain(merged, loc, origins)

    def _read_plain(self, schema: dict[str, Any], loc: Location, origins: Origins | None) -> Reading:
        """A schema without ``$ref``/``allOf`` (or one flattened from them)."""
        nullable = truthy(schema.get("nullable"))
        types = type_names(schema, loc)
        if "null" in types:
            nullable = True
            types = [t for t in types if t != "null"]
            if not types and not has_shape(schema):
                return self._with_own_facts(Reading(NULL, nullable=True), schema, loc)
        for word in ("anyOf", "oneOf"):
            if word in schema and (not isinstance(schema[word], list) or not (schema[word] or has_mapping(schema))):
                raise loc.child(word).error(f"{word} must be a non-empty list of schemas")
        if ("anyOf" in schema or "oneOf" in schema) and not (properties(schema, loc) and only_constraints(schema)):
            if properties(schema, loc):
                schema = distribute(schema)  # {props, oneOf: [a, b]} means oneOf: [props+a, props+b]
            reading = self._read_union(schema, loc, types)
            return self._with_own_facts(replace(reading, nullable=reading.nullable or nullable), schema, loc)
        if "enum" in schema or "const" in schema:
            reading = read_enum(schema, loc, types)
            return self._with_own_facts(replace(reading, nullable=reading.nullable or nullable), schema, loc)
        if not types and (implied := implied_type(schema)) is not None:
            types = [implied]
        options = [self._read_single(t, schema, loc, origins) for t in types]
        return self._with_own_facts(Reading(union(options) if options else ANY, nullable=nullable), schema, loc)

    def _read_single(self, type_name: str, schema: dict[str, Any], loc: Location, origins: Origins | None) -> Type:
        if type_name in PRIM_OF:
            fmt = schema.get("format")
            return Prim(PRIM_OF[type_name], fmt if isinstance(fmt, str) else None)
        return self._read_array(schema, loc) if type_name == "array" else self._read_object(schema, loc, origins)

    def _name_if_component(self, reading: Reading, loc: Location, want_alias: bool) -> Reading:
        """A named non-object schema gets an alias (so an enum reads ``ServiceTier``)."""
        t = reading.type
        forced = _key(loc) in self._forced_aliases
        if self._component_at(loc) is None or (isinstance(t, ModelRef) and not forced):
            return reading
        inline_enum = isinstance(t, Enum) and t.alias is None
        # a recursion reached this schema by name before it was read: the name must be
        # defined, even where the schema is only another named type (``X: $ref Y``)
        by_name = forced and isinstance(t, (ModelRef, AliasRef))
        shaped = isinstance(t, (UnionType, Array, Tuple, Map)) or (want_alias and isinstance(t, (Prim, Enum)))
        if not (by_name or inline_enum or shaped):
            return reading
        name = self._names.get(_key(loc)) or self._claim(loc)
        own = with_null(t, reading.nullable and t != NULL)  # the schema's own null, in its type
        merge_map = union_merge_map(self.resolver.node(loc)) if isinstance(t, UnionType) else None
        self.aliases[name] = Alias(
            name, own, reading.description, reading.deprecated, loc.pointer, forced and not inline_enum, merge_map
        )
        if isinstance(t, Enum) and t.alias is None:
            return replace(reading, type=replace(t, alias=name))
        # an alias of None is defined (its name is public) but never referenced:
        # ``OnlyNull | None`` would fail when evaluated (``None | None``)
        return reading if isinstance(t, Enum) or t == NULL else replace(reading, type=AliasRef(name))


def read_every_component(interp: Interpreter) -> dict[str, str]:
    """Read every component as ``read_root`` does (``--all-schemas``; a scalar one named even when a
    field read it first); return those that read as another named schema's type (``Link: $ref
    Node``), each with that type's provisional id: they have no class of their own."""
    synonyms = {}
    for name, loc in interp.components().items():
        reading = interp.read_root(loc)
        if isinstance(reading.type, Prim) and _key(loc) not in interp._names:
            reading = interp._name_if_component(reading, loc, True)
        t = reading.type
        if isinstance(t, (ModelRef, AliasRef)) and _key(interp.places[t.name].loc) != _key(loc):
            synonyms[name] = t.name
    return synonyms
