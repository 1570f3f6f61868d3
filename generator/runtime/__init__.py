"""The fixed runtime of generated modules, as real Python, a module per job:

* ``anomalies``: what every accumulator reports; ``bookkeeping``: the triage of its kinds
  (``_ANOMALY_KINDS``) and the chunk merge's anomaly log; ``parts``: lists of content parts
  that arrive a part at a time (both the chunk merge and the event fold join them);
* the chunk merge: ``typed`` (reading typed models as
  JSON), ``loose`` (fields the schema does not know), ``text`` (text fields off the fast
  path), ``keyed`` (keyed-list bookkeeping), ``merge`` (the merger and the accumulator
  base), ``response`` (conversion into a non-stream response);
* the event fold: ``event_slots`` (its state and addressing), ``event_ops`` (operations on
  one slot), ``events`` (the fold's entry point and lifecycle);
* ``dataclass_models`` (the dataclass style's base class, laid out before its classes);
* parsing for the dataclass and TypedDict styles: ``parsing`` (shared), ``parsing_dataclass``
  / ``parsing_typeddict`` (what differs by style), ``tuples_dataclass`` / ``tuples_typeddict``
  (``prefixItems``), ``patterns`` (extra keys by ``patternProperties``), ``lenient`` (results
  built anyway);
* ``pydantic_models`` (the
  pydantic style's model base), ``pydantic_patterns`` (its extra
  keys by ``patternProperties``), ``pydantic_results`` (its
  accumulators' model merge and lenient results), ``msgspec_models`` (the msgspec style's,
  and its checkers) and ``sse`` (the event-stream reader).

These modules are imported, unit-tested, linted and type-checked here like any other code.
Rendering takes their source verbatim (``inlined``): without the module docstring and the
import lines, since a generated module computes its imports from the names it uses; a
template places each block of ``BLOCKS`` (``runtime.merge``, ``runtime.parsing``...). Rules
for the runtime modules, so that inlining stays sound: standard library only (the style
modules ``pydantic_models``, ``pydantic_results`` and ``msgspec_models`` aside); imports only
at the top; a runtime module imports another only as ``from .other import name``, and what
it uses at import time (a base class) only from one laid out before it (``MODULES``); names
that are not public API start with ``_``; nothing refers to a generated name (what varies per
schema is passed in as data or as classes). The runtime is written for Python 3.10; for a
3.12+ target its generic functions take PEP 695 type parameters when inlined.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

from ..cache import recall, remember
from ..format import FormatCache, shipped_defined, shipped_inlined

#: What a template places as one piece (``runtime.<block>``): its runtime modules, in the
#: order they are laid out.
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
#: Runtime modules in the order they are laid out in a generated module.
MODULES = tuple(name for names in BLOCKS.values() for name in names)
#: Runtime modules that need pydantic: shared from their own file with ``--runtime package``.
PYDANTIC_MODULES = ("pydantic_models", "pydantic_patterns", "pydantic_results")
#: Runtime modules that need msgspec: likewise.
MSGSPEC_MODULES = ("msgspec_models",)
#: Runtime modules inlined into each generated module even with ``--runtime package``: the
#: dataclass and TypedDict styles' parsers define the same names differently; the pydantic
#: style's checks by key serve only modules whose schemas have ``patternProperties``; the
#: dataclass style's model base is a base class laid out before the models.
PER_MODULE = ("dataclass_models", *BLOCKS["parsing"], "pydantic_patterns")


#: The cache's kind for ``inlined``: a new one whenever ``_inline`` changes.
_INLINED = "inlined-1"


def module_source(name: str) -> str:
    """The text of runtime module ``name``.

    Raises:
        FileNotFoundError: no runtime module of that name.
    """
    return (Path(__file__).resolve().parent / f"{name}.py").read_text(encoding="utf-8")


@cache
def inlined(name: str, pep695: bool = False) -> str:
    """The source of runtime module ``name`` as it goes into a generated module: its code
    after the docstring and the import lines, byte for byte; with ``pep695`` (a target of
    Python 3.12 or later), its generic functions take type parameters (see ``_pep695``).

    Raises:
        FileNotFoundError: no runtime module of that name.
    """
    if pep695:
        return _pep695(inlined(name))
    source = module_source(name)
    shipped = shipped_inlined().get(FormatCache.key(source))  # parsing it all: ~80 ms a run
    if shipped is not None:
        return shipped
    kept = recall(_INLINED, source)
    if kept is not None:
        return "\n".join(kept)
    text = _inline(source)
    remember(_INLINED, source, text.split("\n"))
    return text


def _pep695(text: str) -> str:
    """Inlined runtime ``text`` with PEP 695 generics, as ruff's pyupgrade rules ask of a
    module for Python 3.12+: each ``_T = TypeVar("_T")`` line goes, and a top-level function
    that mentions ``_T`` declares ``[T]`` and says ``T``, as does a class that derives from
    ``Generic[_T]`` (instead). The runtime itself is written for
    Python 3.10 (a type variable is imported from the module that defines it); for the same
    rules (UP035), ``dataclass_transform`` and ``Self`` are imported from ``typing``, not
    ``typing_extensions``."""
    for old, new in _TYPING_3_12:
        text = text.replace(old, new)
    if "_T" not in text:
        return text
    lines = text.split("\n")
    drop: set[int] = set()
    for node in ast.parse(text).body:
        if isinstance(node, ast.Assign) and ast.unparse(node) == "_T = TypeVar('_T')":
            drop.add(node.lineno - 1)
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


#: Where the dataclass style's runtime imports ``Self`` and ``dataclass_transform`` from (for type
#: checkers only), for Python 3.10 and for 3.12+.
_TYPING_3_12 = (
    ("from typing_extensions import Self\n", "from typing import Self\n"),
    ("from typing_extensions import dataclass_transform", "from typing import dataclass_transform"),
)
#: The runtime's one type variable, as a word.
_T_NAME = re.compile(r"\b_T\b")


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


@cache
def defined_names(name: str) -> frozenset[str]:
    """The top-level names runtime module ``name`` defines (what a generated module imports
    from ``_runtime`` when the runtime is emitted once per package, and the names a merge
    constant must not take): shipped with gen-models (``format.shipped_defined``, made by
    ``scripts/format_runtime.py``: parsing every module took ~0.1 s of each run that
    renders), else parsed."""
    text = inlined(name)
    shipped = shipped_defined().get(FormatCache.key(text))
    return frozenset(shipped) if shipped is not None else _defined(text)


def _defined(text: str) -> frozenset[str]:
    """The top-level names ``text`` (a module's source) defines."""
    tree = ast.parse(text)
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, ast.Assign):  # ``a = ...`` and ``a, b = ...``
            targets = [e for t in node.targets for e in (t.elts if isinstance(t, ast.Tuple) else [t])]
            found.update(t.id for t in targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            found.add(node.target.id)
    return frozenset(found)


def needed(
    *,
    chunks: bool,
    events: bool,
    pydantic: bool,
    msgspec: bool = False,
    parsing: str | None = None,
    tuples: bool = False,
    patterns: bool = False,
) -> tuple[str, ...]:
    """The runtime modules a generated module holds, in layout order: ``chunks`` when it has
    a chunk accumulator, ``events`` an event-union accumulator, ``pydantic`` and ``msgspec``
    for those styles; ``parsing``: the style (``dataclass``, ``typeddict``) whose parsers it
    holds (the dataclass style's also its models' base), ``tuples`` when they read a list by position, ``patterns`` when they check extra
    fields by key (``patternProperties``)."""
    wanted = {"sse", "pydantic_models"} if pydantic else {"sse"}
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
