"""The dataclass style: standard-library dataclasses with ``from_dict``/``to_dict`` on wire
names; parsers check each field (the common case inline) and raise the module's
``ParseError``."""

from __future__ import annotations

from typing import ClassVar

from .. import pytypes
from ..model import Field, Nullable, Type
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
        }


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
