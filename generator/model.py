"""Model: the typed intermediate model (IR) that every style and the merge plan read.

The IR is a closed set of frozen dataclasses. Admitting ``null`` is one concept: a type
that admits it is ``Nullable(inner)``, wherever it stands (a field's value, a list item, a
map value, a model's extra values, a named alias's own type); unions never contain ``null``
(it is lifted to a ``Nullable`` around the union). A field's ``required`` is a separate fact. Reading a
spec into this IR is ``interpret``'s job (``naming`` names it); the templates and the merge plan
only read it.
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


@dataclass(frozen=True, slots=True)
class Prim:
    """A JSON scalar: ``kind`` is ``str``, ``int``, ``float``, ``bool``, ``null`` (only
    ``null``: ``type: "null"``) or ``any`` (any JSON).

    ``format`` is kept for documentation; no format changes the Python type (see
    docs/schema-support.md: ``date-time`` stays ``str``, ``unixtime``/``int64`` stay ``int``),
    so it is no part of the type's identity: ``Prim("int", "int32") == Prim("int")``, and a
    ``format`` on an ``index`` changes no merge plan.
    """

    kind: str
    format: str | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Enum:
    """``enum``/``const`` values (never ``null``: that is the slot's nullability).

    Enums are open: the generated type is ``Literal[values] | <base types>``, so a value a
    server adds later still parses. ``alias`` names a component enum (rendered as a
    ``Literal`` alias); ``None`` for an inline enum. ``closed``: the tag of a tagged
    union's member, which only the tags naming it reach (``Literal[values]`` alone, so that a
    check of the tag narrows the union: ``union_fallbacks``).
    """

    values: tuple[Any, ...]
    alias: str | None = None
    declared: tuple[str, ...] = ()  # Prim kinds the schema's ``type`` gives, if it gives any
    #: the values' names (``x-enum-varnames``/``x-enumNames``), for documentation only
    names: tuple[str, ...] = field(default=(), compare=False)
    closed: bool = False

    @property
    def bases(self) -> tuple[str, ...]:
        """The open base types, in a fixed order (``str`` before ``int`` ...): the declared
        ``type`` (``number`` admits 1.5 beside ``enum: [1, 2]``), else the values' kinds."""
        kinds = set(self.declared) or {kind_of(v) for v in self.values}
        return tuple(k for k in ("str", "int", "float", "bool") if k in kinds)


def kind_of(value: Any) -> str:
    """The JSON scalar kind of a decoded value (``bool`` before ``int``), ``any`` otherwise."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    return "str" if isinstance(value, str) else "any"


@dataclass(frozen=True, slots=True)
class ModelRef:
    """A reference to a ``Model`` by class name."""

    name: str


@dataclass(frozen=True, slots=True)
class AliasRef:
    """A reference to a named non-object schema (``Alias``) by name; ``forward`` when it is
    the reference that closes a recursion (rendered as a quoted forward reference)."""

    name: str
    forward: bool = False


@dataclass(frozen=True, slots=True)
class Array:
    """A JSON array of ``items`` (``Nullable`` when an item may be ``null``)."""

    items: Type

    @property
    def item(self) -> Type:
        """The items' type without ``null``."""
        return strip_null(self.items)

    @property
    def item_nullable(self) -> bool:
        """True when an item may be ``null``."""
        return isinstance(self.items, Nullable)


@dataclass(frozen=True, slots=True)
class Tuple:
    """A JSON array read by position (2020-12 ``prefixItems``).

    ``prefix`` gives the type of each leading position (``Nullable`` where ``null`` is
    allowed); ``rest`` the type of every item after them (``items``), or ``None`` when no
    more are allowed (``items: false``, or a draft-4 ``items`` list with
    ``additionalItems: false``). ``min_items`` is how many leading positions must be
    present (``minItems``, at most ``len(prefix)``): JSON Schema lets a shorter array match.
    """

    prefix: tuple[Type, ...]
    rest: Type | None = None
    min_items: int = 0


