"""Format: generated sources in, formatted sources out (black by default, ruff on request).

Black is the authority on layout (its version is pinned: the bytes depend on it). It costs
about 0.3 ms a line, and most of a module is the same text in every run: the fixed runtime
(``generator/runtime``, inlined verbatim) and the support code the styles share. So modules
are formatted as top-level blocks, and black sees each distinct block once:

* within a run, a block that several modules hold is formatted once;
* black's output for the fixed blocks (the runtime's, and the styles' support code: blocks
  that do not depend on the spec) ships with gen-models (``generator/runtime/formatted.json``,
  for the pinned black and the default target Python; ``scripts/format_runtime.py`` writes
  it, a test keeps it current): even a first run on a machine formats only what the spec
  generated;
* across runs, formatted blocks are kept in a cache file (``FormatCache``: one per black
  version and target Python, under ``<cache>/format/``), so the rest is formatted once
  per machine and black version, not per module or per run, and a spec bump re-formats only
  the blocks it changed;
* the blocks left are spread over the CPU cores when there are enough of them;
* long lines are handed to black already laid out as it lays them out (``layout.relayout``,
  where it is sure): black leaves such a block as it is, which saves it the split and the
  second pass ``format_str`` makes over any text it changed;
* the header's comment lines (they name the run's paths and options) are left as they are
  (black would leave them too, ``_is_plain``), and a module whose text below them was
  formatted before is taken whole from the cache, without parsing it.

The formatted blocks are joined with the blank lines black puts between top-level
statements. The test suite checks that every joined module is exactly what black gives for
the whole module (``format_source``), with and without the cache. Black's API already skips
its AST-equivalence check (``--fast`` is what ``format_str`` does); there is nothing more to
turn off there.

``formatter="ruff"`` (opt-in) formats whole modules with ``ruff format`` instead: a
different layout (pinned by its own golden files), in milliseconds.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cache import cache_dir, modified, seal, store_file, unseal
from .errors import InternalError, SpecError
from .formatters import FORMATTERS, black_version, formatter_version, ruff_binary  # noqa: F401 (callers know them here)
from .layout import relayout
from .pytypes import LINE_LENGTH

# black, and what only formatting needs, are imported when a block must be formatted (black
# takes ~0.2 s to import): a run whose outputs are current never imports them.
if TYPE_CHECKING:
    import black

#: Below this many lines to format, one process is faster than starting workers (measured on
#: 2 cores: the chat closure's 800-1,200 lines of pydantic or TypedDict code, cold, took
#: 0.25-0.5 s less wall time over two processes; black is imported before the fork).
PARALLEL_MIN_LINES = 500
#: Formatted blocks kept for later calls in the same process (black is deterministic per
#: block; tools that generate many specs in one process share most support code).
CACHE_BLOCKS = 4096
#: Blocks a cache directory keeps (the least recently used go first).
CACHE_FILE_BLOCKS = 20000
#: Changes whenever ``black_mode`` changes: part of every cache directory's name.
MODE_KEY = "default-line-length"
#: ``ruff format`` settings: black's line length, no configuration file read (the bytes must
#: not depend on where the command runs).
RUFF_ARGS = ("format", "--isolated", "--line-length", str(LINE_LENGTH))
_cache: dict[tuple[str, tuple[int, int]], str] = {}


def black_mode(target_python: tuple[int, int]) -> black.Mode:
    """Black's settings for generated modules: default line length, the target Python."""
    import black
    import black.mode

    versions = {v for v in black.mode.TargetVersion if (3, int(v.name[3:])) >= target_python}
    return black.Mode(target_versions=versions)


def format_source(source: str, target_python: tuple[int, int], name: str) -> str:
    """Format one whole module with black (the reference the block-wise path must match).

    Raises:
        InternalError: black cannot parse the module (a generator bug, named so it can be reported).
    """
    import black
    import black.parsing

    try:
        return black.format_str(source, mode=black_mode(target_python))
    except black.parsing.InvalidInput as exc:  # pragma: no cover - a bug, not bad input
        raise InternalError(f"generated module {name} does not parse ({exc}); please report it") from None


