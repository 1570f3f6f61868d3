"""Cache: the directory where gen-models keeps what later runs can reuse (formatted blocks,
compiled templates), and the compiled-template cache itself.

Everything kept there is checked before use (by the text it was made from, and the version
of the tool that made it), so a stale or damaged entry costs time, never a wrong output;
deleting the directory is always safe.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import jinja2


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
