"""Long generated lines laid out the way black lays them out, before black sees them.

Black formats every generated block anyway (its bytes are the output); this only hands it
lines it leaves as they are. A block black changes costs it a second full pass (``format_str``
formats its own output again), and splitting a long line is its costliest work (~6 ms a line,
against ~0.5 ms a line it leaves as it is), so a cold run spends seconds of CPU there.

``relayout`` rewrites the long single-line statements of a module (and the long items of
calls already exploded one item a line) with a small copy of black's line splitting
(``linegen.transform_line``: ``delimiter_split`` and ``right_hand_split`` with its optional
parentheses, for black's stable style and the default line length). It covers only the
tokens generated code uses: names, numbers, plain strings, brackets, commas, ``=``, ``:``,
``:=``, ``|``, ``and``/``or``/``not``, comparisons, conditional expressions. Anything else
(arithmetic, ``*``, lambdas, comprehensions, comments, non-ASCII text, a line still too long
after the split, a split black would try another way) raises ``Unsure`` and the line is left
for black. ``tests/test_layout.py`` checks the layouts against black itself over many
shapes and lengths, and the golden files check the output bytes.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from .pytypes import LINE_LENGTH, def_line

COMMA, TERNARY, LOGIC, COMPARATOR, BITOR, AMPER, CIRCUMFLEX = 18, 16, 14, 10, 9, 7, 8
_TOKEN = re.compile(
    r"""(?P<str>[rRbBuU]{0,2}(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'))"""
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<num>[0-9][0-9_.xXoObBeEjJa-fA-F]*)"
    r"|(?P<op>:=|==|!=|<=|>=|->|\*\*|//|<<|>>|[-+*/%@&|^~<>=.,:;()\[\]{}])|(?P<space> +)"
)
_BAD_NAMES = frozenset({"lambda", "for", "async", "await", "yield", "def", "class", "import", "from", "del"})
_COMPARISON_OPS = frozenset({"==", "!=", "<", ">", "<=", ">="})
_BAD_OPS = frozenset({"-", "+", "*", "/", "%", "@", "**", "//", "<<", ">>", "~", "->", ";"})


class Unsure(Exception):
    """The line is left for black."""


class _CannotSplit(Exception):
    pass


@dataclass(eq=False)
class Tok:
    kind: str  # name, str, num, op, open, close
    text: str
    space: bool  # a space before it (when not first on its line)
    invisible: bool = False  # black's optional parentheses
    match: Tok | None = None  # the other bracket
    trailer: bool = False  # an opening bracket after a name or a closing bracket


@dataclass
class _Line:
    toks: list[Tok]
    depth: int
    inside: bool = False
    must_split: bool = False
    visible: set[int] = field(default_factory=set)  # ids of invisible parens made visible


def tokens(text: str) -> list[Tok]:
    """The tokens of one line of code (``Unsure`` for anything not covered)."""
    out: list[Tok] = []
    stack: list[Tok] = []
    at, space = 0, False
    while at < len(text):
        m = _TOKEN.match(text, at)
        if m is None:
            raise Unsure(text)
        at = m.end()
        kind = m.lastgroup
        value = m.group()
        if kind == "space":
            space = True
            continue
        if kind == "op" and value in "([{":
            kind = "open"
        elif kind == "op" and value in ")]}":
            kind = "close"
        if kind == "name" and value in _BAD_NAMES or kind == "op" and value in _BAD_OPS:
            raise Unsure(value)
        if kind == "str" and out and out[-1].kind == "str":
            raise Unsure("implicit concatenation (or a triple-quoted string)")
        if kind == "str" and out and out[-1].kind == "name" and not space:
            raise Unsure("an f-string or another string prefix")
        tok = Tok(kind, value, space)  # type: ignore[arg-type]
        space = False
        if kind == "open":
            prev = out[-1] if out else None
            tok.trailer = prev is not None and (prev.kind in ("name", "close", "str")) and prev.text not in _KEYWORDS
            stack.append(tok)
        elif kind == "close":
            if not stack:
                raise Unsure(text)
            opening = stack.pop()
            if opening.text + value not in ("()", "[]", "{}"):
                raise Unsure(text)
            opening.match, tok.match = tok, opening
            if (
                out
                and out[-1].text == ","
                and not (opening.text == "(" and not opening.trailer and _one_item(out, opening))
            ):
                raise Unsure("magic trailing comma")
        out.append(tok)
    if stack:
        raise Unsure(text)
    return out


