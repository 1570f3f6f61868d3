"""Schema names: ``name_schemas`` names the emitted types in one pass after the roots are chosen
(see the package docstring; ``derived_name``: parent class plus property, singular for items)."""

from __future__ import annotations

import builtins
import keyword
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import reduce
from typing import Any

from ..load import Document
from ..model import Model, Schemas, Type, UnionType, map_parts, referenced_names, renamed
from ..resolve import Location, RefResolver
from .code import accumulator_name, parse_functions
from .words import MODULE_NAMES, attribute_name, class_name, pascal_word, singular

SCHEMA_SECTIONS = ("schemas", "definitions", "$defs")

Key = tuple[str, str]


def location_key(loc: Location) -> Key:
    """A location as a hashable key (document path, pointer)."""
    return (str(loc.doc.path), loc.pointer)


@dataclass(frozen=True, slots=True)
class Place:
    """Where a type with a provisional id was read: ``loc``; ``component``: its spec name if named
    (``component_at``); ``listed``: a root-document named schema (derived names give way to it);
    ``base``: the shape of an ``allOf`` parent whose discriminator dispatches (``PetBase``)."""

    loc: Location
    component: str | None
    listed: bool = False
    base: bool = False

    @property
    def public(self) -> bool:
        """The type stands for a component (a public parse function)."""
        return self.component is not None and not self.base


def component_at(loc: Location, root: Document) -> str | None:
    """The spec name when ``loc`` is a named schema (``.../schemas/<name>``, a key of a file of schemas,
    a document: its title, else its stem, or for the spec its ``$id``'s last segment or ``Root``)."""
    tokens = loc.tokens
    if len(tokens) >= 2 and tokens[-2] in SCHEMA_SECTIONS:
        return tokens[-1]
    if len(tokens) == 1 and loc.doc is not root:
        return tokens[0]  # a file of schemas keyed by name (`defs.yaml#/Pet`)
    if not tokens:
        data = loc.doc.data if isinstance(loc.doc.data, dict) else {}
        title = data.get("title")
        if isinstance(title, str) and title:
            return title
        if loc.doc is not root:
            return loc.doc.path.stem  # another file: its name is in the $ref that reaches it
        # the spec itself: never its file's name, which a copy (api.json) would change
        ident = data.get("$id") if isinstance(data.get("$id"), str) else ""
        last = re.split(r"[/#]", ident.rstrip("/#"))[-1].split(".")[0] if ident else ""
        return last if pascal_word(last) else "Root"
    return None


def class_names(
    order: Sequence[str],
    places: Mapping[str, Place],
    resolver: RefResolver,
    hints: Mapping[Key, tuple[str, ...]] | None = None,
) -> dict[str, str]:
    """Class or alias names for the provisional ids in ``order`` (rendering order): components first
    (``class_name``; another file's, if taken, prefixed by its file's name), then inline ones
    (``derived_name``, plus ``Model`` until free).

    Raises:
        SpecError: two schemas whose names become one Python name.
    """
    hints = hints or {}
    names: dict[str, str] = {}
    owner: dict[str, str] = {}  # name -> id
    for pid in order:
        place = places[pid]
        if place.component is None or place.base:
            continue
        name = class_name(place.component)
        if name in owner and place.loc.doc is not resolver.root:
            name = class_name(place.loc.doc.path.stem) + name
        if name in owner and (not places[owner[name]].loc.tokens) != (not place.loc.tokens):
            # a document's own schema (named by its title) keeps the name, one it defines is
            # renamed like an inline one (datamodel-codegen's reading)
            unlisted = pid if place.loc.tokens else owner[name]
            free = name + "Model"
            while free in owner:
                free += "Model"
            names[unlisted], owner[free] = free, unlisted
            if unlisted == pid:
                continue
        elif name in owner:
            other = places[owner[name]].component
            raise place.loc.error(
                f"schemas {other!r} and {place.component!r} both become the Python name {name!r}; rename one of them"
            )
        names[pid], owner[name] = name, pid
    at = {location_key(places[pid].loc): name for pid, name in names.items()}  # the components' names
    listed = {class_name(p.component) for p in (places[i] for i in order) if p.listed and p.component is not None}
    for pid in order:
        place = places[pid]
        if place.public:
            continue
        if place.base and place.component is not None:
            name = class_name(place.component) + "Base"
        else:
            name = derived_name(place.loc, resolver, at, hints)
        while name in listed or name in owner or name in MODULE_NAMES:
            name += "Model"
        names[pid], owner[name] = name, pid
    return names


