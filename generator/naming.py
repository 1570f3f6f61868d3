"""Naming: every name a generated module holds, decided once, after the roots are chosen.

The reader (``interpret``) gives each type it reads a provisional id and records where it
stands (``Place``); ``name_schemas`` then names the emitted types only, in one pass: component
schemas after their spec names, inline schemas after the path to them (parent class plus
property, singular for array items), never from counters nor from what else the reader
happened to read. The same module names attributes (``attribute_name``), parse functions,
accumulators, merge-state classes and the hoisted parsers' constants.

Where a class name is decided: ``name_schemas`` (components: ``class_name``; inline schemas:
``derived_name``).
"""

from __future__ import annotations

import builtins
import keyword
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .load import Document
from .model import Array, Discriminator, Map, Model, Schemas, Type, UnionType, referenced_names, renamed
from .resolve import Location, RefResolver

#: Names a generated module defines or imports at module level, and the builtins it relies
#: on (``ValueError``, ``KeyError``...); a schema's class name may not take them, or the
#: module would shadow its own vocabulary.
MODULE_NAMES = frozenset(dir(builtins)) | frozenset(
    [
        "TypeVar",
        "Any",
        "Annotated",
        "BeforeValidator",
        "AsyncIterable",
        "AsyncIterator",
        "Callable",
        "Iterable",
        "Iterator",
        "Literal",
        "Mapping",
        "NotRequired",
        "Required",
        "Self",
        "Sequence",
        "TypeAlias",
        "TypedDict",
        "cast",
        "dataclass",
        "field",
        "annotations",
        "BaseModel",
        "ConfigDict",
        "Discriminator",
        "Field",
        "Tag",
        "TypeAdapter",
        "ValidationError",
        "bool",
        "bytes",
        "dict",
        "float",
        "int",
        "list",
        "object",
        "str",
        "tuple",
        "type",
        "None",
        "True",
        "False",
        "json",
        "sys",
        "typing",
        "dataclasses",
        "pydantic",
        "ParseError",
        "StreamMergeError",
        "StreamFormatError",
        "StreamError",
        "Anomaly",
        "ServerSentEvent",
        "ContextVar",
        "types",
        "asdict",
        "fields",
        "is_dataclass",
    ]
)

#: Attribute names no field may take in any style: names that class-body annotations use
#: (a class attribute ``str`` would shadow the type ``str`` below it), dataclass helpers,
#: and pydantic's ``BaseModel`` namespace.
RESERVED_ATTRIBUTES = frozenset(
    [
        "Any",
        "Annotated",
        "Literal",
        "NotRequired",
        "Required",
        "None",
        "True",
        "False",
        "bool",
        "dict",
        "float",
        "int",
        "list",
        "str",
        "classmethod",
        "staticmethod",
        "property",
        "field",
        "self",
        "Field",
        "Tag",
        "Discriminator",
        "from_dict",
        "to_dict",
        "extra_fields",
        "construct",
        "copy",
        "json",
        "parse_file",
        "parse_obj",
        "parse_raw",
        "schema",
        "schema_json",
        "update_forward_refs",
        "validate",
        "from_orm",
        "model_config",
        "model_fields",
        "model_extra",
        "model_fields_set",
        "model_computed_fields",
        "model_construct",
        "model_copy",
        "model_dump",
        "model_dump_json",
        "model_json_schema",
        "model_parametrized_name",
        "model_post_init",
        "model_rebuild",
        "model_validate",
        "model_validate_json",
        "model_validate_strings",
    ]
)

_WORD = re.compile(r"[A-Za-z0-9]+")


def ascii_identifier_chars(text: str) -> str:
    """Fold accents away (``café`` → ``cafe``) and turn anything else non-identifier into ``_``.

    Generated names are ASCII: Python folds non-ASCII identifiers with NFKC, so two
    different spec names could become one attribute.
    """
    folded = unicodedata.normalize("NFKD", text)
    folded = "".join(c for c in folded if not unicodedata.combining(c))
    return "".join(c if (c.isascii() and (c.isalnum() or c == "_")) else "_" for c in folded)


