"""The pydantic style: pydantic v2 ``BaseModel`` classes (aliases for wire names that are not
Python names), validated strictly; unions tagged or tried left to right, tuples and integer
``Literal`` values checked exactly."""

from __future__ import annotations

from typing import Any, ClassVar

from .. import pytypes
from ..model import AliasRef, Enum, Field, ModelRef, Schemas, Tuple, Type, UnionType, parts
from .base import Emitter, Traits, any_of, field_default, library_parser

#: The module's ``Annotated`` metadata that validates a tuple open at the end by position
#: (pydantic cannot validate ``*tuple[...]``).
TUPLE_TAIL = "_TupleTail"
#: The module's check that an integer ``Literal`` value is an ``int`` (see ``literal_text``).
EXACT_INT = "_exact_int"


class PydanticEmitter(Emitter):
    """The pydantic style's source text."""

    name: ClassVar[str] = "pydantic"
    traits: ClassVar[Traits] = Traits(
        label="Pydantic",
        error_name="pydantic.ValidationError",
        own_parse_error=False,
        needs=(((3, 10), "pydantic >= 2.11"),),
        resolves_string_aliases=True,
        model_extras="__pydantic_extra__",
        dict_models=True,
        reads_wire_names=True,
    )

    def union_annotation(self, t: UnionType, options: list[str], strings: frozenset[str]) -> str:
        """A discriminated union is tagged (``Annotated[A, Tag('A')] | ...``); a union
        holding models is tried left to right."""
        if t.discriminator is not None:
            tagged = " | ".join(f"Annotated[{o}, Tag({pytypes.literal(o)})]" for o in options)
            return f"Annotated[{tagged}, Discriminator({discriminator_getter(t)})]"
        if any(isinstance(o, (ModelRef, AliasRef)) for o in t.options):
            return f"Annotated[{' | '.join(options)}, Field(union_mode=\"left_to_right\")]"
        return super().union_annotation(t, options, strings)

    def tuple_shapes(
        self, t: Tuple, parts: list[str], rest: str | None, target: tuple[int, int], strings: frozenset[str]
    ) -> list[str]:
        """A tuple open at the end is a ``tuple[A | B | Rest, ...]`` whose positions
        ``_TupleTail`` checks; the others take the JSON list (``Strict(False)`` on the tuple
        only: its items stay strict)."""
        if rest is not None:
            tail = f"{TUPLE_TAIL}(tuple[{', '.join([*parts, rest])}], {t.min_items})"
            return [f"Annotated[tuple[{any_of([*parts, rest], strings)}, ...], {tail}]"]
        return [f"Annotated[{shape}, Strict(False)]" for shape in super().tuple_shapes(t, parts, rest, target, strings)]

    def tuple_spelled_out(self, t: Tuple, target: tuple[int, int]) -> bool:
        """A tuple open at the end is not (see ``tuple_shapes``)."""
        return t.rest is None

    def literal_values(self, t: Enum) -> tuple[object, ...]:
        """pydantic's ``Literal[True]`` also admits ``1`` (and ``Literal[1]`` ``True``): an enum
        holding booleans lists only its strings, floats are left out; the open base types
        admit the others, exactly."""
        if any(isinstance(v, bool) for v in t.values):
            return tuple(v for v in t.values if isinstance(v, str))
        return tuple(v for v in t.values if isinstance(v, (str, int)))

    def literal_text(self, t: Enum) -> str:
        """pydantic's ``Literal[1]`` admits ``True`` and ``1.0`` even in strict mode, so an
        integer ``Literal`` is ``Annotated`` with a check that the value is an ``int``."""
        text = super().literal_text(t)
        if any(isinstance(v, int) for v in self.literal_values(t)):
            text = f"Annotated[{text}, BeforeValidator({EXACT_INT})]"
        return text

    def annotation_names(self, t: Type) -> set[str]:
        """Also the pydantic names and module helpers ``t`` needs (``_pydantic_names``)."""
        return pytypes.uses(t) | _pydantic_names(t)

    def field(self, f: Field, ann: str, wire: str) -> dict[str, str]:
        """``decl``: an alias where the wire name is not the attribute's."""
        return {"decl": f"{f.py_name}: {ann}{field_default(f, wire, 'Field', 'alias')}"}

    public_parser = library_parser  # ``model_validate`` by wire name; a strict ``TypeAdapter``

    def validate_function(self, name: str, parse_fn: str) -> str:
        """The model's ``model_validate`` (the lenient path builds that model)."""
        return f"{name}.model_validate"

    def context(self, schemas: Schemas, lazy: set[str], views: dict[str, Any]) -> dict[str, Any]:
        """Which of the style's helpers the module defines: ``uses_exact_int`` (integer
        enums), ``uses_tuple_tail`` (tuples open at the end), ``uses_tag`` (discriminated
        unions). Texts are joined by lines, which no name searched for spans."""
        models, aliases = views["models"], schemas.aliases.values()
        fields = "\n".join(f["decl"] for m in models for f in m["fields"])
        enums = [a.type for a in aliases if isinstance(a.type, Enum)]
        others = "\n".join(self.annotation(a.type) for a in aliases if not isinstance(a.type, Enum))
        declared = "\n".join([fields, others, *(m["extra_ann"] for m in models), *map(self.annotation, enums)])
        return {
            "uses_exact_int": f"BeforeValidator({EXACT_INT})" in "\n".join([declared, *map(self.literal_text, enums)]),
            "uses_tuple_tail": f"{TUPLE_TAIL}(" in declared,
            "uses_tag": "_tag(" in f"{fields}\n{others}",
        }


def discriminator_getter(t: UnionType) -> str:
    """Source of the call that builds a discriminated union's tag function."""
    d = t.discriminator
    assert d is not None
    lit = pytypes.literal
    fallback = f", {lit(d.fallback)}" if d.fallback else ""
    return f"_tag({lit(d.property)}, {lit(d.attribute or d.property)}, {lit(dict(d.mapping))}{fallback})"


def _pydantic_names(t: Type) -> set[str]:
    """The pydantic names and module helpers an annotation of ``t`` uses (``literal_text``,
    ``tuple_shapes``, ``union_annotation``)."""
    found: set[str] = set()
    if isinstance(t, Enum) and t.alias is None:
        if any(isinstance(v, int) and not isinstance(v, bool) for v in t.values):
            found |= {"Annotated", "BeforeValidator", EXACT_INT}
    elif isinstance(t, Tuple):
        found |= {"Annotated", "Strict"} | ({TUPLE_TAIL} if t.rest is not None else set())
    elif isinstance(t, UnionType):
        if t.discriminator is not None:
            found |= {"Annotated", "Tag", "Discriminator"}
        elif any(isinstance(o, (ModelRef, AliasRef)) for o in t.options):
            found |= {"Annotated", "Field"}
    return found.union(*map(_pydantic_names, parts(t)))
