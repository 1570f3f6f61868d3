"""Fingerprint: what a run's outputs were made from, stamped in their header, so a run whose
outputs are current does nothing (docs/usage.md says what the line covers and when a run
stamps none)::

    # Fingerprint: inputs 3f2a...(32 hex), output 9c1d...(32 hex)[, reads parts.yaml common/x.json]

``inputs`` digests everything the output is made from (``inputs_digest``, ``with_reads``);
``reads`` names the other files the loader read (relative to the spec's directory, percent-quoted)
to hash again; ``output`` digests the text without the line (a hand edit no longer matches).
``current_outputs`` checks all this before the YAML reader, the templates or black are imported.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib.util
import os
import re
import stat
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from urllib.parse import quote, unquote  # imported by pathlib already

from . import __version__
from .options import Options, module_stem, output_file, relative
from .runtime_files import package_files
from .styles import runtime_parts

#: The header line's start; the line is inserted after the module's leading comment lines.
PREFIX = "# Fingerprint: "
_LINE = re.compile(r"# Fingerprint: inputs ([0-9a-f]{32}), output ([0-9a-f]{32})(?:, reads (\S+(?: \S+)*))?")
#: Options fields that do not change what is written.
IGNORED_FIELDS = frozenset({"use_cache"})
#: The libraries besides the formatter whose version can change the output: the YAML reader
#: (what the spec's bytes mean) and Jinja (how the templates render). Keyed by import name.
LIBRARIES = {"yaml": "pyyaml", "jinja2": "jinja2"}
_VERSION = re.compile(r"""^__version__ = ["']([^"']+)["']""", re.MULTILINE)


def digest(data: bytes) -> str:
    """The first 128 bits of ``data``'s sha256, in hex."""
    return hashlib.sha256(data).hexdigest()[:32]


def stamp(body: str, inputs: str, reads: Sequence[str] = ()) -> str:
    """``body`` with the fingerprint line (``inputs``, the digest of ``body``, the files
    ``reads`` names) inserted after its leading comment lines."""
    lines = body.splitlines(keepends=True)
    at = _header_end(lines)
    named = f", reads {' '.join(quote(r, safe='/') for r in reads)}" if reads else ""
    line = f"{PREFIX}inputs {inputs}, output {digest(body.encode('utf-8'))}{named}\n"
    return "".join(lines[:at] + [line] + lines[at:])


def unstamp(text: str) -> tuple[str, str | None, str | None]:
    """``(body, inputs, output)``: the text without its fingerprint line and the two
    digests that line holds; ``(text, None, None)`` when it has none."""
    body, found = _stamp_of(text)
    return (body, found.group(1), found.group(2)) if found else (text, None, None)


def stamped_reads(text: str) -> list[str]:
    """The files (relative to the spec's directory) the fingerprint line of ``text`` names."""
    _, found = _stamp_of(text)
    return [unquote(r) for r in found.group(3).split(" ")] if found and found.group(3) else []


def _stamp_of(text: str) -> tuple[str, re.Match[str] | None]:
    """``text`` without its fingerprint line, and that line's match (None: no line)."""
    lines = text.splitlines(keepends=True)
    for i in reversed(range(_header_end(lines))):
        if found := _LINE.fullmatch(lines[i].rstrip("\r\n")):
            return "".join(lines[:i] + lines[i + 1 :]), found
    return text, None


def with_reads(inputs: str, reads: Mapping[str, bytes]) -> str:
    """``inputs`` extended by the other files the loader read (``{path relative to the
    spec's directory: bytes}``): the digest a module's fingerprint line records."""
    if not reads:
        return inputs
    h = hashlib.sha256(inputs.encode())
    for name in sorted(reads):
        _feed(h, f"read {name}", reads[name])
    return h.hexdigest()[:32]


def relative_reads(spec: Path, files: Mapping[Path, bytes]) -> dict[str, bytes]:
    """``files`` (``SpecReading.files``) by their path relative to ``spec``'s directory."""
    base = spec_directory(spec)
    return {relative(path, base, resolve=False): data for path, data in files.items()}


def spec_directory(spec: Path) -> Path:
    """The directory of ``spec``, absolute, links not followed (as ``RefResolver.files``)."""
    return Path(os.path.abspath(spec)).parent


def _header_end(lines: list[str]) -> int:
    """The index of the first line after the leading ``#`` comment lines."""
    return next((i for i, line in enumerate(lines) if not line.startswith("#")), len(lines))


def is_intact(text: str, inputs: str) -> bool:
    """True when ``text`` has a fingerprint line for ``inputs`` and its text still has the
    digest the line records: made from these inputs, not edited."""
    body, found_inputs, found_output = unstamp(text)
    return found_inputs == inputs and found_output == digest(body.encode("utf-8"))