def derived_name(
    loc: Location, resolver: RefResolver, at: Mapping[Key, str], hints: Mapping[Key, tuple[str, ...]]
) -> str:
    """An inline schema's name: the class name of the named schema it is in (``at``), then a word per
    step: a property's name, ``Item`` (or the singular) for items, ``Value`` for map values, a union
    member's title, tag or position (``hints``)."""
    tokens = loc.tokens
    anchor = max((i + 2 for i in range(len(tokens) - 1) if tokens[i] in SCHEMA_SECTIONS), default=0)
    base_loc = Location(loc.doc, "").child(*tokens[:anchor])
    outside = _outside_schemas(loc, resolver.root) if not anchor and loc.doc is resolver.root else None
    if outside is not None:
        # under no named schema (a $ref into paths): named after the OpenAPI object holding it
        base, anchor = outside
        base_loc = Location(loc.doc, "").child(*tokens[:anchor])
    else:
        base = at.get(location_key(base_loc)) or class_name(component_at(base_loc, resolver.root) or loc.doc.path.stem)
    words: list[str] = []
    rest = tokens[anchor:]
    i = 0
    while i < len(rest):
        token, pair = rest[i], i + 1 < len(rest)
        if token in ("properties", "patternProperties", "$defs", "definitions") and pair:
            words.append(pascal_word(rest[i + 1]) if token != "patternProperties" else "Value")
            i += 1
        elif token in ("anyOf", "oneOf", "allOf") and pair:
            member = hints.get(location_key(base_loc.child(*rest[: i + 2])))
            if member is not None:  # of a union of several: its first hint making a word, else its position
                index = int(rest[i + 1]) if rest[i + 1].isdigit() else 0
                words.append(next((pascal_word(h) for h in member if pascal_word(h)), f"Option{index + 1}"))
            i += 1
        elif token == "items" and words and (plural := singular(words[-1])):
            words[-1] = plural
        elif token == "items":
            words.append("Item")
        elif token == "additionalProperties":
            words.append("Value")
        elif token == "prefixItems":
            words.append("Item")
            i += 1  # and its index
        elif not token.isdigit():
            words.append(pascal_word(token))
        i += 1
    return base + "".join(words)


#: OpenAPI sections holding schemas below, and the word after the entry's name (``NotFoundResponse``).
_HOLDERS = {
    "responses": "Response",
    "requestBodies": "Request",
    "parameters": "Parameter",
    "headers": "Header",
    "callbacks": "Callback",
    "pathItems": "",
    "mediaTypes": "",
}
_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace", "query")


