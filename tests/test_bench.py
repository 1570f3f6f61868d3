"""Smoke test of the benchmarks: ``python -m bench --quick`` runs and prints its tables.
Benchmarks are not tests: no figure is checked here."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import DATA, ROOT, SPECS


@pytest.mark.slow
def test_bench_quick_runs_and_prints_tables() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bench", "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        # --quick reads no real spec, only the recorded streams: tests/data holds them laid
        # out as shared/ does (streams/recorded), so the smoke test needs no external data
        env={**os.environ, "GEN_MODELS_SHARED": str(DATA)},
    )
    assert result.returncode == 0, result.stderr
    for title in (
        "Generation",
        "Imports",
        "Runtime",
        "Scaling",
        "Recorded streams",
        "Responses",
        "Anthropic",
        "Targets",
    ):
        assert f"### {title}" in result.stdout
    assert "| json.loads " in result.stdout
    assert "| chat_msgspec " in result.stdout  # the imports table: every style's chat module


@pytest.mark.slow
@pytest.mark.shared
def test_bench_quick_responses_section_runs_on_the_real_spec() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bench", "--quick", "--only", "responses"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={**os.environ, "GEN_MODELS_SHARED": str(SPECS.parent)},
    )
    assert result.returncode == 0, result.stderr
    assert "### Responses" in result.stdout and "| typeddict snapshot() " in result.stdout
    assert "every fold has the text sent" in result.stdout
