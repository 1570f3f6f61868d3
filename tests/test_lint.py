"""The generator's own code is held to what it asks of generated code: ruff and mypy --strict."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT


def test_ruff_on_the_project() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "generator", "tests", "scripts", "bench"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout[-3000:]


def test_mypy_strict_on_the_generator() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-3000:]
