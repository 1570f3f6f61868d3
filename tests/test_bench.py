"""Smoke test of the benchmarks: ``python -m bench --quick`` runs and prints its tables.
Benchmarks are not tests: no figure is checked here."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT


def test_bench_quick_runs_and_prints_tables() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bench", "--quick"], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert result.returncode == 0, result.stderr
    for title in ("Generation", "Runtime", "Scaling", "Recorded streams", "Responses", "Targets"):
        assert f"### {title}" in result.stdout
    assert "| json.loads " in result.stdout
