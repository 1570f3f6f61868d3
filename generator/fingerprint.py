"""Fingerprint: what a run's outputs were made from, stamped in their header, so a run whose
outputs are current does nothing (``gen-models`` re-runs and ``--check`` in milliseconds).

Every generated file gets one header line::

    # Fingerprint: inputs 3f2a...(32 hex), output 9c1d...(32 hex)

``inputs`` is a sha256 (first 128 bits) of everything the output is made from: the spec's
bytes and those of the files it ``$ref``s (found by a scan of the bytes, recursively), the
merge maps, every field of ``Options`` (paths relative to the project root; ``use_cache``
aside, which does not change the output), gen-models' version, the bytes of every file of the ``generator``
package and of its templates and of ``--custom-template-dir``, the formatter and its
version, and the Python version running the generator. ``output`` is the sha256 of the
file's own text without this line: a file edited by hand no longer matches it.

Before the spec is read (and before the YAML reader, the templates or black are imported),
``current_outputs`` recomputes ``inputs`` and reads the files the run would write: when
each holds that ``inputs`` and its text matches its ``output``, the run is over. Otherwise
the run does all the work, as without a fingerprint, and compares the code itself: a file
whose code is the same and only the fingerprint differs counts as current for ``--check``
(the normal run refreshes the line).

No fingerprint is taken (every run does all the work) when the spec comes from standard
input, when a ``$ref`` points at a URL or at something the scan cannot read for sure, and
when the run gave warnings or left events unmapped (so that they are shown every time).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from . import __version__
from .options import Options, module_stem, output_file

#: The header line's start; the line is inserted after the module's leading comment lines.
PREFIX = "# Fingerprint: "
_LINE = re.compile(r"# Fingerprint: inputs ([0-9a-f]{32}), output ([0-9a-f]{32})")
#: Options fields that do not change what is written.
IGNORED_FIELDS = frozenset({"use_cache"})
#: The runtime files ``--runtime package`` writes beside the modules (``render``: the
#: standard-library part always, a style's part with that style). They hold the same bytes
#: whatever spec a run reads, so modules of several specs share them; their fingerprint's
#: ``inputs`` is ``runtime_inputs_digest``, not the run's.
RUNTIME_FILE, PYDANTIC_RUNTIME_FILE, MSGSPEC_RUNTIME_FILE = "_runtime.py", "_runtime_pydantic.py", "_runtime_msgspec.py"
RUNTIME_FILES = frozenset({RUNTIME_FILE, PYDANTIC_RUNTIME_FILE, MSGSPEC_RUNTIME_FILE})
_REF_KEY = re.compile(rb"""\$ref['"]?\s*:\s*""")
_PLAIN = re.compile(rb"""[^\s,}\]'"#]+""")
_generator_digest: dict[Path | None, str] = {}


def digest(data: bytes) -> str:
    """The first 128 bits of ``data``'s sha256, in hex."""
    return hashlib.sha256(data).hexdigest()[:32]


def stamp(body: str, inputs: str) -> str:
    """``body`` with the fingerprint line (``inputs`` and the digest of ``body``) inserted
    after its leading comment lines (the header)."""
    lines = body.splitlines(keepends=True)
    at = _header_end(lines)
    line = f"{PREFIX}inputs {inputs}, output {digest(body.encode('utf-8'))}\n"
    return "".join(lines[:at] + [line] + lines[at:])


def unstamp(text: str) -> tuple[str, str | None, str | None]:
    """``(body, inputs, output)``: the text without its fingerprint line and the two
    digests that line holds; ``(text, None, None)`` when it has none."""
    lines = text.splitlines(keepends=True)
    for i in reversed(range(_header_end(lines))):
        found = _LINE.fullmatch(lines[i].rstrip("\r\n"))
        if found:
            return "".join(lines[:i] + lines[i + 1 :]), found.group(1), found.group(2)
    return text, None, None


def _header_end(lines: list[str]) -> int:
    """The index of the first line after the leading ``#`` comment lines."""
    at = 0
    while at < len(lines) and lines[at].startswith("#"):
        at += 1
    return at


def is_intact(text: str, inputs: str) -> bool:
    """True when ``text`` has a fingerprint line for ``inputs`` and its own text (without
    that line) still has the digest the line records: made from these inputs, not edited."""
    body, found_inputs, found_output = unstamp(text)
    return found_inputs == inputs and found_output == digest(body.encode("utf-8"))


def expected_outputs(options: Options) -> list[Path]:
    """The files a run of ``options`` writes, known without reading the spec: one module per
    style (or the ``-o FILE.py``), and the runtime files with ``--runtime package``.

    Raises:
        SpecError: ``-o FILE.py`` with several styles (as the run itself would).
    """
    target = output_file(options)
    stem = module_stem(options)
    directory = target.parent if target else options.output
    paths = [target if target else directory / f"{stem}_{style}.py" for style in options.styles]
    if options.runtime_package:
        paths.append(directory / RUNTIME_FILE)
        if "pydantic" in options.styles:
            paths.append(directory / PYDANTIC_RUNTIME_FILE)
        if "msgspec" in options.styles:
            paths.append(directory / MSGSPEC_RUNTIME_FILE)
    return paths


def inputs_digest(options: Options, formatter_version: str) -> str | None:
    """The ``inputs`` digest of a run (see the module docstring), or None when the run has
    none (standard input, a remote or unreadable ``$ref``, a missing input file: the run
    then does all the work and reports what is wrong)."""
    if options.spec_bytes is not None or options.allow_remote_refs:
        return None
    h = hashlib.sha256()

    def add(label: str, data: bytes) -> None:
        h.update(f"{label}\0{len(data)}\0".encode())
        h.update(data)

    add("gen-models", __version__.encode())
    add("python", ".".join(map(str, sys.version_info[:2])).encode())
    add("formatter", formatter_version.encode())
    add("generator", generator_digest().encode())
    if options.template_dir is not None:
        if not options.template_dir.is_dir():
            return None
        add("templates", _tree_digest([options.template_dir]).encode())
    root = (options.root or Path.cwd()).resolve()
    for f in dataclasses.fields(options):
        if f.name not in IGNORED_FIELDS and f.name not in ("spec_bytes", "root"):
            add(f"option {f.name}", _normal(getattr(options, f.name), root).encode())
    try:
        for path, data in _spec_files(options.spec):
            add(f"spec {_normal(path, root)}", data)
        for path in options.merge_maps:
            add(f"map {_normal(path, root)}", path.read_bytes())
    except (OSError, _Unsure):
        return None
    return h.hexdigest()[:32]


def generator_digest() -> str:
    """A digest of every file of the ``generator`` package and of the shipped templates
    (once per process)."""
    if None not in _generator_digest:
        here = Path(__file__).resolve().parent
        roots = [here] + [here.parent / "templates"] * (not (here / "templates").is_dir())
        _generator_digest[None] = _tree_digest([r for r in roots if r.is_dir()])
    return _generator_digest[None]


def _tree_digest(roots: list[Path]) -> str:
    h = hashlib.sha256()
    for root in roots:
        for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            data = path.read_bytes()
            h.update(f"{path.relative_to(root).as_posix()}\0{len(data)}\0".encode())
            h.update(data)
    return h.hexdigest()


def _normal(value: object, root: Path) -> str:
    """An option's value as stable text: paths relative to the project ``root`` (as the
    output shows them: a checkout elsewhere has the same fingerprint), mappings sorted."""
    if isinstance(value, Path):
        try:
            return Path(os.path.relpath(value.resolve(), root)).as_posix()
        except ValueError:  # another drive (Windows)
            return value.resolve().as_posix()
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_normal(v, root) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_normal(k, root)}: {_normal(v, root)}" for k, v in sorted(value.items())) + "}"
    return repr(value)


