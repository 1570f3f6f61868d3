"""Issue #40: Mistral, a vendor nobody mapped, from its own published spec with nothing else.
The default run writes accumulators for the chat, conversations, transcription (and speech)
streams; each folds the streams in tests/data/streams/mistral (recorded ones and ones written
from the docs: MANIFEST.json says which) into the non-stream answer, in every style, with no
``missing_slot`` on normal streams: content joined, function-call arguments joined, tool
executions, usage, ``acc.error`` on ``conversation.response.error``, thinking parts joined.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import DATA, SPECS, STYLES, generate_modules, recorded_chunks

from generator.errors import SpecError
from generator.pipeline import Options, read_spec

pytestmark = pytest.mark.shared

MISTRAL = SPECS / "mistral" / "openapi.yaml"
STREAMS = DATA / "streams" / "mistral"
EVENTS = {
    "conversation": "ConversationEventsDataAccumulator",
    "transcription": "TranscriptionStreamEventsDataAccumulator",
}
EVENT_STREAMS = sorted(p for p in STREAMS.glob("*.sse") if p.name.split("_")[0] in EVENTS)
CHAT_STREAMS = sorted(p for p in STREAMS.iterdir() if p.name.startswith("chat_") and p.suffix in (".sse", ".jsonl"))


@pytest.fixture(scope="module")
def modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    return generate_modules(MISTRAL, tmp_path_factory.mktemp("mistral"), module="mistral")


def _events(module: ModuleType, path: Path) -> list[Any]:
    if path.suffix == ".jsonl":  # vercel/ai's fixtures: the chunks, decoded (the wire is SSE)
        return recorded_chunks(path)
    with path.open(encoding="utf-8") as lines:
        return list(module.iter_chunk_dicts(lines))  # the module's own reader, with its defaults


def test_the_default_run_folds_every_stream_the_spec_declares() -> None:
    reading = read_spec(Options(spec=MISTRAL))
    assert "CompletionChunk" in reading.schemas.roots
    plans = {plan.root: plan for plan in reading.event_plans.values()}
    assert {"ConversationEventsData", "TranscriptionStreamEventsData", "SpeechStreamEventsData"} <= set(plans)
    assert plans["ConversationEventsData"].target == "ConversationResponse"  # /v1/conversations beside #stream
    assert plans["TranscriptionStreamEventsData"].target == "TranscriptionResponse"
    assert all(rule.source == "inferred" for plan in plans.values() for rule in plan.rules)
    assert not [plan.undecided for plan in plans.values() if plan.undecided]
    assert not [w for w in reading.merge_warnings if "Events" in str(w)]


@pytest.mark.slow
@pytest.mark.parametrize("path", EVENT_STREAMS, ids=lambda p: p.stem)
def test_every_style_folds_the_event_stream_into_the_non_stream_answer(
    modules: dict[str, ModuleType], path: Path
) -> None:
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))
    seen = {}
    for style in STYLES:
        events = _events(modules[style], path)
        assert events, "the reader follows named events by default"
        acc = getattr(modules[style], EVENTS[path.name.split("_")[0]])()
        for event in events:
            acc.add(event)
        assert acc.snapshot_dict() == expected, style
        kinds = [a.kind for a in acc.anomalies]
        assert "missing_slot" not in kinds and "unknown_event" not in kinds, kinds
        if path.stem.endswith("_error"):
            assert acc.error is not None and acc.error["code"] == 3000 and acc.finished is None
        else:
            assert acc.error is None and acc.finished is not None and kinds == []
            acc.snapshot()  # the typed answer validates
        seen[style] = kinds
    assert len({json.dumps(v) for v in seen.values()}) == 1


def _chat(module: ModuleType, path: Path) -> Any:
    acc = module.CompletionChunkAccumulator(strict=True)
    for chunk in _events(module, path):
        acc.add(chunk)
    return acc


@pytest.mark.parametrize("path", CHAT_STREAMS, ids=lambda p: p.stem)
@pytest.mark.parametrize("style", STYLES)
def test_chat_streams_fold_into_the_answer_thinking_parts_joined(
    modules: dict[str, ModuleType], path: Path, style: str
) -> None:
    """Magistral sends one thinking part per chunk (280 and 58 in the two recordings), then
    text: the answer has two parts, each whole; plain text joins; a whole tool call without
    ``index`` is the spec's default index (0)."""
    chunks = [c for c in _events(modules["typeddict"], path) if c.get("choices")]
    thinking = "".join(
        t["text"]
        for c in chunks
        if isinstance(content := c["choices"][0]["delta"].get("content"), list)
        for part in content
        if part["type"] == "thinking"
        for t in part["thinking"]
    )
    text = "".join(
        content if isinstance(content := c["choices"][0]["delta"].get("content"), str) else "" for c in chunks
    ) + "".join(
        part["text"]
        for c in chunks
        if isinstance(content := c["choices"][0]["delta"].get("content"), list)
        for part in content
        if part["type"] == "text"
    )
    answer = _chat(modules[style], path).to_response()
    message = answer["choices"][0]["message"] if style == "typeddict" else _dumped(answer)["choices"][0]["message"]
    if thinking:
        assert message["content"] == [
            {"type": "thinking", "thinking": [{"type": "text", "text": thinking}]},
            {"type": "text", "text": text},
        ]
    else:
        assert (message.get("content") or "") == text
    vendor = path.with_name(path.stem + ".answer.json")
    if vendor.is_file():  # the non-stream answer of the same response (MANIFEST.json)
        theirs = json.loads(vendor.read_text(encoding="utf-8"))["choices"][0]["message"]
        assert (message.get("content") or None) == theirs.get("content")
        calls = [(c["id"], c["function"]) for c in message.get("tool_calls") or []]
        assert calls == [(c["id"], c["function"]) for c in theirs.get("tool_calls") or []]


def _dumped(answer: Any) -> Any:
    for name in ("model_dump", "to_dict"):
        if hasattr(answer, name):
            return getattr(answer, name)(**({"by_alias": True, "exclude_none": True} if name == "model_dump" else {}))
    import msgspec

    return msgspec.to_builtins(answer)


def test_an_envelopes_union_is_named_after_it_and_a_map_may_name_either(tmp_path: Path) -> None:
    """``ConversationEvents`` is an SSE envelope (``{event, data}``) whose ``data`` is an
    inline union: it is the root ``ConversationEventsData``; ``--schema`` and a map may name
    the envelope or the union."""
    for name in ("ConversationEvents", "ConversationEventsData"):
        reading = read_spec(Options(spec=MISTRAL, schemas=(name,)))
        assert [p.root for p in reading.event_plans.values()] == ["ConversationEventsData"]
    fixed = tmp_path / "map.yaml"
    fixed.write_text(
        "root: ConversationEvents\nevents:\n  conversation.response.error: {op: ignore}  # mine\n", encoding="utf-8"
    )
    reading = read_spec(Options(spec=MISTRAL, schemas=("ConversationEvents",), merge_maps=(fixed,)))
    (plan,) = reading.event_plans.values()
    rule = plan.rule("conversation.response.error")
    assert rule is not None and rule.source == "file:map.yaml"
    fixed.write_text("root: ConversationEventz\nevents: {}\n", encoding="utf-8")
    with pytest.raises(SpecError, match="not an event-union root of this run"):
        read_spec(Options(spec=MISTRAL, schemas=("ConversationEvents",), merge_maps=(fixed,)))
