"""The runtime's files: which modules of ``generator/runtime`` a generated module needs, the
package written beside the modules (``_gen_models_runtime/``, the default), and the text each
runtime module gives a self-contained module (``--runtime inline``).

The runtime is real Python, imported, tested, linted and typed here like any other code
(``generator/runtime``'s docstring has its rules). By default a run copies it verbatim, with a
header line, into ``<output>/_gen_models_runtime/``: the modules import what they use from
there, and nothing of it is formatted again. With ``--runtime inline`` each module holds the
runtime modules it needs instead, without their docstrings and import lines, placed by its
template (``BLOCKS``), and is formatted as a whole.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

from . import __version__

#: The runtime package's directory name, beside the generated modules.
PACKAGE = "_gen_models_runtime"
#: The header line of each file of the runtime package (``{source}``: its module's file name).
PACKAGE_HEADER = (
    "# gen-models {version}: generator/runtime/{source}, copied verbatim. Do not edit; regenerate instead.\n"
)
#: The ``__init__.py`` a run writes in an output directory that has none: the modules import
#: the runtime relatively (``from ._gen_models_runtime.merge import ...``), so their
#: directory must be a package (for ``mypy`` and plain imports alike). One that exists is kept.
PACKAGE_INIT = '"""Generated modules (gen-models): a package, so that they import their runtime beside them."""\n'
#: What a template places as one piece (``runtime.<block>``) with ``--runtime inline``: its
#: runtime modules, in the order they are laid out.
BLOCKS = {
    "dataclass_models": ("dataclass_models",),
    "pydantic_models": ("pydantic_models", "pydantic_patterns"),
    "msgspec_models": ("msgspec_models",),
    "parsing": (
        "parsing",
        "parsing_dataclass",
        "parsing_typeddict",
        "tuples_dataclass",
        "tuples_typeddict",
        "patterns",
        "lenient",
    ),
    "anomalies": ("anomalies", "bookkeeping", "parts"),
    "pydantic_results": ("pydantic_results",),
    "merge": ("typed", "loose", "text", "keyed", "merge", "response"),
    "events": ("event_slots", "event_ops", "events", "event_paths"),
    "sse": ("sse",),
}
#: Runtime modules in the order they are laid out in a self-contained module.
MODULES = tuple(name for names in BLOCKS.values() for name in names)
#: The runtime modules a style owns because they import its library (pydantic, msgspec): the
#: package holds them only when a module of that style is written.
STYLE_MODULES = {
    "pydantic": ("pydantic_models", "pydantic_patterns", "pydantic_results"),
    "msgspec": ("msgspec_models",),
}

_HERE = Path(__file__).resolve().parent / "runtime"


def module_source(name: str) -> str:
    """The text of runtime module ``name`` (``__init__`` is the package's docstring).

    Raises:
        FileNotFoundError: no runtime module of that name.
    """
    return (_HERE / f"{name}.py").read_text(encoding="utf-8")


def package_files(parts: frozenset[str], target: tuple[int, int] = (3, 10)) -> dict[str, str]:
    """The runtime package's files, ``{path relative to the output directory: text}``: every
    standard-library runtime module, and the modules of the style-owned ``parts``
    (``styles.runtime_parts``) asked for, for Python ``target`` (see ``package_text``). The
    same bytes whatever spec a run reads, so the modules of several specs share one package."""
    owned = {name for part, names in STYLE_MODULES.items() if part not in parts for name in names}
    names = ["__init__", *(name for name in MODULES if name not in owned)]
    return {f"{PACKAGE}/{name}.py": package_text(name, target) for name in names}


def package_text(name: str, target: tuple[int, int] = (3, 10)) -> str:
    """Runtime module ``name`` as the package holds it for Python ``target``: its source after
    one header line; in the form ruff's pyupgrade rules ask of code for that Python (see
    ``for_target``)."""
    source = for_target(module_source(name), target)
    if target >= (3, 12):
        source = _unimported(source, _PRE_695)
    return PACKAGE_HEADER.format(version=__version__, source=f"{name}.py") + source


def needed(
    *,
    chunks: bool,
    events: bool,
    pydantic: bool,
    msgspec: bool = False,
    parsing: str | None = None,
    tuples: bool = False,
    patterns: bool = False,
    streams: bool = True,
) -> tuple[str, ...]:
    """The runtime modules a generated module uses, in layout order: ``chunks`` when it has
    a chunk accumulator, ``events`` an event-union accumulator, ``pydantic`` and ``msgspec``
    for those styles; ``parsing``: the style (``dataclass``, ``typeddict``) whose parsers it
    holds (the dataclass style's also its models' base), ``tuples`` when they read a list by
    position, ``patterns`` when they check extra fields by key (``patternProperties``);
    ``streams`` when it reads streams (the event-stream reader)."""
    wanted = {"pydantic_models"} if pydantic else set()
    if streams:
        wanted.add("sse")
    if pydantic and patterns:
        wanted.add("pydantic_patterns")
    if msgspec:
        wanted.add("msgspec_models")
    if parsing is not None:
        wanted.update(("parsing", f"parsing_{parsing}"))
        if parsing == "dataclass":
            wanted.add("dataclass_models")
        if tuples:
            wanted.add(f"tuples_{parsing}")
        if patterns:
            wanted.add("patterns")
    if chunks or events:
        wanted.update(BLOCKS["anomalies"])
        if pydantic:
            wanted.add("pydantic_results")
        if parsing is not None:
            wanted.add("lenient")
    if chunks:
        wanted.update(BLOCKS["merge"])
    if events:
        wanted.update(BLOCKS["events"])
    return tuple(name for name in MODULES if name in wanted)


@cache
def inlined(name: str, target: tuple[int, int] = (3, 10)) -> str:
    """The source of runtime module ``name`` as a self-contained module for Python ``target``
    holds it: its code after the docstring and the import lines (see ``for_target``).

    Raises:
        FileNotFoundError: no runtime module of that name.
    """
    return for_target(_inline(module_source(name)), target)


def for_target(text: str, target: tuple[int, int]) -> str:
    """Runtime ``text`` as ruff's pyupgrade rules ask of code for Python ``target``: from 3.11,
    ``Self`` and ``dataclass_transform`` imported from ``typing`` (UP035); from 3.12, its
    generics in PEP 695 form (see ``_pep695``)."""
    if target >= (3, 11):
        for old, new in _TYPING_3_11:
            text = text.replace(old, new)
    return _pep695(text) if target >= (3, 12) else text


def _inline(source: str) -> str:
    """``source`` without its docstring and import lines (see ``inlined``)."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    skip: set[int] = set()
    for node in tree.body:
        is_doc = (
            isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
        )
        if is_doc or isinstance(node, (ast.Import, ast.ImportFrom)):
            assert node.end_lineno is not None
            skip.update(range(node.lineno - 1, node.end_lineno))
    kept = [line for i, line in enumerate(lines) if i not in skip]
    return "".join(kept).strip("\n") + "\n"


