"""Python types: the one place that maps an IR type to each style's source text.

Three mappings per type: the annotation (``annotation``), the dataclass/TypedDict parser
callable (``parser``: a function ``Any -> T`` that raises the module's ``ParseError``), and
the dataclass dump expression (``dump``). Every spec string reaches the output through
``literal`` (``repr``), never spliced.
"""

from __future__ import annotations

import re

from .model import ANY, AliasRef, Array, Enum, Map, ModelRef, Nullable, Prim, Tuple, Type, UnionType, strip_null
from .naming import ParserNames

PRIM_ANNOTATION = {"str": "str", "int": "int", "float": "float", "bool": "bool", "any": "Any", "null": "None"}
PRIM_PARSER = {"str": "_str", "int": "_int", "float": "_float", "bool": "_bool", "any": "_any", "null": "_null"}


def literal(value: object) -> str:
    """A Python literal for a JSON scalar/list/dict from the spec (``repr`` escapes every
    quote, backslash, control, line-separator and bidi character)."""
    return repr(value)


def docstring(text: str, indent: int = 0) -> str:
    """A triple-quoted literal whose value is ``text`` (up to ``inspect.cleandoc``), its
    continuation lines indented by ``indent`` spaces.

    Backslashes are escaped, ``\"\"\"`` is broken up, control and invisible characters
    (``\\x00``, ``\\r``, U+2028, bidi controls) become escapes, and whitespace at the end of
    a line is escaped so that black's docstring clean-up cannot change the text.
    """
    text = text.strip()
    if "\\" not in text and text.replace("\n", "").isprintable():  # nothing to escape (most text)
        return _docstring_of(text, indent)
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == "\n" or (ch.isprintable() and ch != "\x7f"):
            out.append(ch)
        elif ch == "\t":
            out.append("\\t")
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return _docstring_of("".join(out), indent)


def _docstring_of(escaped: str, indent: int) -> str:
    lines = [_protect_trailing_space(line) for line in escaped.split("\n")]
    body = _escape_quotes("\n".join(lines))
    if "\n" not in body:
        return f'"""{body}"""'
    pad = " " * indent
    first, *rest = body.split("\n")
    return '"""' + first + "\n" + "\n".join(pad + line if line else "" for line in rest) + "\n" + pad + '"""'


def _escape_quotes(body: str) -> str:
    """Escape the double quotes that could end the literal or merge with its delimiters:
    each quote of a run of three or more, a quote at the start, and a quote at the end."""
    body = re.sub(r'"{3,}', lambda m: '\\"' * len(m.group()), body)
    if body.startswith('"'):
        body = "\\" + body
    if body.endswith('"'):
        backslashes = len(body[:-1]) - len(body[:-1].rstrip("\\"))
        if backslashes % 2 == 0:  # not already escaped
            body = body[:-1] + '\\"'
    return body


def _protect_trailing_space(line: str) -> str:
    stripped = line.rstrip(" ")
    return stripped + "\\x20" * (len(line) - len(stripped))


def annotation(
    t: Type,
    style: str,
    nullable: bool = False,
    target: tuple[int, int] = (3, 10),
    strings: frozenset[str] = frozenset(),
) -> str:
    """The annotation of a value of type ``t`` in ``style`` for Python ``target``: ``| None``
    appended when ``t`` is ``Nullable``, or when ``nullable`` asks for it (an optional field
    reads ``null`` as absent).

    ``strings``: aliases the module holds as strings at run time (recursive ones, before
    Python 3.12, in the standard-library styles). ``"..." | None`` cannot be evaluated, so
    a union with one of them as a member is written ``typing.Optional[...]`` or
    ``typing.Union[...]``, which ``typing.get_type_hints`` evaluates."""
    if isinstance(t, Nullable):
        t, nullable = t.inner, True
    text = _annotation(t, style, target, strings)
    if not nullable or text in ("Any", "None"):
        return text
    return f"typing.Optional[{text}]" if text in strings else f"{text} | None"


