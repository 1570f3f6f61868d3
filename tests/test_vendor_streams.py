"""Ollama's and Gemini's chunk streams from their own published specs, with no option: the
default roots are the streams the specs declare, the shipped chunk maps
(``generator/maps/chunks``) plan them, and the snapshot of a real recorded stream (and of
the written cases below) is the answer the vendor gives without streaming, in every style,
with no anomaly and ``strict=True`` passing."""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import DATA, SPECS, generate_modules, recorded_chunks, schemas_spec

from generator.chunk_maps import shipped_chunk_maps
from generator.errors import SpecError
from generator.merge_plan import explain
from generator.pipeline import Options, read_spec
from generator.warning_kinds import VARIANT_STREAM

OLLAMA = SPECS / "ollama" / "openapi.yaml"
GEMINI = SPECS / "gemini" / "openapi.json"
GEMINI_STREAMS = sorted((DATA / "streams" / "gemini").glob("*.jsonl"))
OLLAMA_STREAMS = sorted((DATA / "streams" / "ollama").glob("*.jsonl"))


@pytest.fixture(scope="module")
def gemini_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    return generate_modules(GEMINI, tmp_path_factory.mktemp("gemini"), module="gemini")


@pytest.fixture(scope="module")
def ollama_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    return generate_modules(OLLAMA, tmp_path_factory.mktemp("ollama"), module="ollama")


def _merged(module: ModuleType, root: str, chunks: list[Any], typed: bool = False) -> Any:
    """The strict accumulator of ``root`` after ``chunks`` (as decoded JSON, or parsed into
    the style's models first); raises at the first anomaly."""
    acc = getattr(module, f"{root}Accumulator")(strict=True)
    parse = getattr(module, "parse_" + "".join("_" + c.lower() if c.isupper() else c for c in root).lstrip("_"))
    for chunk in chunks:
        acc.add(parse(copy.deepcopy(chunk)) if typed else copy.deepcopy(chunk))
    assert acc.anomalies == []
    acc.snapshot()
    try:
        acc.to_response()
    except module.StreamMergeError as exc:  # a stream's first chunks: to_response() says it has not ended
        assert acc.finished is None and "has not ended" in str(exc)
    return acc


def _agree(modules: dict[str, ModuleType], root: str, chunks: list[Any]) -> dict[str, Any]:
    """The snapshot every style gives, from decoded JSON and from its own parsed models."""
    snapshots = [_merged(m, root, chunks, typed).snapshot_dict() for m in modules.values() for typed in (False, True)]
    for other in snapshots[1:]:
        assert other == snapshots[0]
    result: dict[str, Any] = snapshots[0]
    return result


def _parts(snapshot: dict[str, Any], candidate: int = 0) -> list[dict[str, Any]]:
    entry = next(c for c in snapshot["candidates"] if c["index"] == candidate)
    parts: list[dict[str, Any]] = entry["content"]["parts"]
    return parts


def _gemini(*candidate_parts: list[dict[str, Any]], index: bool = True, **extra: Any) -> dict[str, Any]:
    """A chunk whose candidate i has ``candidate_parts[i]`` (``index`` left out for 0 when
    ``index`` is False, as proto3 JSON does)."""
    candidates = []
    for i, parts in enumerate(candidate_parts):
        entry: dict[str, Any] = {"content": {"parts": parts, "role": "model"}}
        if i or index:
            entry["index"] = i
        candidates.append(entry)
    return {"candidates": candidates, "modelVersion": "gemini-2.5-pro", "responseId": "r1", **extra}


# --- roots and plans -------------------------------------------------------------------


@pytest.mark.shared
def test_the_default_roots_are_the_streams_each_spec_declares_with_their_finished_types() -> None:
    ollama = read_spec(Options(spec=OLLAMA))
    assert set(ollama.schemas.roots) == {"ChatStreamEvent", "GenerateStreamEvent", "StatusEvent"}
    assert ollama.schemas.responses == {
        "ChatStreamEvent": "ChatResponse",
        "GenerateStreamEvent": "GenerateResponse",
        "StatusEvent": "StatusResponse",
    }
    gemini = read_spec(Options(spec=GEMINI))
    # streamGenerateContent answers GenerateContentResponse streamed or whole: the snapshot is the answer
    assert gemini.schemas.roots == ("GenerateContentResponse",) and gemini.schemas.responses == {}
    # no warning where the plan cannot lose data: the maps say last is right for what comes whole
    assert ollama.merge_warnings == [] and gemini.merge_warnings == []
    narrowed = read_spec(Options(spec=OLLAMA, schemas=("ChatStreamEvent",)))
    assert narrowed.schemas.roots == ("ChatStreamEvent",)


