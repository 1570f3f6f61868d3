"""Faults found in the output cache (and the commits beside it) by a breaker: each test is a
case where a copied run does not write, print or exit as ``--no-cache`` does at the same
place (the output cache's promise), or where a change does not do what it says."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import ROOT

from generator.cli import main

STYLE = ("--style", "typeddict")
SPLIT_MAIN = """
openapi: 3.1.0
info: {title: split, version: '1'}
paths: {}
components:
  schemas:
    Chunk:
      type: object
      properties:
        object: {type: string, enum: [t.chunk]}
        part: {$ref: 'parts.yaml#/Part'}
        code: {type: string, pattern: '^a'}
"""
PART = "Part:\n  type: object\n  properties:\n    text: {type: string}\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch project with its own cache, as the working directory."""
    (tmp_path / "specs").mkdir()
    (tmp_path / "sub").mkdir()
    (tmp_path / "specs" / "split.yaml").write_text(SPLIT_MAIN)
    (tmp_path / "specs" / "parts.yaml").write_text(PART)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    monkeypatch.setenv("GEN_MODELS_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _copied_and_done(args: list[str], out: Path, capsys: pytest.CaptureFixture[str]) -> tuple[tuple, tuple]:
    """``(status, stdout, stderr, files)`` of ``args -o out`` (a copy is expected), then of the
    same with ``--no-cache`` at the same place (``out`` emptied first)."""
    results = []
    for extra in ([], ["--no-cache"]):
        if out.exists():
            shutil.rmtree(out)
        status = main([*args, "-o", str(out), *extra])
        printed = capsys.readouterr()
        files = {p.name: p.read_bytes() for p in sorted(out.iterdir())} if out.is_dir() else {}
        results.append((status, printed.out, printed.err, files))
    return results[0], results[1]


def test_a_copied_run_from_another_directory_prints_the_warnings_the_work_prints(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The kept warnings name the spec as the first run's working directory showed it
    (``errors.display_path``): a run of the same inputs from ``sub/`` printed
    ``specs/split.yaml`` where the work prints ``../specs/split.yaml``."""
    assert main(["specs/split.yaml", *STYLE, "-o", "first"]) == 0
    capsys.readouterr()
    monkeypatch.chdir(project / "sub")
    copied, done = _copied_and_done(["../specs/split.yaml", *STYLE], project / "second", capsys)
    assert "../specs/split.yaml #/components" in done[2]
    assert copied[2] == done[2]
    assert copied == done


def test_a_custom_template_with_the_header_below_a_docstring_is_copied_with_this_run_s_command(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A licence docstring above the header (docs/templates.md: a line added above the
    template's first comment stays at the top): ``_split_at`` finds no header at the top, the
    entry keeps the module whole, and the copy names the first run's ``-o``."""
    (project / "tpl").mkdir()
    shipped = (ROOT / "templates" / "_module.py.jinja").read_text()
    (project / "tpl" / "_module.py.jinja").write_text('"""Copyright ACME; MIT licence."""\n' + shipped)
    args = ["specs/split.yaml", *STYLE, "--custom-template-dir", "tpl", "-q"]
    assert main([*args, "-o", "first"]) == 0
    copied, done = _copied_and_done(args, project / "second", capsys)
    assert "-o first" not in copied[3]["split_typeddict.py"].decode()
    assert copied == done


def test_a_custom_template_that_shows_the_command_twice_is_copied_with_this_run_s_command(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``header`` is in every template's context: a template that also keeps the command in
    a constant gets the first run's ``-o`` there (only the header's line is swapped)."""
    (project / "tpl").mkdir()
    shipped = (ROOT / "templates" / "_module.py.jinja").read_text()
    (project / "tpl" / "_module.py.jinja").write_text(shipped + "\nREGENERATE = {{ header[3] | pyrepr }}\n")
    args = ["specs/split.yaml", *STYLE, "--custom-template-dir", "tpl", "-q"]
    assert main([*args, "-o", "first"]) == 0
    copied, done = _copied_and_done(args, project / "second", capsys)
    assert "-o first" not in copied[3]["split_typeddict.py"].decode()
    assert copied == done


def test_a_referenced_symlink_pointed_elsewhere_is_not_copied(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The entry names the files the run read by their resolved path (``RefResolver.files``):
    ``parts.yaml`` a link to ``v1.yaml`` is kept as ``v1.yaml``; pointed at ``v2.yaml`` (a new
    field), ``v1.yaml`` is read again, unchanged, and the old module is copied."""
    specs = project / "specs"
    (specs / "v1.yaml").write_text(PART)
    (specs / "v2.yaml").write_text(PART + "    n: {type: integer}\n")
    (specs / "parts.yaml").unlink()
    (specs / "parts.yaml").symlink_to("v1.yaml")
    args = ["specs/split.yaml", *STYLE, "-q"]
    assert main([*args, "-o", "first"]) == 0
    (specs / "parts.yaml").unlink()
    (specs / "parts.yaml").symlink_to("v2.yaml")
    copied, done = _copied_and_done(args, project / "second", capsys)
    assert "n: NotRequired[int | None]" in done[3]["split_typeddict.py"].decode()
    assert copied == done
