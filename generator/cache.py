"""Cache: the directory where gen-models keeps what later runs can reuse (formatted blocks,
compiled templates, the names a rendered module uses), the compiled-template cache and the
store of facts derived from a text (``recall``/``remember``).

Every entry starts with a seal (``seal``): the gen-models version that wrote it, the sha256
of the input it was made from and the sha256 of its content. ``unseal`` checks all three on
every read; an entry that fails (appended to, truncated, edited, moved under another name,
written by another version, not UTF-8) is deleted and the work done again (``--debug``
reports it), so a stale or damaged entry costs time, never a wrong output. Deleting the
directory is always safe.

The digests catch damage, not a forger: whoever can write the cache directory can write a
matching seal. ``--no-cache`` neither reads nor writes it.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__

#: Entries kept per kind of derived fact; beyond it the least recently written half goes.
DERIVED_ENTRIES = 2_000

if TYPE_CHECKING:
    import jinja2

#: Where discarded entries are reported (the CLI shows this logger under ``--debug``).
LOGGER = "generator.cache"


def cache_dir() -> Path:
    """gen-models' cache directory: ``$GEN_MODELS_CACHE``, else ``$XDG_CACHE_HOME/gen-models``,
    else ``~/.cache/gen-models`` (the directory ``scripts/fetch_specs.py`` also uses)."""
    if os.environ.get("GEN_MODELS_CACHE"):
        return Path(os.environ["GEN_MODELS_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "gen-models"


def template_cache() -> jinja2.BytecodeCache | None:
    """Jinja's compiled templates kept in ``<cache>/jinja`` (compiling the shipped templates
    takes ~0.1 s a run; Jinja checks each entry against its template's source), or None
    when that directory cannot be made (a read-only home: templates are compiled each run)."""
    import jinja2

    directory = cache_dir() / "jinja"
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return jinja2.FileSystemBytecodeCache(str(directory))


def store_file(path: Path, text: str) -> bool:
    """Write ``text`` to the cache file ``path`` atomically (a temporary file beside it, then
    ``os.replace``); False when it cannot be written (a read-only home: no cache). The only
    writing outside ``write.write_all``, and only under ``cache_dir()``."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temp, path)
    except OSError:
        return False
    return True


def seal(inputs: str, content: str) -> str:
    """An entry's text: a first line naming this gen-models version, the sha256 of
    ``inputs`` (what the content was made from) and of ``content``, then ``content``."""
    return f"gen-models {__version__} inputs {_sha(inputs)} content {_sha(content)}\n{content}"


def unseal(path: Path, inputs: str) -> str | None:
    """The content of the entry at ``path`` when its seal (see ``seal``) matches this
    version, ``inputs`` and the content itself; None when there is no entry. An entry that
    does not match, or cannot be read, is deleted (reported to the ``LOGGER`` logger) and None returned:
    the caller does the work again and keeps its result anew."""
    try:
        entry = path.read_bytes()
    except OSError:  # none, or unreadable: nothing to trust either way
        return None
    head, _, content = entry.partition(b"\n")
    try:
        text = content.decode("utf-8")
        expected = f"gen-models {__version__} inputs {_sha(inputs)} content {_sha(text)}"
        if head.decode("utf-8") == expected:
            return text
    except UnicodeDecodeError:
        pass
    import logging  # here: ~15 ms of import a run with a sound cache does not need

    logging.getLogger(LOGGER).debug(
        "cache entry %s does not match its seal (damaged, edited or of another version): discarded", path
    )
    with contextlib.suppress(OSError):
        path.unlink()
    return None


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def recall(kind: str, text: str) -> list[str] | None:
    """The lines ``remember`` kept for ``text`` under ``kind`` (``names-1``: a name that
    changes whenever what is derived does), or None: none kept, or kept by another
    gen-models version, or damaged (checked by ``unseal``; a damaged entry is deleted)."""
    content = unseal(cache_dir() / kind / _text_key(text), text)
    if content is None:
        return None
    return content.split("\n") if content else []


def remember(kind: str, text: str, lines: list[str]) -> None:
    """Keep ``lines`` (no line breaks in them), derived from ``text``, for later runs'
    ``recall``, sealed (``seal``); beyond ``DERIVED_ENTRIES`` entries of a kind the older
    half is deleted. Write errors are ignored (no cache)."""
    directory = cache_dir() / kind
    if not store_file(directory / _text_key(text), seal(text, "\n".join(lines))):
        return
    try:
        entries = [e for e in os.scandir(directory) if e.is_file() and not e.name.startswith(".")]
    except OSError:
        return
    if len(entries) > DERIVED_ENTRIES:
        entries.sort(key=modified)
        for old in entries[: len(entries) // 2]:
            with contextlib.suppress(OSError):  # another run may have deleted it already
                os.unlink(old.path)


def modified(entry: os.DirEntry[str]) -> int:
    """``entry``'s modification time in nanoseconds; -1 when it is gone: runs share the
    cache, and another run may delete an entry between a listing and this look (pruning
    must never fail on that)."""
    try:
        return entry.stat().st_mtime_ns
    except OSError:
        return -1


def _text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]
