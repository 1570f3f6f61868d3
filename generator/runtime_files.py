"""The runtime's files: which modules of ``generator/runtime`` a generated module needs, the
package written beside the modules (``_gen_models_runtime/``, the default: each module copied
verbatim after a header line, never formatted), and the text each runtime module gives a
self-contained module (``--runtime inline``: without docstring and imports, placed by its
template, ``BLOCKS``). ``generator/runtime``'s docstring has the runtime's rules.
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
#: the runtime relatively, so their directory must be a package. One that exists is kept.
PACKAGE_INIT = '"""Generated modules (gen-models): a package, so that they import their runtime beside them."""\n'
#: What a template places as one piece (``runtime.<block>``) with ``--runtime inline``, in layout order.
BLOCKS = {
    "dataclass_models": ("dataclass_models",),
    "pydantic_models": ("pydantic_models", "pydantic_patterns"),
    "msgspec_models": ("msgspec_models",),
    "parsing": ("parsing", "parsing_dataclass", "parsing_typeddict", "patterns", "lenient"),
    "anomalies": ("anomalies", "bookkeeping", "parts"),
    "pydantic_results": ("pydantic_results",),
    "merge": ("typed", "loose", "text", "keyed", "merge", "response"),
    "events": ("event_slots", "event_ops", "events", "event_paths"),
    "sse": ("sse",),
}
#: Runtime modules in the order they are laid out in a self-contained module.
MODULES = tuple(name for names in BLOCKS.values() for name in names)
#: The runtime modules that import a style's library: the package holds them only for that style.
STYLE_MODULES = {
    "pydantic": ("pydantic_models", "pydantic_patterns", "pydantic_results"),
    "msgspec": ("msgspec_models",),
}

_HERE = Path(__file__).resolve().parent / "runtime"


def module_source(name: str) -> str:
    """The text of runtime module ``name`` (``__init__``: the package's docstring); FileNotFoundError
    when there is none."""
    return (_HERE / f"{name}.py").read_text(encoding="utf-8")


def package_files(parts: frozenset[str], target: tuple[int, int] = (3, 10)) -> dict[str, str]:
    """The runtime package's files, ``{path relative to the output directory: text}``: each
    standard-library runtime module and those of the ``parts`` asked for (``styles.runtime_parts``),
    a header line and its source for ``target`` (``for_target``); whatever the spec, so shared."""
    owned = {name for part, names in STYLE_MODULES.items() if part not in parts for name in names}
    names = ["__init__", *(name for name in MODULES if name not in owned)]
    return {
        f"{PACKAGE}/{name}.py": PACKAGE_HEADER.format(version=__version__, source=f"{name}.py")
        + for_target(module_source(name), target)
        for name in names
    }


def needed(
    *,
    chunks: bool,
    events: bool,
    pydantic: bool,
    msgspec: bool = False,
    parsing: str | None = None,
    patterns: bool = False,
    streams: bool = True,
) -> tuple[str, ...]:
    """The runtime modules a generated module uses, in layout order: ``chunks``/``events``
    when it has a chunk/event-union accumulator; ``pydantic``, ``msgspec`` for those styles;
    ``parsing``: the style whose parsers it holds (``dataclass``, ``typeddict``);
    ``patterns`` when they read extra fields by key (``patternProperties``); ``streams`` when
    it reads event streams."""
    parses = parsing is not None
    accumulates = chunks or events
    wanted = {
        "pydantic_models": pydantic,
        "pydantic_patterns": pydantic and patterns,
        "msgspec_models": msgspec,
        "sse": streams,
        "parsing": parses,
        f"parsing_{parsing}": parses,
        "dataclass_models": parsing == "dataclass",
        "patterns": parses and patterns,
        "pydantic_results": accumulates and pydantic,
        "lenient": accumulates and parses,
        **dict.fromkeys(BLOCKS["anomalies"], accumulates),
        **dict.fromkeys(BLOCKS["merge"], chunks),
        **dict.fromkeys(BLOCKS["events"], events),
    }
    return tuple(name for name in MODULES if wanted.get(name))


@cache
def inlined(name: str, target: tuple[int, int] = (3, 10)) -> str:
    """Runtime module ``name`` as a self-contained module for Python ``target`` holds it: without
    docstring and imports, in that Python's form (``for_target``); FileNotFoundError: no such module."""
    source = module_source(name)
    skip: set[int] = set()
    for node in ast.parse(source).body:
        is_doc = isinstance(node, ast.Expr) and isinstance(getattr(node.value, "value", None), str)  # a Constant's
        if is_doc or isinstance(node, (ast.Import, ast.ImportFrom)):
            assert node.end_lineno is not None
            skip.update(range(node.lineno - 1, node.end_lineno))
    kept = [line for i, line in enumerate(source.splitlines(keepends=True)) if i not in skip]
    return for_target("".join(kept).strip("\n") + "\n", target)


def for_target(text: str, target: tuple[int, int]) -> str:
    """Runtime ``text`` as ruff's pyupgrade rules ask of code for Python ``target``: from 3.11,
    ``Self`` and ``dataclass_transform`` imported from ``typing`` (UP035); from 3.12, its
    generics in PEP 695 form (see ``_pep695``), the names that form no longer uses unimported."""
    if target >= (3, 11):
        for old, new in _TYPING_3_11:
            text = text.replace(old, new)
    return _unimported(_pep695(text), _PRE_695) if target >= (3, 12) else text


def _pep695(text: str) -> str:
    """``text`` with PEP 695 generics: ``_T = TypeVar("_T")`` goes; a top-level function or
    ``Generic[_T]`` class mentioning ``_T`` declares ``[T]`` and says ``T``."""
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


#: Where the runtime imports ``Self`` and ``dataclass_transform`` from, for 3.10 and for 3.11+.
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
    from .imports import import_line, parse_tree  # here: a run whose outputs are current imports no more

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
        text = [import_line(module, kept)] if kept else []
        lines[node.lineno - 1 : node.end_lineno] = text
    return "\n".join(lines)


@cache
def defined_names(name: str) -> frozenset[str]:
    """The top-level names runtime module ``name`` defines: what a generated module imports
    from it, and what a generated name must not take. Read from the lines that start a top-level
    statement after the docstring (a test holds this equal to the AST's): no parse in a run."""
    source = module_source(name)
    found: set[str] = set()
    for match in _TOP_LEVEL_NAME.finditer(source, source.index('"""', 3) + 3 if source.startswith('"""') else 0):
        found.update(n.strip() for n in (match[1] or match[2]).split(","))
    return frozenset(found)


#: A top-level ``def``/``class`` line, or an assignment's target (``a = ``, ``a: T``, ``a, b = ``).
_TOP_LEVEL_NAME = re.compile(r"^(?:(?:async )?(?:def|class) (\w+)|(\w+(?:, \w+)*)(?: =|:[ \w]))", re.MULTILINE)


@cache
def home_of(modules: tuple[str, ...]) -> dict[str, str]:
    """``{name: the module of ``modules`` that defines it}``: where a generated module imports
    each runtime name from."""
    return {n: module for module in reversed(modules) for n in defined_names(module)}
