"""Python types: the one place that maps an IR type to each style's source text.

Three mappings per type: the annotation (``annotation``), the dataclass/TypedDict parser
callable (``parser``: a function ``Any -> T`` that raises the module's ``ParseError``), and
the dataclass dump expression (``dump``). Every spec string reaches the output through
``literal`` (``repr``), never spliced.
"""

from __future__ import annotations

import re

from .model import ANY, AliasRef, Array, Enum, Map, ModelRef, Prim, Type, UnionType
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
    out = []
    for ch in text.strip():
        if ch == "\\":
            out.append("\\\\")
        elif ch == "\n" or (ch.isprintable() and ch != "\x7f"):
            out.append(ch)
        elif ch == "\t":
            out.append("\\t")
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    lines = [_protect_trailing_space(line) for line in "".join(out).split("\n")]
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


def annotation(t: Type, style: str, nullable: bool = False) -> str:
    """The annotation of a value of type ``t`` (``| None`` appended when nullable)."""
    text = _annotation(t, style)
    return f"{text} | None" if nullable and text not in ("Any", "None") else text


def _annotation(t: Type, style: str) -> str:
    if isinstance(t, Prim):
        return PRIM_ANNOTATION[t.kind]
    if isinstance(t, Enum):
        closed = _closed_enum(t, style)
        return " | ".join([closed, *t.bases] if closed else t.bases)
    if isinstance(t, (ModelRef, AliasRef)):
        return t.name
    if isinstance(t, Array):
        return f"list[{annotation(t.item, style, t.item_nullable)}]"
    if isinstance(t, Map):
        return f"dict[str, {annotation(t.value, style, t.value_nullable)}]"
    if isinstance(t, UnionType):
        # enums add their open base types once, at the end (``A | Literal["x"] | str``)
        bases = [b for o in t.options if isinstance(o, Enum) for b in o.bases]
        options = [_closed_enum(o, style) if isinstance(o, Enum) else _annotation(o, style) for o in t.options]
        options = [o for o in options if o]
        options += [PRIM_ANNOTATION[b] for b in dict.fromkeys(bases) if PRIM_ANNOTATION[b] not in options]
        if style == "pydantic" and t.discriminator is not None:
            tagged = " | ".join(f"Annotated[{o}, Tag({literal(o)})]" for o in options)
            return f"Annotated[{tagged}, Discriminator({discriminator_getter(t)})]"
        if style == "pydantic" and any(isinstance(o, (ModelRef, AliasRef)) for o in t.options):
            return f"Annotated[{' | '.join(options)}, Field(union_mode='left_to_right')]"
        return " | ".join(options)
    raise TypeError(t)  # pragma: no cover - closed set


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
    if isinstance(t, (Array, Map)):
        return closes_recursion(t.item if isinstance(t, Array) else t.value)
    if isinstance(t, UnionType):
        return any(closes_recursion(o) for o in t.options)
    return False


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

    def __init__(self, style: str) -> None:
        self.style = style
        self._names = ParserNames()
        self.definitions = self._names.definitions  # constant name -> expression

    def of(self, t: Type, nullable: bool = False) -> str:
        """The parser of a value of type ``t`` (``None`` accepted when nullable)."""
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
            return self._hoist("_list_of", [self.of(t.item, t.item_nullable)])
        if isinstance(t, Map):
            return self._hoist("_map_of", [self.of(t.value, t.value_nullable)])
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
    """True when a dataclass value of this type is not already plain JSON data."""
    if isinstance(t, (ModelRef, AliasRef)):
        return True
    if isinstance(t, Array):
        return needs_dump(t.item)
    if isinstance(t, Map):
        return needs_dump(t.value)
    if isinstance(t, UnionType):
        return any(needs_dump(o) for o in t.options)
    return False


def dump(t: Type, value: str, nullable: bool = False) -> str:
    """Expression turning a dataclass value back into JSON data (wire names)."""
    if not needs_dump(t):
        return value
    if nullable or isinstance(t, (AliasRef, UnionType)):
        return f"_dump({value})"
    if isinstance(t, ModelRef):
        return f"{value}.to_dict()"
    if isinstance(t, Array):
        return f"[{dump(t.item, 'x', t.item_nullable)} for x in {value}]"
    if isinstance(t, Map):
        return f"{{k: {dump(t.value, 'x', t.value_nullable)} for k, x in {value}.items()}}"
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
    elif isinstance(t, Array):
        found |= uses(t.item)
    elif isinstance(t, Map):
        found |= uses(t.value)
    elif isinstance(t, UnionType):
        for o in t.options:
            found |= uses(o)
        if t.discriminator is not None:
            found |= {"Annotated", "Tag", "Discriminator"}
        elif any(isinstance(o, (ModelRef, AliasRef)) for o in t.options):
            found |= {"Annotated", "Field"}
    return found
