"""The command line: exit codes, --check/--diff, configuration, --explain-merge, errors."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import ROOT, schemas_spec

from generator.cli import main

SPEC = ROOT / "specs" / "openai.yaml"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch project with a copy of specs/openai.yaml, as the working directory."""
    (tmp_path / "specs").mkdir()
    shutil.copy(SPEC, tmp_path / "specs" / "openai.yaml")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*args: str) -> int:
    return main(list(args))


def test_generate_then_check_is_current(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("specs/openai.yaml") == 0
    assert sorted(p.name for p in (project / "generated").iterdir()) == [
        "openai_dataclass.py",
        "openai_pydantic.py",
        "openai_typeddict.py",
    ]
    assert run("specs/openai.yaml", "--check") == 0
    assert not list(project.glob(".gen-models-*"))  # no temporary files left behind


def test_check_and_diff_report_stale_files_without_writing(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run("specs/openai.yaml", "-q")
    target = project / "generated" / "openai_pydantic.py"
    target.write_text(target.read_text().replace("class CompletionUsage(", "class CompletionUsageOld("))
    before = target.read_bytes()
    capsys.readouterr()
    assert run("specs/openai.yaml", "--check") == 1
    assert "would change: generated/openai_pydantic.py" in capsys.readouterr().err
    assert run("specs/openai.yaml", "--diff") == 0
    out = capsys.readouterr().out
    assert "-class CompletionUsageOld(" in out and "+class CompletionUsage(" in out
    assert target.read_bytes() == before


def test_config_in_pyproject_and_flags_override_it(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "pyproject.toml").write_text(textwrap.dedent("""
            [tool.gen-models]
            spec = "specs/openai.yaml"
            output = "src/models"
            styles = ["typeddict"]
            module = "chat"
            """))
    sub = project / "src"
    sub.mkdir()
    os.chdir(sub)  # found by walking up, like black
    assert run() == 0
    assert (project / "src" / "models" / "chat_typeddict.py").exists()
    assert run("--style", "pydantic") == 0
    assert (project / "src" / "models" / "chat_pydantic.py").exists()
    assert run("--check") == 0


def test_unknown_config_key_is_named(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "pyproject.toml").write_text('[tool.gen-models]\nspec = "specs/openai.yaml"\nstyle = ["pydantic"]\n')
    assert run() == 2
    err = capsys.readouterr().err
    assert "unknown key 'style'" in err and "did you mean 'styles'" in err


def test_no_spec_anywhere_and_missing_spec(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run() == 2
    assert "no spec given" in capsys.readouterr().err
    assert run("specs/missing.yaml") == 2
    assert "specs/missing.yaml: file not found" in capsys.readouterr().err


def test_unknown_schema_suggests(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("specs/openai.yaml", "--schema", "CreateChatCompletionStreamRespons") == 2
    assert "did you mean 'CreateChatCompletionStreamResponse'" in capsys.readouterr().err


def test_explain_merge_prints_every_policy(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("specs/openai.yaml", "--explain-merge") == 0
    out = capsys.readouterr().out
    for line in (
        "choices                                                 by_key on index",
        "choices[].delta.content                                 concat",
        "choices[].delta.role                                    set",
        "choices[].delta.tool_calls                              by_key on index",
        "choices[].delta.tool_calls[].function.arguments         concat",
        "choices[].delta.tool_calls[].id                         set",
        "choices[].finish_reason                                 last",
        "choices[].logprobs.content                              append",
        "usage                                                   last",
        "id                                                      set",
    ):
        assert line in out, line


def test_merge_policy_override(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("specs/openai.yaml", "--explain-merge", "--merge-policy", "choices[].delta.role=last") == 0
    assert "choices[].delta.role                                    last  (override)" in capsys.readouterr().out
    assert run("specs/openai.yaml", "--explain-merge", "--merge-policy", "choices[].delta.rol=last") == 2
    assert "did you mean 'choices[].delta.role'" in capsys.readouterr().err
    assert run("specs/openai.yaml", "--merge-policy", "choices[].delta.role=concatenate") == 2


def test_console_script_runs_and_bad_input_exits_2_without_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("openapi: 3.1.0\ninfo: {title: t, version: '1'}\ncomponents: {schemas: {A: {type: strng}}}\n")
    result = subprocess.run(
        [sys.executable, "-m", "generator", str(bad), "--schema", "A", "-o", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "bad.yaml:4:" not in result.stderr  # the file has 3 lines
    assert "#/components/schemas/A/type: unknown type 'strng'; did you mean 'string'?" in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_closed_output_pipe_is_exit_141_not_an_internal_error() -> None:
    """``gen-models --explain-merge | head``: the reader leaves before gen-models writes."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", str(ROOT / "specs" / "openai.yaml"), "--explain-merge"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    assert proc.wait(timeout=60) == 141
    assert proc.stderr.read() == b""


def test_every_config_key_takes_effect(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """schemas, target-python, merge-policies and all-schemas from the table, as their flags would."""
    (project / "pyproject.toml").write_text(textwrap.dedent("""
            [tool.gen-models]
            spec = "specs/openai.yaml"
            styles = ["typeddict"]
            schemas = ["CreateChatCompletionStreamResponse", "CreateChatCompletionResponse"]
            target-python = "3.12"

            [tool.gen-models.merge-policies]
            "choices[].finish_reason" = "set"
            """))
    assert run("--explain-merge") == 0
    out = capsys.readouterr().out
    assert "CreateChatCompletionResponse:" in out  # the second root from `schemas`
    assert re.search(r"choices\[\]\.finish_reason +set +\(override\)", out)
    assert run() == 0
    text = (project / "generated" / "openai_typeddict.py").read_text()
    assert "def parse_create_chat_completion_response(" in text
    assert "\ntype " in text  # target 3.12: PEP 695 aliases
    (project / "specs" / "small.yaml").write_text(
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}\ncomponents:\n  schemas:\n"
        "    C: {type: object, properties: {object: {type: string, enum: [c.chunk]}}}\n"
        "    Unrelated: {type: object, properties: {x: {type: string}}}\n"
    )
    (project / "pyproject.toml").write_text(
        '[tool.gen-models]\nspec = "specs/small.yaml"\nstyles = ["typeddict"]\nall-schemas = true\n'
    )
    assert run() == 0
    assert "class Unrelated(" in (project / "generated" / "small_typeddict.py").read_text()


def test_a_config_whose_spec_is_missing_is_exit_2(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "pyproject.toml").write_text('[tool.gen-models]\nspec = "specs/gone.yaml"\n')
    assert run() == 2
    assert "specs/gone.yaml: file not found" in capsys.readouterr().err
    assert not (project / "generated").exists()


def test_debug_shows_the_traceback_and_the_default_does_not(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "bad.yaml").write_text(
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}\ncomponents:\n  schemas:\n    C: {$ref: '#/nope'}\n"
    )
    assert run("bad.yaml", "--schema", "C") == 2
    assert "Traceback" not in capsys.readouterr().err
    assert run("bad.yaml", "--schema", "C", "--debug") == 2
    err = capsys.readouterr().err
    assert "Traceback (most recent call last)" in err and "#/nope" in err


# ----------------------------------------------------- bad input: exit 2
# (moved from test_regressions.py: faults found by adversarial testing, each kept as a test
# of its whole kind)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "C: {type: object, anyOf: 1, properties: {a: {type: string}}}",
            "anyOf must be a non-empty list",
        ),
        (
            "C: {type: object, properties: {n: {type: integer, default: " + "9" * 5000 + "}}}",
            None,
        ),
        ('"x\\ny": {type: strng}', "unknown type"),
    ],
    ids=["anyof_not_a_list", "huge_integer", "name_with_a_newline"],
)
def test_odd_input_is_exit_2_or_generates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str | None
) -> None:
    path = schemas_spec(tmp_path, text)
    status = main(
        [
            str(path),
            "--schema",
            "C" if not text.startswith('"x') else "x\ny",
            "-o",
            str(tmp_path / "out"),
        ]
    )
    err = capsys.readouterr().err
    if message is None:
        assert status in (0, 2) and "Traceback" not in err
    else:
        assert status == 2 and message in err and err.count("\n") == 1


def test_empty_tuple_items_and_a_file_as_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = schemas_spec(
        tmp_path,
        "C: {type: object, properties: {object: {type: string, enum: [c.chunk]}, a: {type: array, items: []}}}",
    )
    assert main([str(path), "-o", str(tmp_path / "out"), "-q"]) == 0
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main([str(path), "-o", str(blocker)]) == 2
    assert "cannot write" in capsys.readouterr().err
    assert blocker.read_text() == "x"