def _annotation(t: Type, style: str, target: tuple[int, int] = (3, 10), strings: frozenset[str] = frozenset()) -> str:
    if isinstance(t, Prim):
        return PRIM_ANNOTATION[t.kind]
    if isinstance(t, Enum):
        closed = _closed_enum(t, style)
        return " | ".join([closed, *t.bases] if closed else t.bases)
    if isinstance(t, (ModelRef, AliasRef)):
        return t.name
    if isinstance(t, Array):
        return f"list[{annotation(t.items, style, target=target, strings=strings)}]"
    if isinstance(t, Tuple):
        return _tuple_annotation(t, style, target, strings)
    if isinstance(t, Map):
        return f"dict[str, {annotation(t.values, style, target=target, strings=strings)}]"
    if isinstance(t, UnionType):
        # enums add their open base types once, at the end (``A | Literal["x"] | str``)
        bases = [b for o in t.options if isinstance(o, Enum) for b in o.bases]
        options = [
            _closed_enum(o, style) if isinstance(o, Enum) else _annotation(o, style, target, strings) for o in t.options
        ]
        options = [o for o in options if o]
        options += [PRIM_ANNOTATION[b] for b in dict.fromkeys(bases) if PRIM_ANNOTATION[b] not in options]
        if style == "pydantic" and t.discriminator is not None:
            tagged = " | ".join(f"Annotated[{o}, Tag({literal(o)})]" for o in options)
            return f"Annotated[{tagged}, Discriminator({discriminator_getter(t)})]"
        if style == "pydantic" and any(isinstance(o, (ModelRef, AliasRef)) for o in t.options):
            return f"Annotated[{' | '.join(options)}, Field(union_mode='left_to_right')]"
        if strings & set(options):
            return f"typing.Union[{', '.join(options)}]"
        return " | ".join(options)
    raise TypeError(t)  # pragma: no cover - closed set


def _tuple_annotation(t: Tuple, style: str, target: tuple[int, int], strings: frozenset[str]) -> str:
    """A tuple's annotation: one ``tuple[...]`` per length it may have (``minItems`` up to
    the prefix), the longest ending in ``*tuple[Rest, ...]`` when more items may follow.

    Where the style cannot say that, the widest honest type (``tuple_positions`` documents
    the positions, and the parsers check them): a TypedDict holds the decoded JSON, a
    ``list`` of the positions' types; pydantic cannot validate ``*tuple[...]`` and the
    dataclass style for Python 3.10 cannot write it, so a tuple open at the end is a
    ``tuple[A | B | Rest, ...]`` there (pydantic checks the positions still, through
    ``_TupleTail``). pydantic's tuples take the JSON list (``Strict(False)`` on the tuple
    only: its items stay strict)."""
    parts = [annotation(p, style, target=target, strings=strings) for p in t.prefix]
    rest = annotation(t.rest, style, target=target, strings=strings) if t.rest is not None else None
    if style == "typeddict":
        return f"list[{_any_of([*parts, *([rest] if rest else [])], strings)}]"
    if rest is not None and style == "pydantic":
        positions = f"tuple[{', '.join([*parts, rest])}]"
        return f"Annotated[tuple[{_any_of([*parts, rest], strings)}, ...], {TUPLE_TAIL}({positions}, {t.min_items})]"
    if rest is not None and target < (3, 11):
        shapes = [f"tuple[{_any_of([*parts, rest], strings)}, ...]"]
    else:
        shapes = [f"tuple[{', '.join(parts[:k])}]" if k else "tuple[()]" for k in range(t.min_items, len(parts) + 1)]
        if rest is not None:
            shapes[-1] = f"tuple[{', '.join(parts)}, *tuple[{rest}, ...]]"
    if style == "pydantic":
        shapes = [f"Annotated[{shape}, Strict(False)]" for shape in shapes]
    return " | ".join(shapes)


def _any_of(options: list[str], strings: frozenset[str]) -> str:
    """``A | B`` of annotation texts, each once (``Any`` when one of them is; see
    ``annotation`` for ``strings``)."""
    unique = list(dict.fromkeys(options))
    if "Any" in unique or len(unique) == 1:
        return "Any" if "Any" in unique else unique[0]
    return f"typing.Union[{', '.join(unique)}]" if strings & set(unique) else " | ".join(unique)


def tuple_positions(t: Type, style: str, target: tuple[int, int] = (3, 10)) -> str | None:
    """For a tuple whose annotation in ``style`` does not spell out its positions, the
    sentence that does (for the docstring); ``None`` otherwise."""
    t = strip_null(t)
    if not isinstance(t, Tuple):
        return None
    if style != "typeddict" and not (t.rest is not None and (style == "pydantic" or target < (3, 11))):
        return None  # spelled out by the annotation
    where = ", ".join(f"{i}: ``{annotation(p, style, target=target)}``" for i, p in enumerate(t.prefix))
    rest = "no more items" if t.rest is None else f"then any number of ``{annotation(t.rest, style, target=target)}``"
    least = f"; at least {t.min_items} item{'s' if t.min_items > 1 else ''}" if t.min_items else ""
    return f"Items by position (checked): {where}; {rest}{least}."


