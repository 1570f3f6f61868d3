"""The bad-spec corpus (tests/bad_specs/): every broken or hostile input (specs, and merge
maps given with --merge-map: the map_* files) gives its exact one-line message, exit
status 2, no traceback, and writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from conftest import ROOT

from generator.cli import main

CORPUS = ROOT / "tests" / "bad_specs"
EXPECTED = yaml.safe_load((CORPUS / "EXPECTED.yaml").read_text(encoding="utf-8"))


def test_the_corpus_is_large_and_every_file_has_an_expectation() -> None:
    assert len(EXPECTED) >= 40
    files = {p.name for p in CORPUS.iterdir()} - {"EXPECTED.yaml", "defs.yaml", "events.yaml"}
    assert files <= {case.get("spec", name) for name, case in EXPECTED.items()} | set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_spec(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    case = EXPECTED[name]
    monkeypatch.chdir(CORPUS)
    out = tmp_path / "out"
    status = main([case.get("spec", name), *case.get("args", []), "-o", str(out)])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.err == f"error: {case['message']}\n"
    assert captured.out == ""
    assert not out.exists()