@pytest.mark.shared
@pytest.mark.parametrize(
    ("spec", "union", "target"),
    [
        ("anthropic/openapi.json", "MessageStreamEvent", "Message"),
        ("cohere/openapi.yaml", "StreamedChatResponseV2", "ChatResponseV2"),
    ],
)
def test_a_spec_without_a_chunk_stream_defaults_to_the_event_unions_found_by_shape(
    spec: str, union: str, target: str
) -> None:
    """Anthropic's and Cohere's published specs declare no stream an operation answers (the
    default run stopped: "no stream schema found"); their unions are found by what they are:
    Cohere's ``/v2/chat`` answers ``oneOf [ChatResponseV2, StreamedChatResponseV2]`` (and its
    ``/v1/chat`` the same of v1's), Anthropic's ``message_start`` carries the ``Message`` that
    ``/v1/messages`` answers (its ``?beta=true`` variant's union is left out, said). Each is
    folded into the operation's answer, with the shipped maps or without."""
    from conftest import SPECS

    for shipped in (True, False):
        reading = read_spec(Options(spec=SPECS / spec, shipped_maps=shipped))
        assert reading.schemas.roots == () and union in reading.schemas.union_roots
        plans = {p.root: p for p in reading.event_plans.values()}
        assert plans[union].target == target


@pytest.mark.shared
def test_the_default_run_on_the_upstream_openai_spec_folds_every_stream_it_declares() -> None:
    """Issue #28: chat chunks, the Responses union and the small families (speech,
    transcription, image generation and edit), each with its accumulator; the Beta Responses
    union, streamed by a variant of ``/responses`` (``?beta=true``), is left out with a
    warning naming it (``--schema`` folds it too)."""
    from conftest import NEWEST_SPEC

    reading = read_spec(Options(spec=NEWEST_SPEC))
    assert reading.schemas.roots == ("CreateChatCompletionStreamResponse",)
    assert set(reading.schemas.union_roots) == {
        "ResponseStreamEvent",
        "CreateSpeechResponseStreamEvent",
        "CreateTranscriptionResponseStreamEvent",
        "ImageEditStreamEvent",
        "ImageGenStreamEvent",
    }
    assert set(reading.event_plans) == set(reading.schemas.union_roots)
    (warning,) = [str(w) for w in reading.schemas.warnings if w.kind is VARIANT_STREAM]
    assert "BetaResponseStreamEvent (by /responses?beta=true, a variant of /responses" in warning
    assert "--schema BetaResponseStreamEvent" in warning


@pytest.mark.shared
def test_the_schema_plans_the_vendor_streams_and_the_shipped_maps_only_what_it_cannot_say() -> None:
    """Issue #40: Ollama's fragments are what their descriptions call them ("partial
    assistant message text", "for this chunk"), Gemini's parts join by kind and its ratings
    are each chunk's set, its candidates' optional ``index`` is 0 when omitted; the shipped
    chunk maps keep what the schema does not say (objects that come whole; status lines)."""
    ollama = read_spec(Options(spec=OLLAMA))
    lines = "\n".join(explain(ollama.plans["ChatStreamEvent"]))
    for path, policy in (
        ("message", "merge"),
        ("message.content", "concat"),
        ("message.thinking", "concat"),
        ("message.tool_calls", "append"),
    ):
        assert any(line.split()[:2] == [path, policy] and "(map:" not in line for line in lines.splitlines()), path
    gemini = "\n".join(explain(read_spec(Options(spec=GEMINI)).plans["GenerateContentResponse"]))
    assert "candidates[].content.parts                              join on text\n" in gemini
    assert "by_key on index (index 0 when omitted)\n" in gemini
    assert "modelStatus                                             last  (map:gemini-generate-content.yaml)" in gemini
    status = "\n".join(explain(ollama.plans["StatusEvent"]))
    assert "status                                                  last  (map:ollama-status.yaml)" in status
    # every last field a stream could send in pieces is marked; stamps and enums are not
    marked = [
        prev.split()[0]
        for prev, line in zip(gemini.splitlines(), gemini.splitlines()[1:])
        if line.strip().startswith("(pieces")
    ]
    assert "candidates[].finishMessage" in marked and "candidates[].finishReason" not in marked


