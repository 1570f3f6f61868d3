"""The command line: exit codes, --check/--diff, configuration, --explain-merge, errors."""

from __future__ import annotations

import copy
import io
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import CHAT_SPEC, EVENTS_MAP_SPEC, ROOT, event_schema, schemas_spec

from generator import cli
from generator.cli import main
from generator.fingerprint import unstamp
from generator.options import command as command_of
from generator.pipeline import Options, generate
from generator.render import template_names, templates_dir

SPEC = CHAT_SPEC


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
        "__init__.py",
        "_gen_models_runtime",
        "openai_dataclass.py",
        "openai_pydantic.py",
        "openai_typeddict.py",
    ]
    assert "wrote: generated/_gen_models_runtime/\n" in capsys.readouterr().out  # the package as one line
    assert run("specs/openai.yaml", "--check") == 0
    assert not list(project.glob(".gen-models-*"))  # no temporary files left behind


@pytest.mark.slow
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


@pytest.mark.parametrize(
    "toml, message",
    [
        ("tool = 5\n", "pyproject.toml: [tool] must be a table"),
        ("tool = [1, 2]\n", "pyproject.toml: [tool] must be a table"),
        ('[tool]\ngen-models = "x"\n', "pyproject.toml: [tool.gen-models] must be a table"),
        ("[tool]\ngen-models = [1]\n", "pyproject.toml: [tool.gen-models] must be a table"),
        ("[tool.gen-models]\nspec = 5\n", "pyproject.toml: [tool.gen-models] spec must be a string"),
    ],
)
def test_a_configuration_table_of_the_wrong_type_is_bad_input(
    project: Path, capsys: pytest.CaptureFixture[str], toml: str, message: str
) -> None:
    (project / "pyproject.toml").write_text(toml)
    assert run("specs/openai.yaml") == 2
    assert capsys.readouterr().err == f"error: {message}\n"


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
    # a name the object does not declare is an undeclared field (merged by the override), doubted
    assert run("specs/openai.yaml", "--explain-merge", "--merge-policy", "choices[].delta.rol=last") == 0
    assert "is not in the schema; did you mean 'role'?" in capsys.readouterr().out
    assert run("specs/openai.yaml", "--explain-merge", "--merge-policy", "choices[].delt.role=last") == 2
    assert "did you mean 'choices[].delta" in capsys.readouterr().err
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
        [sys.executable, "-m", "generator", str(CHAT_SPEC), "--explain-merge"],
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


