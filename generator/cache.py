"""Cache: the directory where gen-models keeps what later runs can reuse (formatted blocks,
compiled templates, the names a rendered module uses, parsed YAML), the compiled-template cache and the
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
    """Jinja's compiled templates kept in ``<cache>/jinja``, sealed like every entry (Jinja
    unpickles and unmarshals an entry: an unchecked one would run whatever it holds), or
    None when that directory cannot be made (a read-only home: templates are compiled each
    run). Compiling the shipped templates takes ~0.1 s a run."""
    import jinja2

    class SealedBytecodeCache(jinja2.FileSystemBytecodeCache):
        def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            data = unseal_bytes(Path(self._get_cache_filename(bucket)), f"{bucket.key} {bucket.checksum}")
            if data is not None:
                bucket.bytecode_from_string(data)

        def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            path = Path(self._get_cache_filename(bucket))
            store_file(path, seal(f"{bucket.key} {bucket.checksum}", bucket.bytecode_to_string()))

    directory = cache_dir() / "jinja"
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return SealedBytecodeCache(str(directory))


def store_file(path: Path, data: bytes) -> bool:
    """Write ``data`` to the cache file ``path`` atomically (a temporary file beside it, then
    ``os.replace``); False when it cannot be written (a read-only home: no cache). The only
    writing outside ``write.write_all``, and only under ``cache_dir()``."""
    temp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temp, path)
    except OSError:
        if temp is not None:  # a full disk: the partial file goes (listings skip dot files)
            with contextlib.suppress(OSError):
                os.unlink(temp)
        return False
    return True


def seal(inputs: str, content: str | bytes) -> bytes:
    """An entry's bytes: a first line naming this gen-models version, the sha256 of
    ``inputs`` (what the content was made from) and of ``content`` (UTF-8 when text), then
    ``content``."""
    data = content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content
    return _head(inputs, data) + b"\n" + data


def _head(inputs: str, data: bytes) -> bytes:
    return f"gen-models {__version__} inputs {_sha(inputs)} content {hashlib.sha256(data).hexdigest()}".encode()


def unseal_bytes(path: Path, inputs: str) -> bytes | None:
    """The content of the entry at ``path`` when its seal (see ``seal``) matches this
    version, ``inputs`` and the content itself; None when there is no entry. An entry that
    does not match is deleted (reported to the ``LOGGER`` logger) and None returned: the
    caller does the work again and keeps its result anew."""
    try:
        entry = path.read_bytes()
    except OSError:  # none, or unreadable: nothing to trust either way
        return None
    head, _, data = entry.partition(b"\n")
    if head == _head(inputs, data):
        return data
    _discard(path)
    return None


def unseal(path: Path, inputs: str) -> str | None:
    """``unseal_bytes`` for text: the content decoded (UTF-8), else None."""
    data = unseal_bytes(path, inputs)
    try:
        return None if data is None else data.decode("utf-8")
    except UnicodeDecodeError:  # sealed as text by this version: cannot happen unless forged
        _discard(path)
        return None


def _discard(path: Path) -> None:
    import logging  # here: ~15 ms of import a run with a sound cache does not need

    logging.getLogger(LOGGER).debug(
        "cache entry %s does not match its seal (damaged, edited or of another version): discarded", path
    )
    with contextlib.suppress(OSError):
        path.unlink()


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
    remember_bytes(kind, text, "\n".join(lines).encode("utf-8", "surrogatepass"))


def recall_bytes(kind: str, text: str) -> bytes | None:
    """``recall`` for bytes kept by ``remember_bytes``."""
    return unseal_bytes(cache_dir() / kind / _text_key(text), text)


def remember_bytes(kind: str, text: str, content: bytes, limit: int | None = None) -> None:
    """``remember`` for bytes (``recall_bytes`` gives them back); beyond ``limit`` entries of
    ``kind`` (default ``DERIVED_ENTRIES``) the older half is deleted."""
    directory = cache_dir() / kind
    if not store_file(directory / _text_key(text), seal(text, content)):
        return
    try:
        entries = [e for e in os.scandir(directory) if e.is_file() and not e.name.startswith(".")]
    except OSError:
        return
    if len(entries) > (limit or DERIVED_ENTRIES):
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
