"""What an event plan reads of the IR: a union's members by tag value, an event's fields, the JSON
kinds a field admits, the types a slot path reaches in the target. Maps name schemas as the spec
does (``Response``), the IR as the output does (``naming``): ``classes`` maps one to the other.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .errors import SpecError
from .event_vocabulary import Step
from .event_words import names_match
from .model import (
    Alias,
    AliasRef,
    Array,
    Enum,
    Field,
    Map,
    Model,
    ModelRef,
    Prim,
    Schemas,
    Tuple,
    Type,
    UnionType,
    strip_null,
)
from .naming import stream_name

#: the JSON kinds a map may ask of an event field, as the IR's scalar kinds
_KINDS = {"integer": ("int",), "string": ("str",)}
#: the JSON kind of each IR scalar kind (integers are numbers: a count may go to a number)
_JSON_KINDS = {"str": "string", "int": "number", "float": "number", "bool": "boolean", "null": "null", "any": "any"}
#: the JSON kind of the other IR shapes (an alias or union is followed first: ``shapes``)
_SHAPE_KINDS: dict[type, str] = {ModelRef: "object", Map: "object", Array: "array", Tuple: "array"}


class EventSchema:
    """Read-only questions about the IR of one run (see the module docstring)."""

    def __init__(self, schemas: Schemas) -> None:
        self.schemas = schemas
        named: list[Model | Alias] = [*schemas.models.values(), *schemas.aliases.values()]
        #: component name (as maps write it) -> class or alias name in the IR (of the components the run read)
        self.classes = {c: x.name for x in named if (c := stream_name(x.pointer)) is not None}

    def fields(self, model: str) -> dict[str, Field]:
        """``{wire name: field}`` of a model (its ``allOf`` parts already merged)."""
        found = self.schemas.models.get(model)
        return {f.wire_name: f for f in found.fields} if found is not None else {}

    def shapes(self, t: Type, depth: int = 0) -> Iterator[Type]:
        """The concrete types ``t`` may take: ``null`` stripped, aliases followed (a few levels), unions flattened."""
        t = strip_null(t)
        if isinstance(t, AliasRef):
            alias = self.schemas.aliases.get(t.name)
            if alias is not None and depth < 12:
                yield from self.shapes(alias.value_type, depth + 1)
        elif isinstance(t, UnionType):
            for option in t.options:
                yield from self.shapes(option, depth + 1)
        else:
            yield t

    def members(self, union: str, tag: str) -> dict[str, str]:
        """``{tag value: member model}`` of union alias ``union`` (nested unions flattened): a member's
        one ``tag`` value, else those the discriminator maps to it (Cohere's list every tag in ``type``).

        Raises:
            SpecError: ``union`` is not a union; a member has no tag value, or shares one.
        """
        alias = self.schemas.aliases.get(union)
        if alias is None or not isinstance(alias.type, UnionType):
            raise SpecError(f"{union!r} is not a union schema (anyOf/oneOf) of the spec", None, "")
        found: dict[str, str] = {}
        for member, mapped in self._member_models(union, tag):
            own = self.tags(member).get(tag)
            values = [own] if isinstance(own, str) else mapped
            if not values:
                raise SpecError(f"member {member!r} of {union} has no one-value {tag!r}", None, alias.pointer)
            for value in values:
                if found.setdefault(value, member) != member:
                    raise SpecError(
                        f"members {found[value]!r} and {member!r} of {union} share the tag {tag} = {value!r}: "
                        "an event type must name one member",
                        None,
                        alias.pointer,
                    )
        return found

    def member_fields(self, union: str) -> list[str]:
        """The wire names of fields any model member of union alias ``union`` has, sorted."""
        return sorted({name for member, _ in self._member_models(union, "") for name in self.fields(member)})

    def _member_models(self, union: str, tag: str, depth: int = 0) -> Iterator[tuple[str, list[str]]]:
        """Each model member of union alias ``union`` (none if no union), with the tags its discriminator maps to it."""
        alias = self.schemas.aliases.get(union)
        if alias is None or not isinstance(alias.type, UnionType) or depth > 12:
            return
        mapping: dict[str, list[str]] = {}
        d = alias.type.discriminator
        if d is not None and d.property == tag:
            for value, model in d.mapping:
                if isinstance(value, str):
                    mapping.setdefault(model, []).append(value)
        for option in alias.type.options:
            if isinstance(option, ModelRef):
                yield option.name, mapping.get(option.name, [])
            elif isinstance(option, AliasRef):
                yield from self._member_models(option.name, tag, depth + 1)

    def is_kind(self, t: Type | None, kind: str) -> bool:
        """Whether ``t`` admits JSON ``kind`` (``integer``, ``string``), ``null`` aside."""
        wanted = _KINDS[kind]
        return t is not None and any(
            (isinstance(x, Prim) and x.kind in wanted) or (isinstance(x, Enum) and any(b in wanted for b in x.bases))
            for x in self.shapes(t)
        )

    def holds(self, t: Type, model: str) -> bool:
        """Whether ``t`` is model ``model`` (or it, nullable)."""
        return any(isinstance(s, ModelRef) and s.name == model for s in self.shapes(t))

    def top_lists(self, target: str) -> dict[str, Type]:
        """The target's list fields: ``{wire name: the items' type}``."""
        return {name: items for name, f in self.fields(target).items() for items in self.items([f.value_type])}

    def resolve(self, target: str, steps: Iterable[Step]) -> list[Type]:
        """The types a path reaches in model ``target`` (any union member; a keyed step: the items), or []."""
        current: list[Type] = [ModelRef(target)]
        for step in steps:
            found = [
                self.fields(s.name).get(step.name) for t in current for s in self.shapes(t) if isinstance(s, ModelRef)
            ]
            types = [f.value_type for f in found if f is not None]
            current = self.items(types) if step.key is not None else types
        return current

    def allows(self, leaves: list[Type], value: Any) -> bool:
        """Whether any leaf (statuses are strings on some output items, enums on others) admits a
        constant: an enum listing it, or a scalar of its kind (``any`` admits all)."""
        kind = {str: "str", bool: "bool", int: "int", float: "float"}.get(type(value))
        return any(
            (isinstance(shape, Enum) and value in shape.values)
            or (isinstance(shape, Prim) and (shape.kind in ("any", kind) or (kind == "int" and shape.kind == "float")))
            for leaf in leaves
            for shape in self.shapes(leaf)
        )

    def discriminated_by(self, t: Type, name: str, depth: int = 0) -> bool:
        """Whether ``t`` is (an alias of) a union whose discriminator is property ``name``."""
        t = strip_null(t)
        if isinstance(t, AliasRef) and depth < 12:
            alias = self.schemas.aliases.get(t.name)
            return alias is not None and self.discriminated_by(alias.value_type, name, depth + 1)
        return isinstance(t, UnionType) and t.discriminator is not None and t.discriminator.property == name

    def json_kinds(self, types: list[Type]) -> frozenset[str]:
        """The JSON kinds values of ``types`` may take (``string``, ``number``... ``null``, ``any``)."""
        found: set[str] = set()
        for t in types:
            if strip_null(t) != t:
                found.add("null")
            for shape in self.shapes(t):
                if isinstance(shape, Prim):
                    found.add(_JSON_KINDS.get(shape.kind, "any"))
                elif isinstance(shape, Enum):
                    found.update(_JSON_KINDS.get(b, "any") for b in shape.bases)
                else:
                    found.add(_SHAPE_KINDS.get(type(shape), "any"))
        return frozenset(found)

    def slot_kinds(self, target: str, steps: Iterable[Step]) -> tuple[str, ...]:
        """The JSON kinds allowed at a slot path of ``target``, sorted (``()``: any): what a settled
        value must be to replace the fold's (``_SlotOps._place``)."""
        kinds = self.json_kinds(self.resolve(target, steps)) - {"null"}
        return () if not kinds or "any" in kinds else tuple(sorted(kinds))

    def items(self, types: Iterable[Type]) -> list[Type]:
        """The items' types of the lists among ``types`` (``null`` stripped)."""
        return [strip_null(x.items) for t in types for x in self.shapes(t) if isinstance(x, Array)]

    def tags(self, model: str) -> dict[str, Any]:
        """A model's own tags: its fields of one value (``const``, an enum of one): ``{"type": "text"}``."""
        return {
            n: f.type.values[0]
            for n, f in self.fields(model).items()
            if isinstance(f.type, Enum) and len(f.type.values) == 1
        }

    def models_of(self, types: list[Type]) -> list[str]:
        """The models ``types`` may be (unions flattened), once each, in order."""
        return list(dict.fromkeys(x.name for t in types for x in self.shapes(t) if isinstance(x, ModelRef)))

    def model_like(self, types: list[Type], fields: Iterable[str], stem: tuple[str, ...] = ()) -> str | None:
        """The model among ``types`` an object with ``fields`` stands for: the one whose tag names
        ``stem`` best (``mcp_call`` of ``response.mcp_call_arguments``), else sharing the most fields."""
        wanted = set(fields)
        rank = lambda model: (-self.named_by(model, stem), -len(wanted & set(self.fields(model))))
        return min(self.models_of(types), key=rank, default=None)

    def named_by(self, model: str, stem: tuple[str, ...]) -> int:
        """How well a tag value of ``model`` names ``stem`` (``names_match``; 0: none does)."""
        return max((names_match(v, stem) for v in self.tags(model).values() if isinstance(v, str)), default=0)

    def enum_fields(self, types: list[Type], depth: int = 0) -> tuple[str, ...]:
        """Wire names of the enum-typed fields (``type``) of the objects ``types`` may be and hold (a few
        levels), sorted: an appended object never joins them."""
        found: set[str] = set()
        for model in self.models_of(types):
            for name, f in self.fields(model).items():
                if any(isinstance(x, Enum) for x in self.shapes(f.value_type)):
                    found.add(name)
                elif depth < 3:
                    found.update(self.enum_fields([f.value_type], depth + 1))
        return tuple(sorted(found))