#: The pydantic module's ``Annotated`` metadata that validates a tuple open at the end by
#: position (pydantic cannot validate ``*tuple[...]``), defined in the module when used.
TUPLE_TAIL = "_TupleTail"

#: The pydantic module's check that an integer ``Literal`` value is an ``int`` (see
#: ``literal_text``), defined in the module when used.
EXACT_INT = "_exact_int"


def _closed_enum(t: Enum, style: str) -> str:
    """The ``Literal`` part of an open enum (or its alias), ``""`` when there is none."""
    if t.alias:
        return t.alias if literal_values(t, style) else ""
    return literal_text(t, style)


def literal_values(t: Enum, style: str) -> tuple[object, ...]:
    """The values an enum's ``Literal`` lists in ``style``: all of them, except that
    pydantic's ``Literal[True]`` also admits ``1`` (and ``Literal[1]`` ``True``), so in that
    style an enum holding booleans lists only its strings; the open base types admit the
    others, exactly."""
    if style == "msgspec":  # msgspec's Literal takes no floats: the open float base admits them
        return tuple(v for v in t.values if not isinstance(v, float))
    if style != "pydantic":
        return t.values
    if any(isinstance(v, bool) for v in t.values):
        return tuple(v for v in t.values if isinstance(v, str))
    return tuple(v for v in t.values if isinstance(v, (str, int)))


def literal_text(t: Enum, style: str) -> str:
    """The ``Literal[...]`` of an enum's values in ``style``, ``""`` when it lists none.
    pydantic's ``Literal[1]`` admits ``True`` and ``1.0`` even in strict mode, so there an
    integer ``Literal`` is ``Annotated`` with a check that the value is an ``int``."""
    values = literal_values(t, style)
    if not values:
        return ""
    text = f"Literal[{', '.join(literal(v) for v in values)}]"
    if style == "pydantic" and any(isinstance(v, int) for v in values):
        text = f"Annotated[{text}, BeforeValidator({EXACT_INT})]"
    return text


def closes_recursion(t: Type) -> bool:
    """True when ``t`` holds the reference that closes a recursion of aliases: an alias
    whose value holds it must be written as a string (its value is evaluated at import
    time, before the alias it names exists)."""
    if isinstance(t, AliasRef):
        return t.forward
    return any(closes_recursion(part) for part in _parts(t))


def _parts(t: Type) -> list[Type]:
    """The types ``t`` holds directly (a ``Nullable``'s inner type, items, positions,
    values, options)."""
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


def discriminator_getter(t: UnionType) -> str:
    """Source of the call that builds a discriminated union's tag function."""
    assert t.discriminator is not None
    mapping = "{" + ", ".join(f"{literal(tag)}: {literal(name)}" for tag, name in t.discriminator.mapping) + "}"
    prop = t.discriminator.property
    return f"_tag({literal(prop)}, {literal(t.discriminator.attribute or prop)}, {mapping})"


