"""The typed intermediate model (IR) every style and the merge plan read: frozen dataclasses.

A type that admits ``null`` is ``Nullable(inner)`` wherever it stands; unions never contain
``null`` (it is lifted around the union); a field's ``required`` is a separate fact.
``interpret`` reads a spec into this IR, ``naming`` names it; the templates only read it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from .policy import WrittenPolicy
from .warning_kinds import SpecWarning


class _NoDefault:
    """Marks a field whose schema gives no default (``None`` is a real default: null)."""

    def __repr__(self) -> str:
        return "NO_DEFAULT"


NO_DEFAULT: Any = _NoDefault()


class _WithoutNull:
    """A read-only attribute: the type held in attribute ``held``, without ``null``."""

    def __init__(self, held: str) -> None:
        self.held = held

    def __get__(self, obj: Any, owner: Any = None) -> Type:
        return strip_null(getattr(obj, self.held))


class _AdmitsNull:
    """A read-only attribute: whether the type held in attribute ``held`` admits ``null``."""

    def __init__(self, held: str) -> None:
        self.held = held

    def __get__(self, obj: Any, owner: Any = None) -> bool:
        return isinstance(getattr(obj, self.held), Nullable)


@dataclass(frozen=True, slots=True)
class Prim:
    """A JSON scalar: ``kind`` is ``str``, ``int``, ``float``, ``bool``, ``null`` or ``any`` (any JSON).

    ``format`` is documentation only: no format changes the Python type (docs/schema-support.md),
    so it is no part of the identity: ``Prim("int", "int32") == Prim("int")``.
    """

    kind: str
    format: str | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Enum:
    """``enum``/``const`` values (never ``null``: that is the slot's nullability).

    Open: the type is ``Literal[values] | <base types>``, so a value a server adds later parses.
    ``alias`` names a component enum (``None``: inline). ``closed``: a tagged union member's tag,
    ``Literal[values]`` alone so that checking it narrows the union (``union_fallbacks``).
    """

    values: tuple[Any, ...]
    alias: str | None = None
    declared: tuple[str, ...] = ()  # Prim kinds the schema's ``type`` gives, if it gives any
    #: the values' names (``x-enum-varnames``/``x-enumNames``), for documentation only
    names: tuple[str, ...] = field(default=(), compare=False)
    closed: bool = False

    @property
    def bases(self) -> tuple[str, ...]:
        """The open base types (``str`` before ``int`` ...): the declared ``type`` (``number`` admits
        1.5 beside ``enum: [1, 2]``), else the values' kinds."""
        kinds = set(self.declared) or {kind_of(v) for v in self.values}
        return tuple(k for k in ("str", "int", "float", "bool") if k in kinds)


def kind_of(value: Any) -> str:
    """The JSON scalar kind of a decoded value (``bool`` before ``int``), ``any`` otherwise."""
    return next((kind.__name__ for kind in (bool, int, float, str) if isinstance(value, kind)), "any")


@dataclass(frozen=True, slots=True)
class ModelRef:
    """A reference to a ``Model`` by class name."""

    name: str


@dataclass(frozen=True, slots=True)
class AliasRef:
    """A reference to an ``Alias`` by name; ``forward``: it closes a recursion (a quoted reference)."""

    name: str
    forward: bool = False


@dataclass(frozen=True, slots=True)
class Array:
    """A JSON array of ``items`` (``Nullable`` when an item may be ``null``: ``item`` and
    ``item_nullable`` read it without and with that fact)."""

    items: Type
    item = _WithoutNull("items")
    item_nullable = _AdmitsNull("items")


@dataclass(frozen=True, slots=True)
class Tuple:
    """A JSON array read by position (2020-12 ``prefixItems``): ``prefix`` types each leading
    position, ``rest`` every item after them (``None``: no more allowed), ``min_items`` how many
    leading positions must be present (``minItems``, at most ``len(prefix)``)."""

    prefix: tuple[Type, ...]
    rest: Type | None = None
    min_items: int = 0


@dataclass(frozen=True, slots=True)
class Map:
    """A JSON object used as a dictionary (``additionalProperties``, no properties) of ``values``
    (``value`` and ``value_nullable`` read them without and with ``null``)."""

    values: Type
    value = _WithoutNull("values")
    value_nullable = _AdmitsNull("values")


@dataclass(frozen=True, slots=True)
class Discriminator:
    """``discriminator`` of a ``oneOf``/``anyOf`` (OpenAPI 3.1 section 4.8.25): ``property`` is the
    tag's wire name; ``mapping`` pairs each tag with the class it selects (explicit ones first)."""

    property: str
    mapping: tuple[tuple[Any, str], ...]  # tag (a string, or an integer const) -> class name
    attribute: str = ""  # the property's Python attribute name, when it differs
    #: the class a payload with a tag the spec does not list is parsed as (``union_fallbacks``)
    fallback: str | None = None


@dataclass(frozen=True, slots=True)
class UnionType:
    """``oneOf``/``anyOf`` (or a ``type`` list) of two or more non-null options, tried left to
    right, or dispatched on ``discriminator``."""

    options: tuple[Type, ...]
    discriminator: Discriminator | None = None


@dataclass(frozen=True, slots=True)
class Nullable:
    """``inner`` (never itself ``Nullable``) or ``null``: ``nullable: true``, ``type: [X, "null"]``,
    a ``null`` member of a union, ``null`` in an ``enum``. Build one with ``with_null``."""

    inner: Type


Type = Prim | Enum | ModelRef | AliasRef | Array | Tuple | Map | UnionType | Nullable

ANY = Prim("any")
NULL = Prim("null")


def with_null(t: Type, admits: bool = True) -> Type:
    """``t`` admitting ``null`` when ``admits`` (``Nullable(t)``, never nested), else ``t``."""
    return Nullable(t) if admits and not isinstance(t, Nullable) else t


def strip_null(t: Type) -> Type:
    """``t`` without ``null``: the inner type of a ``Nullable``, else ``t`` itself."""
    return t.inner if isinstance(t, Nullable) else t


@dataclass(frozen=True, slots=True)
class Field:
    """One property of a model: its JSON key (``wire_name``), Python attribute (``py_name``:
    ``naming.attribute_name``) and type (``Nullable`` when ``null`` is allowed: ``type`` and
    ``nullable`` read it without and with that fact). ``required``: the
    ``required`` list minus ``writeOnly``; ``default``: coerced to ``type``, or ``NO_DEFAULT``;
    ``merge``: the parsed ``x-merge`` policy (``policy.parse_policy``); ``pointer``: for messages.
    """

    wire_name: str
    py_name: str
    value_type: Type
    required: bool
    default: Any = NO_DEFAULT
    description: str | None = None
    deprecated: bool = False
    read_only: bool = False
    write_only: bool = False
    merge: WrittenPolicy | None = None
    pointer: str = ""
    type = _WithoutNull("value_type")
    nullable = _AdmitsNull("value_type")

    @property
    def has_default(self) -> bool:
        """True when the schema gives a default (possibly ``null``)."""
        return self.default is not NO_DEFAULT


@dataclass(frozen=True, slots=True)
class Model:
    """An object schema with properties, rendered as a class in every style.

    Additional properties are always kept; ``extra_type`` types their values (``None``: ``Any``).
    ``patterns`` (``patternProperties``: a regular expression, searched, and its keys' value type)
    check each extra key; a key matching none is checked by ``rest_type`` (``None``: any value), or
    refused when ``closed``. ``extra_type`` is then the union of them all.
    """

    name: str
    fields: tuple[Field, ...]
    description: str | None = None
    deprecated: bool = False
    extra_type: Type | None = None
    pointer: str = ""
    patterns: tuple[tuple[str, Type], ...] = ()
    rest_type: Type | None = None
    closed: bool = False
    extra_nullable = _AdmitsNull("extra_type")  # an additional property's value may be ``null``

    def map_types(self, f: Callable[[Type], Type]) -> Model:
        """This model with ``f`` applied to the type of each field and of its extras."""
        return replace(
            self,
            fields=tuple(replace(x, value_type=f(x.value_type)) for x in self.fields),
            extra_type=f(self.extra_type) if self.extra_type is not None else None,
            patterns=tuple((p, f(t)) for p, t in self.patterns),
            rest_type=f(self.rest_type) if self.rest_type is not None else None,
        )

    def types(self) -> list[Type]:
        """Every type the model mentions: its fields', its extras' (patterns included)."""
        extras = [t for t in (self.extra_type, self.rest_type) if t is not None]
        return [*(f.value_type for f in self.fields), *extras, *(t for _, t in self.patterns)]

    @property
    def extra(self) -> Type | None:
        """The additional properties' type without ``null`` (``None``: not given)."""
        return strip_null(self.extra_type) if self.extra_type is not None else None


@dataclass(frozen=True, slots=True)
class Alias:
    """A named non-object schema (enum, union, array, map), rendered as a type alias; ``value_type``
    is ``Nullable`` when the schema itself admits ``null``, wherever the alias is used (``type``
    and ``nullable`` read it without and with that fact)."""

    name: str
    value_type: Type
    description: str | None = None
    deprecated: bool = False
    pointer: str = ""
    recursive: bool = False
    #: a union's ``x-merge`` mapping as written (its event merge map, which ``event_plan`` checks)
    merge_map: Any = field(default=None, compare=False)
    type = _WithoutNull("value_type")
    nullable = _AdmitsNull("value_type")

    @property
    def reference(self) -> Type:
        """The type where a field refers to this alias: its name, or for an enum its ``Literal``
        alias with the open base types (``Color | str``), and ``null`` if it admits it."""
        if isinstance(self.type, Enum):
            return with_null(replace(self.type, alias=self.name), self.nullable)
        return AliasRef(self.name)


@dataclass(frozen=True)
class Schemas:
    """The reading of a spec: what the templates render.

    Attributes:
        models, aliases: by class name, in rendering order (dependencies first).
        roots: class names of the root models (stream chunks, or those asked for).
        union_roots: roots that are unions: a parse function, no accumulator.
        responses: root name -> the non-stream response model it assembles into.
        stream_formats: how operations send the roots (``sse``, ``jsonl``, ``json``:
            ``roots.stream_formats``).
        title, version: the spec's ``info``; ``source`` its path; ``sha256`` its digest.
        warnings: problems tolerated while reading (``warning_kinds``).
        renames: ``(name, note)`` of each class or alias not named as its component, by name.
        union_targets: ``{union as maps name it: the components an operation answers for it}``.
        parsers: ``{class or alias name: its public parse function}``, ``synonyms`` included.
        synonyms: components that read as another named schema's type (``Link: $ref Node``;
            ``--all-schemas``): ``{its would-be class name: that type's}`` (before naming:
            ``{spec name: provisional id}``).
    """

    models: dict[str, Model]
    aliases: dict[str, Alias]
    roots: tuple[str, ...]
    union_roots: tuple[str, ...] = ()
    responses: dict[str, str] = field(default_factory=dict)
    stream_formats: tuple[str, ...] = ()
    title: str = ""
    version: str = ""
    source: str = ""
    sha256: str = ""
    warnings: tuple[SpecWarning, ...] = ()
    renames: tuple[tuple[str, str], ...] = ()
    union_targets: dict[str, tuple[str, ...]] = field(default_factory=dict)
    parsers: dict[str, str] = field(default_factory=dict)
    synonyms: dict[str, str] = field(default_factory=dict)


def referenced_names(t: Type) -> list[str]:
    """Class and alias names a type mentions, in order of appearance."""
    if isinstance(t, (ModelRef, AliasRef)):
        return [t.name]
    if isinstance(t, Enum):
        return [t.alias] if t.alias else []
    names = [n for part in parts(t) for n in referenced_names(part)]
    if isinstance(t, UnionType) and (d := t.discriminator):
        names += [name for _, name in d.mapping]
        names += [d.fallback] if d.fallback else []
    return names


def renamed(t: Type, new: dict[str, str]) -> Type:
    """``t`` with every class and alias name it mentions renamed through ``new`` (others kept)."""
    if isinstance(t, (ModelRef, AliasRef)):
        return replace(t, name=new.get(t.name, t.name))
    if isinstance(t, Enum):
        return replace(t, alias=new.get(t.alias, t.alias)) if t.alias else t
    if isinstance(t, UnionType) and (d := t.discriminator) is not None:
        mapping = tuple((tag, new.get(name, name)) for tag, name in d.mapping)
        fallback = new.get(d.fallback, d.fallback) if d.fallback else None
        t = replace(t, discriminator=replace(d, mapping=mapping, fallback=fallback))
    return map_parts(t, lambda part: renamed(part, new))


def parts(t: Type) -> list[Type]:
    """The types ``t`` holds directly (a ``Nullable``'s inner type, items, positions, values, options)."""
    if isinstance(t, Nullable):
        return [t.inner]
    if isinstance(t, Array):
        return [t.items]
    if isinstance(t, Tuple):
        return [*t.prefix, *([t.rest] if t.rest is not None else [])]
    if isinstance(t, Map):
        return [t.values]
    if isinstance(t, UnionType):
        return list(t.options)
    return []


def map_parts(t: Type, change: Callable[[Type], Type]) -> Type:
    """``t`` with ``change`` applied to each type it holds directly (inner type, items, positions,
    values, options); the one place a pass over types learns the shapes that hold others."""
    if isinstance(t, Nullable):
        return with_null(change(t.inner))
    if isinstance(t, Array):
        return Array(change(t.items))
    if isinstance(t, Tuple):
        return Tuple(tuple(change(p) for p in t.prefix), change(t.rest) if t.rest is not None else None, t.min_items)
    if isinstance(t, Map):
        return Map(change(t.values))
    if isinstance(t, UnionType):
        return UnionType(tuple(change(o) for o in t.options), t.discriminator)
    return t
