"""``generator.layout``: long generated lines laid out as black lays them out, checked
against black itself over the shapes the templates write, at lengths around the limit."""

from __future__ import annotations

import ast
import random

import pytest

from generator import layout
from generator.format import _blocks, _laid_out, format_modules, format_source

TARGET = (3, 10)


def _laid(source: str) -> str:
    lines = source.splitlines(keepends=True)
    for at, text in layout.relayout([line.rstrip("\n") for line in lines], ast.parse(source)).items():
        lines[at] = text + "\n"
    return "".join(lines)


def _name(rng: random.Random, n: int) -> str:
    return "N" + "".join(rng.choice("abcdefghij") for _ in range(max(n - 1, 0)))


def _strings(rng: random.Random, k: int, n: int) -> list[str]:
    return [f'"{_name(rng, rng.randint(1, n))}"' for _ in range(k)]


def _atom(rng: random.Random, n: int) -> str:
    kind = rng.randrange(5)
    if kind == 0:
        return f'"{_name(rng, n)}"'
    if kind == 1:
        return f"{_name(rng, n)}.from_dict"
    if kind == 2:
        return f"{_name(rng, 4)}={rng.choice(['True', '_str', repr(_name(rng, n))]).replace(chr(39), chr(34))}"
    if kind == 3:
        return "{" + ", ".join(f"{s}: {_name(rng, n)}.from_dict" for s in _strings(rng, rng.randint(1, 3), n)) + "}"
    return _name(rng, n)


def _annotation(rng: random.Random, n: int) -> str:
    parts = []
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(4)
        if kind == 0:
            parts.append("Literal[" + ", ".join(_strings(rng, rng.randint(1, 8), n)) + "]")
        elif kind == 1:
            parts.append(f"list[{' | '.join(_name(rng, n) for _ in range(rng.randint(1, 3)))}]")
        else:
            parts.append(_name(rng, n))
    if rng.random() < 0.5:
        parts.append(rng.choice(["str", "None", "str | None"]))
    return " | ".join(parts)


def _statement(rng: random.Random) -> str:
    """A module with one long statement of a shape the templates write."""
    n = rng.randint(3, 30)
    shape = rng.randrange(14)
    atoms = [_atom(rng, n) for _ in range(rng.randint(1, 5))]
    args = ", ".join(sorted(atoms, key=lambda a: "=" in a.split('"')[0]))  # keywords last
    if shape == 0:
        return (
            f"{_name(rng, rng.randint(4, 60))} = {rng.choice(['_tagged', '_Slot', '_list_of', 'frozenset'])}({args})\n"
        )
    if shape == 1:
        items = ", ".join(_strings(rng, rng.randint(1, 12), n))
        opening, closing = rng.choice([("frozenset({", "})"), ("_first_of((", "))"), ("[", "]")])
        return f"{_name(rng, rng.randint(4, 60))} = {opening}{items}{closing}\n"
    if shape == 2:
        return f"{_name(rng, rng.randint(2, 40))}: TypeAlias = {_annotation(rng, n)}\n"
    if shape == 3:
        default = rng.choice(["", " = None", " = 0", ' = "x"'])
        return f"class C:\n    {_name(rng, rng.randint(2, 20)).lower()}: {_annotation(rng, n)}{default}\n"
    if shape == 4:
        attr = _name(rng, rng.randint(2, 25)).lower()
        call = f"acc.{rng.choice(['last_text', 'merge_object', 'last_value'])}(self, {attr!r}, self.{attr}, {args})"
        value = rng.choice([call, f"value if type(value) is str and value else {call}"]).replace("'", '"')
        return f"class C:\n    def f(self, value):\n        if value:\n            self.{attr} = {value}\n"
    if shape == 5:
        key = _name(rng, n).lower()
        first = rng.choice([f'(value := d.get("{key}")) is not None', f'(value := d.get("{key}", _MISSING)) is None'])
        second = f"(type(value) is not list or not _ONLY_{_name(rng, rng.randint(2, 20))}.issuperset(map(type, value)))"
        conds = (
            [first, second]
            if rng.random() < 0.6
            else [first, *(f"type(x{i} := value[{i}]) is dict" for i in range(rng.randint(1, 4))), second]
        )
        joiner = rng.choice([" and ", " or "])
        return f"def f(d):\n    if {joiner.join(conds)}:\n        return 1\n    elif {joiner.join(conds[::-1])}:\n        return 2\n"
    if shape == 6:
        return f"def f(d):\n    _req(d, {_strings(rng, 1, n)[0]}, {_name(rng, rng.randint(10, 80))})\n"
    if shape == 7:
        fields = [
            f'    {_name(rng, m).lower()}=_Field("{_name(rng, m)}", {_name(rng, rng.randint(5, 60))}{rng.choice(["", ", optional=True", ", optional=True, dump=True"])}),'
            for m in (rng.randint(2, 20) for _ in range(3))
        ]
        return "X._fields = _Fields(\n" + "\n".join(fields) + "\n)\n"
    if shape == 8:
        return f"class C:\n    def __init__(self):\n        self.{_name(rng, rng.randint(2, 30)).lower()}: {_name(rng, rng.randint(10, 60))} | None = None\n"
    if shape == 9:
        k = rng.randint(1, 4)
        defaults = rng.randint(0, k)  # the last ones have a default
        params = ", ".join(
            f"{_name(rng, rng.randint(1, 12)).lower()}: {rng.choice(['Any', 'dict[str, Any]', _annotation(rng, n)])}"
            + ("" if i < k - defaults else " = None")
            for i in range(k)
        )
        params = rng.choice(["", "self, "]) + params.replace('"', "")
        returns = rng.choice(["None", "Any", _name(rng, rng.randint(5, 60)), "dict[str, Callable[[Any], None]]"])
        return f"class C:\n    def {_name(rng, rng.randint(3, 40))}({params}) -> {returns}:\n        pass\n"
    if shape == 10:  # the head alone too long: black's second opinion (the optional parentheses)
        attr = _name(rng, rng.randint(2, 20)).lower()
        return f"class C:\n    def f(self):\n        if self:\n            if self:\n                self.{attr} = _{_name(rng, rng.randint(20, 70))}Merge(_join(self._path, {attr!r}))\n".replace(
            "'", '"'
        )
    if shape == 11:
        model = _name(rng, rng.randint(10, 50))
        return f"_ADAPTER_{model}: TypeAdapter[{model}] = TypeAdapter({model}, config=ConfigDict(defer_build=True))\n"
    if shape == 12:  # entries black cannot split, left too long
        table = ", ".join(
            f'"{_name(rng, rng.randint(5, 40))}": {_name(rng, rng.randint(20, 70))}.from_dict'
            for _ in range(rng.randint(1, 6))
        )
        return f'{_name(rng, rng.randint(20, 80))} = _tagged("type", {{{table}}})\n'
    slots = ", ".join(_strings(rng, rng.randint(1, 14), n))
    return f"class C:\n    __slots__ = ({slots})\n"