def expected_outputs(options: Options) -> list[Path]:
    """The files a run writes, known without reading the spec: one module per style (or the
    ``-o FILE.py``), then the runtime's (``runtime_expected``).

    Raises:
        SpecError: ``-o FILE.py`` with several styles (as the run itself would).
    """
    target = output_file(options)
    directory = target.parent if target else options.output
    paths = [target or directory / f"{module_stem(options)}_{style}.py" for style in options.styles]
    return paths + list(runtime_expected(options, directory))


def runtime_expected(options: Options, directory: Path) -> dict[Path, str | None]:
    """The runtime files a run writes in ``directory``: the text each must hold, or None for
    ``__init__.py`` (any text will do); none with ``--runtime inline``."""
    if not options.runtime_package:
        return {}
    files = package_files(runtime_parts(options.styles), options.target_python)
    return {**{directory / name: text for name, text in files.items()}, directory / "__init__.py": None}


def inputs_digest(options: Options, formatter_version: str) -> str | None:
    """The ``inputs`` digest of a run before the other files the loader reads are added
    (``with_reads``); None when the run has none (standard input, ``--allow-remote-refs``,
    a missing input file: the run then does the work and reports what is wrong)."""
    if options.spec_bytes is not None or options.allow_remote_refs:
        return None
    h = hashlib.sha256()
    add = functools.partial(_feed, h)
    add("gen-models", __version__.encode())
    add("python", ".".join(map(str, sys.version_info[:2])).encode())
    add("formatter", formatter_version.encode())
    add("libraries", library_versions().encode())
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
        add(f"spec {_normal(options.spec, root)}", options.spec.read_bytes())
        for path in options.merge_maps:
            add(f"map {_normal(path, root)}", path.read_bytes())
    except OSError:
        return None
    return h.hexdigest()[:32]


@functools.cache
def generator_digest() -> str:
    """A digest of the ``generator`` package and the shipped templates (once per process)."""
    here = Path(__file__).resolve().parent
    roots = [here] + [here.parent / "templates"] * (not (here / "templates").is_dir())
    return _tree_digest([r for r in roots if r.is_dir()])


@functools.cache
def library_versions() -> str:
    """``pyyaml 6.0.2, jinja2 3.1.6`` (once per process): each package's ``__version__`` line,
    read without importing it, else its metadata; ``none`` for one not installed."""
    return ", ".join(f"{dist} {_library_version(name, dist)}" for name, dist in LIBRARIES.items())


def _library_version(name: str, dist: str) -> str:
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        return "none"
    try:
        found = _VERSION.search(Path(spec.origin).read_text(encoding="utf-8", errors="replace"))
    except OSError:
        found = None
    if found:
        return found.group(1)
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist)
    except PackageNotFoundError:  # pragma: no cover - a package without metadata
        return "unknown"


def _tree_digest(roots: list[Path]) -> str:
    """Every file under ``roots`` but ``__pycache__``, through linked directories (as Jinja, unlike
    ``rglob``), each directory once."""
    h = hashlib.sha256()
    for root in roots:
        found, seen = [], set()
        for top, dirs, files in os.walk(root, followlinks=True):
            real = os.path.realpath(top)
            if real in seen or "__pycache__" in Path(top).parts:
                dirs.clear()
                continue
            seen.add(real)
            found += [Path(top) / name for name in files]
        for path in sorted(found):
            _feed(h, path.relative_to(root).as_posix(), path.read_bytes())
    return h.hexdigest()


def _feed(h: hashlib._Hash, label: str, data: bytes) -> None:
    """``data`` into ``h``, after its label and length (no two inputs run together)."""
    h.update(f"{label}\0{len(data)}\0".encode())
    h.update(data)


def _normal(value: object, root: Path) -> str:
    """An option's value as stable text: paths relative to the project ``root`` (a checkout
    elsewhere has the same fingerprint), mappings sorted."""
    if isinstance(value, Path):
        return relative(value, root)
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_normal(v, root) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_normal(k, root)}: {_normal(v, root)}" for k, v in sorted(value.items())) + "}"
    return repr(value)


def current_outputs(options: Options, inputs: str) -> list[Path] | None:
    """The run's outputs when every one is current (a module made from ``inputs`` and its line's
    files, read again, and not edited since; a runtime file as installed), else None.

    Raises:
        SpecError: the options are inconsistent (see ``expected_outputs``).
    """
    paths = expected_outputs(options)
    runtime = runtime_expected(options, paths[0].parent)  # the modules' directory
    for path in paths:
        try:  # only a regular file is read: a fifo would block (the run then says what is there)
            if not stat.S_ISREG(path.stat().st_mode):
                return None
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
        if path in runtime:
            if runtime[path] is not None and text != runtime[path]:
                return None
            continue
        try:  # the files the run that wrote it read besides the spec, read again
            reads = {}
            for name in stamped_reads(text):
                read = spec_directory(options.spec) / name
                if not options.allow_outside_refs and not read.resolve().is_relative_to(options.spec.resolve().parent):
                    return None  # now outside the spec's directory tree
                reads[name] = read.read_bytes()
        except OSError:
            return None
        if not is_intact(text, with_reads(inputs, reads)):
            return None
    return paths
