"""A reference for the public parsers (tests/test_public_parsers.py): a spec's component schemas
rewritten into plain JSON Schema 2020-12 that says what docs/schema-support.md says the models
accept, validated by ``jsonschema``, with OpenAPI's discriminator added as one keyword.

Written from the documentation and the OpenAPI text, not from the generator's code (it shares
only the YAML loader): what the models accept beyond plain JSON Schema is each a rule below.

* OpenAPI: ``nullable: true`` (3.0, also beside a ``$ref``) admits ``null``; a
  ``discriminator`` makes its property's value select the member whose rules then apply
  (OpenAPI 3.1 section 4.8.25): the ``mapping`` as written (a target the ``oneOf`` lacks
  joins), then each member's own ``const``/``enum`` values of the property, else its
  component name (the implicit mapping); a string tag no member has is the union's
  ``Unknown<Union>`` member where every tag is a string (issue 41), no tag or one of
  another type is rejected. A member reached only through its unions (no ``$ref`` to it
  elsewhere but as an ``allOf`` base or a whole component's synonym, none from a response)
  holds a tag that names it, also when parsed alone and where the spec makes the tag optional
  (issue 41: its tag is a required, closed ``Literal``, so the union narrows; OpenAPI 3.0.3's
  Discriminator Object: the value "will correspond to the name of a schema"). On an ``allOf``
  parent (no ``oneOf``), a ``$ref`` to it selects among the named schemas built on it through
  ``allOf`` (transitively), the parent itself only where its mapping names it.
* The models' documented reading: enums are open (a value of the enum's base type parses;
  ``null`` only where listed), extra fields are kept (``additionalProperties: false`` is
  enforced only beside ``patternProperties``), an optional field sent as ``null`` reads as
  absent, a ``writeOnly`` field is never required, ``allOf`` is merged (a later branch's
  property overrides an earlier one's), ``oneOf`` is tried left to right like ``anyOf``,
  object members that each require one property with their own ``const``/``enum`` values
  are told apart by it (an implied discriminator), the constraints the models do not
  enforce (string, number, array and object constraints, ``format``, ``not``,
  ``if``/``then``/``else``, ``uniqueItems``) are left out, ``minItems`` and a ``maxItems``
  within the prefix shape a ``prefixItems`` tuple, a ``required`` name without a property
  schema is ignored, ``1.0`` is no integer and a boolean no number.
* A model component's own parser takes an object (a component that admits ``null`` admits
  it where it is referenced): ``accepts`` leaves a model's own ``null`` out.

``generation_schema`` gives the same schema with enums closed, tags set and references
inlined to a depth, for hypothesis-jsonschema to draw payloads from.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import jsonschema
from jsonschema import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

STRUCTURAL = frozenset(
    ("type", "properties", "additionalProperties", "items", "allOf", "anyOf", "oneOf", "enum", "const")
)
JSON_TYPES = {"string": "string", "integer": "integer", "number": "number", "boolean": "boolean"}
SECTIONS = (("components", "schemas"), ("definitions",), ("$defs",))
NULL: dict[str, Any] = {"type": "null"}


def truthy(value: Any) -> bool:
    return value is True or value == "true"


def unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def components(doc: Any) -> dict[str, str]:
    """The document's named schemas, ``{name: pointer}``, in document order (a bare JSON
    Schema document is itself one, at ``""``)."""
    found: dict[str, str] = {}
    if isinstance(doc, dict) and "openapi" not in doc:
        found[str(doc.get("title") or "Root")] = ""
    for path in SECTIONS:
        node = doc
        for token in path:
            node = node.get(token) if isinstance(node, dict) else None
        if isinstance(node, dict):
            for name in node:
                found.setdefault(name, "/" + "/".join(escape(t) for t in (*path, name)))
    return found


def nullable(schema: Any) -> Any:
    """``schema`` admitting ``null`` too."""
    if schema == {} or schema is True:
        return {}
    return {"anyOf": [NULL, schema]}


class Reference:
    """The documented reading of one spec ``doc`` (decoded, as the generator loads it): the
    components as JSON Schema (``defs``), ``accepts`` a payload or not, and the schema to
    draw payloads of a component from (``generation_schema``)."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        self.named = components(doc)
        self.component_of = {pointer: name for name, pointer in self.named.items()}
        self.variants = self._mapping_targets()
        self.tag_properties: set[str] = set()  # properties that hold a tag somewhere
        self.tags: list[Any] = []  # every tag of every dispatch
        self.open = _Normal(self, closed=False)
        self.closed = _Normal(self, closed=True)
        self.loose = _Normal(self, closed=True, tight=False)
        self._validators: dict[str, Any] = {}
        self.member_tags: dict[str, dict[str, list[str]]] = {}  # member -> {tag property: tags}
        self.standalone: set[str] = set()  # models reached other than as a union's member
        self._closed_tags: dict[str, dict[str, list[str]]] | None = None

    # ------------------------------------------------------------------ the document

    def node(self, pointer: str) -> Any:
        found: Any = self.doc
        for token in pointer.split("/")[1:]:
            token = unescape(token)
            found = found[int(token)] if isinstance(found, list) else found[token]
        return found

    def target(self, ref: str) -> str:
        """The pointer a local ``$ref`` (or a bare mapping name) names."""
        if not ref.startswith("#") and "/" not in ref and "." not in ref:
            return f"/components/schemas/{escape(ref)}"
        assert ref.startswith("#"), f"only local references are read here: {ref}"
        return ref[1:]

    def _mapping_targets(self) -> set[str]:
        found: set[str] = set()
        stack = [self.doc]
        while stack:
            node = stack.pop()
            if isinstance(node, list):
                stack.extend(node)
            elif isinstance(node, dict):
                stack.extend(node.values())
                raw = node.get("discriminator")
                if isinstance(raw, dict) and isinstance(raw.get("mapping"), dict):
                    found |= {self.target(str(t)) for t in raw["mapping"].values()}
        return found

    # ------------------------------------------------------------------ validating

    def accepts(self, component: str, payload: Any) -> bool:
        """Whether ``payload`` is a ``component`` as the models document it."""
        return next(self.errors(component, payload), None) is None

    def errors(self, component: str, payload: Any) -> Iterator[ValidationError]:
        validator = self._validators.get(component)
        if validator is None:
            pointer = self.named[component]
            root = self.open.ref(pointer, dispatch=True)
            if self.open.model(pointer) is not None:
                root = self.open.ref(pointer, dispatch=True, own_null=False)
            root = self._with_closed_tags(pointer, root)
            document = {"$defs": self.open.defs, **root}
            resource = Resource.from_contents(document, default_specification=DRAFT202012)
            registry: Registry[Any] = Registry().with_resource("urn:reference", resource)
            validator = _VALIDATOR({"$ref": "urn:reference"}, registry=registry)
            self._validators[component] = validator
        return validator.iter_errors(payload)

    def closed_tags(self) -> dict[str, dict[str, list[str]]]:
        """``{member model: {tag property: the tags naming it}}`` for the members reached only
        through unions whose tags are all strings (every component read once to find them)."""
        if self._closed_tags is None:
            for pointer in self.named.values():
                self.open.ref(pointer, dispatch=True)
            for ref in _refs(self.doc.get("paths"), under_responses=False):
                self.open.mark_standalone(self.target(ref))
            self._closed_tags = {p: t for p, t in self.member_tags.items() if p not in self.standalone}
        return self._closed_tags

    def _with_closed_tags(self, pointer: str, root: dict[str, Any]) -> dict[str, Any]:
        """``root`` (the schema of the component at ``pointer``) with its tags closed where
        it is a member reached only through unions (see ``closed_tags``)."""
        tags = self.closed_tags().get(self.open.model(self.open.variant(pointer)) or "", {})
        if not tags or self.open.parent_dispatch(pointer) is not None:
            return root
        return {"allOf": [root, {"required": list(tags), "properties": {p: {"enum": t} for p, t in tags.items()}}]}

    def generation_schema(self, component: str, depth: int = 2, open_objects: bool = False) -> Any:
        """A schema without references whose instances are mostly ``component``s (enums
        closed, tags set, objects without keys of their own unless ``open_objects``), for
        hypothesis-jsonschema: references inlined, a recursion ``depth`` times (``null``
        below); ``prefixItems`` as draft 7's ``items`` list."""
        normal = self.loose if open_objects else self.closed
        pointer = self.named[component]
        root = normal.ref(pointer, dispatch=True, own_null=normal.model(pointer) is None)
        root = self._with_closed_tags(pointer, root)
        return _inlined(root, normal.defs, depth)


