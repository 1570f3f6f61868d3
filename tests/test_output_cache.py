"""The output cache: a run with the inputs of an earlier one, writing to another directory,
copies that run's files (the header's command made for this run) instead of doing the work,
and writes exactly what the work would have written; anything that changes the output
(a file the spec ``$ref``s, an option, a damaged entry) makes it do the work."""

from __future__ import annotations

import copy
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import CHAT_SPEC, EVENTS_MAP_SPEC, ROOT, event_schema

import generator.pipeline
from generator import output_cache
from generator.cli import main
from generator.fingerprint import unstamp
from generator.load import load_document
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
    (tmp_path / "sub").mkdir()
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


def test_a_run_that_left_events_unfolded_is_not_kept(project: Path, generations: list[Options]) -> None:
    spec = copy.deepcopy(EVENTS_MAP_SPEC)
    schemas = spec["components"]["schemas"]
    answer = {"$ref": "#/components/schemas/Answer"}  # two whole answers: the schema does not decide
    schemas["Swapped"] = event_schema("answer.swapped", {"before": answer, "after": answer})
    schemas["Events"]["anyOf"].append({"$ref": "#/components/schemas/Swapped"})
    (project / "events.yaml").write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    assert main(["events.yaml", "--schema", "Events", "-o", "first", "-q"]) == 0
    assert main(["events.yaml", "--schema", "Events", "-o", "second", "--check"]) == 1  # says so every time
    assert len(generations) == 2


def test_the_swapped_line_is_the_header_line_only() -> None:
    line = "# Regenerate with: gen-models s.yaml"
    assert output_cache._split_at(f"# a\n{line}\nx = 1\n", line) == ("# a\n", "\nx = 1\n")
    assert output_cache._split_at(f"x = 1\n{line}\n", line) == (f"x = 1\n{line}\n", None)  # not in the header
    assert output_cache._split_at("# a\nx = 1\n", line) == ("# a\nx = 1\n", None)


# Faults a breaker found, each a test that failed before its fix: a copied run must write,
# print and exit as --no-cache does at the same place; the docstrings say what went wrong.


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


def test_an_included_template_under_a_linked_directory_edited_is_not_copied(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``fingerprint._tree_digest`` lists the template directory with ``rglob``, which does
    not enter a symlinked directory (Python 3.11): a template there that an override
    includes (shared macros linked in) is left out of the key, and its edit is copied over."""
    (project / "shared").mkdir()
    (project / "shared" / "extra.jinja").write_text("EXTRA = 1\n")
    (project / "tpl").mkdir()
    (project / "tpl" / "inc").symlink_to("../shared")
    shipped = (ROOT / "templates" / "_module.py.jinja").read_text()
    (project / "tpl" / "_module.py.jinja").write_text(shipped + '\n{% include "inc/extra.jinja" %}\n')
    args = ["specs/split.yaml", *STYLE, "--custom-template-dir", "tpl", "-q"]
    assert main([*args, "-o", "first"]) == 0
    (project / "shared" / "extra.jinja").write_text("EXTRA = 2\n")
    copied, done = _copied_and_done(args, project / "second", capsys)
    assert "EXTRA = 2" in done[3]["split_typeddict.py"].decode()
    assert copied == done


def test_an_entry_sealed_right_but_of_another_shape_is_discarded_not_an_internal_error(project: Path) -> None:
    """``output_cache.recall`` turns a forged entry that is not zlib or JSON into "none kept"
    (its comment: only a forged entry gets there), but one that is JSON of another shape
    raises KeyError: exit 123 on every run until the cache is cleared."""
    import zlib

    from generator import cache, output_cache

    assert main(["specs/split.yaml", *STYLE, "-o", "first", "-q"]) == 0
    (entry,) = (project / "cache" / output_cache.KIND).iterdir()
    key = next(
        k for k in _keys_of(project, ["specs/split.yaml", *STYLE, "-o", "second"]) if cache._text_key(k) == entry.name
    )
    entry.write_bytes(cache.seal(key, zlib.compress(json.dumps({"files": [], "warnings": []}).encode())))
    assert main(["specs/split.yaml", *STYLE, "-o", "second", "-q"]) == 0
    assert (project / "second" / "split_typeddict.py").is_file()


def _keys_of(project: Path, argv: list[str]) -> list[str]:
    from generator import cli, output_cache
    from generator.formatters import formatter_version

    options = cli.options_from(cli._parser().parse_args(argv), cli.load_config(project), project)
    key = output_cache.key(options, formatter_version(options.formatter))
    return [key] if key is not None else []


def test_a_cache_write_that_fails_leaves_no_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full cache directory (ENOSPC, or a file size limit): ``cache.store_file`` leaves its
    ``.tmp-*`` file behind on every failed write (about 30 a run, one of them the whole
    run's entry), never pruned (listings skip dot files). Older than the output cache."""
    import errno
    import io

    from generator import cache

    class Full(io.BufferedWriter):
        def write(self, data: object) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    real = cache.os.fdopen
    monkeypatch.setattr(cache.os, "fdopen", lambda fd, mode: Full(real(fd, mode)))
    assert cache.store_file(tmp_path / "kind" / "entry", b"x" * 100) is False
    assert list((tmp_path / "kind").iterdir()) == []


def test_an_unquoted_json_version_is_shown_as_written(tmp_path: Path) -> None:
    """c31bbff shows ``info.version: 1.10`` as written in YAML; a JSON spec's
    ``"version": 1.10`` (json.loads: the float 1.1) is still shown as ``1.1``."""
    spec = tmp_path / "s.json"
    spec.write_text('{"openapi": "3.1.0", "info": {"title": "t", "version": 1.10}, "paths": {}}')
    assert load_document(spec).title_and_version == ("t", "1.10")


def test_a_referenced_file_now_linked_from_outside_the_tree_is_refused_not_copied(
    project: Path, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    """``recall`` reads the kept ``reads`` again through whatever ``parts.yaml`` now is: a
    symlink to a file outside the spec's tree (same bytes) passes, and the copy exits 0
    where the work refuses the ``$ref`` (exit 2: pass --allow-outside-refs)."""
    outside = tmp_path_factory.mktemp("outside") / "parts.yaml"
    outside.write_text(PART)
    args = ["specs/split.yaml", *STYLE, "-q"]
    assert main([*args, "-o", "first"]) == 0
    (project / "specs" / "parts.yaml").unlink()
    (project / "specs" / "parts.yaml").symlink_to(outside)
    copied, done = _copied_and_done(args, project / "second", capsys)
    assert done[0] == 2 and "points outside the spec's directory tree" in done[2]
    assert copied == done


def test_merge_policies_given_in_another_order_are_not_copied(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``Chunk:part=...`` and a bare ``part=...`` land on the same path (``pipeline._policies_for``:
    the later wins), but the key sorts the policies (``fingerprint._normal`` of a dict): the
    other order has the same key, and the first order's module is copied. (The fingerprint
    line holds the same digest too: ``--check`` at the first run's directory says current.)"""
    args = ["specs/split.yaml", *STYLE, "-q"]
    merge_last = ["--merge-policy", "Chunk:part=merge", "--merge-policy", "part=last"]
    last_merge = ["--merge-policy", "part=last", "--merge-policy", "Chunk:part=merge"]
    assert main([*args, *merge_last, "-o", "first"]) == 0
    copied, done = _copied_and_done([*args, *last_merge], project / "second", capsys)
    assert "self.part: _PartMerge | None" in done[3]["split_typeddict.py"].decode()
    assert copied == done
