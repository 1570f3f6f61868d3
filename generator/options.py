"""Options: what one run generates, and the files it writes, known before the spec is read.

Standard library only, so that a run whose outputs are current (``fingerprint``) is answered
without importing the spec reader, the templates or the formatter.
"""

from __future__ import annotations

import os
import re
import shlex
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from .errors import SpecError
from .styles import STYLES


@dataclass(frozen=True)
class Options:
    """What to generate: each field the value of the command-line option of its name (or of
    ``[tool.gen-models]``; docs/usage.md describes them), and besides:

    Attributes:
        spec: the document; ``<stdin>`` when ``spec_bytes`` holds it (read from ``-``:
            relative ``$ref`` then start at the working directory).
        output: directory for the modules; or, with one style, a ``.py`` file (not a directory).
        schemas: root schema names; empty: the stream chunks found.
        root: the project root, which paths in headers are relative to.
        runtime_package: the runtime as ``runtime_files.PACKAGE`` beside the modules; False: ``--runtime inline``.
        template_dir, shipped_maps: ``--custom-template-dir``; False for ``--no-shipped-maps``.
        use_cache: False for ``--no-cache``; the only field that does not change the output.
    """

    spec: Path
    output: Path = Path("generated")
    styles: tuple[str, ...] = STYLES
    schemas: tuple[str, ...] = ()
    all_schemas: bool = False
    module: str | None = None
    target_python: tuple[int, int] = (3, 10)
    merge_policies: dict[str, str] = field(default_factory=dict)
    allow_remote_refs: bool = False
    allow_outside_refs: bool = False
    root: Path | None = None
    runtime_package: bool = True
    merge_maps: tuple[Path, ...] = ()
    template_dir: Path | None = None
    spec_bytes: bytes | None = field(default=None, repr=False)
    formatter: str = "black"
    shipped_maps: bool = True
    use_cache: bool = True


#: The spec's name when it was read from standard input.
STDIN = Path("<stdin>")


def module_stem(options: Options) -> str:
    """The module name stem: ``--module`` or the spec's file stem as an identifier."""
    return stem(options.module or options.spec.stem)


def output_file(options: Options) -> Path | None:
    """The file ``-o`` names (``out/chat.py``: one style), or None for a directory.

    Raises:
        SpecError: a file is named but several styles are asked for (one file each).
    """
    out = options.output
    if out.suffix != ".py" or out.is_dir():
        return None
    if len(options.styles) != 1:
        raise SpecError(
            f"-o {out} names one file, but {len(options.styles)} styles are asked for "
            f"({', '.join(options.styles)}), one module each: pass a single --style, or give -o a directory"
        )
    return out


def stem(raw: str) -> str:
    """``raw`` as an identifier that imports as written: NFKC-normalised as Python normalises
    identifiers (``import ﬁle_typeddict`` looks for ``file_typeddict``), non-word characters ``_``.

    Raises:
        SpecError: the result is still not an identifier (no known name does this).
    """
    text = re.sub(r"\W+", "_", unicodedata.normalize("NFKC", raw)).strip("_").lower() or "models"
    text = unicodedata.normalize("NFKC", ("m_" + text) if text[0].isdigit() else text)
    if not text.isidentifier():
        raise SpecError(f"module name {raw!r} gives {text!r}, which is not a Python identifier; pass --module NAME")
    return text


def command(options: Options) -> str:
    """The command that regenerates exactly these modules, run from the project root, quoted
    for a POSIX shell: the spec and every option not at its default that changes the output
    or is needed to read the spec, paths relative to the project root."""
    root = options.root or Path.cwd()
    output = relative(options.output, root)
    own_stem = module_stem(options) != module_stem(replace(options, module=None))  # else --module says nothing
    given: list[tuple[str, Sequence[str | bool]]] = [  # (flag, its values: none at its default; a switch's bool)
        ("--style", options.styles if set(options.styles) != set(STYLES) else ()),
        ("--schema", options.schemas),
        ("--all-schemas", [options.all_schemas]),
        ("--module", [options.module] if options.module is not None and own_stem else []),
        ("-o", [output] if output != "generated" else []),
        ("--target-python", [".".join(map(str, options.target_python))] if options.target_python != (3, 10) else []),
        ("--runtime", [] if options.runtime_package else ["inline"]),
        ("--formatter", [options.formatter] if options.formatter != "black" else []),
        ("--merge-policy", [f"{path}={policy}" for path, policy in options.merge_policies.items()]),
        ("--merge-map", [relative(merge_map, root) for merge_map in options.merge_maps]),
        ("--custom-template-dir", [relative(options.template_dir, root)] if options.template_dir is not None else []),
        ("--allow-remote-refs", [options.allow_remote_refs]),
        ("--allow-outside-refs", [options.allow_outside_refs]),
        ("--no-shipped-maps", [not options.shipped_maps]),
    ]
    parts = ["gen-models", "-" if options.spec_bytes is not None else relative(options.spec, root)]
    for flag, values in given:
        for value in values:
            if isinstance(value, str):
                parts += [flag, value]
            elif value:
                parts.append(flag)
    return " ".join(shlex.quote(p) for p in parts)


def relative(path: Path, root: Path, resolve: bool = True) -> str:
    """``path`` (resolved unless not ``resolve``) relative to ``root`` (absolute on another drive:
    Windows), POSIX-style."""
    path, root = (path.resolve(), root.resolve()) if resolve else (path, root)
    try:
        return Path(os.path.relpath(path, root)).as_posix()
    except ValueError:
        return path.as_posix()


def regenerate_line(command: str) -> str:
    """The header's comment line naming ``command``; its ``repr`` when it holds a line break or
    another unprintable character."""
    return f"# Regenerate with: {command if command.isprintable() else repr(command)}"