def format_modules(
    sources: Mapping[str, str] | Iterable[tuple[str, str]],
    target_python: tuple[int, int],
    formatter: str = "black",
    cache: FormatCache | bool = True,
) -> dict[str, str]:
    """Format several modules (name -> source, or (name, source) pairs as they are made):
    with black block by block (see the module docstring; ``cache`` keeps formatted blocks
    across runs: True the default cache file, False none, or the ``FormatCache`` given), or
    with ruff as whole modules. Given pairs, a module's blocks go to black's worker processes
    as soon as it comes, while the next one is made (``pipeline.generate`` renders that way).

    Raises:
        InternalError: a module does not parse (a generator bug).
        SpecError: ``formatter`` is unknown, or ruff is asked for and not installed.
    """
    pairs = sources.items() if isinstance(sources, Mapping) else sources
    if formatter == "ruff":
        return format_with_ruff(dict(pairs), target_python)
    if formatter != "black":
        raise SpecError(f"formatter {formatter!r}: choose from {', '.join(FORMATTERS)}")
    if isinstance(cache, FormatCache):
        store = cache
    else:
        store = FormatCache.default(target_python) if cache else FormatCache.disabled()
    results: dict[str, str] = {}
    split: dict[str, tuple[str, str, list[tuple[int, str]]]] = {}
    found: dict[str, str] = {}  # block -> its formatting, from a cache or black
    jobs = _BlackJobs(target_python)
    try:
        for name, source in pairs:
            results[name] = ""  # the order modules came in
            header, rest = split_header(source)
            whole = store.get(rest)  # the same module formatted before (a re-run): no parsing at all
            if whole is not None:
                results[name] = header + whole
                continue
            try:
                split[name] = (header, rest, _blocks(rest))
            except SyntaxError as exc:  # pragma: no cover - a bug, not bad input
                raise InternalError(f"generated module {name} does not parse ({exc}); please report it") from None
            jobs.add(_known(dict.fromkeys(block for _, block in split[name][2]), target_python, store, found))
        black_output = jobs.results()
    finally:
        jobs.close()  # also when rendering a later module failed: no worker is left running
    for block, text in black_output.items():
        found[block] = text
        store.put(block, text)
    if len(_cache) + len(found) > CACHE_BLOCKS:
        _cache.clear()
    _cache.update(((b, target_python), text) for b, text in found.items())
    for name, (header, rest, blocks) in split.items():
        body = _join(blocks, found)
        store.put(rest, body)
        results[name] = header + body
    store.save()
    return results


def split_header(source: str) -> tuple[str, str]:
    """The module's leading comment lines (its header, naming the run's paths and options)
    and the rest, when black leaves those lines as they are and the rest starts with the
    docstring or an import (so that black puts no blank line between them); else
    ``("", source)``."""
    at = 0
    while source.startswith("#", at):
        end = source.find("\n", at)
        if end < 0:
            return "", source
        at = end + 1
    header, rest = source[:at], source[at:]
    if header and _is_plain(header) and rest.startswith(('"', "from ")):
        return header, rest
    return "", source