@dataclass(frozen=True, slots=True)
class Map:
    """A JSON object used as a dictionary (``additionalProperties`` with no properties),
    whose values are ``values`` (``Nullable`` when a value may be ``null``)."""

    values: Type

    @property
    def value(self) -> Type:
        """The values' type without ``null``."""
        return strip_null(self.values)

    @property
    def value_nullable(self) -> bool:
        """True when a value may be ``null``."""
        return isinstance(self.values, Nullable)


@dataclass(frozen=True, slots=True)
class Discriminator:
    """``discriminator`` of a ``oneOf``/``anyOf`` (OpenAPI 3.1 section 4.8.25).

    ``property`` is the wire name of the tag; ``mapping`` pairs each tag value with the
    class name of the model it selects (explicit ``mapping`` first, then implied tags).
    """

    property: str
    mapping: tuple[tuple[Any, str], ...]  # tag (a string, or an integer const) -> class name
    attribute: str = ""  # the property's Python attribute name, when it differs
    #: the class of a member the spec does not list (a tag it does not know, or none), which
    #: a payload of such a member is parsed as (``union_fallbacks``); None: it is an error
    fallback: str | None = None


@dataclass(frozen=True, slots=True)
class UnionType:
    """``oneOf``/``anyOf`` (or a ``type`` list) of two or more non-null options.

    Parsing tries options left to right, or dispatches on ``discriminator`` when given.
    """

    options: tuple[Type, ...]
    discriminator: Discriminator | None = None


@dataclass(frozen=True, slots=True)
class Nullable:
    """A type that admits ``null`` besides the values of ``inner`` (never itself
    ``Nullable``): ``nullable: true``, ``type: [X, "null"]``, a ``null`` member of
    ``anyOf``/``oneOf``, ``null`` in an ``enum``. Build one with ``with_null``."""

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
    """One property of a model.

    Attributes:
        wire_name: the JSON key.
        py_name: the Python attribute name (see ``naming.attribute_name``).
        value_type: the value's type, ``Nullable`` when the value may be ``null`` (``type``
            and ``nullable`` read it without and with that fact).
        required: the key must be present (``required`` list, minus ``writeOnly``).
        default: the schema's ``default`` coerced to ``type``, or ``NO_DEFAULT``.
        description, deprecated, read_only, write_only: from the schema.
        merge: the ``x-merge`` policy the spec gives, parsed (``policy.parse_policy``), if any.
        pointer: JSON pointer of the property's schema, for messages.
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

    @property
    def type(self) -> Type:
        """The value's type without ``null``."""
        return strip_null(self.value_type)

    @property
    def nullable(self) -> bool:
        """True when the value may be ``null``."""
        return isinstance(self.value_type, Nullable)

    @property
    def has_default(self) -> bool:
        """True when the schema gives a default (possibly ``null``)."""
        return self.default is not NO_DEFAULT


@dataclass(frozen=True, slots=True)
class Model:
    """An object schema with properties, rendered as a class in every style.

    ``extra_type`` is the type of additional properties' values when the schema gives one
    (``Nullable`` when they may be ``null``); additional properties are always kept (forward
    compatibility), typed ``Any`` otherwise. ``patterns`` (``patternProperties``: a regular
    expression and the type of the values of the keys it matches, searched as JSON Schema
    does) check each extra key by the patterns it matches; a key matching none is checked by
    ``rest_type`` (``additionalProperties``' schema; ``None``: any value), or refused when
    ``closed`` (``additionalProperties: false`` beside patterns). ``extra_type`` is then the
    union of them all, the annotation of the extra fields.
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

    @property
    def extra_nullable(self) -> bool:
        """True when an additional property's value may be ``null``."""
        return isinstance(self.extra_type, Nullable)