@pytest.mark.shared
def test_a_user_override_replaces_the_shipped_entries_at_and_below_its_path() -> None:
    reading = read_spec(Options(spec=GEMINI, merge_policies={"candidates[].content.parts": "append"}))
    lines = explain(reading.plans["GenerateContentResponse"])
    assert any(line.split()[:2] == ["candidates[].content.parts", "append"] and "(override)" in line for line in lines)
    # a field of a keyed list's entries is the entry's field, not a text the list joins
    reading = read_spec(Options(spec=GEMINI, merge_policies={"candidates[].finishMessage": "concat"}))
    lines = explain(reading.plans["GenerateContentResponse"])
    assert any(line.split()[:2] == ["candidates[].finishMessage", "concat"] for line in lines)
    assert any(line.split()[:2] == ["candidates", "by_key"] for line in lines)


def test_every_shipped_chunk_map_is_well_formed() -> None:
    maps = shipped_chunk_maps()
    assert {"StatusEvent", "GenerateContentResponse"} <= set(maps)


# --- real recorded streams -------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.shared
@pytest.mark.parametrize("recording", GEMINI_STREAMS, ids=lambda p: p.stem)
def test_real_gemini_streams_give_the_answer_text_joined_calls_whole_signatures_kept(
    gemini_modules: dict[str, ModuleType], recording: Path
) -> None:
    chunks = recorded_chunks(recording)
    snapshot = _agree(gemini_modules, "GenerateContentResponse", chunks)
    sent = [p for c in chunks for cand in c["candidates"] for p in cand["content"]["parts"]]
    parts = _parts(snapshot)
    text = "".join(p["text"] for p in sent if set(p) == {"text"})
    plain = [p for p in parts if set(p) == {"text"}]
    assert "".join(p["text"] for p in plain) == text
    # adjacent plain text parts are one part, as the non-stream answer gives them
    assert all(set(a) != {"text"} or set(b) != {"text"} for a, b in itertools.pairwise(parts))
    assert [p for p in parts if "functionCall" in p] == [p for p in sent if "functionCall" in p]
    signed = [p["thoughtSignature"] for p in sent if "thoughtSignature" in p]
    assert [p["thoughtSignature"] for p in parts if "thoughtSignature" in p] == signed
    last = chunks[-1]
    assert snapshot["usageMetadata"] == last["usageMetadata"]
    assert snapshot["candidates"][0]["finishReason"] == last["candidates"][0]["finishReason"]


@pytest.mark.shared
@pytest.mark.parametrize("recording", OLLAMA_STREAMS, ids=lambda p: p.stem)
def test_real_ollama_generate_streams_give_the_whole_response_and_thinking(
    ollama_modules: dict[str, ModuleType], recording: Path
) -> None:
    chunks = recorded_chunks(recording)
    snapshot = _agree(ollama_modules, "GenerateStreamEvent", chunks)
    assert snapshot["response"] == "".join(c.get("response", "") for c in chunks)
    assert snapshot.get("thinking", "") == "".join(c.get("thinking", "") for c in chunks)
    last = chunks[-1]
    for key in ("done", "done_reason", "created_at", "eval_count"):
        assert snapshot[key] == last[key]


# --- written cases: what real servers send that the recordings do not show --------------


@pytest.mark.shared
def test_gemini_candidates_by_index_where_the_first_omits_it(gemini_modules: dict[str, ModuleType]) -> None:
    chunks = [
        _gemini([{"text": "A1"}], [{"text": "B1"}], index=False),
        _gemini([{"text": " A2"}], [{"text": " B2"}], index=False),
        {"candidates": [{"finishReason": "STOP"}, {"index": 1, "finishReason": "STOP"}]},
    ]
    snapshot = _agree(gemini_modules, "GenerateContentResponse", chunks)
    assert _parts(snapshot, 0) == [{"text": "A1 A2"}] and _parts(snapshot, 1) == [{"text": "B1 B2"}]
    assert [c["finishReason"] for c in snapshot["candidates"]] == ["STOP", "STOP"]