_KEYWORDS = frozenset(
    {"and", "or", "not", "in", "is", "if", "else", "elif", "while", "return", "assert", "with", "None", "True", "False"}
)


def _one_item(out: list[Tok], opening: Tok) -> bool:
    """Whether the tokens after ``opening`` hold one comma at depth 0 (a 1-tuple)."""
    i = len(out) - 1
    while out[i] is not opening:
        i -= 1
    depth, commas = 0, 0
    for t in out[i + 1 :]:
        if t.kind == "open":
            depth += 1
        elif t.kind == "close":
            depth -= 1
        elif t.text == "," and depth == 0:
            commas += 1
    return commas == 1


def _invisible(at: list[Tok], start: int, end: int) -> None:
    """Wrap ``at[start:end]`` in black's invisible parentheses."""
    o = Tok("open", "(", at[start].space, invisible=True)
    c = Tok("close", ")", False, invisible=True)
    o.match, c.match = c, o
    at[start].space = False
    at.insert(end, c)
    at.insert(start, o)


def _render(line: _Line) -> str:
    parts = []
    for i, t in enumerate(line.toks):
        if t.invisible and id(t) not in line.visible:
            text = ""
        else:
            text = t.text
        parts.append((" " if t.space and i else "") + text)
    return "".join(parts)


def _text(line: _Line) -> str:
    """Black's ``str(line)`` without the newline (trailing space of an invisible paren kept)."""
    return "    " * line.depth + _render(line)


def _fits(line: _Line, length: int = LINE_LENGTH) -> bool:
    return len(_text(line)) <= length


def _delimiters(toks: list[Tok]) -> dict[int, int]:
    """Black's delimiters at depth 0 (index of the token a split follows -> priority)."""
    found: dict[int, int] = {}
    depth = 0
    for i, t in enumerate(toks):
        if t.kind == "close":
            depth -= 1
        if depth == 0 and i:
            prev = toks[i - 1]
            before = 0
            if t.text == "." and prev.kind == "close":
                raise Unsure("method chain")
            if t.kind == "op" and t.text in _COMPARISON_OPS:
                before = COMPARATOR
            elif t.kind == "op" and t.text == "|":
                before = BITOR
            elif t.kind == "op" and t.text == "&":
                before = AMPER
            elif t.kind == "op" and t.text == "^":
                before = CIRCUMFLEX
            elif t.kind == "name" and t.text in ("if", "else"):
                before = TERNARY
            elif t.kind == "name" and t.text in ("and", "or"):
                before = LOGIC
            elif (
                t.kind == "name"
                and t.text == "is"
                or t.kind == "name"
                and t.text == "in"
                and prev.text != "not"
                or t.kind == "name"
                and t.text == "not"
                and i + 1 < len(toks)
                and toks[i + 1].text == "in"
            ):
                before = COMPARATOR
            if before:
                found[i - 1] = max(found.get(i - 1, 0), before)
        if depth == 0 and t.text == ",":
            found[i] = max(found.get(i, 0), COMMA)
        if t.kind == "open":
            depth += 1
    return found


def _transform(line: _Line, force: bool = False) -> list[str]:
    """Black's ``transform_line`` for ``line``: its output lines (``Unsure`` where not sure);
    ``force`` is black's ``FORCE_OPTIONAL_PARENTHESES`` (its "second opinion")."""
    if not line.must_split and _fits(line):
        return [_text(line)]
    transformers = [_delimiter_split, _rhs] if line.inside else [_rhs]
    for transform in transformers:
        try:
            result = transform(line, force)
        except _CannotSplit:
            continue
        if len(result) == 1 and _render(result[0]) == _render(line):
            continue
        out: list[str] = []
        for part in result:
            out.extend(_transform(part, force))
        if transform is _rhs and not force and len(out[0]) > LINE_LENGTH:
            optional = [id(t) for t in _depth0(line.toks) if t.invisible]
            if optional and not any(i in part.visible for part in result for i in optional):
                try:
                    second = _transform(line, True)
                except _CannotSplit:
                    raise Unsure("second opinion") from None
                if all(len(text) <= LINE_LENGTH for text in second):
                    out = second
        return out
    return [_text(line)]  # black leaves it too long


