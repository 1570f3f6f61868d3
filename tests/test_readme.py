"""The README stays true: its examples run, and CI runs its test command."""

from __future__ import annotations

import re
import sys
from typing import Any

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


def _replay_transport() -> Any:
    """An httpx transport that answers every request with a recorded chat stream."""
    httpx = pytest.importorskip("httpx")
    body = next(p for p in RECORDED if p.name == "openai-python-parallel_tools.sse").read_bytes()

    def handler(request: Any) -> Any:
        assert request.url.path.endswith("/chat/completions")
        return httpx.Response(200, content=body, headers={"content-type": "text/event-stream"})

    return httpx.MockTransport(handler)


def _run_example(name: str, namespace: dict[str, Any]) -> None:
    match = re.search(rf"<!-- example: {name} -->\n```python\n(.*?)```", README, re.DOTALL)
    assert match, f"README has no {name} example"
    sys.path.insert(0, str(ROOT))
    try:
        exec(compile(match.group(1), f"README:{name}", "exec"), namespace)  # noqa: S102
    finally:
        sys.path.remove(str(ROOT))


@pytest.mark.parametrize("name", ["httpx", "httpx-async"])
def test_readme_httpx_examples_run_against_a_local_replay(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    httpx = pytest.importorskip("httpx")
    transport = _replay_transport()
    real_client, real_async = httpx.Client, httpx.AsyncClient
    monkeypatch.setattr(
        httpx, "stream", lambda method, url, **k: real_client(transport=transport).stream(method, url, **k)
    )

    class ReplayAsyncClient(real_async):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            async_transport = httpx.MockTransport(transport.handler)
            super().__init__(*args, transport=async_transport, **kwargs)

    monkeypatch.setattr(httpx, "AsyncClient", ReplayAsyncClient)
    _run_example(name, {"api_key": "sk-test", "messages": [{"role": "user", "content": "hi"}]})
    assert capsys.readouterr().out.strip()  # the answer's content (None here: the recording calls tools)


def test_readme_openai_sdk_example_runs_against_a_local_replay(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    openai = pytest.importorskip("openai")
    httpx = pytest.importorskip("httpx")
    transport = _replay_transport()
    real = openai.OpenAI
    monkeypatch.setattr(
        openai, "OpenAI", lambda **k: real(api_key="sk-test", http_client=httpx.Client(transport=transport), **k)
    )
    _run_example("openai", {"messages": [{"role": "user", "content": "hi"}]})
    printed = capsys.readouterr().out
    assert "[]" in printed  # no anomalies: the SDK's objects carry only what the server sent