@dataclass(frozen=True, slots=True)
class Alias:
    """A named non-object schema (enum, union, array, map), rendered as a type alias.

    ``value_type`` is ``Nullable`` when the schema itself admits ``null`` (``Json: anyOf
    [..., null]``): the alias then admits ``None`` wherever it is used, through recursion too
    (an enum alias as well: ``Plan: TypeAlias = Literal["basic", "pro"] | None``). ``type`` and
    ``nullable`` read it without and with that fact."""

    name: str
    value_type: Type
    description: str | None = None
    deprecated: bool = False
    pointer: str = ""
    recursive: bool = False
    #: a union's ``x-merge`` mapping as written (its event merge map, which ``event_plan`` checks)
    merge_map: Any = field(default=None, compare=False)

    @property
    def type(self) -> Type:
        """The alias's type without ``null``."""
        return strip_null(self.value_type)

    @property
    def nullable(self) -> bool:
        """True when the named schema itself admits ``null``."""
        return isinstance(self.value_type, Nullable)

    @property
    def reference(self) -> Type:
        """The type a value of this alias has where a field refers to it: its name, or for
        an enum its ``Literal`` alias with the open base types (``Color | str``), ``null``
        included where the enum admits it."""
        if isinstance(self.type, Enum):
            return with_null(replace(self.type, alias=self.name), self.nullable)
        return AliasRef(self.name)


@dataclass(frozen=True)
class Schemas:
    """The reading of a spec: what the templates render.

    Attributes:
        models, aliases: by class name, in rendering order (dependencies first).
        roots: class names of the root models (stream chunks, or those asked for).
        union_roots: roots asked for that are unions, not objects (``ResponseStreamEvent``,
            one of many event models): they get a parse function, not an accumulator.
        responses: root name -> the non-stream response model it assembles into.
        stream_formats: how the spec's operations send the roots (``roots.stream_formats``:
            ``sse``, ``jsonl``, ``json``); empty where it declares none.
        title, version: the spec's ``info``; ``source`` its path; ``sha256`` its digest.
        warnings: problems tolerated while reading (``warning_kinds``).
        renames: ``(class or alias name, note)`` of each whose Python name is not its
            component's (``NoneModel``: ``From ``#/components/schemas/None`` (...).``), by name.
        union_targets: ``{union as maps name it: the components an operation answers for it}``
            (what its events build, when no map says: ``roots.stream_unions``).
        parsers: ``{class or alias name: its public parse function}`` for every one that has
            one (roots, responses, union roots, components), as naming decided them; also
            each of ``synonyms``.
        synonyms: components that read as another named schema's type (``Link: $ref
            Node``; ``--all-schemas``): ``{the name its class would have: that type's}``
            (before naming: ``{spec name: provisional id}``).
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
    if isinstance(t, Nullable):
        return referenced_names(t.inner)
    if isinstance(t, Array):
        return referenced_names(t.items)
    if isinstance(t, Tuple):
        return [n for p in (*t.prefix, *([t.rest] if t.rest is not None else [])) for n in referenced_names(p)]
    if isinstance(t, Map):
        return referenced_names(t.values)
    if isinstance(t, UnionType):
        names = [n for o in t.options for n in referenced_names(o)]
        if t.discriminator:
            names += [name for _, name in t.discriminator.mapping]
            names += [t.discriminator.fallback] if t.discriminator.fallback else []
        return names
    return []


def renamed(t: Type, new: dict[str, str]) -> Type:
    """``t`` with every class and alias name it mentions replaced through ``new`` (names
    missing from ``new`` are kept)."""
    if isinstance(t, ModelRef):
        return ModelRef(new.get(t.name, t.name))
    if isinstance(t, AliasRef):
        return AliasRef(new.get(t.name, t.name), t.forward)
    if isinstance(t, Enum):
        return replace(t, alias=new.get(t.alias, t.alias)) if t.alias else t
    if isinstance(t, UnionType):
        d = t.discriminator
        if d is not None:
            fallback = new.get(d.fallback, d.fallback) if d.fallback else None
            d = Discriminator(
                d.property, tuple((tag, new.get(name, name)) for tag, name in d.mapping), d.attribute, fallback
            )
        return UnionType(tuple(renamed(o, new) for o in t.options), d)
    return map_parts(t, lambda part: renamed(part, new))


def map_parts(t: Type, change: Callable[[Type], Type]) -> Type:
    """``t`` with ``change`` applied to each type it holds directly (a ``Nullable``'s inner
    type, list items, tuple positions, map values, union options); a type holding none is
    returned as it is. The one place a pass over types learns the shapes that hold others."""
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
