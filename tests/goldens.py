"""What a golden file holds, cut from a generated module by its syntax tree (``ast``), never
by text patterns, and how goldens are compared, updated and kept apart.

* ``module_code``: the whole module from its first statement (its docstring) on; the header
  comment above it (the source's path and sha256, the command, the version) is cut, so a
  golden changes when the code does, not when a path or a version does. tests/test_golden.py
  keeps these for the specs in tests/specs.
* ``case_code``: a schema case's part of the module (tests/cases/<name>/<style>.py): every
  top-level statement but the header, the module docstring, the imports, ``__all__`` and
  the stream readers (the functions that call the runtime's SSE reader: ``iter_chunks``...),
  which are the same in every case but for the root's name (test_golden keeps them). So a
  case's golden is its models, aliases, parse functions and merge glue, each with the
  comments above it.
"""

from __future__ import annotations

import ast
import difflib
from collections import defaultdict
from pathlib import Path

#: The runtime module whose names mark a stream reader (``from ._gen_models_runtime.sse import``).
STREAM_MODULE = "sse"


def _first_line(node: ast.stmt) -> int:
    """The first line of a statement, its decorators included (1-based)."""
    decorators = getattr(node, "decorator_list", [])
    return min([node.lineno, *(d.lineno for d in decorators)])


def _is_docstring(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def module_code(text: str) -> str:
    """``text`` (a generated module) from its first statement on: the header comment cut."""
    tree = ast.parse(text)
    if not tree.body:
        return text
    return "".join(text.splitlines(keepends=True)[_first_line(tree.body[0]) - 1 :])


def _stream_names(tree: ast.Module) -> frozenset[str]:
    """The names a module imports from the runtime's SSE reader."""
    return frozenset(
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == STREAM_MODULE
        for alias in node.names
    )


def _is_case_code(node: ast.stmt, index: int, stream: frozenset[str]) -> bool:
    """Whether a top-level statement belongs to a case's golden (see the module docstring)."""
    if index == 0 and _is_docstring(node):
        return False
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return False
    if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["__all__"]:
        return False
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return not any(isinstance(n, ast.Name) and n.id in stream for n in ast.walk(node))
    return True


def case_code(text: str) -> str:
    """The statements of a generated module that a case's golden holds, each with the
    blank lines and comments above it, in the module's order (see the module docstring)."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    stream = _stream_names(tree)
    kept = []
    start = 0  # the line after the statement before: a statement owns the comments above it
    for index, node in enumerate(tree.body):
        end = node.end_lineno or node.lineno
        if _is_case_code(node, index, stream):
            kept.append("".join(lines[start:end]))
        start = end
    return "".join(kept).strip("\n") + "\n"


def defined_names(code: str) -> frozenset[str]:
    """The top-level classes, functions and assigned names of ``code``."""
    names = set()
    for node in ast.parse(code).body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif type(node).__name__ == "TypeAlias":  # ``type X = ...`` (Python 3.12)
            names.add(node.name.id)  # type: ignore[attr-defined]
    return frozenset(names)


def code_of(text: str) -> str:
    """A golden's code: from its first statement that is not the module's docstring on
    (what tells the goldens of two specs apart; a docstring names its spec's title)."""
    tree = ast.parse(text)
    body = tree.body[1:] if tree.body and _is_docstring(tree.body[0]) else tree.body
    if not body:
        return ""
    return "".join(text.splitlines(keepends=True)[_first_line(body[0]) - 1 :])


def equal_goldens(goldens: dict[Path, str]) -> list[list[Path]]:
    """The groups of goldens (path -> text) whose code (``code_of``) is the same."""
    groups: dict[str, list[Path]] = defaultdict(list)
    for path, text in goldens.items():
        groups[code_of(text)].append(path)
    return [sorted(paths) for paths in groups.values() if len(paths) > 1]


def check_golden(path: Path, text: str, update: bool, command: str) -> None:
    """Compare ``text`` with the golden file ``path``; with ``update`` (``pytest
    --snapshot-update``) write it there instead when it differs.

    Raises:
        AssertionError: the golden is missing or differs (a unified diff, and ``command``,
            which updates it).
    """
    old = path.read_text(encoding="utf-8") if path.is_file() else None
    if update:
        if old != text:
            path.write_text(text, encoding="utf-8")
        return
    if old is None:
        raise AssertionError(f"{path} is missing: run `{command}` and review it")
    if old != text:
        diff = difflib.unified_diff(
            old.splitlines(keepends=True), text.splitlines(keepends=True), str(path), "generated"
        )
        shown = "".join(list(diff)[:200])
        raise AssertionError(f"{path} differs from what is generated; if intended, run `{command}`:\n{shown}")
