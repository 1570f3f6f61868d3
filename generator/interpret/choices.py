"""Choices: ``oneOf``/``anyOf`` read into a union (``null`` members lifted onto the slot, a member
that is the schema itself left out), an explicit discriminator's mapping, and a ``$ref`` to an
``allOf`` parent with a discriminator read as the union of the schemas built on it; the
discriminator itself is decided later (``discriminators.settle``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..model import NULL, Discriminator, ModelRef, Type, UnionType
from ..resolve import Location
from ..warning_kinds import BOTH_UNIONS, EMPTY_UNION, LOOSE_DISCRIMINATOR, SELF_MEMBER
from . import discriminators
from .allof import allof_bases
from .base import Key, ReaderBase, _key
from .keywords import STRUCTURAL, Reading, is_null_schema, name_hints
from .unions import union


class UnionReading(ReaderBase):
    """The reader's part for unions."""

    def _read_union(self, schema: dict[str, Any], loc: Location, types: list[str]) -> Reading:
        word = "oneOf" if "oneOf" in schema else "anyOf"
        members = schema[word]  # a list, non-empty or with a mapping (checked by ``_read_plain``)
        if not members:  # Cohere's TruncationStrategy: the members are only in the mapping
            self.warn(loc.child(word), EMPTY_UNION)
        if "oneOf" in schema and "anyOf" in schema:
            self.warn(loc, BOTH_UNIONS)
        self._note_hints(loc, word)
        nullable = False
        readings: list[Reading] = []
        for i, member in enumerate(members):
            mloc = loc.child(word, i)
            if member is False:
                continue  # admits nothing: no option (JSON Schema 2020-12 section 4.3.2)
            if self._refers_to(member, mloc, loc):
                self.warn(mloc, SELF_MEMBER)
                continue
            if types and isinstance(member, dict) and "type" not in member and "$ref" not in member:
                member = {"type": types if len(types) > 1 else types[0], **member}
            reading = self.read(member, mloc)
            nullable = nullable or reading.nullable
            if reading.type != NULL:  # the {type: "null"} member is the nullable fact alone
                readings.append(reading)
        options = [r.type for r in readings]
        if not options and members:
            if not nullable:
                raise loc.child(word).error(f"{word} has no member besides the schema itself, so no value fits it")
            return Reading(NULL, nullable=True)  # only null (and the schema itself)
        discriminator = self._discriminator(schema, loc, options)
        normal = union(options, discriminator)
        objects = sum(isinstance(o, ModelRef) for o in normal.options) if isinstance(normal, UnionType) else 0
        if discriminator is None and "discriminator" not in schema and objects > 1:
            # its object members may imply one: decided once every model is read
            normal = UnionType(tuple(options), discriminators.IMPLIED)
        facts = readings[0] if len(readings) == 1 else Reading(normal)  # one member's facts are the union's
        return Reading(
            normal, nullable=nullable, description=facts.description, default=facts.default, deprecated=facts.deprecated
        )

    def _note_hints(self, loc: Location, word: str) -> None:
        """Note each member's name hints (``keywords.name_hints``) of a union of several (not "X or null")."""
        try:
            written = self.resolver.node(loc.child(word))
        except (KeyError, IndexError, TypeError):  # a union the reader built, not written
            return
        if isinstance(written, list) and sum(not is_null_schema(m) for m in written) > 1:
            for i, member in enumerate(written):
                self.member_hints[_key(loc.child(word, i))] = name_hints(member)

    def _refers_to(self, member: Any, at: Location, target: Location) -> bool:
        if not (isinstance(member, dict) and isinstance(member.get("$ref"), str)):
            return False
        return _key(self.resolver.resolve(member["$ref"], at.child("$ref"))) == _key(target)

    def _discriminator(self, schema: dict[str, Any], loc: Location, options: list[Type]) -> Discriminator | None:
        """The explicit discriminator's mapping as written (its targets read, and added to
        ``options`` when the union lacks them), pending the members' own tags."""
        raw = schema.get("discriminator")
        if raw is None:
            return None
        dloc = loc.child("discriminator")
        if not isinstance(raw, dict) or not isinstance(raw.get("propertyName"), str):
            raise dloc.error("discriminator needs a propertyName (OpenAPI 3.1 section 4.8.25)")
        prop = raw["propertyName"]
        mapping: dict[Any, str] = {}
        for tag, target in (raw.get("mapping") or {}).items():
            target = self.resolver.resolve(mapping_ref(target), dloc.child("mapping", tag))
            reading = self.read_at(target)  # an object without properties reads as an empty model here
            if not isinstance(reading.type, ModelRef):
                raise dloc.child("mapping", tag).error(f"discriminator mapping {tag!r} must name an object schema")
            mapping[str(tag)] = reading.type.name
            if reading.type not in options:
                options.append(reading.type)  # a mapping may name a schema the oneOf lacks
        if not all(isinstance(option, ModelRef) for option in options):
            self.warn(dloc, LOOSE_DISCRIMINATOR)
            return None
        return discriminators.Pending(prop, tuple(mapping.items()), explicit=True)  # members' tags: see settle

    def _dispatched(self, reading: Reading, target: Location, at: Location) -> Reading:
        """What a ``$ref`` (at ``at``) to ``target`` reads as: ``reading`` itself, unless ``target`` is an
        ``allOf`` parent declaring a ``discriminator`` (no ``oneOf``/``anyOf`` beside it): then the
        union of its variants, dispatched by the tag (OpenAPI 3.0.3 section 4.7.25, 3.1 section
        4.8.25: "all schemas building on the parent schema via an ``allOf`` construct may be used
        as an alternate schema"): the ``mapping``'s targets under their tags, then every named
        schema of the root document built on the parent (transitively) under its own tag values,
        else its component name. A child that only names another schema (``Cat: allOf [$ref
        Pet]``) reads as that one, so its name selects that one's class. The parent is a variant
        only when its mapping names it; a parent with no variant stays itself.

        Raises:
            SpecError: a mapping value naming a schema that is not an object.
        """
        node = self.resolver.node(target)
        raw: Any = node.get("discriminator") if isinstance(node, dict) else None
        prop = raw.get("propertyName") if isinstance(raw, dict) else None
        if not isinstance(prop, str) or "oneOf" in node or "anyOf" in node or not isinstance(reading.type, ModelRef):
            return reading
        children = self._allof_children(target)
        holder = Location(at.doc, "").child(*at.tokens[:-2]) if at.tokens[-2:-1] == ["allOf"] else None
        if holder is not None and _key(holder) in map(_key, children) and _synonym_ref(self.resolver.node(holder)):
            return reading  # ``Cat: allOf [$ref Pet]`` names the parent's shape: Cat is a variant, not the union
        dloc = target.child("discriminator")
        mapping: dict[Any, str] = {}
        synonyms: list[Any] = []
        options: list[Type] = []
        mapped: set[Key] = set()
        for tag, where in raw["mapping"].items() if isinstance(raw.get("mapping"), dict) else ():
            variant = self.resolver.resolve(mapping_ref(where), dloc.child("mapping", tag))
            found = self._variant(variant, target, reading)
            if not isinstance(found, ModelRef):
                raise dloc.child("mapping", tag).error(f"discriminator mapping {tag!r} must name an object schema")
            mapped.add(_key(variant))
            mapping[str(tag)] = found.name
            if found not in options:
                options.append(found)
        for child in children:
            found = self._variant(child, target, reading)
            if not isinstance(found, ModelRef):
                continue
            if _synonym_ref(self.resolver.node(child)) and _key(child) not in mapped:
                # it adds nothing to the schema it names: its tag (its name) picks that one's class
                name = self._component_at(child)
                if name is not None and name not in mapping:
                    mapping[name] = found.name
                    synonyms.append(name)
            if found not in options and (found != reading.type or synonyms):
                options.append(found)
        if not options or options == [reading.type] and not synonyms:
            return reading
        pending = discriminators.Pending(
            prop,
            tuple(mapping.items()),
            explicit=True,
            synonyms=tuple(synonyms),
            quiet=(reading.type.name,),  # the parent: a variant only under the tags given for it
        )
        self._base_of(reading.type.name, target)
        return replace(reading, type=UnionType(tuple(options), pending))

    def _base_of(self, model: str, parent: Location) -> None:
        """Mark ``model`` as the object shape of the dispatching ``parent`` (``naming.Place.base``):
        the component's name names the union, whatever is read first."""
        place = self.places.get(model)
        if place is not None and _key(place.loc) == _key(parent) and not place.base:
            self.places[model] = replace(place, base=True)

    def _variant(self, loc: Location, parent: Location, reading: Reading) -> Type:
        """The type a variant at ``loc`` reads as, through schemas that only name another (``Cat:
        allOf [$ref Pet]``, not read here: one may be open right now)."""
        seen: set[Key] = set()
        while _key(loc) not in seen:
            if _key(loc) == _key(parent):
                return reading.type
            seen.add(_key(loc))
            ref = _synonym_ref(self.resolver.node(loc))
            if ref is None:
                break
            loc = self.resolver.resolve(ref, loc.child("allOf", 0, "$ref"))
        return self.read_at(loc).type

    def _allof_children(self, parent: Location) -> list[Location]:
        """The root document's named schemas built on ``parent`` through ``allOf``, in document order."""
        key = _key(parent)
        if key not in self._children:  # allof_bases skips a $ref it cannot resolve
            self._children[key] = [
                loc
                for loc in self.components().values()
                if _key(loc) != key and key in allof_bases(self.resolver, self.resolver.node(loc), loc)
            ]
        return self._children[key]


def has_mapping(schema: dict[str, Any]) -> bool:
    """Whether the schema's discriminator names its members in a non-empty ``mapping``."""
    raw = schema.get("discriminator")
    return isinstance(raw, dict) and isinstance(raw.get("mapping"), dict) and bool(raw["mapping"])


def _synonym_ref(node: Any) -> str | None:
    """The ``$ref`` of a schema that only names another (``allOf: [{$ref: X}]``, no shape beside), else None."""
    if not isinstance(node, dict) or STRUCTURAL & (set(node) - {"allOf"}):
        return None
    members = node.get("allOf")
    if not isinstance(members, list) or len(members) != 1 or not isinstance(members[0], dict):
        return None
    ref = members[0].get("$ref")
    return ref if isinstance(ref, str) and not (STRUCTURAL & set(members[0])) else None


def mapping_ref(target: Any) -> str:
    """A discriminator mapping value as a ``$ref``: a bare name means a component schema."""
    if isinstance(target, str) and ("#" in target or "/" in target or "." in target):
        return target
    return f"#/components/schemas/{target}"
