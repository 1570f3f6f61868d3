"""Overrides of fields the schema does not define (issue 14, point 2): servers add fields
(``choices[].delta.reasoning_details``, ``choices[].delta.channel``, Groq's ``x_groq``), and a
user names them with ``--merge-policy`` or ``merge-policies`` in the configuration. Such a
field merges by the override in every style, ``--explain-merge`` lists it as an override of
an undeclared field, and a path whose parent object the plan does not have is still an error."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import CHAT_SPEC, STYLES, generate_modules

from generator.cli import main
from generator.merge_plan import explain
from generator.pipeline import Options, read_spec

SPEC = CHAT_SPEC
ROOT_NAME = "CreateChatCompletionStreamResponse"

#: Each override gives another result than the default rule for unknown fields would.
OVERRIDES = {
    "choices[].delta.channel": "last",  # default: text that changes concatenates
    "choices[].delta.provider": "set",  # default: text that changes concatenates
    "choices[].delta.parts": "by_key:pos",  # default: appended
    "choices[].delta.reasoning_details": "by_key",  # default: by index as well (kept the same)
    "choices[].usage": "merge",  # default: merged as well
    "citations": "append",  # at the top of a chunk the default is the last list
    "x_groq": "merge",
}


def _chunk(delta: dict[str, Any] | None = None, **top: Any) -> dict[str, Any]:
    choices = [{"index": 0, "delta": delta}] if delta is not None else []
    return {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": choices, **top}


STREAM = [
    _chunk({"role": "assistant", "channel": "analysis", "provider": "a", "parts": [{"pos": 1, "text": "wor"}]}),
    _chunk({"channel": "final", "provider": "b", "parts": [{"pos": 0, "text": "Hel"}, {"pos": 1, "text": "ld"}]}),
    _chunk(
        {
            "reasoning_details": [{"index": 0, "type": "reasoning.text", "text": "Thi"}],
            "parts": [{"pos": 0, "text": "lo"}],
        }
    ),
    _chunk({"reasoning_details": [{"index": 0, "text": "nk"}], "content": "Hi"}, citations=["u1"]),
    _chunk(citations=["u2"], x_groq={"id": "g"}),
    _chunk(x_groq={"usage": {"queue_time": 0.1}}),
]
STREAM[3]["choices"][0]["finish_reason"] = "stop"
STREAM[3]["choices"][0]["usage"] = {"prompt_tokens": 3}
STREAM[4]["choices"] = [{"index": 0, "delta": {}, "usage": {"completion_tokens": 2}}]

EXPECTED_DELTA = {
    "role": "assistant",
    "content": "Hi",
    "channel": "final",
    "provider": "a",
    "parts": [{"pos": 0, "text": "Hello"}, {"pos": 1, "text": "world"}],
    "reasoning_details": [{"index": 0, "type": "reasoning.text", "text": "Think"}],
}


def _as_data(value: Any) -> Any:
    """A result of any style as plain JSON data (pydantic by alias with extras, dataclass by
    ``to_dict``)."""
    if hasattr(value, "model_dump"):
        return value.model_dump(by_alias=True, exclude_none=True)
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return value


def test_explain_lists_overrides_of_undeclared_fields() -> None:
    lines = explain(read_spec(Options(spec=SPEC, merge_policies=OVERRIDES)).plans[ROOT_NAME])
    text = "\n".join(lines)
    for path, policy in OVERRIDES.items():
        shown = policy.replace(":", " on ") if policy.startswith("by_key:") else policy
        shown = "by_key on index" if policy == "by_key" else shown
        assert re.search(
            rf"^{re.escape(path)} +{shown} +\(override of an undeclared field\)$", text, re.MULTILINE
        ), path
    assert re.search(r"^choices\[\]\.delta\.parts\[\]\.pos +key$", text, re.MULTILINE)
    # a declared field overridden is still shown as a plain override
    lines = explain(read_spec(Options(spec=SPEC, merge_policies={"choices[].finish_reason": "set"})).plans[ROOT_NAME])
    assert any(re.match(r"choices\[\]\.finish_reason +set +\(override\)$", line) for line in lines)


@pytest.mark.parametrize(
    "path",
    ["choices[].delt.channel", "choice[].delta.channel", "choices[].delta.tool_calls[].func.name", "channel[]"],
)
def test_a_path_whose_parent_is_not_in_the_plan_is_an_error(path: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(SPEC), "--explain-merge", "--merge-policy", f"{path}=last"]) == 2
    err = capsys.readouterr().err
    assert f"--merge-policy {path!r}: no such field" in err and "is not one" in err


def test_an_undeclared_override_still_checks_its_policy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(SPEC), "--explain-merge", "--merge-policy", "choices[].delta.channel=sum"]) == 2
    assert "'sum' is not one of" in capsys.readouterr().err


@pytest.fixture(scope="module")
def override_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    return generate_modules(SPEC, tmp_path_factory.mktemp("overrides"), merge_policies=OVERRIDES)


@pytest.mark.slow
@pytest.mark.parametrize("style", STYLES)
def test_undeclared_fields_merge_by_their_override(override_modules: dict[str, ModuleType], style: str) -> None:
    acc = override_modules[style].CreateChatCompletionStreamResponseAccumulator()
    for chunk in STREAM:
        acc.add(chunk)
    data = acc.snapshot_dict()
    assert data["choices"][0]["delta"] == EXPECTED_DELTA
    assert data["choices"][0]["usage"] == {"prompt_tokens": 3, "completion_tokens": 2}
    assert data["citations"] == ["u1", "u2"]
    assert data["x_groq"] == {"id": "g", "usage": {"queue_time": 0.1}}
    assert [(a.kind, a.path) for a in acc.anomalies] == [("conflict", "choices[0].delta.provider")]
    snapshot = _as_data(acc.snapshot())  # the models keep them as unknown fields
    assert snapshot["choices"][0]["delta"]["parts"] == EXPECTED_DELTA["parts"]
    response = _as_data(acc.to_response())  # and so does the answer
    message = response["choices"][0]["message"]
    assert {k: message[k] for k in EXPECTED_DELTA} == EXPECTED_DELTA
    assert response["choices"][0]["usage"] == {"prompt_tokens": 3, "completion_tokens": 2}
    assert response["x_groq"] == data["x_groq"] and response["citations"] == ["u1", "u2"]


@pytest.mark.parametrize("style", STYLES)
def test_without_the_overrides_the_defaults_differ(openai_modules: dict[str, ModuleType], style: str) -> None:
    # the stream above under the default rules: what the overrides change
    acc = openai_modules[style].CreateChatCompletionStreamResponseAccumulator()
    for chunk in STREAM:
        acc.add(chunk)
    data = acc.snapshot_dict()
    delta = data["choices"][0]["delta"]
    assert (delta["channel"], delta["provider"], data["citations"]) == ("analysisfinal", "ab", ["u2"])
    assert len(delta["parts"]) == 4


def test_overrides_of_undeclared_fields_from_the_configuration(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "specs").mkdir()
    shutil.copy(SPEC, tmp_path / "specs" / "openai.yaml")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.gen-models]\nspec = "specs/openai.yaml"\n\n[tool.gen-models.merge-policies]\n'
        '"choices[].delta.channel" = "last"\n'
    )
    monkeypatch.chdir(tmp_path)
    assert main(["--explain-merge"]) == 0
    assert re.search(r"choices\[\]\.delta\.channel +last +\(override of an undeclared field\)", capsys.readouterr().out)


def test_modules_with_undeclared_overrides_are_clean(override_modules: dict[str, ModuleType]) -> None:
    """ruff (as test_typecheck runs it) accepts the modules; a node that merges only unknown
    fields has no unused locals. (mypy --strict was run on them by hand: clean.)"""
    files = [str(module.__file__) for module in override_modules.values()]
    found = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--target-version", "py310", *files],
        capture_output=True,
        text=True,
        check=False,
    )
    assert found.returncode == 0, found.stdout


def test_an_undeclared_name_close_to_a_declared_one_is_doubted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    reading = read_spec(Options(spec=SPEC, merge_policies={"choices[].delta.contnet": "concat"}))
    (doubt,) = reading.merge_warnings
    assert doubt.place.endswith(" choices[].delta.contnet") and doubt.detail == "did you mean 'content'?"
    assert (
        main(
            [str(SPEC), "-o", str(tmp_path), "--style", "typeddict", "--merge-policy", "choices[].delta.contnet=concat"]
        )
        == 0
    )
    assert "choices[].delta.contnet (did you mean 'content'?); merged by the override" in capsys.readouterr().err
    # a name close to nothing declared is not doubted
    assert read_spec(Options(spec=SPEC, merge_policies=OVERRIDES)).merge_warnings == []