def _checked(lines: list[str]) -> list[str]:
    """``lines``, unless one is too long and holds a bracket (a line without one, such as a
    long dict entry, black cannot split either)."""
    for line in lines:
        if len(line) > LINE_LENGTH and any(c in line for c in "()[]{}"):
            raise Unsure("black would leave a line too long")
    return lines


def _depth0(toks: list[Tok]) -> list[Tok]:
    out = []
    depth = 0
    for t in toks:
        if t.kind == "close":
            depth -= 1
        if depth == 0:
            out.append(t)
        if t.kind == "open":
            depth += 1
    return out


def _delimiter_split(line: _Line, force: bool = False) -> list[_Line]:
    toks = line.toks
    delimiters = _delimiters(toks)
    delimiters.pop(len(toks) - 1, None)
    if not delimiters:
        raise _CannotSplit
    priority = max(delimiters.values())
    lines: list[_Line] = []
    current: list[Tok] = []
    for i, t in enumerate(toks):
        current.append(t)
        if delimiters.get(i) == priority:
            lines.append(_Line(current, line.depth, line.inside, visible=line.visible))
            current = []
    if current:
        if priority == COMMA and current[-1].text != ",":
            current.append(Tok("op", ",", False))
        lines.append(_Line(current, line.depth, line.inside, visible=line.visible))
    return lines


@dataclass
class _RHS:
    head: list[Tok]
    body: list[Tok]
    tail: list[Tok]
    opening: Tok
    closing: Tok


def _first_rhs(toks: list[Tok], omit: set[int]) -> _RHS:
    tail: list[Tok] = []
    body: list[Tok] = []
    head: list[Tok] = []
    current = tail
    opening = closing = None
    for t in reversed(toks):
        if current is body and t is opening:
            current = head if body else tail
        current.append(t)
        if current is tail and t.kind == "close" and id(t) not in omit:
            opening, closing = t.match, t
            current = body
    if opening is None or closing is None or not head:
        raise _CannotSplit
    tail.reverse()
    body.reverse()
    head.reverse()
    if not body:
        tail_len = len("".join(t.text for t in tail if not t.invisible).strip())
        if tail_len < 3:
            raise _CannotSplit
    return _RHS(head, body, tail, opening, closing)


def _rhs(line: _Line, force: bool = False) -> list[_Line]:
    """``right_hand_split`` with the ``omit`` sets black tries (``_rhs`` in
    ``transform_line``): the first whose head fits, else the split omitting nothing."""
    first: list[_Line] | None = None
    starts: dict[int, int] = {}
    at = 4 * line.depth
    for t, n in zip(line.toks, _lengths(line.toks)):
        starts[id(t)] = at
        at += n
    for omit in _trailers_to_omit(line):
        if omit:
            target = next((t.match for t in reversed(line.toks) if t.kind == "close" and id(t) not in omit), None)
            if target is not None and not target.invisible and starts[id(target)] > LINE_LENGTH:
                continue
        lines = _maybe_split_omitting_optional_parens(_first_rhs(line.toks, omit), line, omit, force)
        if first is None and not omit:
            first = lines
        if _fits(lines[0]):
            return lines
    assert first is not None
    return first


def _trailers_to_omit(line: _Line) -> list[set[int]]:
    """Black's ``generate_trailers_to_omit`` (no magic trailing comma, no comment here)."""
    found: list[set[int]] = [set()]
    omit: set[int] = set()
    length = 4 * line.depth
    opening: Tok | None = None
    closing: Tok | None = None
    inner: set[int] = set()
    toks = line.toks
    lengths = _lengths(toks)
    for index in range(len(toks) - 1, -1, -1):
        t = toks[index]
        length += lengths[index]
        if length > LINE_LENGTH:
            break
        if opening is not None:
            if t is opening:
                opening = None
            elif t.kind == "close":
                inner.add(id(t))
        elif t.kind == "close":
            prev = toks[index - 1] if index > 0 else None
            if prev is not None and prev.kind == "open":
                inner.add(id(t))
                continue
            if closing is not None:
                omit.add(id(closing))
                omit.update(inner)
                inner.clear()
                found.append(set(omit))
            if not t.invisible:
                opening, closing = t.match, t
    return found