def format_with_ruff(sources: dict[str, str], target_python: tuple[int, int]) -> dict[str, str]:
    """Each module formatted by ``ruff format`` (``RUFF_ARGS``, the target Python), the
    modules at once, one process each.

    Raises:
        SpecError: ruff is not installed.
        InternalError: ruff refuses a module (it does not parse: a generator bug).
    """
    binary = ruff_binary()
    target = f"py{target_python[0]}{target_python[1]}"
    running = {
        name: subprocess.Popen(
            [binary, *RUFF_ARGS, "--target-version", target, "--stdin-filename", name, "-"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for name in sources
    }
    results: dict[str, str] = {}
    for name, process in running.items():
        out, err = process.communicate(sources[name].encode("utf-8"))
        if process.returncode != 0:
            message = err.decode("utf-8", "replace").strip().splitlines()
            raise InternalError(
                f"ruff format refused generated module {name} ({message[0] if message else 'no message'}); "
                "please report it"
            )
        results[name] = out.decode("utf-8")
    return results


class FormatCache:
    """Black's output per block, kept in one directory per black version, mode and target
        Python, one file per block named by the sha256 of the block's text (its first 32 hex
        digits), so that later runs do not format the same text again and read only the blocks
        they need (a single file grew to hundreds of MB after ``--all-schemas`` runs, and every
        run read it whole). Each entry is sealed with the digests of its block and of its text
    (``cache.seal``): one that does not match counts as missing and is deleted; entries are written
        atomically (``os.replace``); two runs writing at once write the same bytes. When a run
        adds entries, the least recently used beyond ``CACHE_FILE_BLOCKS`` are deleted (a run
        marks what it used then). Older gen-models versions kept one JSON file per directory
        name: such files are deleted then too.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._added: dict[str, tuple[str, str]] = {}  # key -> (block, its formatting)
        self._used: set[str] = set()

    @classmethod
    def default(cls, target_python: tuple[int, int]) -> FormatCache:
        """The cache directory for this black version and target under ``cache_dir()``."""
        name = f"black-{black_version()}-{MODE_KEY}-py{target_python[0]}{target_python[1]}"
        return cls(cache_dir() / "format" / name)

    @classmethod
    def disabled(cls) -> FormatCache:
        """A cache that keeps nothing (``--no-cache``)."""
        return cls(None)

    @staticmethod
    def key(block: str) -> str:
        return hashlib.sha256(block.encode("utf-8")).hexdigest()[:32]

    def get(self, block: str) -> str | None:
        """The formatted text of ``block``, or None when not cached."""
        if self.path is None:
            return None
        key = self.key(block)
        added = self._added.get(key)
        found = added[1] if added is not None else unseal(self.path / key, block)
        if found is None:  # missing, or damaged (and deleted)
            return None
        self._used.add(key)
        return found

    def put(self, block: str, formatted: str) -> None:
        """Remember ``formatted`` as black's output for ``block`` (written by ``save``)."""
        if self.path is not None:
            self._added[self.key(block)] = (block, formatted)

    def save(self) -> None:
        """Write the blocks added, mark those used as recent and delete the least recently
        used beyond ``CACHE_FILE_BLOCKS``. Write errors are ignored (a read-only home: no
        cache)."""
        if self.path is None or not self._added:
            return
        for key, (block, text) in self._added.items():
            if not store_file(self.path / key, seal(block, text)):
                return
        self._prune()
        self._added.clear()

    def _prune(self) -> None:
        assert self.path is not None
        for key in self._used - set(self._added):  # used now: recent
            with contextlib.suppress(OSError):
                os.utime(self.path / key)
        with contextlib.suppress(OSError):
            for legacy in self.path.parent.glob("*.json"):  # earlier versions' single files
                legacy.unlink()
        try:
            entries = [e for e in os.scandir(self.path) if e.is_file() and not e.name.startswith(".")]
        except OSError:
            return
        if len(entries) <= CACHE_FILE_BLOCKS:
            return
        order = list(self._added)  # this run's, oldest first, go last
        rank = {key: i for i, key in enumerate(order)}
        entries.sort(key=lambda e: (e.name in rank, rank.get(e.name, 0), modified(e)))
        for entry in entries[: len(entries) - CACHE_FILE_BLOCKS]:
            with contextlib.suppress(OSError):
                os.unlink(entry.path)


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
    (re.compile(r"^(\s*class \w+)\[\w+(?:: \w+)?(?:, \w+(?:: \w+)?)*\]:", re.MULTILINE), r"\1:"),
)


def parse_tree(source: str) -> ast.Module:
    """``ast.parse`` that also reads a module written for Python 3.12+ (PEP 695 ``type``
    aliases, ``def f[T](...)`` and ``class C[T]:``) when running on an older Python: those lines are read in
    their pre-3.12 form, line for line, which is all the callers need (statement starts,
    names used)."""
    if sys.version_info < (3, 12):
        for pattern, replacement in _PEP695:
            source = pattern.sub(replacement, source)
    return ast.parse(source)


def _blocks(source: str) -> list[tuple[int, str]]:
    """The module as (blank lines before, text) per top-level statement. Decorators and the
    comment lines right above a statement go with it; the first block runs to the end of the
    ``__all__`` assignment (docstring and imports are formatted together). The header's
    comment lines are split off before (``split_header``)."""
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


_PLAIN_COMMENT = re.compile(r"#(?: (?!fmt:|type:|yapf:)[^\n]*\S)?\n")


def _is_plain(block: str) -> bool:
    """Comment lines black leaves as they are: ``#`` alone or ``# text`` without trailing
    space (and no ``# fmt:`` or ``# type:`` directive), each ending its line."""
    return all(_PLAIN_COMMENT.fullmatch(line) for line in block.splitlines(keepends=True))


def _is_string(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _is_all(node: ast.stmt) -> bool:
    return isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)


def _format_one(args: tuple[str, tuple[int, int]]) -> str:
    import black

    block, target_python = args
    return black.format_str(_laid_out(block), mode=black_mode(target_python))


def _laid_out(block: str) -> str:
    """``block`` with its long lines as black lays them out (``layout.relayout``): black then
    leaves them as they are. Only blocks no cache knows come here (in black's workers), so
    a warm run pays nothing for it; caches are keyed by the block as rendered."""
    lines = block.splitlines(keepends=True)
    for at, laid in relayout([line.rstrip("\r\n") for line in lines], parse_tree(block)).items():
        lines[at] = laid + "\n"
    return "".join(lines)


def _known(
    blocks: Iterable[str], target_python: tuple[int, int], store: FormatCache, found: dict[str, str]
) -> list[str]:
    """Put into ``found`` each block's formatting known without black: this process's
    cache, else the cache directory, else the runtime's shipped formatting; return the
    blocks left (those ``found`` had before count as known)."""
    left = []
    shipped: dict[str, str] | None = None
    for b in blocks:
        if b in found:
            continue
        text = _cache.get((b, target_python))
        if text is None:
            text = store.get(b)
        if text is None:
            shipped = shipped if shipped is not None else shipped_formatting(target_python)
            text = shipped.get(FormatCache.key(b))
        if text is not None:
            found[b] = text
        else:
            left.append(b)
    return left


#: Seconds between a black worker's looks at whether the run that started it is gone.
ORPHAN_CHECK = 0.2


def _leave_with_parent(parent: int) -> None:
    """A black worker's start: a thread that ends the worker once the run that forked it
    is gone however it went (SIGTERM from a cancelled CI job, SIGKILL, out of memory), where
    the pool would leave it running, orphaned, its stderr still open."""
    import threading

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(ORPHAN_CHECK)
        os._exit(1)

    threading.Thread(target=watch, daemon=True, name="gen-models-orphan-check").start()


class _BlackJobs:
    """Blocks for black, formatted in this process or, once ``PARALLEL_MIN_LINES`` lines
    are waiting and ``workers_for`` allows, in worker processes (forked with black
    imported) that take them in small batches as they are added: a module's blocks are
    formatted while the next module is rendered. Each distinct block is formatted once."""

    #: Lines per batch sent to a worker: small, so the workers finish together.
    BATCH_LINES = 150

    def __init__(self, target_python: tuple[int, int]) -> None:
        self.target_python = target_python
        self.waiting: list[str] = []
        self.seen: set[str] = set()
        self.pool: Any = None
        self.batches: list[tuple[list[str], Any]] = []  # (blocks, the future of their formatting)

    def add(self, blocks: Iterable[str]) -> None:
        """Queue blocks for black (one seen before is not queued again)."""
        for b in blocks:
            if b not in self.seen:
                self.seen.add(b)
                self.waiting.append(b)
        lines = sum(b.count("\n") for b in self.waiting)
        if self.pool is None and lines >= PARALLEL_MIN_LINES and workers_for(lines) > 1:
            self._start(workers_for(lines))
        if self.pool is not None:
            self._send(final=False)

    def results(self) -> dict[str, str]:
        """Black's output for every block added."""
        if self.pool is None:
            return dict(zip(self.waiting, _format_uncached(self.waiting, self.target_python)))
        self._send(final=True)
        return {b: text for blocks, future in self.batches for b, text in zip(blocks, future.result())}

    def close(self) -> None:
        """Stop the workers (the batches not begun are dropped)."""
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            self.pool = None

    def _start(self, workers: int) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        import black  # noqa: F401 - before forking, so that the workers inherit it imported

        self.pool = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context("fork"),
            initializer=_leave_with_parent,
            initargs=(os.getpid(),),  # not the worker's getppid(): the run may be gone before it starts
        )

    def _send(self, final: bool) -> None:
        """Submit the waiting blocks in batches of ``BATCH_LINES``; the last, smaller batch
        waits for more blocks unless ``final``."""
        batch: list[str] = []
        lines = 0
        for b in self.waiting:
            batch.append(b)
            lines += b.count("\n") + 1
            if lines >= self.BATCH_LINES:
                self._submit(batch)
                batch, lines = [], 0
        if batch and final:
            self._submit(batch)
            batch = []
        self.waiting = batch

    def _submit(self, batch: list[str]) -> None:
        self.batches.append((batch, self.pool.submit(_format_uncached, batch, self.target_python)))