class _Normal:
    """The components of a ``Reference`` as JSON Schema, ``closed`` (enums as listed, for
    drawing payloads) or open (as the models read them); each schema a reference reaches
    once, under ``defs``."""

    def __init__(self, ref: Reference, closed: bool, tight: bool = True) -> None:
        self.r = ref
        self.closed = closed
        self.tight = closed and tight  # drawn objects carry no keys of their own
        self.defs: dict[str, Any] = {}
        self._keys: dict[tuple[str, bool, bool], str] = {}

    # ------------------------------------------------------------------ references

    def ref(self, pointer: str, dispatch: bool = False, own_null: bool = True) -> dict[str, Any]:
        """``{"$ref": ...}`` to the schema at ``pointer`` (a discriminated ``allOf`` parent as
        the union of what builds on it, with ``dispatch``), normalised once."""
        if dispatch and self.parent_dispatch(pointer) is None:
            dispatch = False
        key = (pointer, dispatch, own_null)
        if key not in self._keys:
            name = self._keys[key] = f"d{len(self._keys)}"
            self.defs[name] = {}
            if dispatch:
                built = self.parent_dispatch(pointer)
                if own_null and self.admits_null(self.r.node(pointer)):
                    built = nullable(built)
            else:
                built = self.schema(self.r.node(pointer), pointer)
                if not own_null:
                    built = _without_null(built)
            self.defs[name] = built
        return {"$ref": f"#/$defs/{self._keys[key]}"}

    def admits_null(self, node: Any) -> bool:
        return isinstance(node, dict) and (
            truthy(node.get("nullable"))
            or node.get("type") == "null"
            or (isinstance(node.get("type"), list) and "null" in node["type"])
        )

    # ------------------------------------------------------------------ schemas

    def schema(self, node: Any, pointer: str) -> Any:
        """The JSON Schema of ``node`` (found at ``pointer``) as the models read it."""
        if node is True or node is False or not isinstance(node, dict):
            return {}  # a false schema other than a property's or a union member's: any value
        if "$ref" in node:
            if STRUCTURAL & set(node):
                rest = {k: v for k, v in node.items() if k != "$ref"}
                return self.schema({**rest, "allOf": [{"$ref": node["$ref"]}]}, pointer)
            target = self.r.target(node["$ref"])
            whole = self.synonym_holder(pointer) or pointer in self.r.component_of
            if not whole and not (self.parent_dispatch(target) is not None):
                self.mark_standalone(target)
            found = self.ref(target, dispatch=not self.synonym_holder(pointer))
            return nullable(found) if truthy(node.get("nullable")) else found
        if "allOf" in node:
            members, own = node["allOf"], {k: v for k, v in node.items() if k != "allOf"}
            if len(members) == 1 and not (STRUCTURAL & set(own)):
                found = self.schema(members[0], f"{pointer}/allOf/0")
                return nullable(found) if truthy(own.get("nullable")) else found
            return self.plain(self.flatten(node), pointer)
        return self.plain(node, pointer)

    def mark_standalone(self, target: str) -> None:
        """The model a ``$ref`` to ``target`` reads as is reached other than as a member."""
        self.r.standalone |= {target, self.variant(target)}
        self.r.standalone |= {m for m in (self.model(target), self.model(self.variant(target))) if m}

    def synonym_holder(self, pointer: str) -> bool:
        """A ``$ref`` that is the one member of a named schema's ``allOf`` (``Cat: allOf
        [$ref Pet]``): that schema is the one it names, not a union of what builds on it."""
        head, _, tail = pointer.rpartition("/allOf/0")
        return tail == "" and head in self.r.component_of and synonym(self.r.node(head)) is not None

    def plain(self, node: dict[str, Any], pointer: str) -> Any:
        raw = node.get("type")
        written = [("null" if t is None else t) for t in raw] if isinstance(raw, list) else [raw] if raw else []
        types = [t for t in written if t != "null"]
        admits = truthy(node.get("nullable")) or "null" in written
        shape = ("properties", "items", "enum", "const", "anyOf", "oneOf", "additionalProperties")
        if "null" in written and not types and not any(k in node for k in shape):
            return NULL
        if ("anyOf" in node or "oneOf" in node) and not (node.get("properties") and only_constraints(node)):
            return nullable(self.union(node, pointer, types)) if admits else self.union(node, pointer, types)
        if "enum" in node or "const" in node:
            return self.enum(node, types, admits)
        if not types:
            if any(k in node for k in ("properties", "additionalProperties", "patternProperties")):
                types = ["object"]
            elif "items" in node or "prefixItems" in node:
                types = ["array"]
        if not types:
            return {}
        shapes = [self.single(t, node, pointer) for t in types]
        found = shapes[0] if len(shapes) == 1 else {"anyOf": shapes}
        return nullable(found) if admits else found

    def single(self, kind: str, node: dict[str, Any], pointer: str) -> Any:
        if kind in JSON_TYPES:
            return {"type": JSON_TYPES[kind]}
        if kind == "array":
            return self.array(node, pointer)
        return self.object(node, pointer)

    def enum(self, node: dict[str, Any], types: list[str], admits: bool) -> Any:
        """Open: a value of the enum's base type (the declared ``type``, else its values'
        kinds); ``null`` where listed or nullable. Closed: the values listed."""
        values = node["enum"] if "enum" in node else [node["const"]]
        admits = admits or any(v is None for v in values)
        values = [v for v in values if v is not None]
        if not values:
            return NULL
        if self.closed:
            found: Any = {"enum": values}
        else:
            kinds = list(types) or list(dict.fromkeys(kind_of(v) for v in values))
            found = {} if "any" in kinds else {"type": kinds[0] if len(kinds) == 1 else kinds}
        return nullable(found) if admits else found

    def array(self, node: dict[str, Any], pointer: str) -> Any:
        items, prefix = node.get("items"), node.get("prefixItems")
        if isinstance(prefix, list) and prefix:
            return self.tuple(node, pointer, prefix, "prefixItems", items, "items")
        if isinstance(items, list):
            if not items:
                return {"type": "array"}
            return self.tuple(node, pointer, items, "items", node.get("additionalItems"), "additionalItems")
        if not isinstance(items, dict):
            return {"type": "array"}
        return {"type": "array", "items": self.schema(items, f"{pointer}/items")}

    def tuple(self, node: dict[str, Any], pointer: str, prefix: list[Any], word: str, rest: Any, rest_word: str) -> Any:
        positions = [self.schema(m, f"{pointer}/{word}/{i}") for i, m in enumerate(prefix)]
        more: Any = (
            False if rest is False else self.schema(rest, f"{pointer}/{rest_word}") if isinstance(rest, dict) else {}
        )
        high, low = node.get("maxItems"), node.get("minItems")
        if isinstance(high, int) and not isinstance(high, bool) and 0 <= high <= len(positions):
            positions, more = positions[:high], False
        least = min(low, len(positions)) if isinstance(low, int) and not isinstance(low, bool) and low > 0 else 0
        found: dict[str, Any] = {"type": "array", "prefixItems": positions, "items": more}
        return found | ({"minItems": least} if least else {})

    def object(self, node: dict[str, Any], pointer: str) -> Any:
        props = node.get("properties") or {}
        required = {r for r in node.get("required") or [] if isinstance(r, str)}
        found: dict[str, Any] = {"type": "object"}
        shapes, needed = {}, []
        for name, prop in props.items():
            where = f"{pointer}/properties/{escape(name)}"
            schema = NULL if prop is False else self.schema(prop, where)
            if name in required and not self.write_only(prop):
                needed.append(name)
                shapes[name] = schema
            else:
                shapes[name] = nullable(schema)  # an optional field sent as null reads as absent
                if self.closed and self.tag_of(prop) is not None:
                    self.r.tag_properties.add(name)
        if shapes:
            found["properties"] = shapes
        if needed:
            found["required"] = needed
        rest = node.get("additionalProperties", True)
        patterns = node.get("patternProperties")
        honoured = (
            isinstance(patterns, dict)
            and bool(patterns)
            and all(isinstance(s, dict) for s in patterns.values())
            and all(_compiles(p) for p in patterns)
        )
        if honoured:
            found["patternProperties"] = {
                p: self.schema(s, f"{pointer}/patternProperties/{escape(p)}") for p, s in patterns.items()
            }
            if rest is False:
                found["additionalProperties"] = False
        if isinstance(rest, dict) and rest != {}:
            found["additionalProperties"] = self.schema(rest, f"{pointer}/additionalProperties")
        elif self.tight and "additionalProperties" not in found and (props or honoured):
            found["additionalProperties"] = False  # drawn payloads without noise: mutations add keys
        return found

    def write_only(self, prop: Any) -> bool:
        if not isinstance(prop, dict):
            return False
        if truthy(prop.get("writeOnly")):
            return True
        ref = prop.get("$ref")
        return isinstance(ref, str) and truthy(_get(self.r.node(self.r.target(ref)), "writeOnly"))

    # ------------------------------------------------------------------ allOf

    def flatten(self, node: dict[str, Any], seen: frozenset[str] = frozenset()) -> dict[str, Any]:
        """``allOf`` merged into one schema (through ``$ref``s): properties in order, a later
        branch's keys over an earlier one's, ``required`` united, ``nullable`` or-ed."""
        merged: dict[str, Any] = {}
        for member in node.get("allOf") or []:
            merge(merged, self.flat_member(member, seen))
        merge(merged, {k: v for k, v in node.items() if k != "allOf"})
        return merged

    def flat_member(self, member: Any, seen: frozenset[str]) -> dict[str, Any]:
        if not isinstance(member, dict):
            return {}
        if "$ref" in member:
            pointer = self.r.target(member["$ref"])
            part = self.r.node(pointer)
            if isinstance(part, dict) and self.lists_one_of(part, seen | {pointer}):
                part = {k: v for k, v in part.items() if k not in ("oneOf", "anyOf", "discriminator")}
            found = dict(self.flat_member(part, seen | {pointer}))
            rest = {k: v for k, v in member.items() if k != "$ref"}
            merge(found, rest)
            return found
        if "allOf" in member:
            return self.flatten(member, seen)
        return member

    def lists_one_of(self, parent: dict[str, Any], pointers: frozenset[str]) -> bool:
        return any(
            isinstance(m, dict) and isinstance(m.get("$ref"), str) and self.r.target(m["$ref"]) in pointers
            for word in ("oneOf", "anyOf")
            for m in parent.get(word) or []
        )

    # ------------------------------------------------------------------ unions

    def union(self, node: dict[str, Any], pointer: str, types: list[str]) -> Any:
        if node.get("properties"):
            node = distribute(node)
        word = "oneOf" if "oneOf" in node else "anyOf"
        members: list[tuple[Any, str]] = []
        for i, member in enumerate(node[word]):
            if member is False:
                continue
            if (
                isinstance(member, dict)
                and isinstance(member.get("$ref"), str)
                and self.r.target(member["$ref"]) == pointer
            ):
                continue  # the schema itself: adds nothing
            if types and isinstance(member, dict) and "type" not in member and "$ref" not in member:
                member = {"type": types if len(types) > 1 else types[0], **member}
            members.append((member, f"{pointer}/{word}/{i}"))
        raw = node.get("discriminator")
        if isinstance(raw, dict) and isinstance(raw.get("propertyName"), str):
            explicit = self.explicit(raw, members)
            if explicit is not None:
                return explicit
        objects = [(i, self.member_model(m, where)) for i, (m, where) in enumerate(members)]
        objects = [(i, model) for i, model in objects if model is not None]
        implied = self.implied(objects) if len(objects) >= 2 and "discriminator" not in node else None
        taken = {i for i, _ in objects} if implied is not None else set()
        shapes = [self.schema(m, where) for i, (m, where) in enumerate(members) if i not in taken]
        if implied is not None:  # the members it dispatches to are reached only through it
            first = objects[0][0]
            shapes = shapes[:first] + [implied] + shapes[first:]
        return shapes[0] if len(shapes) == 1 else {"anyOf": shapes}

    def member_model(self, member: Any, where: str) -> str | None:
        """The pointer of the object model a union member (at ``where``) reads as: a
        ``$ref`` to one, or an inline one (its own place), else None."""
        if isinstance(member, dict) and set(member) <= {"$ref", "description", "title"} and "$ref" in member:
            return self.model(self.r.target(member["$ref"]))
        return self.model(where) if isinstance(member, dict) and "$ref" not in member else None

    def model(self, pointer: str) -> str | None:
        """``pointer`` when the schema there reads as an object model (properties, or
        honoured patterns, or a discriminator's target); through ``$ref``-only schemas."""
        node = self.r.node(pointer)
        seen = set()
        while isinstance(node, dict) and set(node) <= {"$ref", "description", "title"} and "$ref" in node:
            if pointer in seen:
                return None
            seen.add(pointer)
            pointer = self.r.target(node["$ref"])
            node = self.r.node(pointer)
        if not isinstance(node, dict) or "oneOf" in node or "anyOf" in node or "enum" in node:
            return None
        flat = self.flatten(node) if "allOf" in node else node
        raw = flat.get("type")
        if raw not in (None, "object") and not (isinstance(raw, list) and "object" in raw):
            return None
        if flat.get("properties") or flat.get("patternProperties"):
            return pointer
        if pointer in self.r.variants and not isinstance(flat.get("additionalProperties"), dict):
            return pointer
        return None

    def fields(self, pointer: str) -> tuple[dict[str, Any], set[str]]:
        node = self.r.node(pointer)
        flat = self.flatten(node) if isinstance(node, dict) and "allOf" in node else node
        return flat.get("properties") or {}, set(flat.get("required") or [])

    def tag_of(self, prop: Any) -> list[Any] | None:
        """A property's tag values: its ``const``/``enum`` values (no ``null``, no booleans:
        no tags), through a ``$ref``; None when it has none, or a value that is no tag."""
        for _ in range(10):
            if isinstance(prop, dict) and "$ref" in prop and not (STRUCTURAL & set(prop)):
                prop = self.r.node(self.r.target(prop["$ref"]))
            elif isinstance(prop, dict) and isinstance(prop.get("allOf"), list) and len(prop["allOf"]) == 1:
                prop = prop["allOf"][0]
            else:
                break
        if not isinstance(prop, dict) or not ("enum" in prop or "const" in prop):
            return None
        values = [v for v in (prop["enum"] if "enum" in prop else [prop["const"]]) if v is not None]
        if not values or any(type(v) not in (str, int) for v in values):
            return None
        too_big = any(type(v) is int and not -(2**63) <= v < 2**63 for v in values)
        return None if too_big else list(dict.fromkeys(values))

    def own_tags(self, pointer: str, prop: str) -> list[Any]:
        props, _ = self.fields(pointer)
        found = self.tag_of(props.get(prop)) if prop in props else None
        if found:
            return found
        name = self.r.component_of.get(pointer)
        return [name] if name is not None else []

    def implied(self, objects: list[tuple[int, str]]) -> Any:
        """The dispatch that object members imply: each requires one same property holding
        its own ``const``/``enum`` values, none shared (the first member's properties tried
        in order)."""
        first_props, _ = self.fields(objects[0][1])
        for candidate in first_props:
            mapping: dict[Any, str] = {}
            for _, pointer in objects:
                props, required = self.fields(pointer)
                values = self.tag_of(props.get(candidate)) if candidate in props and candidate in required else None
                if not values or any(v in mapping for v in values):
                    break
                mapping.update((v, pointer) for v in values)
            else:
                return self.dispatch(candidate, list(mapping.items()))
        return None

    def explicit(self, raw: dict[str, Any], members: list[tuple[Any, str]]) -> Any:
        """A written discriminator over object members (else None: tried left to right)."""
        prop = raw["propertyName"]
        mapping: dict[Any, str] = {}
        options = [self.member_model(m, where) for m, where in members]
        for tag, target in (raw.get("mapping") or {}).items():
            pointer = self.model(self.r.target(str(target)))
            if pointer is None:
                return None
            mapping[str(tag)] = pointer
            if pointer not in options:
                options.append(pointer)
        if not options or any(o is None for o in options):
            return None
        written = set(mapping.values())
        for option in options:
            assert option is not None
            tags = self.own_tags(option, prop)
            if option in written and tags == [self.r.component_of.get(option)]:
                continue
            for tag in tags:
                mapping.setdefault(tag, option)
        return self.dispatch(prop, list(mapping.items()))

    def parent_dispatch(self, pointer: str) -> Any:
        """The union a ``$ref`` to an ``allOf`` parent that declares a discriminator reads as
        (None when ``pointer`` is no such parent, or none builds on it)."""
        node = self.r.node(pointer)
        raw = node.get("discriminator") if isinstance(node, dict) else None
        if not isinstance(raw, dict) or not isinstance(raw.get("propertyName"), str):
            return None
        if "oneOf" in node or "anyOf" in node or self.model(pointer) != pointer:
            return None
        prop = raw["propertyName"]
        mapping: dict[Any, str] = {}
        options: list[str] = []
        synonyms: list[Any] = []
        mapped: set[str] = set()
        for tag, where in (raw.get("mapping") or {}).items():
            found = self.model(self.variant(self.r.target(str(where)))) or self.variant(self.r.target(str(where)))
            mapped.add(self.r.target(str(where)))
            mapping[str(tag)] = found
            if found not in options:
                options.append(found)
        for child in self.children(pointer):
            found = self.variant(child)
            if synonym(self.r.node(child)) is not None and child not in mapped:
                name = self.r.component_of[child]
                if name not in mapping:
                    mapping[name] = found
                    synonyms.append(name)
            if found not in options and (found != pointer or synonyms):
                options.append(found)
        if not options or (options == [pointer] and not synonyms):
            return None
        written = {p for t, p in mapping.items() if t not in synonyms}
        for option in options:
            tags = self.own_tags(option, prop)
            if option == pointer or (option in written and tags == [self.r.component_of.get(option)]):
                continue
            for tag in tags:
                mapping.setdefault(tag, option)
        return self.dispatch(prop, list(mapping.items()))

    def variant(self, pointer: str) -> str:
        """Through schemas that only name another (``Cat: allOf [$ref Pet]``)."""
        seen = set()
        while pointer not in seen:
            seen.add(pointer)
            ref = synonym(self.r.node(pointer))
            if ref is None:
                break
            pointer = self.r.target(ref)
        return pointer

    def children(self, parent: str) -> list[str]:
        """The named schemas that build on ``parent`` through ``allOf``, transitively."""
        return [p for p in self.r.named.values() if p != parent and parent in self.bases(p)]

    def bases(self, pointer: str) -> set[str]:
        found: set[str] = set()
        stack = [self.r.node(pointer)]
        while stack:
            node = stack.pop()
            if not isinstance(node, dict):
                continue
            members = list(node["allOf"]) if isinstance(node.get("allOf"), list) else []
            if isinstance(node.get("$ref"), str) and STRUCTURAL & set(node):
                members.append({"$ref": node["$ref"]})
            for member in members:
                if isinstance(member, dict) and isinstance(member.get("$ref"), str):
                    target = self.r.target(member["$ref"])
                    if target not in found:
                        found.add(target)
                        stack.append(self.r.node(target))
                else:
                    stack.append(member)
        return found

    def dispatch(self, prop: str, mapping: list[tuple[Any, str]]) -> Any:
        """Open: the ``x-dispatch`` keyword (the tag selects the member). Closed: each member
        with its tag set, for drawing payloads."""
        self.r.tag_properties.add(prop)
        if all(type(tag) is str for tag, _ in mapping):  # what a fallback member is added to
            for tag, p in mapping:
                held = self.r.member_tags.setdefault(p, {}).setdefault(prop, [])
                held.extend([tag] if tag not in held else [])
        self.r.tags.extend(tag for tag, _ in mapping if tag not in self.r.tags)
        if not self.closed:
            return {"x-dispatch": {"property": prop, "mapping": [[tag, self.ref(p)["$ref"]] for tag, p in mapping]}}
        return {
            "anyOf": [
                {"allOf": [self.ref(p), {"type": "object", "required": [prop], "properties": {prop: {"const": tag}}}]}
                for tag, p in mapping
            ]
        }