def _outside_schemas(loc: Location, root: Document) -> tuple[str, int] | None:
    """The name of a root-document schema under no named schema, and how many tokens it covers
    (``derived_name`` walks on), from the OpenAPI objects on the way (OpenAPI 3.1 section 4.8): an
    ``operationId`` or method and path words (``PostItemsId``), then ``Request``, ``Response404``,
    ``<name>Parameter`` or ``<name>Header``; a ``components`` entry's name plus ``_HOLDERS``' word;
    else the pointer's words; a non-JSON media type's words. None for the document itself."""
    tokens = loc.tokens
    if not tokens:
        return None
    words: list[str] = []
    i = 0
    while i < len(tokens):
        token, after = tokens[i], tokens[i + 1] if i + 1 < len(tokens) else None
        if token in ("schema", "properties", "items", "additionalProperties", "allOf", "anyOf", "oneOf"):
            if i == 0:
                return None  # the document is itself a schema: named as one (component_at)
            break  # from here the walk of a schema (derived_name) names the rest
        step = 2  # most objects on the way are a section and an entry's name
        if token in ("paths", "webhooks") and after is not None:
            words = [pascal_word(after.replace("{", " ").replace("}", " "))]
            if i + 2 < len(tokens) and tokens[i + 2] in _METHODS:
                operation = reduce(_step, tokens[: i + 3], root.data)
                op_id = operation.get("operationId") if isinstance(operation, dict) else None
                op_word = pascal_word(op_id) if isinstance(op_id, str) else ""
                words = [op_word] if op_word else [pascal_word(tokens[i + 2]), *words]
                step = 3
        elif token == "components" and i + 2 < len(tokens) and after in _HOLDERS:
            words, step = [pascal_word(tokens[i + 2]), _HOLDERS[after]], 3
        elif token == "responses" and after is not None:
            words.append("Response" + ("" if after == "200" else pascal_word(after)))
        elif token in ("parameters", "headers") and after is not None:
            entry = reduce(_step, tokens[: i + 2], root.data)
            name = entry.get("name") if token == "parameters" and isinstance(entry, dict) else after
            word = pascal_word(name) if isinstance(name, str) else ""
            words.append((word or pascal_word(after)) + ("Parameter" if token == "parameters" else "Header"))
        elif token == "content" and after is not None:
            media = after.split(";")[0].strip().lower()
            if not (media.endswith("json") or media in ("text/event-stream", "*/*")):
                words.append(pascal_word(media))
        else:
            step = 1
            if not token.isdigit():
                words.append("Request" if token == "requestBody" else pascal_word(token))
        i += step
    return class_name("".join(words) or "Schema"), i + (1 if i < len(tokens) and tokens[i] == "schema" else 0)


def _step(node: Any, token: str) -> Any:
    if isinstance(node, dict):
        return node.get(token)
    if isinstance(node, list) and token.isdigit() and int(token) < len(node):
        return node[int(token)]
    return None


def field_names(wire_names: Sequence[str], class_names_: set[str]) -> list[str]:
    """Attribute names for one model's properties (``attribute_name``), in order: valid names claim
    themselves first; a class name of the module gets ``_`` appended (annotations would see the field)."""
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


def name_schemas(
    schemas: Schemas,
    places: Mapping[str, Place],
    resolver: RefResolver,
    hints: Mapping[Key, tuple[str, ...]] | None = None,
) -> Schemas:
    """``schemas`` (keyed by provisional ids, in rendering order) with every class, alias and
    attribute named, and each discriminator's attribute filled in.

    Raises:
        SpecError: two schemas that become one Python name, or one named like a root's accumulator.
    """
    order = [*schemas.models, *schemas.aliases]
    _check_defined(schemas)
    new = class_names(order, places, resolver, hints)
    taken = set(new.values())
    models: dict[str, Model] = {}
    for pid, m in schemas.models.items():
        py_names = field_names([f.wire_name for f in m.fields], taken)
        fields = tuple(replace(f, py_name=py) for f, py in zip(m.fields, py_names))
        models[new[pid]] = replace(m, name=new[pid], fields=fields).map_types(lambda t: renamed(t, new))
    aliases = {
        new[pid]: replace(a, name=new[pid], value_type=renamed(a.value_type, new)) for pid, a in schemas.aliases.items()
    }
    notes = sorted((name, note) for pid, name in new.items() if (note := origin_note(places[pid], name, resolver.root)))
    for name, note in notes:  # every id in ``new`` is a model's or an alias's
        table: dict[str, Any] = models if name in models else aliases
        told = table[name].description
        table[name] = replace(table[name], description=f"{told}\n\n{note}" if told else note)
    models = {name: m.map_types(lambda t: _attributes(t, models)) for name, m in models.items()}
    aliases = {name: replace(a, value_type=_attributes(a.value_type, models)) for name, a in aliases.items()}
    roots = tuple(new[r] for r in schemas.roots)
    responses = {new[r]: new[resp] for r, resp in schemas.responses.items()}
    union_roots = tuple(new[r] for r in schemas.union_roots)
    components = [new[pid] for pid in order if places[pid].public]
    synonyms = {
        class_name(spec): new[pid]
        for spec, pid in schemas.synonyms.items()
        if pid in new and class_name(spec) not in taken  # its type is emitted, and its name free
    }
    for root in roots:
        clash = accumulator_name(root)
        if clash in taken:
            loc = places[next(pid for pid, n in new.items() if n == clash)].loc
            raise loc.error(f"schema {clash} has the name of {root}'s generated accumulator; rename it")
    return replace(
        schemas,
        models=models,
        aliases=aliases,
        roots=roots,
        union_roots=union_roots,
        responses=responses,
        renames=tuple(notes),
        parsers=parse_functions([*roots, *responses.values(), *union_roots, *components, *synonyms]),
        synonyms=synonyms,
    )


