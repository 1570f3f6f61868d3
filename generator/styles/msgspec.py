"""The msgspec style (``--style msgspec``): ``msgspec.Struct`` classes. msgspec types a union
only when its members differ in JSON kind, and resolves neither string (recursive) aliases nor
``Literal`` floats. A field msgspec can decode is declared as such (checked by msgspec, in C);
any other is declared ``Any`` for msgspec (its real type for type checkers) and checked in
``__post_init__`` by a checker of the runtime's ``msgspec_models`` (``_OneOf``, ``_ListOf`` ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .. import pytypes
from ..model import (
    AliasRef,
    Array,
    Enum,
    Field,
    Map,
    ModelRef,
    Nullable,
    Prim,
    Schemas,
    Tuple,
    Type,
    UnionType,
    parts,
    referenced_names,
)
from ..naming import code as naming_code
from .base import Emitter, Traits, field_default, library_parser
from .dataclass import null_only


@dataclass
class Checkers:
    """Which slots msgspec cannot type, and the checker expression of each (module-level
    constants, defined after the models). ``lazy``: aliases written as strings; ``named``:
    non-native alias -> its checker (``_C_<Alias>``); ``fields``: constant -> checker of a
    model's non-native field."""

    schemas: Schemas
    lazy: set[str]
    emitter: Emitter
    named: dict[str, str] = field(default_factory=dict)
    fields: dict[str, str] = field(default_factory=dict)

    def kinds(self, t: Type, seen: frozenset[str] = frozenset()) -> set[str]:
        """The JSON kinds a value of ``t`` may have (``object``, ``array``, ``str`` ...)."""
        if isinstance(t, Prim):
            return {t.kind}
        if isinstance(t, Enum):
            return set(t.bases) | {type(v).__name__ if type(v) in (bool, int, float, str) else "any" for v in t.values}
        if isinstance(t, (ModelRef, Map)):
            return {"object"}
        if isinstance(t, (Array, Tuple)):
            return {"array"}
        if isinstance(t, Nullable):
            return self.kinds(t.inner, seen) | {"null"}
        if isinstance(t, AliasRef):
            alias = self.schemas.aliases.get(t.name)
            if alias is None or t.name in seen:
                return {"any"}
            return self.kinds(alias.type, seen | {t.name}) | ({"null"} if alias.nullable else set())
        return {k for o in t.options for k in self.kinds(o, seen)}

    def native(self, t: Type, seen: frozenset[str] = frozenset()) -> bool:
        """True when msgspec can decode ``t`` as annotated."""
        if isinstance(t, (Prim, Enum, ModelRef)):
            return True
        if isinstance(t, AliasRef):
            alias = self.schemas.aliases.get(t.name)
            if alias is None or t.name in self.lazy or t.name in seen:
                return False
            return self.native(alias.type, seen | {t.name})
        if isinstance(t, (Array, Map, Nullable)):
            return all(self.native(part, seen) for part in parts(t))
        if isinstance(t, Tuple):  # one fixed length only: msgspec reads ``tuple[A, B]`` by position
            return t.rest is None and t.min_items == len(t.prefix) and all(self.native(p, seen) for p in t.prefix)
        if t.discriminator is not None or not all(self.native(o, seen) for o in t.options):
            return False
        kinds = [self.kinds(option) for option in t.options]  # told apart by JSON kind: none shared, none ``any``
        return all("any" not in k for k in kinds) and sum(map(len, kinds)) == len(set().union(*kinds))

    def checker(self, t: Type, nullable: bool = False) -> str:
        """An expression that checks and builds a value of ``t``: its annotation where msgspec
        can decode it, else a checker of the runtime."""
        if self.native(t):
            return self.emitter.annotation(t, nullable)
        if isinstance(t, Nullable):
            return f"_OrNone({self.checker(t.inner)})"
        if isinstance(t, AliasRef):
            text = self.alias_checker(t.name)
        elif isinstance(t, Tuple):
            prefix = "".join(f"{self.checker(p)}, " for p in t.prefix)
            rest = self.checker(t.rest) if t.rest is not None else "None"
            text = f"_TupleOf(({prefix}), {rest}, {t.min_items})"
        elif isinstance(t, Array):
            text = f"_ListOf({self.checker(t.item)}{', True' if t.item_nullable else ''})"
        elif isinstance(t, Map):
            text = f"_MapOf({self.checker(t.value)}{', True' if t.value_nullable else ''})"
        else:
            assert isinstance(t, UnionType)
            options = ", ".join(self.checker(o) for o in t.options)
            text = f"_OneOf(({options}{',' if len(t.options) == 1 else ''})"
            if (d := t.discriminator) is not None:
                tags = ", ".join(f"{pytypes.literal(tag)}: {name}" for tag, name in d.mapping)
                text += f", {pytypes.literal(d.property)}, {{{tags}}}"
                text += f", {d.fallback}" if d.fallback else ""
            text += ")"
        return f"_OrNone({text})" if nullable else text

    def alias_checker(self, name: str) -> str:
        """The named checker of a non-native alias (defined once, filled after the models)."""
        if name not in self.named:
            self.named[name] = ""  # recursion: the name exists before its value
            alias = self.schemas.aliases[name]
            self.named[name] = self.checker(alias.type, alias.nullable)
        return naming_code.checker_constant(name)

    def validate_target(self, name: str) -> str:
        """What ``_parse``/``_built_anyway`` build a ``name`` with: its class, or its checker."""
        return self.alias_checker(name) if name in self.schemas.aliases and not self.native(AliasRef(name)) else name


