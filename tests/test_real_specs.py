"""The main job on real inputs: every OpenAI spec version, its examples, the seed payload
and the recorded streams, in all three styles."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from conftest import (
    NEWEST_SPEC,
    OPENAI_SPECS,
    RECORDED,
    STYLES,
    generate_modules,
    recorded_chunks,
    seed_payload,
    spec_example_chunks,
)

from generator.load import load_document

pytestmark = pytest.mark.slow  # the large real specs, generated whole


def _extras(style: str, parsed: object) -> dict:
    if style in ("dataclass", "msgspec"):
        return parsed.extra_fields  # type: ignore[attr-defined]
    if style == "pydantic":
        return parsed.model_extra  # type: ignore[attr-defined]
    return {}


@pytest.mark.shared
@pytest.mark.parametrize("spec", OPENAI_SPECS, ids=lambda p: p.stem)
def test_every_openai_version_parses_its_examples_and_merges_them(spec: Path, tmp_path: Path) -> None:
    modules = generate_modules(spec, tmp_path)
    chunks = spec_example_chunks(load_document(spec).data)
    for style, module in modules.items():
        for chunk in [*chunks, seed_payload()]:
            parsed = module.parse_create_chat_completion_stream_response(copy.deepcopy(chunk))
            assert parsed is not None
        acc = module.CreateChatCompletionStreamResponseAccumulator(strict=True)
        for chunk in chunks:
            acc.add(chunk)
        snapshot = acc.snapshot_dict()
        content = snapshot["choices"][0]["delta"]["content"]
        assert content.startswith("Hello"), style
        if len(chunks) == 3:  # the newer example: exactly "Hello"
            assert content == "Hello"
        assert snapshot["choices"][0]["finish_reason"] == "stop"
        assert acc.anomalies == []


@pytest.mark.shared
def test_fields_newer_than_the_spec_are_kept_not_rejected(tmp_path: Path) -> None:
    """The 2023-11 spec knows no refusal, usage, service_tier: the seed payload still parses
    and those fields are kept as extras (dataclass, pydantic) or left in the dict."""
    modules = generate_modules(OPENAI_SPECS[0], tmp_path)
    seed = seed_payload()
    for style, module in modules.items():
        parsed = module.parse_create_chat_completion_stream_response(copy.deepcopy(seed))
        if style == "typeddict":
            assert parsed["service_tier"] == "auto" and parsed["usage"]["total_tokens"] == 0
        else:
            assert _extras(style, parsed)["service_tier"] == "auto"
            assert _extras(style, parsed)["usage"]["total_tokens"] == 0


@pytest.mark.parametrize("style", STYLES)
def test_open_enum_accepts_a_value_the_spec_lacks(newest_modules, style: str) -> None:
    chunk = seed_payload()
    chunk["service_tier"] = "a-tier-from-next-year"
    chunk["choices"][0]["finish_reason"] = "a-new-reason"
    parsed = newest_modules[style].parse_create_chat_completion_stream_response(chunk)
    tier = parsed["service_tier"] if style == "typeddict" else parsed.service_tier
    assert tier == "a-tier-from-next-year"


@pytest.mark.parametrize("recording", RECORDED, ids=lambda p: p.name)
def test_recorded_streams_parse_chunk_by_chunk_in_every_style(newest_modules, recording: Path) -> None:
    chunks = recorded_chunks(recording)
    assert chunks
    for module in newest_modules.values():
        for chunk in chunks:
            module.parse_create_chat_completion_stream_response(copy.deepcopy(chunk))


def test_the_newest_spec_has_the_expected_stream_closure(newest_modules) -> None:
    module = newest_modules["pydantic"]
    for name in (
        "CreateChatCompletionStreamResponse",
        "CreateChatCompletionStreamResponseChoice",
        "CreateChatCompletionStreamResponseChoiceLogprobs",
        "ChatCompletionStreamResponseDelta",
        "ChatCompletionMessageToolCallChunk",
        "ChatCompletionMessageToolCallChunkFunction",
        "ChatCompletionTokenLogprob",
        "ChatCompletionTokenLogprobTopLogprob",
        "CompletionUsage",
        "CreateChatCompletionResponse",
    ):
        assert hasattr(module, name), name
    assert not any(n.startswith("Type") and n[4:].isdigit() for n in dir(module))


def test_required_nullable_fields_stay_required_and_nullable(newest_modules) -> None:
    """finish_reason is required and nullable: absent is an error, null is fine (the
    reading datamodel-code-generator gets wrong by default)."""
    for style, module in newest_modules.items():
        chunk = seed_payload()
        chunk["choices"][0]["finish_reason"] = None
        module.parse_create_chat_completion_stream_response(copy.deepcopy(chunk))
        del chunk["choices"][0]["finish_reason"]
        with pytest.raises(Exception) as info:
            module.parse_create_chat_completion_stream_response(chunk)
        assert "finish_reason" in str(info.value), style


@pytest.mark.shared
def test_generation_is_deterministic(tmp_path: Path) -> None:
    from generator.pipeline import Options, generate

    first, _ = generate(Options(spec=NEWEST_SPEC, output=tmp_path))
    second, _ = generate(Options(spec=NEWEST_SPEC, output=tmp_path))
    assert [o.text for o in first] == [o.text for o in second]
    assert all("2026-11" not in o.text[:400] for o in first)  # no timestamp in the header


@pytest.mark.shared
@pytest.mark.parametrize(
    ("spec", "root", "module_root"),
    [
        ("azure/inference-2024-10-21.yaml", "createChatCompletionStreamResponse", "CreateChatCompletionStreamResponse"),
        ("mistral/openapi.yaml", "CompletionChunk", "CompletionChunk"),
    ],
)
def test_other_providers_stream_roots_are_found_and_merge(
    spec: str, root: str, module_root: str, tmp_path: Path
) -> None:
    from conftest import SPECS

    from generator.pipeline import Options, read_spec

    path = SPECS / spec
    reading = read_spec(Options(spec=path))
    # the chunk found by shape first; then the other chunk streams the spec declares (Mistral's
    # workflow events, whose SSE envelope's data is StreamEventSsePayload)
    assert reading.schemas.roots[0] == module_root
    modules = generate_modules(path, tmp_path)
    chunks = [
        {
            "id": "x",
            "object": "chat.completion.chunk",
            "created": 1,
            "model": "m",
            "choices": [{"index": 0, "delta": {"role": "assistant", "content": "Hel"}, "finish_reason": None}],
        },
        {
            "id": "x",
            "object": "chat.completion.chunk",
            "created": 1,
            "model": "m",
            "choices": [{"index": 0, "delta": {"content": "lo"}, "finish_reason": "stop"}],
        },
    ]
    for module in modules.values():
        acc = getattr(module, f"{module_root}Accumulator")(strict=True)
        for chunk in chunks:
            acc.add(copy.deepcopy(chunk))
        assert acc.snapshot_dict()["choices"][0]["delta"]["content"] == "Hello"
        acc.snapshot()


@pytest.mark.shared
@pytest.mark.parametrize(
    "spec",
    [
        "anthropic/openapi.json",
        "azure/inference-2024-10-21.yaml",
        "cohere/openapi.yaml",
        "gemini/openapi.json",
        "mistral/openapi.yaml",
        "ollama/openapi.yaml",
    ],
)
def test_every_vendor_spec_reads_whole(spec: str) -> None:
    """``--all-schemas`` reads each vendor's published spec (the reading only: no module is
    rendered), but Cohere's, which stops at the first component whose mapping names a schema
    it lacks, with that place."""
    from conftest import SPECS

    from generator.errors import SpecError
    from generator.pipeline import Options, read_spec

    if spec.startswith("cohere"):
        with pytest.raises(SpecError, match="TruncationStrategy/discriminator/mapping/auto: .* does not exist"):
            read_spec(Options(spec=SPECS / spec, all_schemas=True))
        return
    reading = read_spec(Options(spec=SPECS / spec, all_schemas=True))
    assert len(reading.schemas.models) > 20
