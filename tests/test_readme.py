"""The README stays true: its examples run, and CI runs its test command."""

from __future__ import annotations

import re
import sys

import pytest
from conftest import RECORDED, RESPONSES, ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def _example(style: str) -> str:
    match = re.search(rf"<!-- example: {style} -->\n```python\n(.*?)```", README, re.DOTALL)
    assert match, f"README has no {style} example"
    return match.group(1)


@pytest.mark.parametrize("style", ["pydantic", "dataclass", "typeddict"])
def test_readme_example_runs_on_a_recorded_stream(style: str, capsys: pytest.CaptureFixture[str]) -> None:
    recording = next(p for p in RECORDED if p.name == "openai-python-parallel_tools.sse")
    lines = recording.read_bytes().splitlines()
    sys.path.insert(0, str(ROOT))
    try:
        exec(compile(_example(style), f"README:{style}", "exec"), {"lines": lines})  # noqa: S102
    finally:
        sys.path.remove(str(ROOT))
    printed = capsys.readouterr().out
    assert printed.strip()


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "<!-- test-command -->" in ci and "README.md" in ci
    command = re.search(r"<!-- test-command -->\n```sh\n(.*)\n", README)
    assert command and "pytest" in command.group(1)


@pytest.mark.shared
def test_readme_responses_example_runs_on_a_recorded_stream(
    responses_modules: dict[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    match = re.search(r"<!-- example: responses -->\n```python\n(.*?)```", README, re.DOTALL)
    assert match, "README has no responses example"
    recording = next(p for p in RESPONSES if p.name.startswith("06_"))
    lines = recording.read_bytes().splitlines()
    sys.modules["openai_responses_pydantic"] = responses_modules["pydantic"]  # type: ignore[assignment]
    try:
        exec(compile(match.group(1), "README:responses", "exec"), {"lines": lines})  # noqa: S102
    finally:
        del sys.modules["openai_responses_pydantic"]
    printed = capsys.readouterr().out
    assert "completed" in printed and "function_call" in printed  # recording 06 calls a tool


def test_readme_has_no_placeholder_urls_and_a_license_ships() -> None:
    assert "<you>" not in README and "github.com/" not in README.replace("raw.githubusercontent.com", "")
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "Copyright (c) 2026 gen-models contributors" in licence
    assert 'license = "MIT"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_readme_synopsis_lists_every_option() -> None:
    """Each option of `gen-models --help` is in the README's synopsis (but --url, refused)."""
    from generator.cli import _parser

    synopsis = re.search(r"## Command line\n\n```\n(.*?)```", README, re.DOTALL)
    assert synopsis
    for action in _parser()._actions:
        for flag in action.option_strings:
            if flag.startswith("--") and flag not in ("--url", "--output", "--quiet"):
                assert flag in synopsis.group(1), flag
