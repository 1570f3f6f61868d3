"""The TypedDict style: the decoded JSON itself, typed; ``parse_*`` check it in place (raising
the module's ``ParseError``) by a table of each model's keys (``_Key``) that the runtime
compiles on first use, and put a ``tuple`` in place of each list read by position. A model
whose keys are not all plain identifiers uses the functional syntax."""

from __future__ import annotations

import keyword
from typing import Any, ClassVar

from .. import pytypes
from ..model import Alias, AliasRef, Array, Field, Model, Schemas, Tuple, Type, parts
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

    def field(self, f: Field, ann: str, wire: str) -> dict[str, str]:
        """``decl`` (by wire name), ``ann`` (``NotRequired`` when optional) and
        ``functional_ann`` (the same as a string: the functional syntax evaluates it at once);
        ``key`` comes from ``context``."""
        declared = ann if f.required else f"NotRequired[{ann}]"
        quoted = pytypes.literal(ann)
        return {
            "ann": declared,
            "decl": f"{f.wire_name}: {declared}",
            "functional_ann": quoted if f.required else f"NotRequired[{quoted}]",
        }

    def model_view(self, m: Model) -> dict[str, Any]:
        """``functional``: the model is declared with the functional syntax."""
        return {"functional": functional(m)}

    def context(self, schemas: Schemas, lazy: set[str], views: dict[str, Any]) -> dict[str, Any]:
        """Each field's entry in its model's table (``key``, see ``_key``), added to the model
        views; a field holding a tuple (at any depth but inside another model) is put back as
        parsed, the ``tuple`` in place of the decoded list, as its annotation says."""
        known: dict[str, bool] = {}
        for view in views["models"]:
            for f, fv in zip(schemas.models[view["name"]].fields, view["fields"]):
                fv["key"] = _key(f, fv["parser"], _holds_tuple(f.type, schemas.aliases, known))
        return {}

    def names_in_strings(self, models: list[Model]) -> set[str]:
        """The ``Any`` and ``Literal`` of the functional syntax's string annotations."""
        return {n for m in models if functional(m) for f in m.fields for n in pytypes.uses(f.type) & {"Any", "Literal"}}


def functional(m: Model) -> bool:
    """A TypedDict needs the functional syntax when a key is not a plain identifier."""
    keys = [f.wire_name for f in m.fields]
    return any(
        not k.isidentifier() or keyword.iskeyword(k) or not k.isascii() or k in RESERVED_ATTRIBUTES for k in keys
    )


def _holds_tuple(t: Type, aliases: dict[str, Alias], known: dict[str, bool]) -> bool:
    """Whether ``t`` holds a tuple (at any depth, through aliases, not inside a model: its own
    fields put theirs back); ``known``: the answers by alias so far."""
    if isinstance(t, Tuple):
        return True
    if isinstance(t, AliasRef):
        if t.name not in known:
            known[t.name] = False  # a recursion reaching it again adds nothing
            alias = aliases.get(t.name)
            known[t.name] = alias is not None and _holds_tuple(alias.value_type, aliases, known)
        return known[t.name]
    return any(_holds_tuple(part, aliases, known) for part in parts(t))


def _key(f: Field, parser: str, put: bool) -> str:
    """A TypedDict field's entry in its model's table (``_Key``): its parser, and the common
    case (a scalar, a list of scalars) the compiled check tests inline before calling it;
    ``put``: the field holds a tuple, which no inline test fits."""
    # a required nullable key: None fits, an absent key does not
    options = ["optional=True"] if not f.required else ["nullable=True"] if f.nullable else []
    item = pytypes.scalar_type(f.type.item) if isinstance(f.type, Array) and not f.type.item_nullable else None
    if put:
        options.append("put=True")
    elif scalar := pytypes.inline_type(f.type):
        options.insert(0, f"fast={scalar}")
    elif item in ("str", "int", "bool"):  # a list of scalars (floats: an int item is a valid number too)
        options.insert(0, f"items={item}")
    return f"_Key({pytypes.literal(f.wire_name)}, {parser}{''.join(', ' + o for o in options)})"