def _maybe_split_omitting_optional_parens(rhs: _RHS, line: _Line, omit: set[int], force: bool) -> list[_Line]:
    if not force and rhs.opening.invisible and rhs.closing.invisible and _can_omit_invisible_parens(rhs, line):
        omit = {id(rhs.closing), *omit}
        try:
            oop = _first_rhs(line.toks, omit)
            if _prefer_split_rhs_oop_over_rhs(oop, rhs, line):
                return _maybe_split_omitting_optional_parens(oop, line, omit, force)
        except _CannotSplit:
            body = _Line(rhs.body, line.depth + 1, True)
            if len(rhs.body) < 2 and not _fits(body):
                raise
            if rhs.body[0].kind == "str" and len(rhs.body) > 1 and rhs.body[1].text == ".":
                raise Unsure("can_be_split") from None
    visible = set(line.visible)
    if rhs.opening.invisible:
        visible |= {id(rhs.opening), id(rhs.closing)}
    head = _Line(rhs.head, line.depth, visible=visible)
    body = _Line(rhs.body, line.depth + 1, True, visible=visible)
    body.must_split = _should_split(body, rhs.opening)
    tail = _Line(rhs.tail, line.depth, visible=visible)
    return [part for part in (head, body, tail) if part.toks and (part is body or _render(part))]


def _should_split(body: _Line, opening: Tok) -> bool:
    if not body.toks:
        return False
    delimiters = _delimiters(body.toks)
    trailing = body.toks[-1].text == ","
    delimiters.pop(len(body.toks) - 1, None)
    if not delimiters:
        return False
    atom = opening.invisible or not opening.trailer
    return max(delimiters.values()) == COMMA and (trailing or atom)


def _can_omit_invisible_parens(rhs: _RHS, line: _Line) -> bool:
    body = rhs.body
    delimiters = _delimiters(body)
    if not delimiters:
        return True
    priority = max(delimiters.values())
    if sum(1 for p in delimiters.values() if p == priority) > 1:
        return False
    first, second = body[0], body[1]
    depth = line.depth + 1
    if first.kind == "open" and second.kind != "close" and _can_omit_opening_paren(body, first, depth):
        return True
    penultimate, last = body[-2], body[-1]
    if last.kind == "close" and (
        last.text in ")}" or (last.text == "]" and last.match is not None and not last.match.trailer)
    ):
        if penultimate.kind == "open":
            return False
        if _can_omit_closing_paren(body, last, depth):
            return True
    return False


def _lengths(toks: list[Tok]) -> list[int]:
    return [len(t.text if not t.invisible else "") + (1 if t.space and i else 0) for i, t in enumerate(toks)]


def _can_omit_opening_paren(body: list[Tok], first: Tok, depth: int) -> bool:
    if any(t.invisible for t in body):
        raise Unsure("invisible parens inside")
    remainder = False
    length = 4 * depth
    for t, n in zip(body, _lengths(body)):
        if t.kind == "close" and t.match is first:
            remainder = True
        if remainder:
            length += n
            if length > LINE_LENGTH:
                return False
            if t.kind == "open":
                remainder = False
    return True


def _can_omit_closing_paren(body: list[Tok], last: Tok, depth: int) -> bool:
    if any(t.invisible for t in body):
        raise Unsure("invisible parens inside")
    length = 4 * depth
    seen_other_brackets = False
    for t, n in zip(body, _lengths(body)):
        length += n
        if t is last.match:
            if seen_other_brackets or length <= LINE_LENGTH:
                return True
        elif t.kind == "open":
            seen_other_brackets = True
    return False


def _prefer_split_rhs_oop_over_rhs(oop: _RHS, rhs: _RHS, line: _Line) -> bool:
    head = rhs.head
    if not (len(head) >= 2 and head[-2].text == "=" and head[-2].kind == "op"):
        return True
    if not any(t.kind in ("open", "close") for t in head[:-1]):
        return True
    if not _fits(_Line(head, line.depth, visible=line.visible), LINE_LENGTH - 1):
        return True
    if sum(1 for t in head if t.text == "=") > 1:
        raise Unsure("several targets")
    for t in reversed(oop.head):
        if t.text == "=" and t.kind == "op":
            break
        if t.kind == "close":
            return True
    return any(t.text == "=" for t in oop.head) and _fits(_Line(oop.head, line.depth, visible=line.visible))