def _pep695(text: str) -> str:
    """Inlined runtime ``text`` with PEP 695 generics, as ruff's pyupgrade rules ask of a
    module for Python 3.12+: each ``_T = TypeVar("_T")`` line goes, and a top-level function
    that mentions ``_T`` declares ``[T]`` and says ``T``, as does a class that derives from
    ``Generic[_T]`` (instead)."""
    if "_T" not in text:
        return text
    lines = text.split("\n")
    drop: set[int] = set()
    for node in ast.parse(text).body:
        if isinstance(node, ast.Assign) and ast.unparse(node) == "_T = TypeVar('_T')":
            at = node.lineno - 1
            # with the blank line after it, where one comes before it too (no third blank line)
            drop.update([at, at + 1] if 0 < at < len(lines) - 1 and lines[at - 1] == "" == lines[at + 1] else [at])
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)) and _T_NAME.search(ast.unparse(node)):
            assert node.end_lineno is not None
            first = node.lineno - 1  # the `def` or `class` line (decorators come before it)
            old, new = (
                (f"def {node.name}(", f"def {node.name}[T](")
                if isinstance(node, ast.FunctionDef)
                else (f"class {node.name}(Generic[_T]):", f"class {node.name}[T]:")
            )
            lines[first] = lines[first].replace(old, new, 1)
            for i in range(first, node.end_lineno):
                lines[i] = _T_NAME.sub("T", lines[i])
    return "\n".join(line for i, line in enumerate(lines) if i not in drop)


#: Where the dataclass style's runtime imports ``Self`` and ``dataclass_transform`` from (for
#: type checkers only), for Python 3.10 and for 3.11+.
_TYPING_3_11 = (
    ("from typing_extensions import Self\n", "from typing import Self\n"),
    ("from typing_extensions import dataclass_transform", "from typing import dataclass_transform"),
)
#: The names a module in PEP 695 form may no longer use (``_unimported``).
_PRE_695 = frozenset({"_T", "TypeVar", "Generic"})
#: The runtime's one type variable, as a word.
_T_NAME = re.compile(r"\b_T\b")


def _unimported(source: str, names: frozenset[str]) -> str:
    """``source`` without the names of ``names`` its top-level ``from`` imports bring in and
    its code no longer loads (a statement left with none goes)."""
    from .imports import parse_tree  # here: a run whose outputs are current imports no more

    tree = parse_tree(source)
    loaded = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    loaded |= {n.value.id for n in ast.walk(tree) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)}
    lines = source.split("\n")
    for node in reversed(tree.body):
        if not isinstance(node, ast.ImportFrom) or not {a.name for a in node.names} & names:
            continue
        kept = [a.name for a in node.names if a.name not in names or a.name in loaded]
        assert node.end_lineno is not None
        module = "." * node.level + (node.module or "")
        text = [_import_line(module, kept)] if kept else []
        lines[node.lineno - 1 : node.end_lineno] = text
    return "\n".join(lines)


def _import_line(module: str, names: list[str]) -> str:
    """``from module import names``, exploded one name a line (a trailing comma) when it
    would be longer than a generated module's line."""
    line = f"from {module} import {', '.join(names)}"
    if len(line) <= 88:
        return line
    return f"from {module} import (\n" + "".join(f"    {name},\n" for name in names) + ")"


@cache
def defined_names(name: str) -> frozenset[str]:
    """The top-level names runtime module ``name`` defines (functions, classes, assigned
    names): what a generated module imports from it, and what a generated name must not take.
    Read from the lines after the module's docstring that start a top-level statement (the
    runtime is black-formatted; a test holds this equal to its AST's): no parse of the runtime."""
    source = module_source(name)
    found: set[str] = set()
    for match in _TOP_LEVEL_NAME.finditer(source, source.index('"""', 3) + 3 if source.startswith('"""') else 0):
        found.update(n.strip() for n in (match[1] or match[2]).split(","))
    return frozenset(found)


#: A top-level ``def``/``class`` line, or an assignment's target (``a = ``, ``a: T``, ``a, b = ``).
_TOP_LEVEL_NAME = re.compile(r"^(?:(?:async )?(?:def|class) (\w+)|(\w+(?:, \w+)*)(?: =|:[ \w]))", re.MULTILINE)


@cache
def home_of(modules: tuple[str, ...]) -> dict[str, str]:
    """``{name: the runtime module of ``modules`` that defines it}``: where a generated module
    imports each runtime name from (its needed modules define each name once)."""
    return {n: module for module in reversed(modules) for n in defined_names(module)}