@pytest.mark.shared
def test_gemini_a_thought_run_then_a_text_run(gemini_modules: dict[str, ModuleType]) -> None:
    chunks = [
        _gemini([{"text": "Comparing ", "thought": True}]),
        _gemini([{"text": "routes.", "thought": True}]),
        _gemini([{"text": "Take the "}]),
        _gemini([{"text": "train."}]),
    ]
    snapshot = _agree(gemini_modules, "GenerateContentResponse", chunks)
    assert _parts(snapshot) == [{"text": "Comparing routes.", "thought": True}, {"text": "Take the train."}]


@pytest.mark.shared
def test_gemini_a_signature_between_two_text_parts_starts_a_part_of_its_own(
    gemini_modules: dict[str, ModuleType],
) -> None:
    chunks = [
        _gemini([{"text": "one "}]),
        _gemini([{"text": "two", "thoughtSignature": "c2ln"}]),
        _gemini([{"text": " three"}]),
        _gemini([{"functionCall": {"name": "f", "args": {"a": 1}}}, {"text": "after"}]),
        _gemini([{"text": " the call"}]),
    ]
    snapshot = _agree(gemini_modules, "GenerateContentResponse", chunks)
    assert _parts(snapshot) == [
        {"text": "one "},
        {"text": "two", "thoughtSignature": "c2ln"},
        {"text": " three"},
        {"functionCall": {"name": "f", "args": {"a": 1}}},
        {"text": "after the call"},
    ]


@pytest.mark.shared
def test_gemini_a_cut_stream_keeps_what_came(gemini_modules: dict[str, ModuleType]) -> None:
    chunks = [_gemini([{"text": "Once upon"}]), _gemini([{"text": " a time"}])]
    snapshot = _agree(gemini_modules, "GenerateContentResponse", chunks)
    assert _parts(snapshot) == [{"text": "Once upon a time"}] and "finishReason" not in snapshot["candidates"][0]


OLLAMA_TOOL_STREAM = [
    {"model": "qwen3", "created_at": "2026-03-09T20:20:30.1Z", "message": {"role": "assistant", "content": "", "thinking": "The user wants"}, "done": False},
    {"model": "qwen3", "created_at": "2026-03-09T20:20:30.2Z", "message": {"role": "assistant", "content": "", "thinking": " two files."}, "done": False},
    {"model": "qwen3", "created_at": "2026-03-09T20:20:30.3Z", "message": {"role": "assistant", "content": "Reading"}, "done": False},
    {"model": "qwen3", "created_at": "2026-03-09T20:20:30.4Z", "message": {"role": "assistant", "content": " both.", "tool_calls": [{"function": {"name": "read_file", "arguments": {"file_name": "a.java"}}}]}, "done": False},
    {"model": "qwen3", "created_at": "2026-03-09T20:20:30.5Z", "message": {"role": "assistant", "content": "", "tool_calls": [{"function": {"name": "read_file", "arguments": {"file_name": "b.java"}}}]}, "done": False},
    {"model": "qwen3", "created_at": "2026-03-09T20:20:31.0Z", "message": {"role": "assistant", "content": ""}, "done": True, "done_reason": "stop", "total_duration": 17651054502, "eval_count": 213},
]  # fmt: skip


@pytest.mark.shared
def test_an_ollama_chat_stream_with_thinking_and_tool_calls_gives_the_whole_message(
    ollama_modules: dict[str, ModuleType],
) -> None:
    snapshot = _agree(ollama_modules, "ChatStreamEvent", OLLAMA_TOOL_STREAM)
    assert snapshot["message"] == {
        "role": "assistant",
        "content": "Reading both.",
        "thinking": "The user wants two files.",
        "tool_calls": [
            {"function": {"name": "read_file", "arguments": {"file_name": "a.java"}}},
            {"function": {"name": "read_file", "arguments": {"file_name": "b.java"}}},
        ],
    }
    assert snapshot["done"] is True and snapshot["done_reason"] == "stop" and snapshot["eval_count"] == 213
    for module in ollama_modules.values():
        acc = _merged(module, "ChatStreamEvent", OLLAMA_TOOL_STREAM)
        response = acc.to_response()
        message = response["message"] if isinstance(response, dict) else response.message
        content = message["content"] if isinstance(message, dict) else message.content
        assert content == "Reading both."