# ---------------------------------------------------------------------- helpers


def merge(merged: dict[str, Any], part: dict[str, Any]) -> None:
    """One ``allOf`` branch over the schema merged so far (see ``_Normal.flatten``)."""
    for key, value in part.items():
        if key == "properties" and isinstance(value, dict):
            props = dict(merged.get("properties") or {})
            for name, schema in value.items():
                if name in props and isinstance(props[name], dict) and isinstance(schema, dict):
                    props[name] = {**props[name], **schema}
                else:
                    props[name] = schema
            merged["properties"] = props
        elif key == "required" and isinstance(value, list):
            merged["required"] = list(dict.fromkeys([*(merged.get("required") or []), *value]))
        elif key == "nullable":
            merged[key] = truthy(merged.get(key)) or truthy(value)
        elif key == "enum" and isinstance(merged.get("enum"), list) and isinstance(value, list):
            merged["enum"] = [v for v in merged["enum"] if v in value] or value
        else:
            merged[key] = value


def synonym(node: Any) -> str | None:
    """The ``$ref`` of a schema that only names another through ``allOf``, else None."""
    if not isinstance(node, dict) or STRUCTURAL & (set(node) - {"allOf"}):
        return None
    members = node.get("allOf")
    if not isinstance(members, list) or len(members) != 1 or not isinstance(members[0], dict):
        return None
    ref = members[0].get("$ref")
    return ref if isinstance(ref, str) and not (STRUCTURAL & set(members[0])) else None


