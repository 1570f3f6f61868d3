"""The dataclass style: standard-library dataclasses whose ``from_dict``/``to_dict`` (the
runtime's ``_from_dict`` and base class ``_Dataclass``) read a table of the class's fields
(``_Fields``), compiled into a parser on the class's first use; errors are ``ParseError``."""

from __future__ import annotations

from typing import Any, ClassVar

from .. import pytypes
from ..model import NULL, Field, Model, strip_null
from .base import Emitter, Traits


class DataclassEmitter(Emitter):
    """The dataclass style's source text."""

    name: ClassVar[str] = "dataclass"
    traits: ClassVar[Traits] = Traits(
        label="Dataclass",
        error_name="ParseError",
        own_parse_error=True,
        needs=(((3, 10), "only the standard library"),),
        keys_for_extra=True,
        model_extras="extra_fields",
    )

    def model_view(self, m: Model) -> dict[str, Any]:
        """``null_keys``: the wire names of the optional fields whose only value is ``null``
        (``const: null``), as a literal set; ``to_dict`` writes back those the payload held."""
        keys = [f.wire_name for f in m.fields if null_only(f)]
        return {"null_keys": pytypes.frozenset_literal(keys) if keys else ""}

    def model_parser(self, name: str) -> str:
        """A dataclass builds itself: ``Model.from_dict``."""
        return f"{name}.from_dict"

    def field(self, f: Field, ann: str, wire: str) -> dict[str, str]:
        """``decl`` and ``options``, the keyword arguments of the field's ``_Fields`` entry
        (``, fast=str, optional=True``): the scalar type taken as it is, ``null`` (and for an
        optional field absence) read as None, written back through ``_dump``, ``null_only``."""
        scalar = pytypes.inline_type(f.type)
        options = [
            *([f"fast={scalar}"] if scalar else []),
            *(["optional=True"] if not f.required else ["nullable=True"] if f.nullable else []),
            *(["dump=True"] if pytypes.needs_dump(strip_null(f.value_type)) else []),
            *(["null_only=True"] if null_only(f) else []),
        ]
        return {
            "decl": f"{f.py_name}: {ann}" + ("" if f.required else " = None") + pytypes.noqa(ann),
            "options": "".join(f", {o}" for o in options),
        }


def null_only(f: Field) -> bool:
    """An optional field whose only value is ``null`` (``const: null``, ``enum: [null]``,
    ``type: "null"``): its ``None`` cannot say whether the key was sent, so the model keeps
    the wire names it was sent with."""
    return not f.required and f.type == NULL