def class_name(spec_name: str) -> str:
    """PascalCase class name from a schema name: ``createChatCompletionStreamResponse`` →
    ``CreateChatCompletionStreamResponse``, ``foo.bar-baz`` → ``FooBarBaz``.

    Inner capitals are kept (``JSONSchema`` stays ``JSONSchema``); a leading digit gets the
    prefix ``Model``; a name the module uses itself gets the suffix ``Model``.
    """
    words = _WORD.findall(ascii_identifier_chars(spec_name).replace("_", " "))
    name = "".join(w[:1].upper() + w[1:] for w in words) or "Model"
    if name[0].isdigit():
        name = "Model" + name
    if name in MODULE_NAMES or keyword.iskeyword(name):
        name += "Model"
    return name


def pascal_word(text: str) -> str:
    """One path segment as a PascalCase word (``tool_calls`` → ``ToolCalls``)."""
    words = _WORD.findall(ascii_identifier_chars(text).replace("_", " "))
    return "".join(w[:1].upper() + w[1:] for w in words)


def singular(word: str) -> str:
    """English singular of a PascalCase plural (``Choices`` → ``Choice``,
    ``TopLogprobs`` → ``TopLogprob``, ``Entries`` → ``Entry``); ``""`` when not a plural."""
    lower = word.lower()
    if lower.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if lower.endswith(("sses", "shes", "ches", "xes", "zes")):
        return word[:-2]
    if lower.endswith("s") and not lower.endswith(("ss", "us", "is")) and len(word) > 1:
        return word[:-1]
    return ""


def attribute_name(wire_name: str, taken: set[str]) -> str:
    """A Python attribute name for a property, unique within ``taken`` (which it joins).

    Rules, in order: a valid, non-keyword, non-reserved ASCII name is kept as is; otherwise
    characters are folded (``ascii_identifier_chars``), a leading digit or underscore gets
    the prefix ``field_`` (pydantic treats ``_x`` as private), and a keyword or reserved
    name gets a trailing ``_``. Trailing ``_`` is appended until the name is free, so the
    result never depends on a counter.
    """
    name = ascii_identifier_chars(wire_name)
    if not name or name[0].isdigit() or name[0] == "_":
        name = "field_" + name.lstrip("_")
    if name == "field_":
        name = "field"
    while keyword.iskeyword(name) or name in RESERVED_ATTRIBUTES or name in taken:
        name += "_"
    taken.add(name)
    return name


def snake_name(name: str) -> str:
    """snake_case of a PascalCase class name, for function names (``parse_<snake>``)."""
    step = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    step = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", step)
    return step.lower()


def accumulator_name(root: str) -> str:
    """The accumulator class of a root model."""
    return f"{root}Accumulator"


def parse_function(schemas: Schemas, name: str) -> str:
    """``parse_<snake_case>`` of a root or response model; ``parse_<ClassName>`` when two of
    them would share a snake-case name (``HTTPServer`` and ``HttpServer``)."""
    targets = list(dict.fromkeys([*schemas.roots, *schemas.responses.values(), *schemas.union_roots]))
    snake = snake_name(name)
    clash = sum(snake_name(t) == snake for t in targets) > 1
    return f"parse_{name}" if clash else f"parse_{snake}"


def response_plan_constant(response: str) -> str:
    """The module constant holding the conversion of a root into ``response``."""
    return f"_TO_{snake_name(response).upper()}"


def state_class_names(nodes: Iterable[Any]) -> dict[int, str]:
    """A class name for each merge-state node (keyed by ``id(node)``), given the nodes of every
    root's plan in rendering order: ``_<Model>Merge``, or, when a model is merged at several
    places, ``_<Model><Context>Merge`` and then trailing ``_`` until unique. Built from class
    names, so always valid identifiers."""
    names: dict[int, str] = {}
    used: set[str] = set()
    for node in nodes:
        name = f"_{node.model.name}Merge"
        if name in used:
            name = f"_{node.model.name}{node.context.title()}Merge"
        while name in used:
            name += "_"
        used.add(name)
        names[id(node)] = name
    return names


def module_stem(raw: str) -> str:
    """A module name stem from ``--module`` or the spec's file stem, as an identifier."""
    stem = re.sub(r"\W+", "_", raw).strip("_").lower() or "models"
    return ("m_" + stem) if stem[0].isdigit() else stem