def test_layouts_are_black_s_own() -> None:
    """Over many generated statements: every line laid out is what black makes of it (the
    whole module is black's output, so black leaves it as it is), and most long lines are."""
    rng = random.Random(28)
    laid = long = 0
    for _ in range(600):
        source = _statement(rng)
        if all(len(line) <= 88 for line in source.splitlines()):
            continue
        long += 1
        expected = format_source(source, TARGET, "t.py")
        lines = source.splitlines(keepends=True)
        found = layout.relayout([line.rstrip("\n") for line in lines], ast.parse(source))
        laid += bool(found)
        for at, text in found.items():
            assert "\n" + text + "\n" in "\n" + expected, source  # black's own lines
            one = [*lines[:at], text + "\n", *lines[at + 1 :]]
            assert format_source("".join(one), TARGET, "t.py") == expected, source
        if len(found) == sum(len(line) > 88 for line in lines):
            assert _laid(source) == expected, source
    assert laid > long * 0.6, (laid, long)


@pytest.mark.parametrize(
    "source",
    [
        'X = f("a" "b", ' + "y" * 80 + ")\n",  # implicit concatenation
        "X = f(a - b, " + "y" * 80 + ")\n",  # arithmetic
        "X = f(*args, " + "y" * 80 + ")\n",  # unpacking
        "X = f(" + "y" * 80 + ",)\n",  # a magic trailing comma
        "X = (f(" + "y" * 80 + "))\n",  # parentheses already there
        "X = Y = f(" + "y" * 80 + ")\n",  # several targets
        "X = f(a)(" + "y" * 80 + ")\n",  # a call of a call
        "X = f(" + "y" * 80 + ")  # comment\n",
        'X = f("é", ' + "y" * 80 + ")\n",  # non-ASCII
        "X = f(lambda a: a, " + "y" * 80 + ")\n",
        'X = f(f"{a}", ' + "y" * 80 + ")\n",  # an f-string
        'X = f("""a""", ' + "y" * 80 + ")\n",  # a triple-quoted string
        "X = f([a for a in b], " + "y" * 80 + ")\n",
        "X = " + "f" * 90 + "(a)\n",  # the head alone is too long
        "X = f(" + "y" * 90 + ")\n",  # an item still too long
    ],
)
def test_shapes_not_covered_are_left_to_black(source: str) -> None:
    assert _laid(source) in (source, format_source(source, TARGET, "t.py"))


def test_blocks_format_to_black_s_output() -> None:
    """The block-wise path (which lays a block's long lines out before black) still gives black's bytes."""
    rng = random.Random(2028)
    sources = [_statement(rng) for _ in range(60)]
    module = "from typing import Any\n\n" + "\n\n".join(sources)
    assert any(_laid_out(text) != text for _, text in _blocks(module))  # lines are laid out
    ours = format_modules({"m.py": module}, TARGET, cache=False)["m.py"]
    assert ours == format_source(module, TARGET, "m.py")


@pytest.mark.parametrize("width", range(80, 96))
def test_docstring_closing_quotes_are_where_black_puts_them(width: int) -> None:
    last = "x" * (width - 8 - 3)
    source = f'class C:\n    def f(self) -> None:\n        """First line.\n\n        {last}"""\n        return None\n'
    ours = _laid(source)
    assert format_source(ours, TARGET, "t.py") == format_source(source, TARGET, "t.py")
    assert ours == format_source(source, TARGET, "t.py")
