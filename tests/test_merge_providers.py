"""Providers' own specs merge real streams right (issue 14, acceptance): the accumulators
generated from the Azure and Mistral specs in ``../shared/specs``, fed every recorded
chat-completion stream (their own first: Azure's model-router stream, Mistral's
incremental tool call), give the content, tool calls with valid JSON arguments, usage and
finish reasons the recordings hold, in the snapshot and in ``to_response()``."""

from __future__ import annotations

import copy
import json
from types import ModuleType
from typing import Any

import pytest
from conftest import RECORDED, SPECS, STYLES, generate_modules, recorded_chunks
from test_merge_cases import RECORDED_EXPECTED, RECORDED_USAGE

pytestmark = pytest.mark.shared

PROVIDERS = {
    "azure": ("azure/inference-2024-10-21.yaml", "CreateChatCompletionStreamResponse"),
    "mistral": ("mistral/openapi.yaml", "CompletionChunk"),
}
OWN = {"azure": "vercel-ai-azure-model-router.jsonl", "mistral": "vercel-ai-mistral-incremental-tool-call.jsonl"}


@pytest.fixture(scope="module")
def provider_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, ModuleType]]:
    return {
        name: generate_modules(SPECS / spec, tmp_path_factory.mktemp(name), module=name)
        for name, (spec, _) in PROVIDERS.items()
    }


def _data(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(by_alias=True, exclude_unset=True)
    return value


def _get(value: Any, name: str) -> Any:
    """A field of a result of any style (a dataclass result built anyway may hold a
    ``None`` where its type says otherwise: read by attribute, not ``to_dict``)."""
    if isinstance(value, dict):
        return value.get(name)
    found = getattr(value, name, None)
    if found is None:  # a field the spec does not declare (Azure's chunk has no `usage`)
        found = (getattr(value, "extra_fields", None) or {}).get(name)
    return found


def _calls(message: Any) -> list[tuple[str, Any]]:
    return [
        (_get(_get(call, "function"), "name"), json.loads(_get(_get(call, "function"), "arguments")))
        for call in _get(message, "tool_calls") or []
    ]


@pytest.mark.slow
@pytest.mark.parametrize("recording", RECORDED, ids=lambda p: p.name)
@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_provider_spec_merges_recorded_streams(
    provider_modules: dict[str, dict[str, ModuleType]], provider: str, style: str, recording: Any
) -> None:
    module = provider_modules[provider][style]
    root = PROVIDERS[provider][1]
    chunks = recorded_chunks(recording)
    acc = getattr(module, f"{root}Accumulator")()
    for chunk in chunks:
        acc.add(copy.deepcopy(chunk))
    snapshot = _data(acc.snapshot())
    expected = RECORDED_EXPECTED[recording.name]
    choices = _get(snapshot, "choices")
    assert [_get(c, "finish_reason") for c in choices] == expected["finish"]
    for choice in choices:  # text: exactly the concatenation of the choice's deltas
        sent = "".join(
            c["delta"].get("content") or ""
            for chunk in chunks
            for c in chunk["choices"]
            if c.get("index") == _get(choice, "index") and c.get("delta")
        )
        assert (_get(_get(choice, "delta"), "content") or "") == sent
    if "tools" in expected:
        assert [call for c in choices for call in _calls(_get(c, "delta"))] == expected["tools"]
    assert _get(_get(snapshot, "usage"), "total_tokens") == RECORDED_USAGE[recording.name]
    # the finished answer: the same text and calls; a missing finish_reason stays missing
    response = acc.to_response()
    for got, choice in zip(_get(_data(response), "choices"), choices):
        message = _get(got, "message")
        assert (_get(message, "content") or "") == (_get(_get(choice, "delta"), "content") or "")
        assert _calls(message) == _calls(_get(choice, "delta"))
        assert _get(got, "finish_reason") == _get(choice, "finish_reason")
    assert _get(_get(_data(response), "usage"), "total_tokens") == RECORDED_USAGE[recording.name]
    if recording.name == OWN[provider]:  # its own stream: nothing strays from its spec
        assert acc.anomalies == []
        assert _get(_data(response), "object") == "chat.completion"


def test_each_provider_finds_its_response(provider_modules: dict[str, dict[str, ModuleType]]) -> None:
    for provider, modules in provider_modules.items():
        root = PROVIDERS[provider][1]
        for module in modules.values():
            assert callable(getattr(getattr(module, f"{root}Accumulator"), "to_response", None)), provider