# ---------------------------------------------------------------------------
# Statements


def statement(text: str, node: ast.stmt | str, depth: int) -> list[str]:
    """Black's lines for the one-line statement ``text`` (without indentation) at ``depth``
    (``node`` is its parse, or ``"elif"`` for an ``elif`` line)."""
    if not text.isascii() or "#" in text or "\\" in text and '"' not in text and "'" not in text:
        raise Unsure("text")
    toks = tokens(text)
    if isinstance(node, ast.Assign):
        if len(node.targets) != 1 or not isinstance(node.targets[0], (ast.Name, ast.Attribute)):
            raise Unsure("target")
        eq = _index_of(toks, "=")
        _value(toks, eq + 1, len(toks))
    elif isinstance(node, ast.AnnAssign):
        if not isinstance(node.target, (ast.Name, ast.Attribute)):
            raise Unsure("target")
        colon = _index_of(toks, ":")
        eq = _index_of(toks, "=") if node.value is not None else len(toks)
        if node.value is not None:
            _value(toks, eq + 1, len(toks))
        _value(toks, colon + 1, eq)
    elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        pass
    elif isinstance(node, ast.Return) and node.value is not None:
        _value(toks, 1, len(toks))
    elif isinstance(node, (ast.If, ast.While, str)):
        if toks[-1].text != ":":
            raise Unsure("if")
        _value(toks, 1, len(toks) - 1)
    else:
        raise Unsure("statement")
    return _checked(_transform(_Line(toks, depth)))


def item(text: str, depth: int) -> list[str]:
    """Black's lines for ``text`` (an item and its comma) on a line of its own inside brackets."""
    if not text.isascii() or "#" in text:
        raise Unsure("text")
    return _checked(_transform(_Line(tokens(text), depth, inside=True)))


def _index_of(toks: list[Tok], text: str) -> int:
    depth = 0
    for i, t in enumerate(toks):
        if t.kind == "open":
            depth += 1
        elif t.kind == "close":
            depth -= 1
        elif depth == 0 and t.text == text and t.kind == "op":
            return i
    raise Unsure(text)


def _value(toks: list[Tok], start: int, end: int) -> None:
    """Black's optional parentheses around ``toks[start:end]``; none around a tuple in
    parentheses (an expression in parentheses, or a tuple without, is left to black)."""
    if start >= end:
        raise Unsure("empty")
    if toks[start].kind == "open" and toks[start].text == "(" and toks[start].match is toks[end - 1]:
        if COMMA in _delimiters(toks[start + 1 : end - 1]).values():
            return  # a tuple in parentheses: black keeps them (and adds none)
        raise Unsure("parenthesized")
    depth = 0
    for t in toks[start:end]:
        if t.kind == "open":
            depth += 1
        elif t.kind == "close":
            depth -= 1
        elif depth == 0 and t.text in (",", ":=", "="):
            raise Unsure("tuple")
    _invisible(toks, start, end)


# ---------------------------------------------------------------------------
# Modules


def relayout(lines: list[str], tree: ast.Module) -> dict[int, str]:
    """The long lines of a module (its lines without their ends; ``tree`` is its parse) that
    can be laid out as black lays them out: line index -> the lines black makes of it."""
    replace: dict[int, list[str]] = {}
    if any(len(line) > LINE_LENGTH for line in lines):
        _visit(tree.body, lines, replace)
    return {at: "\n".join(new) for at, new in replace.items()}


