"""Tagged unions as a module's types say them: each with a fallback member, each member's tag a
closed ``Literal``.

Servers add members to a tagged union before the spec lists them. A union dispatched on a string
tag gets a member for those, ``Unknown<Union>`` (``UnknownOutputItem``; an inline union is named
for its place), a model with the tag whose other fields are kept as they came: the annotation
lists it, so a type checker makes the user handle it, and a parser builds it instead of failing
(``Discriminator.fallback``). Each member's tag is closed to the tags naming it (``Enum.closed``:
``Literal["message"]``, not ``| str``), so it narrows the union in ``match`` and ``if``.

A pass over the named IR after every plan is made; only rendering reads its result
(``pipeline.render_sources``).
"""

from __future__ import annotations

from dataclasses import replace

from .model import (
    Enum,
    Field,
    Model,
    ModelRef,
    Prim,
    Schemas,
    Type,
    UnionType,
    map_parts,
    parts,
    strip_null,
)
from .naming import pascal_word

#: What an unknown member says of itself (``{union}``: the union's name or place).
_UNKNOWN_DOC = "A ``{union}`` of a kind the spec does not list (its ``{tag}``), as sent."


def with_fallbacks(schemas: Schemas) -> Schemas:
    """``schemas`` with a fallback member for every union dispatched on a string tag, and
    each such union's members' tag fields closed (see the module docstring)."""
    names = _fallback_names(schemas)
    if not names:
        return schemas
    tags = _member_tags(names)
    for name in _standalone(schemas):  # reached otherwise too: any tag may come there
        tags.pop(name, None)
    models = {name: _unknown_model(name, union) for union, name in names.items()}  # first: they refer to nothing
    for name, m in schemas.models.items():
        models[name] = _closed_tags(m, tags.get(name, {})).map_types(lambda t: _with_fallback(t, names))
    aliases = {name: replace(a, value_type=_with_fallback(a.value_type, names)) for name, a in schemas.aliases.items()}
    return replace(schemas, models=models, aliases=aliases)


def _tagged(t: Type) -> bool:
    """A union dispatched on a string tag (the ones a fallback member is added to)."""
    d = t.discriminator if isinstance(t, UnionType) else None
    return d is not None and bool(d.mapping) and all(isinstance(tag, str) for tag, _ in d.mapping)


def _unions_in(t: Type) -> list[UnionType]:
    """The tagged unions ``t`` holds (itself first), outermost first."""
    found: list[UnionType] = [t] if isinstance(t, UnionType) and _tagged(t) else []
    return found + [u for part in parts(t) for u in _unions_in(part)]


def _fallback_names(schemas: Schemas) -> dict[UnionType, str]:
    """A class name per tagged union (by value): ``Unknown<Alias>``, or ``Unknown<Model><Field>``
    for one inline in a field (its first place); ``_`` appended while the name is taken."""
    taken = set(schemas.models) | set(schemas.aliases)
    names: dict[UnionType, str] = {}

    def name(union: UnionType, wanted: str) -> None:
        if union not in names:
            while wanted in taken:
                wanted += "_"
            taken.add(wanted)
            names[union] = wanted

    for a in schemas.aliases.values():
        t = strip_null(a.value_type)
        if isinstance(t, UnionType) and _tagged(t):
            name(t, f"Unknown{a.name}")
    for m in schemas.models.values():
        places = [(f.wire_name, f.value_type) for f in m.fields]
        places += [("extra", t) for t in (m.extra_type, m.rest_type) if t is not None]
        for wire, t in places:
            for union in _unions_in(t):
                name(union, f"Unknown{m.name}{pascal_word(wire) or 'Member'}")
    for a in schemas.aliases.values():  # unions inline in an alias's value (a list of them)
        for union in _unions_in(a.value_type):
            name(union, f"Unknown{a.name}Member")
    return names


def _standalone(schemas: Schemas) -> set[str]:
    """The models a value reaches other than as a tagged union's member (a root, a field's or
    alias's type, an untagged union's option): their tags stay open."""
    found = set(schemas.roots) | set(schemas.responses.values())

    def visit(t: Type, member: bool = False) -> None:
        if isinstance(t, ModelRef) and not member:
            found.add(t.name)
        for part in parts(t):
            visit(part, _tagged(t))

    for m in schemas.models.values():
        for t in m.types():
            visit(t)
    for a in schemas.aliases.values():
        visit(a.value_type)
    return found


def _member_tags(names: dict[UnionType, str]) -> dict[str, dict[str, tuple[str, ...]]]:
    """``{member model: {tag property: the tags that name it}}`` over every tagged union."""
    tags: dict[str, dict[str, tuple[str, ...]]] = {}
    for union in names:
        d = union.discriminator
        assert d is not None
        for tag, member in d.mapping:
            held = tags.setdefault(member, {}).get(d.property, ())
            tags[member][d.property] = held if tag in held else (*held, tag)
    return tags


def _unknown_model(name: str, union: UnionType) -> Model:
    """The fallback member of ``union``: its tag property (a string), every other field kept as it came."""
    d = union.discriminator
    assert d is not None
    attribute = d.attribute or d.property
    if not attribute.isidentifier():
        attribute = "tag"
    where = name.removeprefix("Unknown")
    tag = Field(wire_name=d.property, py_name=attribute, value_type=Prim("str"), required=True)
    return Model(name=name, fields=(tag,), description=_UNKNOWN_DOC.format(union=where, tag=d.property))


def _closed_tags(m: Model, tags: dict[str, tuple[str, ...]]) -> Model:
    """``m`` with each tag field (a property some union dispatches on to ``m``) closed to the tags
    naming it, and required: the dispatch reaches ``m`` only through its tag, whatever the spec
    says of the property alone (Mistral's events make ``type`` optional, with a ``const``)."""
    if not tags:
        return m
    closed = {wire: Enum(values, declared=("str",), closed=True) for wire, values in tags.items()}
    fields = [
        replace(f, value_type=closed[f.wire_name], required=True) if f.wire_name in closed else f for f in m.fields
    ]
    return replace(m, fields=tuple(fields))


def _with_fallback(t: Type, names: dict[UnionType, str]) -> Type:
    """``t`` with the fallback member's name on every tagged union in it."""
    inner = map_parts(t, lambda part: _with_fallback(part, names))
    if isinstance(t, UnionType) and t in names and isinstance(inner, UnionType):
        assert inner.discriminator is not None
        return UnionType(inner.options, replace(inner.discriminator, fallback=names[t]))
    return inner