def only_constraints(node: dict[str, Any]) -> bool:
    members = node.get("oneOf") or node.get("anyOf") or []
    return all(isinstance(m, dict) and not (STRUCTURAL & set(m)) and "$ref" not in m for m in members)


def distribute(node: dict[str, Any]) -> dict[str, Any]:
    """Properties beside a ``oneOf`` of object variants belong to each variant."""
    word = "oneOf" if "oneOf" in node else "anyOf"
    own = {k: v for k, v in node.items() if k not in ("oneOf", "anyOf", "discriminator", "description", "title")}
    members = [m if _is_null(m) else {"allOf": [own, m]} for m in node[word]]
    return {k: v for k, v in node.items() if k in ("discriminator", "description", "title")} | {word: members}


def _is_null(node: Any) -> bool:
    return isinstance(node, dict) and (node.get("type") == "null" or node.get("enum") == [None])


def kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string" if isinstance(value, str) else "any"


def _get(node: Any, key: str) -> Any:
    return node.get(key) if isinstance(node, dict) else None


def _compiles(pattern: str) -> bool:
    try:
        re.compile(pattern)
    except re.error:
        return False
    return True


def _without_null(schema: Any) -> Any:
    """``schema`` without its own ``null`` (a model component's parser takes an object)."""
    if isinstance(schema, dict) and list(schema) == ["anyOf"] and NULL in schema["anyOf"]:
        rest = [s for s in schema["anyOf"] if s != NULL]
        return rest[0] if len(rest) == 1 else {"anyOf": rest}
    return schema