class ParserNames:
    """Names of the hoisted composite parsers of one module, after what they parse: the kind
    (``list_of``, ``map_of``, ``nullable``, ``first_of``, ``tagged`` with its tag property),
    then each member (a parser it combines, with its tag): ``_P_list_of_int``,
    ``_P_tagged_type_function_ToolCall_custom_CustomToolCall``. A name longer than
    ``LONGEST`` with several members keeps the first member and says how many follow
    (``_P_first_of_A_and_12_more``); two expressions that read alike (tags ``a-b`` and
    ``a.b``) take ``_2``, ``_3``... in the order the module first uses them."""

    LONGEST = 60

    def __init__(self) -> None:
        self.definitions: dict[str, str] = {}  # constant name -> expression, in first-use order
        self._by_expression: dict[str, str] = {}

    def name(self, expression: str, head: Sequence[str], members: Sequence[Sequence[str]]) -> str:
        """The constant for ``expression``: the same expression always gets the same name."""
        if expression in self._by_expression:
            return self._by_expression[expression]
        words = [_words(w) for w in head]
        name = _joined([*words, *(_words(w) for m in members for w in m)])
        if len(name) > self.LONGEST and len(members) > 1:
            name = _joined([*words, *(_words(w) for w in members[0]), f"and_{len(members) - 1}_more"])
        base, n = name, 1
        while name in self.definitions:
            n += 1
            name = f"{base}_{n}"
        self.definitions[name] = expression
        self._by_expression[expression] = name
        return name


def _words(text: str) -> str:
    """A parser expression's words: what it parses, without the call syntax."""
    readable = text.replace(".from_dict", "").replace("_P_", "").replace("_parse_", "")
    return re.sub(r"_+", "_", re.sub(r"[^0-9A-Za-z]+", "_", readable)).strip("_")


def _joined(words: Iterable[str]) -> str:
    return "_P_" + "_".join(w for w in words if w)


# ----------------------------------------------------------------------- the naming pass

#: Sections whose keys name reusable schemas: a schema found there is named after its key.
SCHEMA_SECTIONS = ("schemas", "definitions", "$defs")

Key = tuple[str, str]


def location_key(loc: Location) -> Key:
    """A location as a hashable key (document path, pointer)."""
    return (str(loc.doc.path), loc.pointer)


@dataclass(frozen=True, slots=True)
class Place:
    """Where a type with a provisional id was read.

    Attributes:
        loc: its schema's location.
        component: its spec name when the location is a named schema (see ``component_at``).
        listed: it is one of the root document's named schemas (``components/schemas``...):
            an inline schema's derived name gives way to those, when they are emitted.
    """

    loc: Location
    component: str | None
    listed: bool = False


def component_at(loc: Location, root: Document) -> str | None:
    """The spec name when ``loc`` is exactly a named schema (``.../schemas/<name>``, a key of
    a file of schemas, or a whole document: its title or file stem)."""
    tokens = loc.tokens
    if len(tokens) >= 2 and tokens[-2] in SCHEMA_SECTIONS:
        return tokens[-1]
    if len(tokens) == 1 and loc.doc is not root:
        return tokens[0]  # a file of schemas keyed by name (`defs.yaml#/Pet`)
    if not tokens:
        title = loc.doc.data.get("title") if isinstance(loc.doc.data, dict) else None
        return title if isinstance(title, str) and title else loc.doc.path.stem
    return None


def class_names(order: Sequence[str], places: Mapping[str, Place], resolver: RefResolver) -> dict[str, str]:
    """Class or alias names for the provisional ids in ``order`` (the emitted types, in
    rendering order): component schemas first, then inline ones.

    A component of the root document takes ``class_name`` of its spec name; one of another
    file that would take a name already given takes its file's name as a prefix. An inline
    schema takes ``derived_name`` plus ``Model`` until the name is free: not another type's,
    not the module's own vocabulary, not an emitted listed component's.

    Raises:
        SpecError: two schemas whose names become one Python name.
    """
    names: dict[str, str] = {}
    owner: dict[str, str] = {}  # name -> id
    at: dict[Key, str] = {}  # location -> name
    for pid in order:
        place = places[pid]
        if place.component is None:
            continue
        name = class_name(place.component)
        if name in owner and place.loc.doc is not resolver.root:
            name = class_name(place.loc.doc.path.stem) + name
        if name in owner:
            other = places[owner[name]].component
            raise place.loc.error(
                f"schemas {other!r} and {place.component!r} both become the Python name {name!r}; rename one of them"
            )
        names[pid], owner[name] = name, pid
        at[location_key(place.loc)] = name
    listed = {class_name(p.component) for p in (places[i] for i in order) if p.listed and p.component is not None}
    for pid in order:
        place = places[pid]
        if place.component is not None:
            continue
        name = derived_name(place.loc, resolver, at)
        while name in listed or name in owner or name in MODULE_NAMES:
            name += "Model"
        names[pid], owner[name] = name, pid
    return names