#: Black's output for the fixed blocks (see the module docstring).
SHIPPED = Path(__file__).resolve().parent / "runtime" / "formatted.json"
#: The target Python ``SHIPPED`` is formatted for (gen-models' default).
SHIPPED_TARGET = (3, 10)


@cache
def _shipped() -> dict[str, Any]:
    try:
        data = json.loads(SHIPPED.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def shipped_names() -> dict[str, list[str]]:
    """``SHIPPED``'s names that each runtime module's inlined text loads (``FormatCache.key``
    of the text -> the names), for ``render``'s imports; a module changed since is not in
    it (its key is its text's), and is parsed."""
    return _shipped_part("names")


def shipped_inlined() -> dict[str, str]:
    """``SHIPPED``'s inlined text of each runtime module (``FormatCache.key`` of the module's
    source -> ``runtime.inlined``'s text), for ``runtime.inlined``; a module changed since is
    not in it (its key is its source's), and is parsed."""
    return _shipped_part("inlined")


def shipped_defined() -> dict[str, list[str]]:
    """``SHIPPED``'s top-level names that each runtime module's inlined text defines
    (``FormatCache.key`` of the text -> the names), for ``runtime.defined_names``; a module
    changed since is not in it (its key is its text's), and is parsed."""
    return _shipped_part("defined")


def _shipped_part(part: str) -> dict[str, Any]:
    """``SHIPPED``'s mapping ``part``, or an empty one where the file has none."""
    found = _shipped().get(part, {})
    return found if isinstance(found, dict) else {}


@cache
def shipped_formatting(target_python: tuple[int, int]) -> dict[str, str]:
    """``SHIPPED``'s blocks (``FormatCache.key`` of a block -> black's output), when it was
    made by the installed black for ``target_python`` and this mode; else none. A block
    that changed since is not in it (its key is its text's): it is formatted as any other."""
    data = _shipped()
    made_for = (data.get("black"), data.get("mode"), tuple(data.get("target", ())))
    if made_for != (black_version(), MODE_KEY, target_python):
        return {}
    blocks: dict[str, str] = data.get("blocks", {})
    return blocks


def workers_for(lines: int) -> int:
    """Processes to format ``lines`` lines with: one below ``PARALLEL_MIN_LINES`` or without
    ``fork``, else one per core (at most 4)."""
    import multiprocessing

    workers = min(os.cpu_count() or 1, 4)
    if workers < 2 or lines < PARALLEL_MIN_LINES or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return workers


def _format_uncached(blocks: Iterable[str], target_python: tuple[int, int]) -> list[str]:
    """Black's output for each block, in this process."""
    return [_format_one((b, target_python)) for b in blocks]
