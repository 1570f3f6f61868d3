"""The output cache: a run with the inputs of an earlier one, writing to another directory,
copies that run's files (the header's command made for this run) instead of doing the work,
and writes exactly what the work would have written; anything that changes the output
(a file the spec ``$ref``s, an option, a damaged entry) makes it do the work."""

from __future__ import annotations

import copy
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import CHAT_SPEC, EVENTS_MAP_SPEC, event_schema

import generator.pipeline
from generator import output_cache
from generator.cli import main
from generator.fingerprint import unstamp
from generator.options import Options

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
    shutil.copy(CHAT_SPEC, tmp_path / "specs" / "openai.yaml")
    (tmp_path / "specs" / "split.yaml").write_text(SPLIT_MAIN)
    (tmp_path / "specs" / "parts.yaml").write_text(PART)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    monkeypatch.setenv("GEN_MODELS_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def generations(monkeypatch: pytest.MonkeyPatch) -> list[Options]:
    """The options of every ``pipeline.generate`` call (the work a copied run skips)."""
    calls: list[Options] = []
    real: Callable[..., Any] = generator.pipeline.generate

    def spy(options: Options, *args: Any, **kwargs: Any) -> Any:
        calls.append(options)
        return real(options, *args, **kwargs)

    monkeypatch.setattr(generator.pipeline, "generate", spy)
    return calls


def _files(directory: Path) -> dict[str, str]:
    """Each file's code without its fingerprint line (whose digest holds the run's ``-o``)."""
    return {p.name: unstamp(p.read_text())[0] for p in sorted(directory.iterdir()) if p.is_file()}


@pytest.mark.parametrize(
    "options",
    [("specs/openai.yaml",), ("specs/openai.yaml", "--runtime", "package"), ("specs/split.yaml", *STYLE)],
    ids=["three-styles", "runtime-package", "refs-and-warnings"],
)
def test_a_run_into_another_directory_copies_and_writes_what_the_work_writes(
    project: Path, generations: list[Options], capsys: pytest.CaptureFixture[str], options: tuple[str, ...]
) -> None:
    assert main([*options, "-o", "first"]) == 0
    first_err = capsys.readouterr().err
    assert main([*options, "-o", "second"]) == 0
    assert len(generations) == 1  # copied
    assert capsys.readouterr().err == first_err  # its warnings too
    assert main([*options, "-o", "expected", "--no-cache"]) == 0
    expected, copied = _files(project / "expected"), _files(project / "second")
    assert copied.keys() == expected.keys()
    for name, data in expected.items():  # the header names each run's own -o
        assert copied[name] == data.replace("-o expected", "-o second")
    assert "-o second" in "".join(copied.values())
    assert main([*options, "-o", "second", "--check"]) == 0  # and it is current


def test_a_single_file_output_is_copied_under_its_own_name(project: Path, generations: list[Options]) -> None:
    assert main(["specs/openai.yaml", *STYLE, "-o", "a/models.py", "-q"]) == 0
    assert main(["specs/openai.yaml", *STYLE, "-o", "b/models.py", "-q"]) == 0
    assert main(["specs/openai.yaml", *STYLE, "-o", "b/other.py", "-q"]) == 0  # another module name: the work
    assert len(generations) == 2
    done, copied = (unstamp((project / d / "models.py").read_text())[0] for d in "ab")
    assert copied.replace("b/models.py", "a/models.py") == done


def test_an_edited_referenced_file_is_not_copied(project: Path, generations: list[Options]) -> None:
    assert main(["specs/split.yaml", *STYLE, "-o", "first", "-q"]) == 0
    (project / "specs" / "parts.yaml").write_text(PART + "    n: {type: integer}\n")
    assert main(["specs/split.yaml", *STYLE, "-o", "second", "-q"]) == 0
    assert len(generations) == 2
    assert "    n: NotRequired[int | None]\n" in (project / "second" / "split_typeddict.py").read_text()
    (project / "specs" / "parts.yaml").unlink()
    assert main(["specs/split.yaml", *STYLE, "-o", "third", "-q"]) == 2  # a file it read is gone: the work, its error


def test_an_option_or_the_spec_changed_is_not_copied(project: Path, generations: list[Options]) -> None:
    assert main(["specs/openai.yaml", *STYLE, "-o", "first", "-q"]) == 0
    assert main(["specs/openai.yaml", *STYLE, "-o", "second", "-q", "--target-python", "3.12"]) == 0
    spec = project / "specs" / "openai.yaml"
    spec.write_text(spec.read_text().replace("info:\n", "info:\n  summary: edited\n", 1))
    assert main(["specs/openai.yaml", *STYLE, "-o", "third", "-q"]) == 0
    assert len(generations) == 3


def test_no_cache_neither_reads_nor_keeps_a_run(project: Path, generations: list[Options]) -> None:
    assert main(["specs/openai.yaml", *STYLE, "-o", "first", "-q", "--no-cache"]) == 0
    assert not (project / "cache" / output_cache.KIND).exists()
    assert main(["specs/openai.yaml", *STYLE, "-o", "second", "-q"]) == 0
    assert main(["specs/openai.yaml", *STYLE, "-o", "third", "-q", "--no-cache"]) == 0
    assert len(generations) == 3


def test_a_run_that_left_events_unmapped_is_not_kept(project: Path, generations: list[Options]) -> None:
    spec = copy.deepcopy(EVENTS_MAP_SPEC)
    schemas = spec["components"]["schemas"]
    schemas["Refusal"] = event_schema("answer.refusal.delta", {"delta": {"type": "string"}})
    schemas["Events"]["anyOf"].append({"$ref": "#/components/schemas/Refusal"})
    (project / "events.yaml").write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    assert main(["events.yaml", "--schema", "Events", "-o", "first", "-q"]) == 0
    assert main(["events.yaml", "--schema", "Events", "-o", "second", "--check"]) == 1  # says so every time
    assert len(generations) == 2


def test_the_swapped_line_is_the_header_line_only() -> None:
    line = "# Regenerate with: gen-models s.yaml"
    assert output_cache._split_at(f"# a\n{line}\nx = 1\n", line) == ("# a\n", "\nx = 1\n")
    assert output_cache._split_at(f"x = 1\n{line}\n", line) == (f"x = 1\n{line}\n", None)  # not in the header
    assert output_cache._split_at("# a\nx = 1\n", line) == ("# a\nx = 1\n", None)
