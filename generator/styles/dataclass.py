"""The dataclass style: standard-library dataclasses with ``from_dict``/``to_dict`` on wire
names; parsers check each field (the common case inline) and raise the module's
``ParseError``."""

from __future__ import annotations

from typing import Any, ClassVar

from .. import pytypes
from ..model import NULL, Field, Model, Nullable, Type
from .base import Emitter, Traits


class DataclassEmitter(Emitter):
    """The dataclass style's source text."""

    name: ClassVar[str] = "dataclass"
    traits: ClassVar[Traits] = Traits(
        label="Dataclass",
        error_name="ParseError",
        own_parse_error=True,
        needs=(((3, 10), "only the standard library"),),
        keeps_keys=True,
        model_extras="extra_fields",
    )

    def model_view(self, m: Model) -> dict[str, Any]:
        """``null_keys``: the wire names of the optional fields whose only value is ``null``
        (``const: null``), as a literal set; ``to_dict`` writes back those the payload held."""
        keys = [pytypes.literal(f.wire_name) for f in m.fields if null_only(f)]
        return {"null_keys": f"frozenset({{{', '.join(keys)}}})" if keys else ""}

    def model_parser(self, name: str) -> str:
        """A dataclass builds itself: ``Model.from_dict``."""
        return f"{name}.from_dict"

    def field(self, f: Field, ann: str, wire: str, call: str) -> dict[str, str]:
        """``decl``, ``parse`` (the common case tested inline; the parser call gives the
        exact error otherwise: an optional field's absent or null reads as None without a
        call, a scalar as itself) and ``dump`` (``to_dict``'s expression)."""
        scalar = pytypes.scalar_type(f.type)
        if f.required and scalar and f.nullable:
            parse = f"v if (v := d.get({wire}, _MISSING)) is None or type(v) is {scalar} else {call}"
        elif f.required:
            parse = f"d[{wire}] if type(d.get({wire})) is {scalar} else {call}" if scalar else call
        else:
            parse = (
                f"None if (v := d.get({wire})) is None else v if type(v) is {scalar} else {call}"
                if scalar
                else f"None if d.get({wire}) is None else {call}"
            )
        return {
            "decl": f"{f.py_name}: {ann}" + ("" if f.required else " = None") + pytypes.noqa(ann),
            "parse": parse,
            "dump": _required_dump(f),
            "null_only": "yes" if null_only(f) else "",  # truthy for the template
        }


def null_only(f: Field) -> bool:
    """An optional field whose only value is ``null`` (``const: null``, ``enum: [null]``,
    ``type: "null"``): its ``None`` cannot say whether the key was sent, so the model keeps
    the wire names it was sent with."""
    return not f.required and f.type == NULL


def _required_dump(f: Field) -> str:
    """``to_dict``'s expression for ``f``. A result built anyway (spec drift) may hold, in
    any field, ``None`` where a required object was left out or the JSON the server sent
    where the types cannot hold it: every field that is not a plain scalar is dumped by
    ``_dump``, which takes what it finds, so ``to_dict`` never raises on what the
    accumulator built."""
    return dump(f.value_type, f"self.{f.py_name}")


def dump(t: Type, value: str) -> str:
    """Expression turning a dataclass value back into JSON data (wire names): the value
    itself for scalars, else ``_dump`` (models, lists, maps, unions; or JSON kept as it
    came, see ``_required_dump``)."""
    if isinstance(t, Nullable):
        t = t.inner
    return f"_dump({value})" if pytypes.needs_dump(t) else value