class _Unsure(Exception):
    """A ``$ref`` the scan cannot follow for sure: no fingerprint."""


def _spec_files(spec: Path) -> Iterator[tuple[Path, bytes]]:
    """The spec and every file it ``$ref``s, transitively (each once), with their bytes.

    A ``$ref`` is found as a ``$ref`` key (YAML or JSON) and its value read from the bytes:
    ``#...`` stays in the file; a relative path (before any ``#``) is followed.

    Raises:
        OSError: a file cannot be read.
        _Unsure: a ``$ref`` value that is a URL, or cannot be read plainly.
    """
    todo = [spec.resolve()]
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        data = path.read_bytes()
        yield path, data
        for key in _REF_KEY.finditer(data):
            at = key.end()
            quote = data[at : at + 1]
            if quote in (b'"', b"'"):
                at += 1
            if data[at : at + 1] == b"#":
                continue
            value = _PLAIN.match(data, at)
            end = value.end() if value else at
            after = data[end : end + 1]
            if value is None or (quote in (b'"', b"'") and after not in (quote, b"#")):
                raise _Unsure(f"$ref at byte {key.start()} of {path}")
            address = value.group().decode("utf-8", "replace")
            if "://" in address or address.startswith("//"):
                raise _Unsure(f"$ref {address!r} is a URL")
            target = (path.parent / address).resolve()
            if not target.is_file():
                raise _Unsure(f"$ref {address!r}: no such file")
            todo.append(target)


def runtime_inputs_digest(options: Options, formatter_version: str) -> str:
    """The ``inputs`` digest of the shared runtime files: what their bytes depend on (this
    gen-models and its code, the formatter, the target Python), never the spec."""
    h = hashlib.sha256()
    for label, value in (
        ("gen-models", __version__),
        ("python", ".".join(map(str, sys.version_info[:2]))),
        ("formatter", f"{options.formatter} {formatter_version}"),
        ("generator", generator_digest()),
        ("target", ".".join(map(str, options.target_python))),
    ):
        h.update(f"{label}\0{len(value)}\0{value}".encode())
    return h.hexdigest()[:32]


def current_outputs(options: Options, inputs: str, runtime_inputs: str = "") -> list[Path] | None:
    """The run's outputs when every one is current (made from ``inputs``, the run's
    ``inputs_digest``, the shared runtime files from ``runtime_inputs``, and not edited
    since), else None: the run must do its work.

    Raises:
        SpecError: the options are inconsistent (see ``expected_outputs``).
    """
    paths = expected_outputs(options)
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
        if not is_intact(text, runtime_inputs if path.name in RUNTIME_FILES else inputs):
            return None
    return paths