def _visit(body: list[ast.stmt], lines: list[str], replace: dict[int, list[str]]) -> None:
    for node in body:
        first = node.lineno - 1
        if node.end_lineno == node.lineno:
            line = lines[first]
            if len(line) > LINE_LENGTH:
                _try(line, node, replace, first)
            continue
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef, ast.For, ast.With, ast.Try)):
            if isinstance(node, ast.FunctionDef) and len(lines[node.lineno - 1]) > LINE_LENGTH:
                _def(node, lines, replace)
            if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
                _docstring(node.body[0], lines, replace)
            _visit(node.body, lines, replace)
            for extra in (getattr(node, "orelse", []), getattr(node, "finalbody", [])):
                _visit(extra, lines, replace)
            for handler in getattr(node, "handlers", []):
                _visit(handler.body, lines, replace)
            continue
        if isinstance(node, (ast.If, ast.While)):
            _header(node, lines, replace)
            _visit(node.body, lines, replace)
            orelse = node.orelse
            while (
                isinstance(node, ast.If)
                and len(orelse) == 1
                and isinstance(orelse[0], ast.If)
                and lines[orelse[0].lineno - 1].lstrip().startswith("elif ")
            ):
                node = orelse[0]
                _header(node, lines, replace)
                _visit(node.body, lines, replace)
                orelse = node.orelse
            _visit(orelse, lines, replace)
            continue
        _exploded_items(node, lines, replace)


def _docstring(node: ast.stmt, lines: list[str], replace: dict[int, list[str]]) -> None:
    """A docstring of several lines whose closing quotes would make its last line too long:
    the quotes on a line of their own, as black puts them (``linegen.visit_default``)."""
    if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
        return
    at = (node.end_lineno or node.lineno) - 1
    line = lines[at]
    if at == node.lineno - 1 or len(line) <= LINE_LENGTH or node.end_col_offset != len(line):
        return
    text = line[:-3]
    if not line.endswith('"""') or not text.strip() or text.endswith((" ", "\\", '"')) or not line.isascii():
        return
    if len(text) - len(text.lstrip(" ")) != node.col_offset or "\t" in line:
        return  # black re-indents the lines: left to it
    replace[at] = [text, " " * node.col_offset + '"""']


_DEF = re.compile(r"( *)def (\w+)\(([^\"'#*]*)\) -> ([^\"'#*]+):")


def _def(node: ast.FunctionDef, lines: list[str], replace: dict[int, list[str]]) -> None:
    """A long ``def`` line (parameters and return annotation on it, no strings, no ``*``,
    no magic trailing comma) through ``pytypes.def_line``, where it is sure."""
    at = node.lineno - 1
    m = _DEF.fullmatch(lines[at])
    if m is None or node.body[0].lineno == node.lineno or not lines[at].isascii():
        return
    indent, name, params, returns = m.groups()
    if len(indent) % 4 or params.rstrip().endswith(","):
        return
    laid = def_line(name, params, returns, len(indent))
    if "\n" in laid:
        replace[at] = [indent + line if i == 0 else line for i, line in enumerate(laid.split("\n"))]


def _header(node: ast.If | ast.While, lines: list[str], replace: dict[int, list[str]]) -> None:
    at = node.lineno - 1
    line = lines[at]
    if len(line) > LINE_LENGTH and node.test.lineno == node.test.end_lineno == node.lineno and line.endswith(":"):
        _try(line, "elif" if line.lstrip().startswith("elif ") else node, replace, at)


def _try(line: str, node: ast.stmt | str, replace: dict[int, list[str]], at: int) -> None:
    stripped = line.lstrip(" ")
    indent = len(line) - len(stripped)
    if indent % 4:
        return
    try:
        replace[at] = statement(stripped, node, indent // 4)
    except Unsure:
        pass
    except (IndexError, RecursionError):  # pragma: no cover - a shape not thought of: left to black
        pass


def _exploded_items(node: ast.stmt, lines: list[str], replace: dict[int, list[str]]) -> None:
    """The long lines of a statement made of a call already one item a line (with its
    trailing comma, so black keeps it exploded): each item laid out as a line of its own."""
    value = getattr(node, "value", None)
    if not isinstance(node, (ast.Assign, ast.Expr)) or not isinstance(value, ast.Call):
        return
    items: list[ast.expr | ast.keyword] = [*value.args, *value.keywords]
    for arg in items:
        if arg.lineno != arg.end_lineno:
            continue
        at = arg.lineno - 1
        line = lines[at]
        if len(line) <= LINE_LENGTH or not line.endswith(","):
            continue
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        if indent % 4 or arg.col_offset != indent or arg.end_col_offset != len(line) - 1:
            continue
        try:
            replace[at] = item(stripped, indent // 4)
        except (Unsure, IndexError, RecursionError):
            pass