@pytest.mark.shared
def test_an_ollama_chat_stream_cut_before_its_done_line_keeps_the_message(
    ollama_modules: dict[str, ModuleType],
) -> None:
    snapshot = _agree(ollama_modules, "ChatStreamEvent", OLLAMA_TOOL_STREAM[:3])
    assert snapshot["message"]["content"] == "Reading" and snapshot["done"] is False


# --- a last that discards text says so ---------------------------------------------------


@pytest.mark.shared
def test_a_default_last_text_replaced_by_another_is_reported(gemini_modules: dict[str, ModuleType]) -> None:
    chunks = [
        {"candidates": [{"index": 0, "finishMessage": "Stopped because"}]},
        {"candidates": [{"index": 0, "finishMessage": " of safety."}]},
    ]
    for module in gemini_modules.values():
        acc = module.GenerateContentResponseAccumulator()
        for chunk in chunks:
            acc.add(copy.deepcopy(chunk))
        assert [(a.kind, a.path, a.dropped) for a in acc.anomalies] == [
            ("text_replaced", "candidates[0].finishMessage", "Stopped because")
        ]
        assert acc.snapshot_dict()["candidates"][0]["finishMessage"] == " of safety."
        strict = module.GenerateContentResponseAccumulator(strict=True)
        strict.add(copy.deepcopy(chunks[0]))
        with pytest.raises(module.StreamMergeError):
            strict.add(copy.deepcopy(chunks[1]))


OBJECT_TEXT = """
Chunk:
  type: object
  properties:
    model: {type: string}
    message:
      type: object
      properties:
        role: {type: string}
        content: {type: string}
    stats:
      type: object
      properties:
        count: {type: integer}
"""


def test_an_object_holding_text_taken_whole_is_warned_and_its_lost_text_reported(tmp_path: Path) -> None:
    """Ollama's chat stream without its map: ``message`` taken whole from the last chunk
    loses every fragment but the last; generation warns, the merge reports it (and an
    object of numbers, taken whole, is neither)."""
    spec = schemas_spec(tmp_path, OBJECT_TEXT)
    reading = read_spec(Options(spec=spec, schemas=("Chunk",)))
    assert [w.place for w in reading.merge_warnings] == ["Chunk message"]
    modules = generate_modules(spec, tmp_path / "out", schemas=("Chunk",))
    chunks = [
        {"model": "m", "message": {"role": "assistant", "content": "Hel"}, "stats": {"count": 1}},
        {"model": "m", "message": {"role": "assistant", "content": "lo"}, "stats": {"count": 2}},
        {"model": "m", "message": {"role": "assistant", "content": ""}, "stats": {"count": 3}},
    ]
    for module in modules.values():
        acc = module.ChunkAccumulator()
        for chunk in chunks:
            acc.add(copy.deepcopy(chunk))
        assert [(a.kind, a.path, a.chunk) for a in acc.anomalies] == [
            ("text_replaced", "message.content", 1),
            ("text_replaced", "message.content", 2),
        ]


def test_fields_inside_list_items_name_the_text_a_list_joins(tmp_path: Path) -> None:
    spec = schemas_spec(
        tmp_path,
        """
        Chunk:
          type: object
          properties:
            parts:
              type: array
              items:
                type: object
                properties:
                  text: {type: string}
                  kind: {type: string}
        """,
    )
    joined = read_spec(Options(spec=spec, schemas=("Chunk",), merge_policies={"parts[].text": "concat"}))
    assert explain(joined.plans["Chunk"])[0].split()[:4] == ["parts", "join", "on", "text"]
    with pytest.raises(SpecError, match="the one policy for a field inside them is concat"):
        read_spec(Options(spec=spec, schemas=("Chunk",), merge_policies={"parts[].text": "last"}))
    with pytest.raises(SpecError, match="no string 'nope'|a string 'nope'"):
        read_spec(Options(spec=spec, schemas=("Chunk",), merge_policies={"parts": "join:nope"}))
    modules = generate_modules(spec, tmp_path / "out", schemas=("Chunk",), merge_policies={"parts": "join"})
    chunks = [{"parts": [{"text": "a"}]}, {"parts": [{"text": "b"}, {"text": "c", "kind": "x"}]}, {"parts": []}]
    for module in modules.values():
        acc = module.ChunkAccumulator(strict=True)
        for chunk in chunks:
            acc.add(json.dumps(chunk))
        assert acc.snapshot_dict()["parts"] == [{"text": "ab"}, {"text": "c", "kind": "x"}]


