"""Python source text every style shares: literals and docstrings of spec text (every spec
string reaches the output through ``literal``, never spliced), facts about IR types, and the
parser callables of the dataclass and TypedDict styles (``Parsers``). How each style writes a
type is its emitter's (``generator/styles``); ``annotation`` here asks it by the style's name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .model import ANY, AliasRef, Array, Enum, Map, Model, ModelRef, Nullable, Prim, Tuple, Type, UnionType, parts
from .naming import ParserNames

if TYPE_CHECKING:
    from .styles.base import Emitter

#: Black's default line length, which the generated modules are formatted to.
LINE_LENGTH = 88
PRIM_ANNOTATION = {"str": "str", "int": "int", "float": "float", "bool": "bool", "any": "Any", "null": "None"}


def literal(value: object) -> str:
    """A Python literal for a JSON scalar/list/dict from the spec, written as black writes it
    (``repr``'s escapes; black's quotes and exponents): black's second pass has nothing to do."""
    if isinstance(value, str):
        return string_literal(value)
    if isinstance(value, float):
        return repr(value).replace("e+", "e")  # black writes 1e+16 as 1e16
    if isinstance(value, list):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    if isinstance(value, tuple):
        return "(" + ", ".join(literal(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{literal(k)}: {literal(v)}" for k, v in value.items()) + "}"
    return repr(value)


def frozenset_literal(items: Iterable[str]) -> str:
    """``frozenset({"a", "b"})`` of spec strings; ``frozenset[str]()`` when there are none."""
    text = ", ".join(literal(item) for item in items)
    return f"frozenset({{{text}}})" if text else "frozenset[str]()"


def pattern_rules(m: Model, text: Callable[[Type], str]) -> str:
    """``(patterns), rest, closed`` of a model's ``patternProperties``, each type as ``text``
    writes it (an annotation, a parser, a checker): ``(("^x-", str), ), None, False``."""
    table = "".join(f"({literal(p)}, {text(t)}), " for p, t in m.patterns)
    return f"({table}), {text(m.rest_type) if m.rest_type is not None else 'None'}, {m.closed}"


def string_literal(text: str) -> str:
    """``repr(text)`` with black's choice of quotes: double unless that needs more escapes
    (black's ``normalize_string_quotes``: ``'it\'s "x"'`` stays, ``'x'`` becomes ``"x"``)."""
    quoted = repr(text)
    if quoted[0] == '"' or ('"' in text and text.count('"') > text.count("'")):
        return quoted  # repr chose double quotes, or they would need more escapes
    if '"' not in text:
        return f'"{quoted[1:-1]}"'  # no quote at all inside (a ' makes repr choose ")
    return '"' + "".join('\\"' if c == '"' else c if c == "'" else repr(c)[1:-1] for c in text) + '"'


def docstring(text: str, indent: int = 0) -> str:
    """A triple-quoted literal of ``text`` (up to ``inspect.cleandoc``), continuation lines
    indented by ``indent``; what could end it, invisible characters and trailing whitespace
    escaped, so that black's docstring clean-up cannot change the text."""
    text, one_line = text.strip(), LINE_LENGTH - indent - 6  # the room between the quotes
    if len(text) > one_line or "\n" in text:  # lines between the quotes on the first and last
        text = _wrapped(text, LINE_LENGTH - indent - 3)
        text = _wrapped(text, one_line) if "\n" not in text else text
    if "\\" in text or not text.replace("\n", "").isprintable():  # most text has nothing to escape
        # repr's escapes, but a newline kept and a carriage return as ``\\x0d``
        text = "".join(ch if ch == "\n" else "\\x0d" if ch == "\r" else repr(ch)[1:-1] for ch in text)
    body = re.sub(r" +$", lambda m: "\\x20" * len(m.group()), text, flags=re.MULTILINE)  # trailing spaces
    # double quotes that could end the literal or merge with its delimiters: runs of 3+, one at either end
    body = re.sub(r'"{3,}', lambda m: '\\"' * len(m.group()), body)
    if body.startswith('"'):
        body = "\\" + body
    if body.endswith('"') and (len(body) - 1 - len(body[:-1].rstrip("\\"))) % 2 == 0:  # not already escaped
        body = body[:-1] + '\\"'
    # each line after the first but an empty one indented
    return '"""' + re.sub(r"\n(?=.)", "\n" + " " * indent, body) + '"""'


def packed(names: list[str], indent: int = 4) -> list[str]:
    """The lines of a list of string literals, each followed by a comma, as many on a line as
    fit after ``indent`` spaces (``__all__``: black would lay it out one name a line)."""
    return _fill([literal(n) + "," for n in names], LINE_LENGTH - indent).split("\n") if names else []


#: A line a paragraph is kept as written for: markdown structure (a list item, a heading, a
#: table row, a quote, a fence) or indented code.
_STRUCTURE = re.compile(r"^(\s{2,}|[-*+>|#]|\d+[.)]\s|```)")
#: The start of a markdown list item: its indent, marker and space.
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")


def _wrapped(text: str, width: int) -> str:
    """``text`` with each paragraph of prose that has a line longer than ``width`` filled to
    ``width``, and each long markdown list item filled with a hanging indent; other markdown
    structure and code fences as written. Words are never broken."""
    if all(len(line) <= width for line in text.split("\n")):
        return text
    out: list[str] = []
    fenced = False
    for paragraph in text.split("\n\n"):
        lines = paragraph.split("\n")
        structured = fenced or any(_STRUCTURE.match(line) for line in lines)
        fenced ^= paragraph.count("```") % 2 == 1
        if all(len(line) <= width for line in lines) or (structured and "```" in paragraph):
            out.append(paragraph)
        elif structured:
            out.append("\n".join(_list_item(line, width) for line in lines))
        else:
            out.append(_fill(" ".join(lines), width))
    return "\n\n".join(out)


def _list_item(line: str, width: int) -> str:
    """A line of a paragraph with markdown structure: a long list item filled with a hanging
    indent, a long line of prose filled; any other line as it is."""
    if len(line) <= width:
        return line
    if (item := _LIST_ITEM.match(line)) is not None:
        return _fill(line[item.end() :], width, item.group(), " " * len(item.group()))
    return line if _STRUCTURE.match(line) else _fill(line, width)


#: A word of prose, or a code span with what is glued to it (``x='a b'``, ...): never broken,
#: so a literal in a docstring evaluates back to its value.
_WORD = re.compile(r"(?:``.+?``|\S)+")


def _fill(text: str | list[str], width: int, first: str = "", rest: str = "") -> str:
    """``text`` (or its words) filled to ``width``, the first line after ``first``, the others after ``rest``."""
    lines: list[str] = []
    line, empty = first, True
    for word in _WORD.findall(text) if isinstance(text, str) else text:
        if not empty and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = rest + word
        else:
            line += word if empty else " " + word
        empty = False
    return "\n".join([*lines, line])


def annotation(
    t: Type,
    style: str,
    nullable: bool = False,
    target: tuple[int, int] = (3, 10),
    strings: frozenset[str] = frozenset(),
) -> str:
    """The annotation of a value of type ``t`` in ``style`` (``Emitter.annotation``)."""
    from .styles.emitters import emitter  # the emitters build on this module

    return emitter(style).annotation(t, nullable, target, strings)


def noqa(annotation: str) -> str:
    """The comment that keeps ruff from rewriting a ``typing.Optional``/``typing.Union`` of a
    string alias into ``X | None``, which fails when evaluated; ``""`` when none is needed."""
    codes = [code for word, code in (("typing.Union[", "UP007"), ("typing.Optional[", "UP045")) if word in annotation]
    return f"  # noqa: {', '.join(codes)}" if codes else ""


def closes_recursion(t: Type) -> bool:
    """True when ``t`` holds the reference that closes a recursion of aliases: an alias whose
    value holds it is written as a string (evaluated at import, it would precede its target)."""
    return t.forward if isinstance(t, AliasRef) else any(closes_recursion(part) for part in parts(t))


class Parsers:
    """The parser callables of one module (``Any -> value``: check, and for dataclasses build,
    a value; raise ``ParseError``). Composite parsers are module constants built once, named
    after what they parse (``naming.ParserNames``); ``definitions`` lists them in dependency order."""

    def __init__(self, emitter: Emitter, target: tuple[int, int], strings: frozenset[str]) -> None:
        self.emitter = emitter  # the style's (the parser of a model)
        self.target = target  # the oldest Python the module runs on (annotations it may use)
        self.strings = strings  # aliases held as strings at run time (see ``annotation``)
        self._names = ParserNames()
        self.definitions = self._names.definitions  # constant name -> expression

    def of(self, t: Type) -> str:
        """The parser of a value of type ``t`` (``None`` accepted when ``t`` is ``Nullable``)."""
        if isinstance(t, Nullable) and t.inner != ANY:
            return self._hoist("_nullable", [self._of(t.inner)])
        return self._of(t.inner if isinstance(t, Nullable) else t)

    def _of(self, t: Type) -> str:
        if isinstance(t, Prim):
            return f"_{t.kind}"  # the runtime's parser of a scalar kind
        if isinstance(t, Enum) and t.closed:
            # a member's tag, checked as its Literal says; only in a field's table (built once)
            return f"_literal_of(({', '.join(literal(v) for v in t.values)},))"
        if isinstance(t, Enum):
            parsers = [f"_{b}" for b in t.bases]
            return parsers[0] if len(parsers) == 1 else self._hoist("_first_of", parsers)
        if isinstance(t, ModelRef):
            return self.emitter.model_parser(t.name)
        if isinstance(t, AliasRef):
            return f"_parse_{t.name}"
        if isinstance(t, Array):
            return self._hoist("_list_of", [self.of(t.items)])
        if isinstance(t, Tuple):
            prefix = [self.of(p) for p in t.prefix]
            rest = self.of(t.rest) if t.rest is not None else "None"
            expression = f"_tuple_of(({', '.join(prefix)},), {rest}, {t.min_items})"
            shape = [["then", rest] if t.rest is not None else ["closed"]]
            shape += [[f"min_{t.min_items}"]] if t.min_items else []
            return self._names.name(expression, ["tuple_of"], [*([p] for p in prefix), *shape])
        if isinstance(t, Map):
            return self._hoist("_map_of", [self.of(t.values)])
        if isinstance(t, UnionType):
            if (d := t.discriminator) is not None:
                pairs = [(literal(tag), self._of(ModelRef(name))) for tag, name in d.mapping]
                table = ", ".join(f"{tag}: {parser}" for tag, parser in pairs)
                fallback = self._of(ModelRef(d.fallback)) if d.fallback else ""
                expression = f"_tagged({literal(d.property)}, {{{table}}}{', ' + fallback if fallback else ''})"
                return self._names.name(expression, ["tagged", literal(d.property)], pairs)
            return self._hoist("_first_of", [self._of(o) for o in t.options])
        raise TypeError(t)  # pragma: no cover - closed set

    def _hoist(self, kind: str, parsers: list[str]) -> str:
        """The constant for ``kind(parsers)`` (``_first_of`` takes them as a tuple)."""
        inner = ", ".join(parsers)
        # no trailing comma after two or more: black would take it as magic and explode the tuple
        one = "," if len(parsers) == 1 else ""
        expression = f"{kind}(({inner}{one}))" if kind == "_first_of" else f"{kind}({inner})"
        return self._names.name(expression, [kind], [[p] for p in parsers])


def scalar_type(t: Type) -> str | None:
    """The one Python type a JSON value of ``t`` always has, if any (``str`` for a string
    enum): the generated parsers test it inline before calling a parser."""
    if isinstance(t, Prim) and t.kind in ("str", "int", "bool", "float"):
        return PRIM_ANNOTATION[t.kind]
    if isinstance(t, Enum) and len(t.bases) == 1 and t.bases[0] != "float":
        return PRIM_ANNOTATION[t.bases[0]]
    return None


def inline_type(t: Type) -> str | None:
    """The type a generated parser takes a value of as it is, without calling the parser:
    a scalar's (``scalar_type``), never a closed tag's (its values are checked)."""
    return None if isinstance(t, Enum) and t.closed else scalar_type(t)


def needs_dump(t: Type) -> bool:
    """True when a dataclass value of ``t`` is not already plain JSON (a tuple becomes a list)."""
    return isinstance(t, (ModelRef, AliasRef, Tuple)) or any(needs_dump(part) for part in parts(t))


def uses(t: Type) -> set[str]:
    """The typing names (``Any``, ``Literal``) an annotation of ``t`` needs in every style (a
    style's own: ``Emitter.annotation_names``)."""
    found = {"Any"} if isinstance(t, Prim) and t.kind == "any" else set()
    found |= {"Literal"} if isinstance(t, Enum) and t.alias is None else set()
    return found.union(*map(uses, parts(t)))