def origin_note(place: Place, name: str, root: Document) -> str | None:
    """A docstring sentence for a class or alias named unlike its component (beyond the first
    letter's case): which component (``other.yaml#/Pet``) and why; else None."""
    spec = place.component
    if spec is None or name in (spec, spec[:1].upper() + spec[1:]) or not place.loc.tokens:
        return None  # inline, kept as written, or a whole document (named by its title)
    where = place.loc.pointer or "/"
    where = f"#{where}" if place.loc.doc is root else f"{place.loc.doc.path.name}#{where}"
    if place.base:
        union = class_name(spec)
        return f"From ``{where}``: the fields every ``{union}`` has (a ``{union}`` is the union its discriminator picks from)."
    base = pascal_word(spec)
    if base and base != name and name.endswith(base + "Model"):
        if keyword.iskeyword(base):
            why = f"``{base}`` is a Python keyword"
        elif base in dir(builtins):
            why = f"``{base}`` is a Python builtin"
        else:
            why = f"the generated module uses ``{base}`` itself"
    elif base and base[0].isdigit():
        why = "a Python name cannot start with a digit"
    elif base and name.endswith(base) and name != base:
        why = f"another schema of the module is named ``{base}``"
    elif not spec.isascii():
        why = "its accents are folded to ASCII letters" if name.isascii() else "written in PascalCase"
    else:
        why = "written as a Python name"
    return f"From ``{where}`` ({why})."


def _check_defined(schemas: Schemas) -> None:
    """Raise (a generator bug) when the IR mentions a type it does not hold (a ``NameError`` at import)."""
    defined = set(schemas.models) | set(schemas.aliases)
    types = [t for m in schemas.models.values() for t in m.types()]
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
    """``t`` with each discriminator's ``attribute``: the tag's Python name, if shared and not the wire name."""
    if isinstance(t, UnionType) and (d := t.discriminator) is not None:
        names = [name for _, name in d.mapping]
        attrs = (
            {f.py_name for n in names for f in models[n].fields if f.wire_name == d.property}
            if all(n in models for n in names)
            else set()
        )
        attribute = next(iter(attrs)) if len(attrs) == 1 else ""
        t = replace(t, discriminator=replace(d, attribute="" if attribute == d.property else attribute))
    return map_parts(t, lambda part: _attributes(part, models))


def component_name(pointer: str) -> str | None:
    """``Foo`` for ``/components/schemas/Foo`` (or ``#/...``); None for another place."""
    prefix = "/components/schemas/"
    pointer = pointer.removeprefix("#")
    if not pointer.startswith(prefix) or "/" in pointer[len(prefix) :]:
        return None
    return pointer[len(prefix) :].replace("~1", "/").replace("~0", "~")


def stream_name(pointer: str) -> str | None:
    """The name a map gives a schema: its component's, or for one inline in a component's property
    the two names joined (``ConversationEventsData``); None elsewhere."""
    found = component_name(pointer)
    if found is not None:
        return found
    head, sep, prop = pointer.removeprefix("#").rpartition("/properties/")
    owner = component_name(head) if sep else None
    if owner is None or not prop or "/" in prop:
        return None
    prop = prop.replace("~1", "/").replace("~0", "~")
    return owner + prop[:1].upper() + prop[1:]