def test_check_says_which_files_it_would_create(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--check`` before the first run (or from a directory where the default ``generated/``
    is not the project's) names the files it would write as new ones, apart from those that
    would change (it said "would change" for files that are not there)."""
    path = schemas_spec(tmp_path, "C: {type: object, properties: {object: {type: string, enum: [c.chunk]}}}")
    out = tmp_path / "out"
    assert main([str(path), "-o", str(out), "--style", "typeddict", "--check"]) == 1
    err = capsys.readouterr().err
    assert f"would create: {out / 's_typeddict.py'}" in err and "would change" not in err
    assert re.search(r"^\d+ file\(s\) would be created, 0 current$", err, re.MULTILINE)
    assert not out.exists()
    assert main([str(path), "-o", str(out), "--style", "typeddict", "-q"]) == 0
    (out / "s_typeddict.py").write_text("# edited\n")
    (out / "__init__.py").unlink()
    assert main([str(path), "-o", str(out), "--style", "typeddict", "--check"]) == 1
    err = capsys.readouterr().err
    assert f"would change: {out / 's_typeddict.py'}" in err and f"would create: {out / '__init__.py'}" in err
    assert re.search(r"^1 file\(s\) would change, 1 file\(s\) would be created, \d+ current$", err, re.MULTILINE)


# --------------------------------------------------------------------------- CLI habits (issue 13)


def header_command(path: Path) -> list[str]:
    """The arguments of a module's "Regenerate with" line (after ``gen-models``)."""
    line = next(line for line in path.read_text().splitlines() if line.startswith("# Regenerate with: "))
    words = shlex.split(line.removeprefix("# Regenerate with: "))
    assert words[0] == "gen-models"
    return words[1:]


def test_output_file_with_one_style_writes_that_file(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("specs/openai.yaml", "-o", "src/chat.py", "--style", "pydantic") == 0
    assert sorted(p.name for p in (project / "src").iterdir()) == ["__init__.py", "_gen_models_runtime", "chat.py"]
    assert "\nclass CreateChatCompletionStreamResponse(" in (project / "src" / "chat.py").read_text()
    assert capsys.readouterr().out == "wrote: src/chat.py\nwrote: src/_gen_models_runtime/\nwrote: src/__init__.py\n"
    assert run("specs/openai.yaml", "-o", "src/chat.py", "--style", "pydantic", "--check") == 0
    assert header_command(project / "src" / "chat.py") == [
        "specs/openai.yaml",
        "--style",
        "pydantic",
        "-o",
        "src/chat.py",
    ]


def test_output_file_with_several_styles_is_refused_saying_why(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("specs/openai.yaml", "-o", "chat.py") == 2
    err = capsys.readouterr().err
    assert "-o chat.py names one file, but 3 styles are asked for (dataclass, pydantic, typeddict)" in err
    assert "pass a single --style, or give -o a directory" in err
    assert not (project / "chat.py").exists() and not (project / "generated").exists()


def test_dash_reads_the_spec_from_stdin(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = (project / "specs" / "openai.yaml").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    assert run("-", "--module", "chat", "--style", "typeddict") == 0
    text = (project / "generated" / "chat_typeddict.py").read_text()
    assert "# Source: '<stdin>', info.title" in text
    assert header_command(project / "generated" / "chat_typeddict.py") == [
        "-",
        "--style",
        "typeddict",
        "--module",
        "chat",
    ]
    # the same bytes from the file give the same module, but for the source's name
    assert run("specs/openai.yaml", "--module", "chat", "--style", "typeddict", "-o", "again") == 0
    again = unstamp((project / "again" / "chat_typeddict.py").read_text())[0]  # stdin: no fingerprint
    assert again.split("\n", 4)[4] == text.split("\n", 4)[4]


def test_stdin_errors_name_stdin(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"openapi: [unclosed\n")))
    assert run("-") == 2
    assert capsys.readouterr().err.startswith("error: <stdin>:")


@pytest.mark.parametrize(
    "args",
    [
        ["https://example.com/openapi.yaml"],
        ["--input", "http://example.com/openapi.yaml"],
        ["--url", "https://example.com/openapi.yaml"],
    ],
)
def test_a_url_is_refused_with_a_hint_to_download_it(
    args: list[str], project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(*args) == 2
    err = capsys.readouterr().err
    url = args[-1]
    assert err.startswith(f"error: {url}: gen-models reads a local file, not a URL; download the spec first")
    assert f"curl -fLo openapi.yaml '{url}'" in err
    assert "file not found" not in err


def test_a_url_in_the_config_is_refused_too(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "pyproject.toml").write_text('[tool.gen-models]\nspec = "https://example.com/openapi.yaml"\n')
    assert run() == 2
    assert "https://example.com/openapi.yaml: gen-models reads a local file, not a URL" in capsys.readouterr().err


def test_input_and_output_are_aliases(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("--input", "specs/openai.yaml", "--output", "out", "--style", "dataclass") == 0
    assert (project / "out" / "openai_dataclass.py").exists()
    assert run("specs/openai.yaml", "--input", "specs/openai.yaml") == 2
    assert "two specs given" in capsys.readouterr().err


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_shows_stages_on_a_terminal_only(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "PROGRESS_AFTER", 0.0)  # every run counts as long
    assert run("specs/openai.yaml", "--style", "dataclass") == 0
    assert "gen-models:" not in capsys.readouterr().err  # stderr is not a terminal: quiet
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert run("specs/openai.yaml", "--style", "dataclass", "-o", "tty", "--no-cache") == 0  # not copied
    shown = terminal.getvalue()
    assert "gen-models: format 1 module(s)..." in shown and "gen-models: render dataclass..." in shown
    assert shown.endswith("\r\x1b[K")  # the line is cleared at the end
    quiet = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", quiet)
    assert run("specs/openai.yaml", "--style", "dataclass", "-o", "tty2", "-q") == 0
    assert quiet.getvalue() == ""


def test_short_runs_show_no_progress_on_a_terminal(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "PROGRESS_AFTER", 600.0)
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert run("specs/openai.yaml", "--style", "dataclass", "-q") == 0
    assert terminal.getvalue() == ""
    with cli.progress_report(terminal) as progress:
        progress("load")
    assert terminal.getvalue() == ""


@pytest.mark.slow
def test_regenerate_line_reproduces_the_run(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every flag that changes the output is in the header, paths relative to the project
    root: the command run from the root (where a pyproject.toml is) finds nothing to change."""
    (project / "pyproject.toml").write_text("[project]\nname = 'app'\n")
    templates = project / "tpl"
    templates.mkdir()
    (templates / "_module.py.jinja").write_text(
        (templates_dir() / "_module.py.jinja").read_text().replace("{{ module_doc }}", "# ours\n{{ module_doc }}")
    )
    sub = project / "src"
    sub.mkdir()
    monkeypatch.chdir(sub)
    args = [
        "../specs/openai.yaml",
        "--style",
        "typeddict",
        "--style",
        "pydantic",
        "--schema",
        "CreateChatCompletionStreamResponse",
        "--module",
        "chat",
        "-o",
        "vendored",
        "--target-python",
        "3.11",
        "--runtime",
        "inline",
        "--merge-policy",
        "choices[].delta.content=last",
        "--custom-template-dir",
        "../tpl",
    ]
    assert run(*args) == 0
    written = sorted(p.name for p in (sub / "vendored").iterdir())
    assert written == ["chat_pydantic.py", "chat_typeddict.py"]
    command = header_command(sub / "vendored" / "chat_pydantic.py")
    assert command == [
        "specs/openai.yaml",
        "--style",
        "typeddict",
        "--style",
        "pydantic",
        "--schema",
        "CreateChatCompletionStreamResponse",
        "--module",
        "chat",
        "-o",
        "src/vendored",
        "--target-python",
        "3.11",
        "--runtime",
        "inline",
        "--merge-policy",
        "choices[].delta.content=last",
        "--custom-template-dir",
        "tpl",
    ]
    monkeypatch.chdir(project)
    capsys.readouterr()
    assert run(*command, "--check") == 0, capsys.readouterr().err
    # and a flag left out would show: the run without the template directory differs
    assert run(*command[:-2], "--check") == 1


def test_regenerate_line_keeps_merge_maps_and_ref_permissions(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    options = Options(
        spec=project / "specs" / "openai.yaml",
        output=project / "generated",
        root=project,
        all_schemas=True,
        merge_maps=(project / "maps" / "events.yaml",),
        allow_remote_refs=True,
        allow_outside_refs=True,
    )
    assert shlex.split(command_of(options)) == [
        "gen-models",
        "specs/openai.yaml",
        "--all-schemas",
        "--merge-map",
        "maps/events.yaml",
        "--allow-remote-refs",
        "--allow-outside-refs",
    ]


# --------------------------------------------------------------------------- custom templates


@pytest.mark.slow
def test_custom_template_dir_overrides_a_template_and_the_output_still_type_checks(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    templates = project / "templates"
    templates.mkdir()
    ours = (templates_dir() / "_module.py.jinja").read_text()
    marked = ours.replace(
        "{{ module_doc }}\n", "{{ module_doc }}\n\n# Vendored by myapp: regenerate, do not edit.\n", 1
    )
    assert marked != ours
    (templates / "_module.py.jinja").write_text(marked)
    (project / "pyproject.toml").write_text(
        '[tool.gen-models]\nspec = "specs/openai.yaml"\ncustom-template-dir = "templates"\n'
    )
    assert run() == 0
    modules = sorted((project / "generated").glob("openai_*.py"))
    assert len(modules) == 3
    for module in modules:
        text = module.read_text()
        assert "\n# Vendored by myapp: regenerate, do not edit.\n" in text, module.name
        assert header_command(module) == ["specs/openai.yaml", "--custom-template-dir", "templates"]
    for tool in (
        ["mypy", "--strict", "--no-incremental", "--python-version", "3.10"],
        ["ruff", "check", "--isolated", "--target-version", "py310"],
    ):
        result = subprocess.run(
            [sys.executable, "-m", *tool, *map(str, modules)], check=False, capture_output=True, text=True, cwd=project
        )
        assert result.returncode == 0, result.stdout + result.stderr
    assert run("--check") == 0
    assert run("--check", "--custom-template-dir", str(project / "specs")) == 1  # ours again: all differ


def test_the_pre_commit_hooks_see_every_file_a_run_writes(project: Path) -> None:
    """Every style, the runtime package and ``-o FILE.py``: an edit to any output triggers
    the hooks, as does one to the spec or the configuration."""
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    styles = ("dataclass", "pydantic", "typeddict", "msgspec")
    assert run("specs/openai.yaml", *(a for s in styles for a in ("--style", s)), "-q") == 0
    assert run("specs/openai.yaml", "--style", "msgspec", "-o", "src/app/chat.py", "-q") == 0
    (project / "pyproject.toml").write_text("[tool.gen-models]\n")
    written = sorted(p.relative_to(project).as_posix() for p in project.rglob("*") if p.is_file())
    assert "src/app/chat.py" in written and "generated/_gen_models_runtime/msgspec_models.py" in written
    for hook in hooks:
        for path in written:
            assert re.search(hook["files"], path), (hook["id"], path)
        assert not re.search(hook["files"], "README.md"), hook["id"]


def test_help_and_the_package_description_name_every_style() -> None:
    from generator.styles import ALL_STYLES

    summary = cli._parser().description or ""
    description = re.search(r'^description = "(.*)"$', (ROOT / "pyproject.toml").read_text(), re.MULTILINE)
    assert description
    for style in ALL_STYLES:
        name = "TypedDict" if style == "typeddict" else style
        assert name in summary and name in description.group(1), style


def test_a_copied_template_keeps_a_line_added_at_its_top_and_bottom(tmp_path: Path) -> None:
    """Templates a user copies behave as text: a line added above a template's first comment
    stays its own line (the comment strips whitespace inside the template, never across its
    first line), and one added at the bottom comes out too, except after a style template's
    last block: Jinja leaves out what a template that extends another has outside its blocks
    (docs/templates.md says so)."""
    spec = yaml.safe_load((ROOT / "specs" / "openai.yaml").read_text(encoding="utf-8"))
    spec["components"]["schemas"].update(copy.deepcopy(EVENTS_MAP_SPEC["components"]["schemas"]))
    path = tmp_path / "both.yaml"  # a chunk root and an event union: every template is used
    path.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    copied = tmp_path / "templates"
    copied.mkdir()
    for template in sorted(templates_dir().glob("*.py.jinja")):
        text = template.read_text(encoding="utf-8")
        (copied / template.name).write_text(f"# top of {template.name}\n{text}# bottom of {template.name}\n")
    styles = ("dataclass", "pydantic", "typeddict", "msgspec")
    roots = ("CreateChatCompletionStreamResponse", "Events")
    outputs, _ = generate(Options(spec=path, output=tmp_path, styles=styles, schemas=roots, template_dir=copied))
    for style, output in zip(styles, outputs):
        lines = output.text.splitlines()
        used = {"_module", style, "_merge", "_events", "_sse"} | (
            {"_parsers"} if style in ("dataclass", "typeddict") else set()
        )
        for name in sorted(used):
            assert f"# top of {name}.py.jinja" in lines, (style, name)
            assert (f"# bottom of {name}.py.jinja" in lines) == (name != style), (style, name)


def test_custom_template_dir_mistakes_are_bad_input(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("specs/openai.yaml", "--custom-template-dir", "missing") == 2
    assert "missing: custom template directory: not a directory" in capsys.readouterr().err
    templates = project / "tpl"
    templates.mkdir()
    (templates / "_modul.py.jinja").write_text("")
    assert run("specs/openai.yaml", "--custom-template-dir", "tpl") == 2
    assert "not a gen-models template; did you mean '_module.py.jinja'?" in capsys.readouterr().err
    (templates / "_modul.py.jinja").unlink()
    (templates / "_sse.py.jinja").write_text("{% if %}\n")
    assert run("specs/openai.yaml", "--custom-template-dir", "tpl") == 2
    assert "_sse.py.jinja:1: template syntax error" in capsys.readouterr().err
    (templates / "_sse.py.jinja").write_text("def broken(:\n")
    assert run("specs/openai.yaml", "--custom-template-dir", "tpl", "--style", "dataclass") == 2
    assert "the dataclass.py.jinja module is not valid Python" in capsys.readouterr().err
    (templates / "_sse.py.jinja").write_text("{{ no_such_name }}\n")
    assert run("specs/openai.yaml", "--custom-template-dir", "tpl", "--style", "dataclass") == 2
    assert "'no_such_name' is undefined" in capsys.readouterr().err
    assert not (project / "generated").exists()


def test_templates_doc_lists_every_template() -> None:
    doc = (ROOT / "docs" / "templates.md").read_text()
    for name in template_names():
        assert f"`{name}`" in doc, name


def test_regenerate_line_with_a_merge_map_reproduces_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = copy.deepcopy(EVENTS_MAP_SPEC)
    spec["components"]["schemas"]["Refusal"] = event_schema("answer.refusal.delta", {"delta": {"type": "string"}})
    spec["components"]["schemas"]["Events"]["anyOf"].append({"$ref": "#/components/schemas/Refusal"})
    (tmp_path / "events.yaml").write_text(yaml.safe_dump(spec), encoding="utf-8")
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "refusal.yaml").write_text("root: Events\nevents:\n  answer.refusal.delta: {op: ignore}\n")
    monkeypatch.chdir(tmp_path)
    assert run("events.yaml", "--schema", "Events", "--merge-map", "maps/refusal.yaml", "--style", "dataclass") == 0
    command = header_command(tmp_path / "generated" / "events_dataclass.py")
    assert command == ["events.yaml", "--style", "dataclass", "--schema", "Events", "--merge-map", "maps/refusal.yaml"]
    assert run(*command, "--check") == 0
    assert run(*command[:-2], "--check") == 1  # without the map: the event is unmapped


def test_a_module_name_imports_as_written(project: Path) -> None:
    """``--module ﬁle``: Python reads ``import ﬁle_typeddict`` as ``import file_typeddict``."""
    import sys

    assert run("specs/openai.yaml", "--module", "ﬁle", "--style", "typeddict", "-q") == 0
    assert [p.name for p in (project / "generated").glob("*_typeddict.py")] == ["file_typeddict.py"]
    sys.path.insert(0, str(project))
    try:
        namespace: dict[str, Any] = {}
        exec("import generated.ﬁle_typeddict as module", namespace)  # noqa: S102 - the statement as a user writes it
        assert namespace["module"].__file__ == str(project / "generated" / "file_typeddict.py")
    finally:
        sys.path.remove(str(project))
        for name in [n for n in sys.modules if n == "generated" or n.startswith("generated.")]:
            del sys.modules[name]


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads a process's children from /proc (Linux)")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_black_s_workers_end_with_a_killed_run(tmp_path: Path, how: signal.Signals) -> None:
    """A run killed while black's workers format (a CI job cancelled, a timeout, out of
    memory) leaves no worker running (they hold its stderr open and take the cores)."""
    run_ = subprocess.Popen(
        [sys.executable, "-m", "generator", str(CHAT_SPEC), "-o", str(tmp_path / "out"), "--no-cache", "-q"],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group: its workers are found by it afterwards
    )
    children = Path(f"/proc/{run_.pid}/task/{run_.pid}/children")
    deadline = time.monotonic() + 120
    while run_.poll() is None and not children.read_text().split() and time.monotonic() < deadline:
        time.sleep(0.01)
    if run_.poll() is not None:
        pytest.skip("the run ended before black's workers started")
    run_.send_signal(how)
    try:
        run_.communicate(timeout=30)  # returns once the workers, which hold stderr too, are gone
    except subprocess.TimeoutExpired:
        os.killpg(run_.pid, signal.SIGKILL)
        raise AssertionError("black's workers outlived the run") from None
    assert run_.returncode == -how
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").glob("*.py"))


@pytest.mark.parametrize("requires", [">=3.11", ">=3.10,<4", "~=3.12.1"])
def test_the_target_python_is_what_the_project_requires(project: Path, requires: str) -> None:
    """Issue 43: without ``--target-python``, the modules are written for the oldest Python
    the project's ``requires-python`` admits (ruff reads the same key), so ``ruff check``
    with its default rules finds nothing in them (UP035: ``NotRequired`` and ``Self`` from
    ``typing`` from 3.11 on)."""
    (project / "pyproject.toml").write_text(f'[project]\nname = "app"\nrequires-python = "{requires}"\n')
    assert run("specs/openai.yaml", "--formatter", "ruff", "-q") == 0
    typeddict = (project / "generated" / "openai_typeddict.py").read_text()
    extensions = re.search(r"^from typing_extensions import .*\bNotRequired\b", typeddict, re.MULTILINE)
    assert bool(extensions) == (requires == ">=3.10,<4"), typeddict[:2000]
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "generated"], check=False, capture_output=True, text=True, cwd=project
    )
    assert result.returncode == 0, result.stdout[-3000:]


def test_a_requires_python_that_is_no_specifier_is_an_error_naming_the_file(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "pyproject.toml").write_text('[project]\nname = "app"\nrequires-python = "three"\n')
    assert run("specs/openai.yaml") == 2
    err = capsys.readouterr().err
    assert "pyproject.toml" in err and "requires-python 'three'" in err and "--target-python" in err
    assert not (project / "generated").exists()
    assert run("specs/openai.yaml", "--target-python", "3.10", "-q") == 0