def derived_name(loc: Location, resolver: RefResolver, at: Mapping[Key, str]) -> str:
    """The name of an inline schema: the class name of the named schema it stands in (``at``
    gives those already named), then a word for each step of the path to it: a property's
    name, ``Item`` (or the singular of the property) for array items, ``Value`` for map
    values, a union member's title, tag or position."""
    tokens = loc.tokens
    anchor = 0
    for i in range(len(tokens) - 1):
        if tokens[i] in SCHEMA_SECTIONS:
            anchor = i + 2
    base_loc = Location(loc.doc, "").child(*tokens[:anchor]) if anchor else Location(loc.doc, "")
    base = at.get(location_key(base_loc)) or class_name(component_at(base_loc, resolver.root) or loc.doc.path.stem)
    words: list[str] = []
    node: Any = resolver.node(base_loc)
    rest = tokens[anchor:]
    i = 0
    while i < len(rest):
        token = rest[i]
        child = _step(node, token)
        if token in ("properties", "patternProperties", "$defs", "definitions") and i + 1 < len(rest):
            words.append(pascal_word(rest[i + 1]) if token != "patternProperties" else "Value")
            node = _step(child, rest[i + 1])
            i += 2
            continue
        if token in ("anyOf", "oneOf") and i + 1 < len(rest):
            member = _step(child, rest[i + 1])
            if sum(not is_null_schema(m) for m in child or ()) > 1:  # not just "X or null"
                words.append(_variant_word(member, int(rest[i + 1]) if rest[i + 1].isdigit() else 0))
            node = member
            i += 2
            continue
        if token in ("allOf",) and i + 1 < len(rest):
            node = _step(child, rest[i + 1])
            i += 2
            continue
        if token == "items":
            plural = singular(words[-1]) if words else ""
            if plural:
                words[-1] = plural
            else:
                words.append("Item")
        elif token == "additionalProperties":
            words.append("Value")
        elif token == "prefixItems":
            words.append("Item")
            i += 1
        elif not token.isdigit():
            words.append(pascal_word(token))
        node = child
        i += 1
    return base + "".join(words)


def is_null_schema(schema: Any) -> bool:
    """True for a schema that admits only ``null`` (``type: null``, ``enum: [null]``...)."""
    if not isinstance(schema, dict):
        return False
    t = schema.get("type")
    return (
        t == "null" or t == ["null"] or schema.get("enum") == [None] or ("const" in schema and schema["const"] is None)
    )


def _step(node: Any, token: str) -> Any:
    if isinstance(node, dict):
        return node.get(token)
    if isinstance(node, list) and token.isdigit() and int(token) < len(node):
        return node[int(token)]
    return None


def _variant_word(member: Any, index: int) -> str:
    """Name part for an inline ``anyOf``/``oneOf`` member: its title, else its single
    ``type`` tag value, else its position (``Option1``...), local to that union."""
    if isinstance(member, dict):
        title = member.get("title")
        if isinstance(title, str) and pascal_word(title):
            return pascal_word(title)
        tag = ((member.get("properties") or {}).get("type") or {}) if isinstance(member.get("properties"), dict) else {}
        if isinstance(tag, dict):
            values = tag.get("enum") or ([tag["const"]] if "const" in tag else [])
            if len(values) == 1 and isinstance(values[0], str) and pascal_word(values[0]):
                return pascal_word(values[0])
    return f"Option{index + 1}"


def field_names(wire_names: Sequence[str], class_names_: set[str]) -> list[str]:
    """Attribute names for one model's properties, in order: names that are already valid
    identifiers claim themselves first (no renaming churn), then the rest (``attribute_name``);
    a name that is a class of the module gets a trailing ``_`` (its annotation would see the
    field instead of the class)."""
    taken: set[str] = set()
    exact = {w for w in wire_names if attribute_name(w, set()) == w}
    chosen = {w: attribute_name(w, taken) for w in wire_names if w in exact}
    chosen.update({w: attribute_name(w, taken) for w in wire_names if w not in exact})
    result = []
    for wire in wire_names:
        py = chosen[wire]
        while py in class_names_:
            py += "_"
            while py in taken:
                py += "_"
        result.append(py)
    return result


