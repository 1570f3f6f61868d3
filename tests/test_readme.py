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
