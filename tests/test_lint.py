"""The project's own code is held to what it asks of generated code: formatted with the black
it pins, clean under ruff, and the generator under mypy --strict."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import ROOT

# black --check: generator/ joins once it has been formatted (issue 16, point 5)
BLACK_PATHS = ["generator", "tests", "bench", "scripts"]
RUFF_PATHS = ["generator", "tests", "scripts", "bench"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False)


@pytest.mark.slow
def test_black_formats_the_project() -> None:
    """The pinned black, with pyproject's ``[tool.black]`` (line length 120, as ruff)."""
    result = _run("black", "--check", "--diff", *BLACK_PATHS)
    assert result.returncode == 0, (result.stdout[-3000:] + result.stderr[-2000:]) or "black failed"


def test_ruff_on_the_project() -> None:
    result = _run("ruff", "check", *RUFF_PATHS)
    assert result.returncode == 0, result.stdout[-3000:]


def test_mypy_strict_on_the_generator() -> None:
    result = _run("mypy")
    assert result.returncode == 0, result.stdout[-3000:]
