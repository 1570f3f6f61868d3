"""Formatters: which ``--formatter`` accepts and the version of each, known without importing
the formatter or ``format`` (a current run needs the version for its fingerprint, nothing else).
"""

from __future__ import annotations

import shutil

from .errors import SpecError

#: The formatters ``--formatter`` accepts; the first is the default.
FORMATTERS = ("black", "ruff")


def ruff_binary() -> str:
    """The ``ruff`` executable of the installed ``ruff`` package.

    Raises:
        SpecError: the package is not installed (``--formatter ruff`` cannot run; exit 2).
    """
    try:
        from ruff import find_ruff_bin  # type: ignore[import-untyped]
    except ImportError:
        found = shutil.which("ruff")
        if found:
            return found
        raise SpecError(
            "--formatter ruff: ruff is not installed; install it (pip install ruff) or use the default, black"
        ) from None
    return str(find_ruff_bin())


def formatter_version(formatter: str) -> str:
    """``black 26.10.1`` or ``ruff 0.17.6``, for the fingerprint: black's read without importing
    it (``_black_version``, which its wheel ships), ruff's the last word of ``ruff --version``.

    Raises:
        SpecError: an unknown formatter, or ruff asked for and not installed or not running.
    """
    if formatter == "black":
        try:
            from _black_version import version  # type: ignore[import-untyped]
        except ImportError:  # pragma: no cover - black installed without its version module
            from importlib.metadata import version as dist_version

            return f"black {dist_version('black')}"
        return f"black {version}"
    if formatter != "ruff":
        raise SpecError(f"formatter {formatter!r}: choose from {', '.join(FORMATTERS)}")
    import subprocess  # here: ~10 ms of import only --formatter ruff needs

    binary = ruff_binary()
    try:
        done = subprocess.run([binary, "--version"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        raise SpecError(f"--formatter ruff: {binary} --version failed ({exc})") from None
    return f"ruff {done.stdout.split()[-1] if done.stdout.split() else 'unknown'}"
