"""The accumulator's rules one at a time: identity fields, tool-call identity beyond
``index``, choices in any order, unknown fields, anomalies and strict mode."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import STYLES


def chunk(*choices: dict, **top: object) -> dict:
    return {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": list(choices), **top}


def choice(index: int | None = 0, finish: str | None = None, **delta: object) -> dict:
    entry: dict = {"delta": dict(delta), "finish_reason": finish}
    if index is not None:
        entry["index"] = index
    return entry


def call(index: int | None = None, id: str | None = None, name: str | None = None, args: str | None = None) -> dict:
    fragment: dict = {}
    if index is not None:
        fragment["index"] = index
    if id is not None:
        fragment["id"] = id
        fragment["type"] = "function"
    function = {k: v for k, v in (("name", name), ("arguments", args)) if v is not None}
    if function:
        fragment["function"] = function
    return fragment


@pytest.fixture(params=STYLES)
def module(request, openai_modules):  # type: ignore[no-untyped-def]
    return openai_modules[request.param]


def merged(module, chunks: list, strict: bool = False):  # type: ignore[no-untyped-def]
    acc = module.CreateChatCompletionStreamResponseAccumulator(strict=strict)
    for c in chunks:
        acc.add(c)
    return acc.snapshot_dict(), acc


def calls_of(snapshot: dict, i: int = 0) -> list[tuple]:
    return [
        (c.get("index"), c.get("id"), c["function"].get("name"), c["function"].get("arguments"))
        for c in snapshot["choices"][i]["delta"].get("tool_calls", [])
    ]


def test_repeated_identity_fields_are_not_concatenated(module) -> None:
    frags = [call(0, "call_1", "lookup", "{"), call(0, "call_1", "lookup", "}")]
    snap, _ = merged(module, [chunk(choice(tool_calls=[f])) for f in frags], strict=True)
    assert calls_of(snap) == [(0, "call_1", "lookup", "{}")]


def test_a_different_identity_value_is_an_anomaly_and_the_first_is_kept(module) -> None:
    snap, acc = merged(module, [chunk(choice(role="assistant")), chunk(choice(role="tool"))])
    assert snap["choices"][0]["delta"]["role"] == "assistant"
    (anomaly,) = acc.anomalies
    assert (anomaly.chunk, anomaly.path, anomaly.kind, anomaly.kept, anomaly.dropped) == (
        1,
        "choices[0].delta.role",
        "conflict",
        "assistant",
        "tool",
    )
    with pytest.raises(module.StreamMergeError) as info:
        merged(module, [chunk(choice(role="assistant")), chunk(choice(role="tool"))], strict=True)
    assert info.value.anomaly.path == "choices[0].delta.role"


def test_keyless_fragments_continue_the_newest_call_unless_a_new_id_or_name_arrives(module) -> None:
    frags = [call(None, "a", "f", '{"x"'), call(None, None, None, ":1}"), call(None, "b", "g", "{}"), call(None, None, "h", "[]")]
    snap, acc = merged(module, [chunk(choice(tool_calls=[f])) for f in frags])
    assert calls_of(snap) == [(0, "a", "f", '{"x":1}'), (1, "b", "g", "{}"), (2, None, "h", "[]")]
    assert {a.kind for a in acc.anomalies} == {"missing_key"}


def test_null_index_is_read_as_missing(module) -> None:
    frags = [{"index": None, "id": "a", "function": {"name": "f", "arguments": "1"}}, {"index": None, "function": {"arguments": "2"}}]
    snap, _ = merged(module, [chunk(choice(tool_calls=[f])) for f in frags])
    assert calls_of(snap) == [(0, "a", "f", "12")]


def test_a_taken_index_with_a_different_id_starts_a_new_call(module) -> None:
    frags = [call(0, "a", "f", "1"), call(0, None, None, "2"), call(0, "b", "g", "3"), call(0, None, None, "4")]
    snap, acc = merged(module, [chunk(choice(tool_calls=[f])) for f in frags])
    assert calls_of(snap) == [(0, "a", "f", "12"), (0, "b", "g", "34")]
    assert [a.kind for a in acc.anomalies] == ["reused_key"]


def test_several_fragments_for_one_index_in_one_chunk_merge_in_order(module) -> None:
    snap, _ = merged(module, [chunk(choice(tool_calls=[call(0, "a", "f", "1"), call(0, None, None, "2"), call(0, None, None, "3")]))])
    assert calls_of(snap) == [(0, "a", "f", "123")]


def test_calls_are_never_deduplicated_by_content_nor_dropped_for_lacking_an_id(module) -> None:
    frags = [call(0, None, "f", "{}"), call(1, None, "f", "{}")]
    snap, _ = merged(module, [chunk(choice(tool_calls=[f])) for f in frags])
    assert calls_of(snap) == [(0, None, "f", "{}"), (1, None, "f", "{}")]


def test_choices_start_at_any_index_and_interleave(module) -> None:
    chunks = [chunk(choice(3, content="c")), chunk(choice(1, content="a")), chunk(choice(3, content="d")), chunk(choice(1, content="b"))]
    snap, _ = merged(module, chunks, strict=True)
    assert [(c["index"], c["delta"]["content"]) for c in snap["choices"]] == [(1, "ab"), (3, "cd")]


def test_a_choice_without_index_is_an_anomaly_not_a_crash(module) -> None:
    snap, acc = merged(module, [chunk(choice(0, content="a")), chunk(choice(None, content="b"))])
    assert snap["choices"][0]["delta"]["content"] == "ab"
    assert [a.kind for a in acc.anomalies] == ["missing_key"]


def test_usage_is_the_last_non_null_and_finish_reason_is_never_concatenated(module) -> None:
    usage1 = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
    usage2 = {"prompt_tokens": 1, "completion_tokens": 3, "total_tokens": 4}
    chunks = [chunk(choice(content="x"), usage=usage1), chunk(choice(finish="stop"), usage=None), chunk(choice(finish="stop"), usage=usage2), chunk(usage=None)]
    snap, _ = merged(module, chunks, strict=True)
    assert snap["usage"] == usage2
    assert snap["choices"][0]["finish_reason"] == "stop"


def test_empty_top_level_placeholders_do_not_win(module) -> None:
    first = {"id": "", "object": "", "created": 0, "model": "", "choices": [], "prompt_filter_results": [{"prompt_index": 0}]}
    snap, _ = merged(module, [first, chunk(choice(content="hi"))], strict=True)
    assert (snap["id"], snap["object"], snap["created"], snap["model"]) == ("c1", "chat.completion.chunk", 1, "m")
    assert snap["prompt_filter_results"] == [{"prompt_index": 0}]


def test_choices_without_delta_and_unknown_fields_are_kept(module) -> None:
    chunks = [
        chunk(choice(content="He", reasoning_content="th")),
        chunk({"index": 0, "finish_reason": None, "content_filter_results": {"hate": {"filtered": False}}}),
        chunk(choice(content="llo", reasoning_content="ink"), x_groq={"id": "req"}),
        chunk(choice(finish="stop"), x_groq={"usage": {"total_tokens": 5}}, citations=["a"]),
        chunk(choice(), citations=["a", "b"]),
    ]
    snap, _ = merged(module, chunks, strict=True)
    c = snap["choices"][0]
    assert c["delta"]["content"] == "Hello" and c["delta"]["reasoning_content"] == "think"
    assert c["content_filter_results"] == {"hate": {"filtered": False}}
    assert snap["x_groq"] == {"id": "req", "usage": {"total_tokens": 5}}
    assert snap["citations"] == ["a", "b"]  # a top-level list is a snapshot: the last one


def test_refusal_concatenates_and_logprobs_append_without_double_counting(module) -> None:
    def lp(*tokens: str) -> dict:
        return {"content": [{"token": t, "logprob": -1.0, "bytes": None, "top_logprobs": []} for t in tokens], "refusal": None}

    chunks = [
        chunk({**choice(refusal=""), "logprobs": lp()}),
        chunk({**choice(refusal="No"), "logprobs": lp("No")}),
        chunk({**choice(refusal=", sorry"), "logprobs": lp(",", " sorry")}),
    ]
    snap, _ = merged(module, chunks, strict=True)
    c = snap["choices"][0]
    assert c["delta"]["refusal"] == "No, sorry"
    assert [t["token"] for t in c["logprobs"]["content"]] == ["No", ",", " sorry"]


@pytest.mark.parametrize(
    "bad",
    [None, 42, "not json", b"\xff\xfe", [1, 2], {"choices": "oops"}, {"choices": [7, None]}, {"choices": [{"index": "x", "delta": []}]}],
)
def test_broken_chunks_are_anomalies_and_never_lose_merged_text(module, bad: object) -> None:
    acc = module.CreateChatCompletionStreamResponseAccumulator()
    acc.add(chunk(choice(content="kept")))
    acc.add(bad)
    acc.add(chunk(choice(content=" too")))
    assert acc.snapshot_dict()["choices"][0]["delta"]["content"] == "kept too"
    assert acc.anomalies and all(a.chunk == 1 for a in acc.anomalies)
    assert acc.chunks == 3


def test_json_text_and_typed_chunks_are_accepted(module) -> None:
    acc = module.CreateChatCompletionStreamResponseAccumulator(strict=True)
    raw = json.dumps(chunk(choice(content="a")))
    acc.add(raw)
    acc.add(raw.encode())
    acc.add(module.parse_create_chat_completion_stream_response(json.loads(raw)))
    assert acc.snapshot_dict()["choices"][0]["delta"]["content"] == "aaa"


def _finish(response: Any) -> Any:
    return response["choices"][0]["finish_reason"] if isinstance(response, dict) else response.choices[0].finish_reason


def test_to_response_reports_an_unfinished_stream(module) -> None:
    strict = module.CreateChatCompletionStreamResponseAccumulator(strict=True)
    strict.add(chunk(choice(content="partial")))
    with pytest.raises(module.StreamMergeError) as info:
        strict.to_response()
    assert info.value.anomaly.path == "choices[0].finish_reason"
    # lenient: servers that never send finish_reason (Kimi via routers) still get a response
    acc = module.CreateChatCompletionStreamResponseAccumulator()
    acc.add(chunk(choice(content="partial")))
    assert _finish(acc.to_response()) == "stop"
    acc.to_response()
    assert [(a.kind, a.path, a.kept) for a in acc.anomalies] == [("incomplete", "choices[0].finish_reason", "stop")]
    calls = module.CreateChatCompletionStreamResponseAccumulator()
    calls.add(chunk(choice(tool_calls=[{"index": 0, "id": "c", "type": "function", "function": {"name": "f", "arguments": "{}"}}])))
    assert _finish(calls.to_response()) == "tool_calls"
    acc.add(chunk(choice(finish="length")))
    response = acc.to_response()  # length is reported in the response, never raised
    finish = response["choices"][0]["finish_reason"] if isinstance(response, dict) else response.choices[0].finish_reason
    assert finish == "length"
