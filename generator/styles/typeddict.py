"""The TypedDict style: the decoded JSON itself, typed; ``parse_*`` check it in place (the
common case inline) and raise the module's ``ParseError``. A model whose keys are not all
plain identifiers uses the functional syntax, its annotations held as strings."""

from __future__ import annotations

import keyword
from typing import Any, ClassVar

from .. import pytypes
from ..model import Array, Field, Model, Tuple, Type
from ..naming import RESERVED_ATTRIBUTES
from .base import Emitter, Traits, any_of


class TypedDictEmitter(Emitter):
    """The TypedDict style's source text."""

    name: ClassVar[str] = "typeddict"
    traits: ClassVar[Traits] = Traits(
        label="TypedDict",
        error_name="ParseError",
        own_parse_error=True,
        needs=(((3, 10), "typing_extensions"), ((3, 12), "only the standard library")),
        keys_for_extra=True,
        resolves_string_aliases=True,
    )

    def tuple_annotation(
        self, t: Tuple, parts: list[str], rest: str | None, target: tuple[int, int], strings: frozenset[str]
    ) -> str:
        """A TypedDict holds the decoded JSON: a ``list`` of the positions' types (the
        parsers check the positions, ``tuple_positions`` documents them)."""
        return f"list[{any_of([*parts, *([rest] if rest else [])], strings)}]"

    def tuple_spelled_out(self, t: Tuple, target: tuple[int, int]) -> bool:
        """Never (see ``tuple_annotation``)."""
        return False

    def field(self, f: Field, ann: str, wire: str, call: str) -> dict[str, str]:
        """``decl`` (by wire name), ``ann`` (``NotRequired`` when optional),
        ``functional_ann`` (the same as a string: the functional syntax evaluates annotations
        at once) and ``parse`` (the field's check)."""
        declared = ann if f.required else f"NotRequired[{ann}]"
        quoted = pytypes.literal(ann)
        return {
            "ann": declared,
            "decl": f"{f.wire_name}: {declared}",
            "functional_ann": quoted if f.required else f"NotRequired[{quoted}]",
            "parse": _check(f, wire, call),
        }

    def model_view(self, m: Model) -> dict[str, Any]:
        """``functional``: the model is declared with the functional syntax."""
        return {"functional": functional(m)}

    def names_in_strings(self, models: list[Model]) -> set[str]:
        """The ``Any`` and ``Literal`` of the functional syntax's string annotations."""
        found: set[str] = set()
        for m in models:
            if functional(m):
                for f in m.fields:
                    found |= pytypes.uses(f.type) & {"Any", "Literal"}
        return found


def functional(m: Model) -> bool:
    """A TypedDict needs the functional syntax when a key is not a plain identifier."""
    return any(
        not f.wire_name.isidentifier()
        or keyword.iskeyword(f.wire_name)
        or not f.wire_name.isascii()
        or f.wire_name in RESERVED_ATTRIBUTES
        for f in m.fields
    )


def _check(f: Field, wire: str, call: str) -> str:
    """A TypedDict field's check: the common case (a scalar, a list of scalars) tested
    inline, the parser called only when that test fails, to give the exact error."""
    scalar = pytypes.scalar_type(f.type)
    misfit = f"type(value) is not {scalar}" if scalar else _list_misfit(f.type)
    if misfit is None:
        return call
    if f.required and not f.nullable:
        test = f"type(d.get({wire})) is not {scalar}" if scalar else f"(value := d.get({wire})) is None or {misfit}"
    elif f.required:  # nullable: None fits, an absent key does not (_MISSING is not None)
        test = f"(value := d.get({wire}, _MISSING)) is not None and {misfit}"
    else:  # optional: None reads as absent
        test = f"(value := d.get({wire})) is not None and {misfit}"
    return f"if {test}:\n        {call}"


def _list_misfit(t: Type) -> str | None:
    """For a list of scalars, an expression true when ``value`` (never None) is not one:
    a single pass over its item types."""
    item = pytypes.scalar_type(t.item) if isinstance(t, Array) and not t.item_nullable else None
    if item not in ("str", "int", "bool"):  # floats: an int item is a valid number too
        return None
    return f"(type(value) is not list or not _ONLY_{item}.issuperset(map(type, value)))"
