"""Where gen-models keeps what it can always rebuild: the compiled templates (Jinja's bytecode
cache, the templates' ``.pyc``) and the real specs ``scripts/fetch_specs.py`` fetches for the
tests. Deleting the folder loses nothing but time.
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """``$GEN_MODELS_CACHE``, else ``$XDG_CACHE_HOME/gen-models``, else ``~/.cache/gen-models``
    (the XDG base directory rule)."""
    if os.environ.get("GEN_MODELS_CACHE"):
        return Path(os.environ["GEN_MODELS_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "gen-models"


def writable_dir(path: Path) -> Path | None:
    """``path``, made if missing, when this process may write there; else None (a read-only
    home or container: the caller works without the cache)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return path if os.access(path, os.W_OK | os.X_OK) else None
