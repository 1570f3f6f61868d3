"""Errors: what stops generation, by whose fault, and the exit status each gives.

``SpecError`` is bad input (a spec, a flag, a configuration value), carrying where it is;
``OutputError`` an output that cannot be written; ``InternalError`` a generator bug.
``exit_status`` is the one place that maps them to the CLI's exit codes.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


def escape_pointer_token(token: str) -> str:
    """Escape one JSON pointer token (RFC 6901 section 4: ``~`` → ``~0``, ``/`` → ``~1``)."""
    return token.replace("~", "~0").replace("/", "~1")


def join_pointer(pointer: str, *tokens: object) -> str:
    """Append tokens to a JSON pointer such as ``/components/schemas/Foo``."""
    return pointer + "".join("/" + escape_pointer_token(str(t)) for t in tokens)


@dataclass
class SpecError(Exception):
    """A problem in an input document that stops generation.

    Attributes:
        message: what is wrong and, where useful, what to do about it.
        file: the document the problem is in, when known.
        pointer: JSON pointer (RFC 6901) into that document, ``""`` for the whole document.
        line, column: 1-based position in the file, when the loader knows it.
    The CLI prints ``str(error)`` as ``file:line:col #pointer: message`` and exits 2.
    """

    message: str
    file: Path | None = None
    pointer: str | None = None
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        place = place_text(self.file, self.pointer, self.line, self.column)
        text = f"{place}: {self.message}" if place else self.message
        # one line: new lines and terminal escapes (in spec names, say) escaped
        return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def place_text(file: Path | None, pointer: str | None, line: int | None = None, column: int | None = None) -> str:
    """A place as errors and warnings show it: ``specs/x.yaml:12:3 #/components/schemas/A``
    (each part only when known; ``""`` when none is)."""
    place = "" if file is None else display_path(file)
    if file is not None and line is not None:
        place += f":{line}" + (f":{column}" if column is not None else "")
    if pointer is not None:
        place = f"{place} #{pointer}" if place else f"#{pointer}"
    return place


def display_path(path: Path) -> str:
    """``path`` relative to the working directory when inside it (as given when unresolvable)."""
    try:
        try:
            full = path.resolve()
        except (OSError, RuntimeError):  # RuntimeError: Python < 3.13's symlink loop
            full = path.parent.resolve() / path.name
        return str(full.relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(path)


def closest(name: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The candidate closest to ``name`` (difflib's ratio of at least ``cutoff``), or None."""
    close = difflib.get_close_matches(name, list(candidates), n=1, cutoff=cutoff)
    return close[0] if close else None


def did_you_mean(name: str, candidates: Iterable[str]) -> str:
    """Return ``"; did you mean 'X'?"`` for the closest candidate, or ``""``."""
    close = closest(name, candidates)
    return f"; did you mean {close!r}?" if close else ""


class OutputError(Exception):
    """An output file or directory that cannot be written (nothing was changed)."""


class InternalError(Exception):
    """A bug in gen-models (generated code that does not parse, say), not bad input."""


#: The CLI's exit status for bad input or unwritable output, and for a generator bug (black's 123): README.md.
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 123


def exit_status(error: BaseException) -> int:
    """The CLI's exit status for ``error`` (see the constants above)."""
    return EXIT_BAD_INPUT if isinstance(error, (SpecError, OutputError)) else EXIT_INTERNAL