class Parsers:
    """The parser callables of one module (``Any -> value``: check, and for dataclasses
    build, a value; raise ``ParseError``). Composite parsers (lists, maps, nullables,
    unions) are built once, as module constants named after what they parse
    (``_P_list_of_int``: see ``naming.ParserNames``), instead of on every call;
    ``definitions`` lists them in dependency order."""

    def __init__(self, style: str, target: tuple[int, int] = (3, 10), strings: frozenset[str] = frozenset()) -> None:
        self.style = style
        self.target = target  # the oldest Python the module runs on (annotations it may use)
        self.strings = strings  # aliases held as strings at run time (see ``annotation``)
        self._names = ParserNames()
        self.definitions = self._names.definitions  # constant name -> expression

    def of(self, t: Type, nullable: bool = False) -> str:
        """The parser of a value of type ``t`` (``None`` accepted when ``t`` is ``Nullable``,
        or when ``nullable`` asks for it)."""
        if isinstance(t, Nullable):
            t, nullable = t.inner, True
        inner = self._of(t)
        return self._hoist("_nullable", [inner]) if nullable and t != ANY else inner

    def _of(self, t: Type) -> str:
        if isinstance(t, Prim):
            return PRIM_PARSER[t.kind]
        if isinstance(t, Enum):
            parsers = [PRIM_PARSER[b] for b in t.bases]
            return parsers[0] if len(parsers) == 1 else self._hoist("_first_of", parsers)
        if isinstance(t, ModelRef):
            return f"{t.name}.from_dict" if self.style == "dataclass" else f"_parse_{t.name}"
        if isinstance(t, AliasRef):
            return f"_parse_{t.name}"
        if isinstance(t, Array):
            return self._hoist("_list_of", [self.of(t.items)])
        if isinstance(t, Tuple):
            prefix = [self.of(p) for p in t.prefix]
            rest = self.of(t.rest) if t.rest is not None else "None"
            expression = f"_tuple_of(({', '.join(prefix)},), {rest}, {t.min_items})"
            shape = [
                ["then", rest] if t.rest is not None else ["closed"],
                *([[f"min_{t.min_items}"]] if t.min_items else []),
            ]
            return self._names.name(expression, ["tuple_of"], [*([p] for p in prefix), *shape])
        if isinstance(t, Map):
            return self._hoist("_map_of", [self.of(t.values)])
        if isinstance(t, UnionType):
            if t.discriminator is not None:
                d = t.discriminator
                pairs = [(literal(tag), self._of(ModelRef(name))) for tag, name in d.mapping]
                table = ", ".join(f"{tag}: {parser}" for tag, parser in pairs)
                expression = f"_tagged({literal(d.property)}, {{{table}}})"
                return self._names.name(expression, ["tagged", literal(d.property)], pairs)
            return self._hoist("_first_of", [self._of(o) for o in t.options])
        raise TypeError(t)  # pragma: no cover - closed set

    def _hoist(self, kind: str, parsers: list[str]) -> str:
        """The constant for ``kind(parsers)`` (``_first_of`` takes them as a tuple)."""
        inner = ", ".join(parsers)
        expression = f"{kind}(({inner},))" if kind == "_first_of" else f"{kind}({inner})"
        return self._names.name(expression, [kind], [[p] for p in parsers])


def scalar_type(t: Type) -> str | None:
    """The one Python type a JSON value of ``t`` always has, when there is one (``str`` for a
    string or a string enum): the generated parsers test it inline before calling a parser."""
    if isinstance(t, Prim) and t.kind in ("str", "int", "bool", "float"):
        return PRIM_ANNOTATION[t.kind]
    if isinstance(t, Enum) and len(t.bases) == 1 and t.bases[0] != "float":
        return PRIM_ANNOTATION[t.bases[0]]
    return None


def needs_dump(t: Type) -> bool:
    """True when a dataclass value of this type is not already plain JSON data (a tuple
    becomes a list)."""
    if isinstance(t, (ModelRef, AliasRef, Tuple)):
        return True
    return any(needs_dump(part) for part in _parts(t))


def dump(t: Type, value: str, nullable: bool = False) -> str:
    """Expression turning a dataclass value back into JSON data (wire names)."""
    if isinstance(t, Nullable):
        t, nullable = t.inner, True
    if not needs_dump(t):
        return value
    if nullable or isinstance(t, (AliasRef, UnionType, Tuple)):
        return f"_dump({value})"
    if isinstance(t, ModelRef):
        return f"{value}.to_dict()"
    if isinstance(t, Array):
        return f"[{dump(t.items, 'x')} for x in {value}]"
    if isinstance(t, Map):
        return f"{{k: {dump(t.values, 'x')} for k, x in {value}.items()}}"
    return f"_dump({value})"  # pragma: no cover


def uses(t: Type) -> set[str]:
    """Typing/pydantic names an annotation of ``t`` needs imported."""
    found: set[str] = set()
    if isinstance(t, Prim) and t.kind == "any":
        found.add("Any")
    elif isinstance(t, Enum) and t.alias is None:
        found.add("Literal")
        if any(isinstance(v, int) and not isinstance(v, bool) for v in t.values):
            found |= {"Annotated", "BeforeValidator", EXACT_INT}  # pydantic's (see literal_text)
    elif isinstance(t, (Nullable, Array, Tuple, Map)):
        for part in _parts(t):
            found |= uses(part)
        if isinstance(t, Tuple):
            found |= {"Annotated", "Strict"} | ({TUPLE_TAIL} if t.rest is not None else set())  # pydantic's
    elif isinstance(t, UnionType):
        for o in t.options:
            found |= uses(o)
        if t.discriminator is not None:
            found |= {"Annotated", "Tag", "Discriminator"}
        elif any(isinstance(o, (ModelRef, AliasRef)) for o in t.options):
            found |= {"Annotated", "Field"}
    return found
