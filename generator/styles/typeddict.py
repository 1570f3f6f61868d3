"""The TypedDict style: the decoded JSON itself, typed; ``parse_*`` check it in place (the
common case inline) and raise the module's ``ParseError``; a list read by position
(``prefixItems``) is the one value they change: its ``tuple`` is put in its place. A model
whose keys are not all plain identifiers uses the functional syntax, its annotations held
as strings."""

from __future__ import annotations

import keyword
from typing import Any, ClassVar

from .. import pytypes
from ..model import Alias, AliasRef, Array, Field, Model, Schemas, Tuple, Type, map_parts
from ..naming import RESERVED_ATTRIBUTES
from .base import Emitter, Traits


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

    def context(self, schemas: Schemas, lazy: set[str], views: dict[str, Any]) -> dict[str, Any]:
        """The models' views with a field that holds a tuple (``prefixItems``, at any depth
        but inside another model) put back what its parser built: the ``tuple`` in place of
        the decoded list (``_put``), so that the value is what its annotation says."""
        holds = _TupleHolders(schemas.aliases)
        models, changed = [], False
        for view in views["models"]:
            fields = [
                (
                    {**fv, "parse": f"_put(d, {pytypes.literal(f.wire_name)}, {_call(fv['parse'])})"}
                    if holds(f.type)
                    else fv
                )
                for f, fv in zip(schemas.models[view["name"]].fields, view["fields"])
            ]
            changed = changed or fields != view["fields"]
            models.append({**view, "fields": fields})
        return {"models": models} if changed else {}

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


class _TupleHolders:
    """Whether a type holds a tuple (itself, or in its list items, map values, union options,
    through aliases; a model's own fields put theirs back), memoised by alias."""

    def __init__(self, aliases: dict[str, Alias]) -> None:
        self.aliases = aliases
        self.known: dict[str, bool] = {}

    def __call__(self, t: Type) -> bool:
        if isinstance(t, Tuple):
            return True
        if isinstance(t, AliasRef):
            if t.name not in self.known:
                self.known[t.name] = False  # a recursion reaching it again adds nothing
                alias = self.aliases.get(t.name)
                self.known[t.name] = alias is not None and self(alias.value_type)
            return self.known[t.name]
        found = False

        def look(part: Type) -> Type:
            nonlocal found
            found = found or self(part)
            return part

        map_parts(t, look)
        return found


def _call(parse: str) -> str:
    """The parser call of a field's check (``_check``): the check is that call alone when the
    field holds a tuple (no inline test fits a tuple)."""
    assert parse.startswith(("_req(", "_opt(")), parse
    return parse


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