def declared(f: Field) -> bool:
    """True when ``f`` is a field of its msgspec model; else it is kept in ``extra_fields``: a
    field msgspec cannot name (its wire name holds ``\\``, ``"`` or a control character), and an
    optional field whose only value is ``null``, whose attribute could not say whether the key was sent."""
    wire = f.wire_name
    return not any(ch in wire for ch in '\\"') and all(ord(ch) >= 0x20 for ch in wire) and not null_only(f)


def _reaches(s: Schemas, t: Type, inside: set[str], seen: frozenset[str] = frozenset()) -> bool:
    """True when a value of ``t`` may hold a model of ``inside``."""
    return any(
        name in inside
        or (name in s.aliases and name not in seen and _reaches(s, s.aliases[name].type, inside, seen | {name}))
        for name in referenced_names(t)
    )


class MsgspecEmitter(Emitter):
    """The msgspec style's source text."""

    name: ClassVar[str] = "msgspec"
    traits: ClassVar[Traits] = Traits(
        label="msgspec",
        error_name="msgspec.ValidationError",
        own_parse_error=False,
        needs=(((3, 10), "msgspec >= 0.18"),),
        model_extras="extra_fields",
    )

    def literal_values(self, t: Enum) -> tuple[object, ...]:
        """No floats (msgspec's ``Literal`` takes none), nor integers beside a float base only:
        msgspec reads every integer of ``Literal[1, 2] | float`` by the ``Literal`` and refuses
        ``3``. The open base types admit them."""
        ints = "int" in t.bases
        return tuple(v for v in t.values if not isinstance(v, float) and (ints or type(v) is not int))

    def field(self, f: Field, ann: str, wire: str) -> dict[str, str]:
        """``decl``, as msgspec reads it (``context`` redeclares a field msgspec cannot type)."""
        return {"decl": f"{f.py_name}: {ann}{field_default(f, wire, 'msgspec.field', 'name')}"}

    public_parser = library_parser  # ``context`` puts the checker of an alias msgspec cannot type

    def validate_function(self, name: str, parse_fn: str) -> str:
        """The class itself (``_built_anyway`` builds it with msgspec)."""
        return name

    def declares(self, f: Field) -> bool:
        """See ``declared``."""
        return declared(f)

    def public_names(self, parse_functions: list[str]) -> list[str]:
        """A ``decode_<root>`` (JSON bytes to model, in one step) beside each ``parse_<root>``."""
        return [fn.replace("parse_", "decode_", 1) for fn in parse_functions]

    def context(self, schemas: Schemas, lazy: set[str], views: dict[str, Any]) -> dict[str, Any]:
        """Model views get their declared fields (one msgspec cannot type: ``Any``, with
        ``checked_ann`` and ``check``), ``post_init``, ``odd_checks``, ``extra_check``,
        ``checks_inside``; the module its checkers and per parse target what ``_parse`` builds."""
        s, models = schemas, views["models"]
        checkers = Checkers(s, lazy, self)
        for view in models:
            m = s.models[view["name"]]
            for fv, f in zip(view["fields"], m.fields):
                ann = self.annotation(f.type, f.nullable or not f.required)
                value = field_default(f, pytypes.literal(f.wire_name), "msgspec.field", "name")
                fv.update(decl=f"{f.py_name}: {ann}{value}", checked_ann="", check="")
                if not checkers.native(f.type):
                    fv.update(decl=f"{f.py_name}: Any{value}", checked_ann=fv["decl"], check=f"_C_{m.name}_{f.py_name}")
                    checkers.fields[fv["check"]] = checkers.checker(f.type, f.nullable or not f.required)
            # not declared: kept in extra_fields, its value checked there; a field whose only value
            # is ``null`` by ``type(None)`` (``None`` as a checker would check nothing)
            odd = [(f, checkers.checker(f.type, f.nullable or not f.required)) for f in m.fields if not declared(f)]
            view["odd_checks"] = ", ".join(
                f"{pytypes.literal(f.wire_name)}: {c if c != 'None' else 'type(None)'}" for f, c in odd
            )
            view["fields"] = [fv for fv, f in zip(view["fields"], m.fields) if declared(f)]
            view["post_init"] = [(fv["py"], fv["check"], fv["wire"]) for fv in view["fields"] if fv["check"]]
            if m.patterns:  # typed additional properties, by key with ``patternProperties``
                view["extra_check"] = f"_ByKey({pytypes.pattern_rules(m, checkers.checker)})"
            else:
                view["extra_check"] = checkers.checker(m.extra, m.extra_nullable) if m.extra is not None else ""
        inside = {v["name"] for v in models if v["post_init"]}
        while more := {  # a model reaching a checked field through native ones checks inside too
            m.name
            for m in s.models.values()
            if m.name not in inside and any(_reaches(s, f.type, inside) for f in m.fields)
        }:
            inside |= more
        for view in models:
            m = s.models[view["name"]]
            reach = [
                f for f in m.fields if declared(f) and (not checkers.native(f.type) or _reaches(s, f.type, inside))
            ]
            # ``(py, wire)`` pairs; the template writes the tuple's parentheses
            view["checks_inside"] = pytypes.literal(tuple((f.py_name, f.wire_name) for f in reach))[1:-1]
        targets = {name: checkers.validate_target(name) for name in [*s.roots, *s.responses.values(), *s.union_roots]}
        for view in views["public_parsers"]:  # an alias msgspec cannot type is parsed by its checker
            if view["target"] in s.aliases and not checkers.native(AliasRef(view["target"])):
                view["expression"] = f"_parser_of({checkers.alias_checker(view['target'])})"
        return {
            "msgspec_named": [
                (f"_C_{a.name}", checkers.named[a.name]) for a in s.aliases.values() if a.name in checkers.named
            ],
            "msgspec_fields": list(checkers.fields.items()),
            "msgspec_targets": targets,
            "msgspec_fast": {
                r["model"]: "error" not in {f.wire_name for f in s.models[r["model"]].fields} for r in views["roots"]
            },
        }