def name_schemas(schemas: Schemas, places: Mapping[str, Place], resolver: RefResolver) -> Schemas:
    """``schemas`` (keyed by provisional ids, in rendering order) with every class, alias and
    attribute named, and each discriminator's attribute filled in.

    Raises:
        SpecError: two schemas that become one Python name, or a schema named like a root's
            accumulator.
    """
    order = [*schemas.models, *schemas.aliases]
    _check_defined(schemas)
    new = class_names(order, places, resolver)
    taken = set(new.values())
    models: dict[str, Model] = {}
    for pid, m in schemas.models.items():
        py_names = field_names([f.wire_name for f in m.fields], taken)
        fields = tuple(replace(f, py_name=py, type=renamed(f.type, new)) for f, py in zip(m.fields, py_names))
        extra = renamed(m.extra, new) if m.extra is not None else None
        models[new[pid]] = replace(m, name=new[pid], fields=fields, extra=extra)
    aliases = {new[pid]: replace(a, name=new[pid], type=renamed(a.type, new)) for pid, a in schemas.aliases.items()}
    models = {
        name: replace(
            m,
            fields=tuple(replace(f, type=_attributes(f.type, models)) for f in m.fields),
            extra=_attributes(m.extra, models) if m.extra is not None else None,
        )
        for name, m in models.items()
    }
    aliases = {name: replace(a, type=_attributes(a.type, models)) for name, a in aliases.items()}
    roots = tuple(new[r] for r in schemas.roots)
    for root in roots:
        clash = accumulator_name(root)
        if clash in taken:
            loc = places[next(pid for pid, n in new.items() if n == clash)].loc
            raise loc.doc.error(
                loc.pointer, f"schema {clash} has the name of {root}'s generated accumulator; rename it"
            )
    return replace(
        schemas,
        models=models,
        aliases=aliases,
        roots=roots,
        union_roots=tuple(new[r] for r in schemas.union_roots),
        responses={new[r]: new[resp] for r, resp in schemas.responses.items()},
    )


def _check_defined(schemas: Schemas) -> None:
    """Every type the IR mentions is one it holds: a name referenced and never defined would
    make the module fail at import (``NameError``), a generator bug, reported as one."""
    defined = set(schemas.models) | set(schemas.aliases)
    types = [
        t for m in schemas.models.values() for t in (*(f.type for f in m.fields), *((m.extra,) if m.extra else ()))
    ]
    types += [a.type for a in schemas.aliases.values()]
    missing = sorted({name for t in types for name in referenced_names(t)} - defined)
    if missing:
        where = [p for p in (_users_of(schemas, n) for n in missing) if p]
        raise RuntimeError(f"internal error: types referenced but never defined: {', '.join(missing)} {where}")


def _users_of(schemas: Schemas, name: str) -> str:
    """Pointers of the models and aliases that mention ``name`` (for the internal error)."""
    users = [m.pointer for m in schemas.models.values() if any(name in referenced_names(f.type) for f in m.fields)]
    users += [a.pointer for a in schemas.aliases.values() if name in referenced_names(a.type)]
    return ", ".join(users)


def _attributes(t: Type, models: Mapping[str, Model]) -> Type:
    """``t`` with each discriminator's ``attribute``: the Python name of the tag property,
    when the mapped models share one that differs from the wire name."""
    if isinstance(t, UnionType):
        options = tuple(_attributes(o, models) for o in t.options)
        d = t.discriminator
        if d is not None:
            names = [name for _, name in d.mapping]
            attrs = (
                {f.py_name for n in names for f in models[n].fields if f.wire_name == d.property}
                if all(n in models for n in names)
                else set()
            )
            attribute = next(iter(attrs)) if len(attrs) == 1 else ""
            d = Discriminator(d.property, d.mapping, "" if attribute == d.property else attribute)
        return UnionType(options, d)
    if isinstance(t, Array):
        return Array(_attributes(t.item, models), t.item_nullable)
    if isinstance(t, Map):
        return Map(_attributes(t.value, models), t.value_nullable)
    return t


def component_name(pointer: str) -> str | None:
    """``Foo`` for ``/components/schemas/Foo`` (or ``#/...``); None for another place."""
    prefix = "/components/schemas/"
    pointer = pointer.removeprefix("#")
    if not pointer.startswith(prefix) or "/" in pointer[len(prefix) :]:
        return None
    return pointer[len(prefix) :].replace("~1", "/").replace("~0", "~")
