"""Format: generated source in, black-formatted source out (the bytes depend on black's
version, which ``pyproject.toml`` pins)."""

from __future__ import annotations

import black

from .errors import SpecError


def black_mode(target_python: tuple[int, int]) -> black.Mode:
    """Black's settings for generated modules: default line length, the target Python."""
    versions = {v for v in black.TargetVersion if (3, int(v.name[3:])) >= target_python}
    return black.Mode(target_versions=versions)


def format_source(source: str, target_python: tuple[int, int], name: str) -> str:
    """Format one module.

    Raises:
        SpecError: black cannot parse the module (a generator bug; the message names the
            module so the report can include it).
    """
    try:
        return black.format_str(source, mode=black_mode(target_python))
    except black.InvalidInput as exc:  # pragma: no cover - a bug, not bad input
        raise SpecError(f"internal error: generated module {name} does not parse ({exc}); please report it") from None