def _inlined(schema: Any, defs: dict[str, Any], depth: int, path: tuple[str, ...] = ()) -> Any:
    """``schema`` with every ``$ref`` to ``defs`` replaced by what it names, a recursion
    followed ``depth`` times (``null`` below), and ``prefixItems`` in draft 7's form."""
    if isinstance(schema, list):
        return [_inlined(s, defs, depth, path) for s in schema]
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        if path.count(name) >= depth:
            return NULL
        return _inlined(defs[name], defs, depth, (*path, name))
    out = {k: _inlined(v, defs, depth, path) for k, v in schema.items()}
    if "prefixItems" in out:
        out["additionalItems"] = out.pop("items", True)
        out["items"] = out.pop("prefixItems")
    return out


def _dispatch(validator: Any, spec: dict[str, Any], instance: Any, schema: Any) -> Iterator[ValidationError]:
    """``x-dispatch``: the member the tag names validates the instance (OpenAPI's
    discriminator); a string tag no member has is the union's ``Unknown<Union>`` member
    (issue 41: any object with that tag); no tag, or one of another type, fits nothing."""
    if not isinstance(instance, dict):
        yield ValidationError(f"expected an object, got {instance!r}")
        return
    tag = instance.get(spec["property"])
    table = {t: ref for t, ref in spec["mapping"]}
    target = table.get(tag) if type(tag) in (str, int) else None
    if target is None and type(tag) is int:
        target = table.get(str(tag))
    if target is None and type(tag) is str and all(type(t) is str for t in table):
        return  # the union's member for tags the spec does not list
    if target is None:
        yield ValidationError(f"{spec['property']} is {tag!r}, no member's tag")
        return
    yield from validator.descend(instance, {"$ref": target})


def _refs(node: Any, under_responses: bool) -> Iterator[str]:
    """The local ``$ref`` strings within a response anywhere in ``node`` (an operation's
    ``responses``, as the paths hold them)."""
    if isinstance(node, list):
        for item in node:
            yield from _refs(item, under_responses)
    elif isinstance(node, dict):
        ref = node.get("$ref")
        if under_responses and isinstance(ref, str) and ref.startswith("#"):
            yield ref
        for key, value in node.items():
            yield from _refs(value, under_responses or key == "responses")


def _integer(checker: Any, value: Any) -> bool:
    return type(value) is int


def _number(checker: Any, value: Any) -> bool:
    return type(value) in (int, float)


_VALIDATOR = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    validators={"x-dispatch": _dispatch},
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine_many({"integer": _integer, "number": _number}),
)