# --- JSON lines: the reader of every module reads Ollama's NDJSON as it reads SSE --------


@pytest.mark.shared
def test_the_stream_reader_reads_json_lines(ollama_modules: dict[str, ModuleType]) -> None:
    """``iter_chunk_dicts`` takes a stream whose first line opens a JSON object as JSON lines
    (one chunk a line, blank lines skipped, several lines in one item split): what
    ``httpx``'s ``iter_lines()`` or ``iter_text()`` gives of Ollama's ``/api/chat``."""
    import asyncio

    recording = OLLAMA_STREAMS[0]
    raw = recording.read_bytes()
    chunks = recorded_chunks(recording)
    for module in ollama_modules.values():
        assert list(module.iter_chunk_dicts(raw.splitlines())) == chunks
        assert list(module.iter_chunk_dicts(["", raw.decode("utf-8")])) == chunks  # a blank line, then all at once
        acc = module.GenerateStreamEventAccumulator(strict=True)
        for chunk in module.iter_chunks(raw.splitlines()):
            acc.add(chunk)
        assert acc.snapshot_dict()["response"] == "".join(c.get("response", "") for c in chunks)
        with pytest.raises(module.StreamError):  # Ollama's error line, mid-stream
            list(module.iter_chunk_dicts([*raw.splitlines()[:2], b'{"error": "model crashed"}']))
        with pytest.raises(module.StreamFormatError):
            list(module.iter_chunk_dicts([b'{"model": "m"}', b'{"model": ']))

        async def lines() -> Any:
            for line in raw.splitlines():
                yield line

        async def collect(module: ModuleType = module) -> list[Any]:
            return [chunk async for chunk in module.aiter_chunk_dicts(lines())]

        assert asyncio.run(collect()) == chunks


# --- the parts, as Python ---------------------------------------------------------------


def test_written_policies_name_an_omitted_key_and_a_joined_text() -> None:
    from generator.policy import Policy, WrittenPolicy, parse_policy

    assert parse_policy("by_key:index=0", "x") == WrittenPolicy(Policy.BY_KEY, "index", 0)
    assert str(parse_policy("by_key:index=0", "x")) == "by_key:index=0"
    assert (
        parse_policy("join", "x") == WrittenPolicy(Policy.JOIN) and str(parse_policy("join:text", "x")) == "join:text"
    )
    for bad in ("join:text=0", "concat:text", "by_key:index=zero", "by_key:=0"):
        with pytest.raises(SpecError):
            parse_policy(bad, "x")


def test_runs_join_adjacent_items_of_one_kind_and_keep_every_other_item() -> None:
    from generator.runtime.text import _lost_text, _Runs

    runs = _Runs("text")
    call = {"functionCall": {"name": "f"}}
    for item in (
        {"text": "a", "thought": True},
        {"text": "b", "thought": True},
        {"text": "c"},
        {"text": "d"},
        {"text": "", "thoughtSignature": "S"},
        call,
        {"text": "e"},
        "not an object",
    ):
        runs.add(item)
    first = runs.built()
    assert first == [
        {"text": "ab", "thought": True},
        {"text": "cd"},
        {"text": "", "thoughtSignature": "S"},
        call,
        {"text": "e"},
        "not an object",
    ]
    assert first[3] is call and runs.built() == first  # taken as they came; building twice changes nothing
    runs.add({"text": "f"})
    assert runs.built()[-1] == {"text": "f"}
    assert _lost_text({"content": "Hel", "role": "a"}, {"content": "", "role": "a"}) == ".content"
    assert _lost_text({"content": "Hel"}, {"content": "Hel", "more": "x"}) is None
    assert _lost_text("a", "b") == "" and _lost_text("", "b") is None and _lost_text(1, 2) is None
