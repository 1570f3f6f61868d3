"""Model: the typed intermediate model (IR) that every style and the merge plan read.

The IR is a closed set of frozen dataclasses. A field's ``required`` and ``nullable`` are
two separate facts; nested positions (list items, map values) carry their own nullability;
unions never contain ``null`` (it is lifted to the slot that holds the union). Reading a
spec into this IR is ``interpret``'s job (``naming`` names it); the templates and the merge plan
only read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


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
    ``Literal`` alias); ``None`` for an inline enum.
    """

    values: tuple[Any, ...]
    alias: str | None = None
    declared: tuple[str, ...] = ()  # Prim kinds the schema's ``type`` gives, if it gives any
    #: the values' names (``x-enum-varnames``/``x-enumNames``), for documentation only
    names: tuple[str, ...] = field(default=(), compare=False)

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
    """A JSON array; ``item_nullable`` when items may be ``null``."""

    item: Type
    item_nullable: bool = False


@dataclass(frozen=True, slots=True)
class Map:
    """A JSON object used as a dictionary (``additionalProperties`` with no properties)."""

    value: Type
    value_nullable: bool = False


@dataclass(frozen=True, slots=True)
class Discriminator:
    """``discriminator`` of a ``oneOf``/``anyOf`` (OpenAPI 3.1 section 4.8.25).

    ``property`` is the wire name of the tag; ``mapping`` pairs each tag value with the
    class name of the model it selects (explicit ``mapping`` first, then implied tags).
    """

    property: str
    mapping: tuple[tuple[Any, str], ...]  # tag (a string, or an integer const) -> class name
    attribute: str = ""  # the property's Python attribute name, when it differs


@dataclass(frozen=True, slots=True)
class UnionType:
    """``oneOf``/``anyOf`` (or a ``type`` list) of two or more non-null options.

    Parsing tries options left to right, or dispatches on ``discriminator`` when given.
    """

    options: tuple[Type, ...]
    discriminator: Discriminator | None = None


Type = Prim | Enum | ModelRef | AliasRef | Array | Map | UnionType

ANY = Prim("any")
NULL = Prim("null")


@dataclass(frozen=True, slots=True)
class Field:
    """One property of a model.

    Attributes:
        wire_name: the JSON key.
        py_name: the Python attribute name (see ``naming.attribute_name``).
        type: the value's type, without ``null``.
        required: the key must be present (``required`` list, minus ``writeOnly``).
        nullable: the value may be ``null``.
        default: the schema's ``default`` coerced to ``type``, or ``NO_DEFAULT``.
        description, deprecated, read_only, write_only: from the schema.
        merge: an ``x-merge`` policy given in the spec, if any.
        pointer: JSON pointer of the property's schema, for messages.
    """

    wire_name: str
    py_name: str
    type: Type
    required: bool
    nullable: bool
    default: Any = NO_DEFAULT
    description: str | None = None
    deprecated: bool = False
    read_only: bool = False
    write_only: bool = False
    merge: str | None = None
    pointer: str = ""

    @property
    def has_default(self) -> bool:
        """True when the schema gives a default (possibly ``null``)."""
        return self.default is not NO_DEFAULT


@dataclass(frozen=True, slots=True)
class Model:
    """An object schema with properties, rendered as a class in every style.

    ``extra`` is the type of additional properties' values when the schema gives one;
    additional properties are always kept (forward compatibility), typed ``Any`` otherwise.
    """

    name: str
    fields: tuple[Field, ...]
    description: str | None = None
    deprecated: bool = False
    extra: Type | None = None
    extra_nullable: bool = False
    pointer: str = ""


@dataclass(frozen=True, slots=True)
class Alias:
    """A named non-object schema (enum, union, array, map), rendered as a type alias.

    ``nullable`` when the schema itself admits ``null`` (``Json: anyOf [..., null]``): the
    alias then admits ``None`` wherever it is used, through recursion too (an enum alias
    keeps only its values: its slots carry the ``null``)."""

    name: str
    type: Type
    description: str | None = None
    deprecated: bool = False
    pointer: str = ""
    recursive: bool = False
    nullable: bool = False


@dataclass(frozen=True)
class Schemas:
    """The reading of a spec: what the templates render.

    Attributes:
        models, aliases: by class name, in rendering order (dependencies first).
        roots: class names of the root models (stream chunks, or those asked for).
        union_roots: roots asked for that are unions, not objects (``ResponseStreamEvent``,
            one of many event models): they get a parse function, not an accumulator.
        responses: root name -> the non-stream response model it assembles into.
        title, version: the spec's ``info``; ``source`` its path; ``sha256`` its digest.
        warnings: problems tolerated while reading, as printable lines.
    """

    models: dict[str, Model]
    aliases: dict[str, Alias]
    roots: tuple[str, ...]
    union_roots: tuple[str, ...] = ()
    responses: dict[str, str] = field(default_factory=dict)
    title: str = ""
    version: str = ""
    source: str = ""
    sha256: str = ""
    warnings: tuple[str, ...] = ()


def referenced_names(t: Type) -> list[str]:
    """Class and alias names a type mentions, in order of appearance."""
    if isinstance(t, (ModelRef, AliasRef)):
        return [t.name]
    if isinstance(t, Enum):
        return [t.alias] if t.alias else []
    if isinstance(t, Array):
        return referenced_names(t.item)
    if isinstance(t, Map):
        return referenced_names(t.value)
    if isinstance(t, UnionType):
        names = [n for o in t.options for n in referenced_names(o)]
        if t.discriminator:
            names += [name for _, name in t.discriminator.mapping]
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
        return Enum(t.values, new.get(t.alias, t.alias), t.declared, t.names) if t.alias else t
    if isinstance(t, Array):
        return Array(renamed(t.item, new), t.item_nullable)
    if isinstance(t, Map):
        return Map(renamed(t.value, new), t.value_nullable)
    if isinstance(t, UnionType):
        d = t.discriminator
        if d is not None:
            d = Discriminator(d.property, tuple((tag, new.get(name, name)) for tag, name in d.mapping), d.attribute)
        return UnionType(tuple(renamed(o, new) for o in t.options), d)
    return t
