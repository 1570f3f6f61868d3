"""Format: generated sources in, black-formatted sources out.

Black is the authority on layout (its version is pinned: the bytes depend on it). It costs
about 0.2 ms a line, and the three styles of one spec share most of their support code, so
modules are formatted as top-level blocks: each distinct block once, the blocks spread over
the CPU cores, then joined with the blank lines the template put between them (two between
top-level definitions, as black would). The test suite checks that every joined module is
exactly what black gives for the whole module.
"""

from __future__ import annotations

import ast
import multiprocessing
import os
import re
import sys
from concurrent.futures import ProcessPoolExecutor

import black
import black.mode
import black.parsing

from .errors import InternalError

#: Below this many lines to format, one process is faster than starting workers.
PARALLEL_MIN_LINES = 1500
#: Formatted blocks kept for later calls in the same process (black is deterministic per
#: block; tools that generate many specs in one process share most support code).
CACHE_BLOCKS = 4096
_cache: dict[tuple[str, tuple[int, int]], str] = {}


def black_mode(target_python: tuple[int, int]) -> black.Mode:
    """Black's settings for generated modules: default line length, the target Python."""
    versions = {v for v in black.mode.TargetVersion if (3, int(v.name[3:])) >= target_python}
    return black.Mode(target_versions=versions)


def format_source(source: str, target_python: tuple[int, int], name: str) -> str:
    """Format one whole module with black (the reference the block-wise path must match).

    Raises:
        InternalError: black cannot parse the module (a generator bug, named so it can be reported).
    """
    try:
        return black.format_str(source, mode=black_mode(target_python))
    except black.parsing.InvalidInput as exc:  # pragma: no cover - a bug, not bad input
        raise InternalError(f"generated module {name} does not parse ({exc}); please report it") from None


def format_modules(sources: dict[str, str], target_python: tuple[int, int]) -> dict[str, str]:
    """Format several modules (name -> source), block by block; see the module docstring.

    Raises:
        InternalError: a module does not parse (a generator bug).
    """
    split: dict[str, list[tuple[int, str]]] = {}
    for name, source in sources.items():
        try:
            split[name] = _blocks(source)
        except SyntaxError as exc:  # pragma: no cover - a bug, not bad input
            raise InternalError(f"generated module {name} does not parse ({exc}); please report it") from None
    unique = list(dict.fromkeys(block for blocks in split.values() for _, block in blocks))
    formatted = dict(zip(unique, _format_blocks(unique, target_python)))
    return {name: _join(blocks, formatted) for name, blocks in split.items()}


def _join(blocks: list[tuple[int, str]], formatted: dict[str, str]) -> str:
    """Formatted blocks with black's blank lines between top-level statements: two around a
    definition (class or function, with its decorators and comments), else at most two."""
    parts: list[str] = []
    previous_is_def = False
    for blank, block in blocks:
        is_def = _is_definition(block)
        if parts:
            blank = 2 if (is_def or previous_is_def) else min(blank, 2)
        parts.append("\n" * blank + formatted[block])
        previous_is_def = is_def
    return "".join(parts)


def _is_definition(block: str) -> bool:
    for line in block.splitlines():
        if not line.startswith("#"):
            return line.startswith(("def ", "class ", "async def ", "@"))
    return False


_PEP695 = (
    (re.compile(r"^type (\w+) = ", re.MULTILINE), r"\1 = "),
    (re.compile(r"^(\s*def \w+)\[\w+(?:: \w+)?(?:, \w+(?:: \w+)?)*\]\(", re.MULTILINE), r"\1("),
)


def parse_tree(source: str) -> ast.Module:
    """``ast.parse`` that also reads a module written for Python 3.12+ (PEP 695 ``type``
    aliases and ``def f[T](...)``) when running on an older Python: those lines are read in
    their pre-3.12 form, line for line, which is all the callers need (statement starts,
    names used)."""
    if sys.version_info < (3, 12):
        for pattern, replacement in _PEP695:
            source = pattern.sub(replacement, source)
    return ast.parse(source)


def _blocks(source: str) -> list[tuple[int, str]]:
    """The module as (blank lines before, text) per top-level statement. Decorators and the
    comment lines right above a statement go with it; the first block runs to the end of the
    ``__all__`` assignment (header, docstring and imports are formatted together)."""
    lines = source.splitlines(keepends=True)
    tree = parse_tree(source)
    cut = next((i + 1 for i, node in enumerate(tree.body) if _is_all(node)), 1)
    starts = [0]
    for previous, node in zip(tree.body[cut - 1 :], tree.body[cut:]):
        if _is_string(node) and isinstance(previous, (ast.Assign, ast.AnnAssign)):
            continue  # an attribute docstring stays with its assignment
        first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])]) - 1
        while first > starts[-1] and lines[first - 1].lstrip().startswith("#"):
            first -= 1
        starts.append(first)
    result: list[tuple[int, str]] = []
    blank = 0  # blank lines seen since the last block's text
    for begin, end in zip(starts, starts[1:] + [len(lines)]):
        text = lines[begin:end]
        while text and not text[0].strip():
            blank += 1
            text = text[1:]
        trailing = 0
        while text and not text[-1].strip():
            trailing += 1
            text = text[:-1]
        if text:
            result.append((blank if result else 0, "".join(text)))
            blank = 0
        blank += trailing
    return result


def _is_string(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _is_all(node: ast.stmt) -> bool:
    return isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)


def _format_one(args: tuple[str, tuple[int, int]]) -> str:
    block, target_python = args
    return black.format_str(block, mode=black_mode(target_python))


def _format_blocks(blocks: list[str], target_python: tuple[int, int]) -> list[str]:
    found = {b: _cache[(b, target_python)] for b in blocks if (b, target_python) in _cache}
    missing = [b for b in blocks if b not in found]
    found.update(zip(missing, _format_uncached(missing, target_python)))
    if len(_cache) + len(missing) > CACHE_BLOCKS:
        _cache.clear()
    _cache.update(((b, target_python), found[b]) for b in missing)
    return [found[b] for b in blocks]


def _format_uncached(blocks: list[str], target_python: tuple[int, int]) -> list[str]:
    jobs = [(b, target_python) for b in blocks]
    lines = sum(b.count("\n") for b in blocks)
    workers = min(os.cpu_count() or 1, 4)
    if workers < 2 or lines < PARALLEL_MIN_LINES or "fork" not in multiprocessing.get_all_start_methods():
        return [_format_one(job) for job in jobs]
    # biggest first, so the workers finish together
    order = sorted(range(len(jobs)), key=lambda i: -len(jobs[i][0]))
    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
        results = list(pool.map(_format_one, [jobs[i] for i in order], chunksize=8))
    out = [""] * len(jobs)
    for i, text in zip(order, results):
        out[i] = text
    return out
