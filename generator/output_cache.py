"""Output cache: the files a run wrote, kept by everything they were made from but the
output directory, so that a later run with the same inputs writing elsewhere (another
checkout, a CI job with a warm cache, another ``-o``) copies them instead of reading the
spec, rendering and formatting again.

The key is ``fingerprint.inputs_digest`` without the ``output`` option (the spec's bytes,
the merge maps, every other option, this gen-models with the bytes of its code and
templates, the formatter's and the YAML reader's and Jinja's versions, the Python version) and the names of the files the run
writes (``fingerprint.expected_outputs``). The entry names the files the loader read
besides the spec (``$ref`` targets) with their digests: they are read again and compared
before the entry is used, as a fingerprint line's are. The one line of a module that
depends on the output directory, the header's ``# Regenerate with:`` command, is swapped
for this run's (``options.regenerate_line``); with ``--custom-template-dir`` the output
directory stays in the key (a user's template may show it anywhere). The warnings the run
printed are kept too, and a copied run prints them, from the same working directory only
(they name files relative to it).

Not kept, as their fingerprint is not taken: a run without an ``inputs`` digest (standard
input, ``--allow-remote-refs``) and a run that left events unmapped. Entries are sealed
like every cache entry (``cache.seal``: damage is caught, a forger is not) and compressed;
the ``OUTPUT_ENTRIES`` latest are kept.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from . import cache
from .fingerprint import digest, expected_outputs, inputs_digest, read_again, relative_reads
from .options import Options, command, regenerate_line
from .write import Output

#: The cache's kind for whole runs (a new name whenever the entry's layout changes).
KIND = "outputs-1"
#: Runs kept; an entry holds every module of a run (~0.5 MB compressed for the upstream
#: OpenAI spec's default run).
OUTPUT_ENTRIES = 16


@dataclass(frozen=True)
class CachedRun:
    """A run read back from the cache: its ``outputs`` (code without fingerprint lines, at
    this run's paths), the files it read besides the spec (``{path relative to the spec's
    directory: bytes}``, read again now) and the warnings it printed."""

    outputs: list[Output]
    reads: dict[str, bytes]
    warnings: list[str]


def key(options: Options, formatter_version: str) -> str | None:
    """The entry's key for a run of ``options`` (see the module docstring), computed once a
    run and given to ``recall`` and ``remember``; None: the run is not kept (no ``inputs``).

    Raises:
        SpecError: the options are inconsistent (``fingerprint.expected_outputs``).
    """
    # a user's template may show the command (or the output directory) anywhere: its
    # runs are kept per output directory, where the shipped ones show it in one line
    ignored = frozenset({"output"} if options.template_dir is None else ())
    inputs = inputs_digest(options, formatter_version, ignored)
    if inputs is None:
        return None
    return json.dumps([KIND, inputs, [path.name for path in expected_outputs(options)]])


def recall(options: Options, entry_key: str) -> CachedRun | None:
    """The run kept under ``entry_key`` (``key``) for ``options``, or None: none kept,
    damaged, or a file it read besides the spec has changed since."""
    data = cache.recall_bytes(KIND, entry_key)
    if data is None:
        return None
    paths = {path.name: path for path in expected_outputs(options)}
    try:
        entry = json.loads(zlib.decompress(data))
        files, warnings, expected_reads = entry["files"], entry["warnings"], entry["reads"]
        if {name for name, _, _ in files} != paths.keys() or len(files) != len(paths):
            return None
        if not all(isinstance(head, str) and isinstance(tail, (str, type(None))) for _, head, tail in files):
            return None
        if warnings and entry["cwd"] != os.getcwd():  # they name files relative to it
            return None
        reads = {name: read_again(options, name) for name in expected_reads}
        if any(digest(reads[name]) != expected for name, expected in expected_reads.items()):
            return None
        line = regenerate_line(command(options))
        outputs = [Output(paths[name], head if tail is None else head + line + tail) for name, head, tail in files]
    except OSError:  # a file it read is gone, unreadable, or now outside the tree: the work says which
        return None
    except (zlib.error, ValueError, KeyError, TypeError, AttributeError):  # sealed right: only a forger gets here
        return None
    return CachedRun(outputs, reads, [str(w) for w in warnings])


def remember(
    options: Options, entry_key: str, outputs: list[Output], files: Mapping[Path, bytes], warnings: list[str]
) -> None:
    """Keep a run's ``outputs`` (code without fingerprint lines), the files its loader read
    besides the spec (``SpecReading.files``) and the warnings it printed, for ``recall``.
    Write errors are ignored (no cache)."""
    line = regenerate_line(command(options))
    entry = {
        "reads": {name: digest(data) for name, data in relative_reads(options.spec, files).items()},
        "warnings": warnings,
        "cwd": os.getcwd(),
        "files": [[o.path.name, *_split_at(o.text, line)] for o in outputs],
    }
    cache.remember_bytes(KIND, entry_key, zlib.compress(json.dumps(entry).encode(), 1), OUTPUT_ENTRIES)


def _split_at(text: str, line: str) -> tuple[str, str | None]:
    """``text`` before and after its header's ``line`` (``(text, None)``: no such line, as
    in the shared runtime files, whose header names no command)."""
    at = text.find(line + "\n")
    before = text[:at]
    if at < 0 or (before and not before.endswith("\n")) or not all(x.startswith("#") for x in before.splitlines()):
        return text, None
    return before, text[at + len(line) :]
