"""Fetch the large real specs the tests read (11 MB, kept out of the repository) into a cache.

Each file is pinned in ``scripts/specs.lock.json`` to an upstream commit and its sha256; a file
is written only once its sha256 matches, so the cache holds exactly what the tests expect.

    python scripts/fetch_specs.py                   # download from upstream (raw.githubusercontent.com)
    python scripts/fetch_specs.py --from ../shared  # copy from a local directory (DIR or DIR/specs)
    python scripts/fetch_specs.py --check           # verify the cache, fetch nothing

The cache is ``$GEN_MODELS_CACHE``, else ``$XDG_CACHE_HOME/gen-models``, else
``~/.cache/gen-models`` (``--cache DIR`` overrides); the specs go to ``<cache>/specs/``, laid
out as ``../shared/specs/``. The tests look in ``$GEN_MODELS_SHARED``, then this cache, then
``../shared`` beside the checkout. Exit status 0 when every file is in place, 1 otherwise.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from generator.cache import cache_dir

LOCK = Path(__file__).resolve().with_name("specs.lock.json")


def lock_entries() -> list[dict[str, Any]]:
    """The pinned files: ``path`` (under ``specs/``), ``url``, ``sha256``, ``size``, ..."""
    entries: list[dict[str, Any]] = json.loads(LOCK.read_text(encoding="utf-8"))["files"]
    return entries


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _download(url: str) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": "gen-models fetch_specs"})
    with urllib.request.urlopen(request, timeout=60) as response:  # pinned https URLs only
        data: bytes = response.read()
    return data


def _source_dir(source: Path) -> Path:
    """``--from`` takes a shared directory (holding ``specs/``) or the specs directory itself."""
    return source / "specs" if (source / "specs").is_dir() else source


def fetch(cache: Path, source: Path | None = None, check_only: bool = False) -> list[str]:
    """Put every pinned file in ``cache/specs``; returns the problems (empty: all in place)."""
    problems = []
    for entry in lock_entries():
        target = cache / "specs" / entry["path"]
        if target.is_file() and sha256(target.read_bytes()) == entry["sha256"]:
            print(f"ok       {entry['path']}")
            continue
        if check_only:
            problems.append(f"{entry['path']}: {'wrong sha256' if target.exists() else 'missing'} in {target.parent}")
            continue
        where = str(_source_dir(source) / entry["path"]) if source else entry["url"]
        try:
            data = (_source_dir(source) / entry["path"]).read_bytes() if source else _download(entry["url"])
        except OSError as error:  # URLError is an OSError
            problems.append(f"{entry['path']}: cannot read {where}: {error}")
            continue
        if sha256(data) != entry["sha256"]:
            problems.append(f"{entry['path']}: sha256 {sha256(data)} from {where}, expected {entry['sha256']}")
            continue
        _write_atomically(target, data)
        print(f"fetched  {entry['path']} ({len(data):,} bytes) from {where}")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="source", type=Path, help="copy from this directory instead of downloading")
    parser.add_argument("--cache", type=Path, help=f"cache directory (default: {cache_dir()})")
    parser.add_argument("--check", action="store_true", help="verify the cache only")
    args = parser.parse_args(argv)
    cache = args.cache or cache_dir()
    problems = fetch(cache, args.source, check_only=args.check)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"all {len(lock_entries())} specs in {cache / 'specs'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
