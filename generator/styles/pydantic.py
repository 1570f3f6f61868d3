"""The pydantic style: pydantic v2 ``BaseModel`` classes (aliases for wire names that are not
Python names), validated strictly; unions tagged or tried left to right, tuples and integer
``Literal`` values checked exactly."""

from __future__ import annotations

from typing import Any, ClassVar

from .. import pytypes
from ..model import AliasRef, Enum, Field, ModelRef, Schemas, Tuple, UnionType
from .base import Emitter, Traits, any_of


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
            return f"Annotated[{' | '.join(options)}, Field(union_mode='left_to_right')]"
        return super().union_annotation(t, options, strings)

    def tuple_annotation(
        self, t: Tuple, parts: list[str], rest: str | None, target: tuple[int, int], strings: frozenset[str]
    ) -> str:
        """pydantic cannot validate ``*tuple[...]``: a tuple open at the end is a
        ``tuple[A | B | Rest, ...]`` whose positions ``_TupleTail`` checks. Its tuples take
        the JSON list (``Strict(False)`` on the tuple only: its items stay strict)."""
        if rest is not None:
            positions = f"tuple[{', '.join([*parts, rest])}]"
            tail = f"{pytypes.TUPLE_TAIL}({positions}, {t.min_items})"
            return f"Annotated[tuple[{any_of([*parts, rest], strings)}, ...], {tail}]"
        shapes = self.tuple_shapes(t, parts, rest, target, strings)
        return " | ".join(f"Annotated[{shape}, Strict(False)]" for shape in shapes)

    def tuple_spelled_out(self, t: Tuple, target: tuple[int, int]) -> bool:
        """A tuple open at the end is not (see ``tuple_annotation``)."""
        return t.rest is None

    def literal_values(self, t: Enum) -> tuple[object, ...]:
        """pydantic's ``Literal[True]`` also admits ``1`` (and ``Literal[1]`` ``True``), so an
        enum holding booleans lists only its strings, and floats are left out; the open base
        types admit the others, exactly."""
        if any(isinstance(v, bool) for v in t.values):
            return tuple(v for v in t.values if isinstance(v, str))
        return tuple(v for v in t.values if isinstance(v, (str, int)))

    def literal_text(self, t: Enum) -> str:
        """pydantic's ``Literal[1]`` admits ``True`` and ``1.0`` even in strict mode, so an
        integer ``Literal`` is ``Annotated`` with a check that the value is an ``int``."""
        text = super().literal_text(t)
        if any(isinstance(v, int) for v in self.literal_values(t)):
            text = f"Annotated[{text}, BeforeValidator({pytypes.EXACT_INT})]"
        return text

    def field(self, f: Field, ann: str, wire: str, call: str) -> dict[str, str]:
        """``decl``: an alias where the wire name is not the attribute's."""
        alias = f.py_name != f.wire_name
        if f.required:
            value = f" = Field(alias={wire})" if alias else ""
        else:
            value = f" = Field(default=None, alias={wire})" if alias else " = None"
        return {"decl": f"{f.py_name}: {ann}{value}"}

    def validate_function(self, name: str, parse_fn: str) -> str:
        """The model's ``model_validate`` (the lenient path builds that model)."""
        return f"{name}.model_validate"

    def context(self, schemas: Schemas, lazy: set[str], views: dict[str, Any]) -> dict[str, Any]:
        """Which of the style's helpers the module defines: ``uses_exact_int`` (integer
        enums), ``uses_tuple_tail`` (tuples open at the end), ``uses_tag`` (discriminated
        unions)."""
        models = views["models"]
        declared = [f["decl"] for m in models for f in m["fields"]] + [m["extra_ann"] for m in models]
        aliases = {a.name: self.annotation(a.type) for a in schemas.aliases.values()}
        enums = [self.literal_text(a.type) for a in schemas.aliases.values() if isinstance(a.type, Enum)]
        others = [aliases[a.name] for a in schemas.aliases.values() if not isinstance(a.type, Enum)]
        return {
            "uses_exact_int": any(
                f"BeforeValidator({pytypes.EXACT_INT})" in text for text in [*declared, *aliases.values(), *enums]
            ),
            "uses_tuple_tail": any(f"{pytypes.TUPLE_TAIL}(" in text for text in [*declared, *aliases.values()]),
            "uses_tag": any("_tag(" in f["decl"] for m in models for f in m["fields"])
            or any("_tag(" in text for text in others),
        }


def discriminator_getter(t: UnionType) -> str:
    """Source of the call that builds a discriminated union's tag function."""
    assert t.discriminator is not None
    mapping = (
        "{"
        + ", ".join(f"{pytypes.literal(tag)}: {pytypes.literal(name)}" for tag, name in t.discriminator.mapping)
        + "}"
    )
    prop = t.discriminator.property
    return f"_tag({pytypes.literal(prop)}, {pytypes.literal(t.discriminator.attribute or prop)}, {mapping})"
