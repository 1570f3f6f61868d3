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
    frags = [
        call(None, "a", "f", '{"x"'),
        call(None, None, None, ":1}"),
        call(None, "b", "g", "{}"),
        call(None, None, "h", "[]"),
    ]
    snap, acc = merged(module, [chunk(choice(tool_calls=[f])) for f in frags])
    assert calls_of(snap) == [(0, "a", "f", '{"x":1}'), (1, "b", "g", "{}"), (2, None, "h", "[]")]
    assert {a.kind for a in acc.anomalies} == {"missing_key"}


def test_null_index_is_read_as_missing(module) -> None:
    frags = [
        {"index": None, "id": "a", "function": {"name": "f", "arguments": "1"}},
        {"index": None, "function": {"arguments": "2"}},
    ]
    snap, _ = merged(module, [chunk(choice(tool_calls=[f])) for f in frags])
    assert calls_of(snap) == [(0, "a", "f", "12")]


def test_a_taken_index_with_a_different_id_starts_a_new_call(module) -> None:
    frags = [call(0, "a", "f", "1"), call(0, None, None, "2"), call(0, "b", "g", "3"), call(0, None, None, "4")]
    snap, acc = merged(module, [chunk(choice(tool_calls=[f])) for f in frags])
    assert calls_of(snap) == [(0, "a", "f", "12"), (0, "b", "g", "34")]
    assert [a.kind for a in acc.anomalies] == ["reused_key"]


def test_several_fragments_for_one_index_in_one_chunk_merge_in_order(module) -> None:
    snap, _ = merged(
        module, [chunk(choice(tool_calls=[call(0, "a", "f", "1"), call(0, None, None, "2"), call(0, None, None, "3")]))]
    )
    assert calls_of(snap) == [(0, "a", "f", "123")]


def test_calls_are_never_deduplicated_by_content_nor_dropped_for_lacking_an_id(module) -> None:
    frags = [call(0, None, "f", "{}"), call(1, None, "f", "{}")]
    snap, _ = merged(module, [chunk(choice(tool_calls=[f])) for f in frags])
    assert calls_of(snap) == [(0, None, "f", "{}"), (1, None, "f", "{}")]


def test_choices_start_at_any_index_and_interleave(module) -> None:
    chunks = [
        chunk(choice(3, content="c")),
        chunk(choice(1, content="a")),
        chunk(choice(3, content="d")),
        chunk(choice(1, content="b")),
    ]
    snap, _ = merged(module, chunks, strict=True)
    assert [(c["index"], c["delta"]["content"]) for c in snap["choices"]] == [(1, "ab"), (3, "cd")]


def test_a_choice_without_index_is_an_anomaly_not_a_crash(module) -> None:
    snap, acc = merged(module, [chunk(choice(0, content="a")), chunk(choice(None, content="b"))])
    assert snap["choices"][0]["delta"]["content"] == "ab"
    assert [a.kind for a in acc.anomalies] == ["missing_key"]


def test_usage_is_the_last_non_null_and_finish_reason_is_never_concatenated(module) -> None:
    usage1 = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
    usage2 = {"prompt_tokens": 1, "completion_tokens": 3, "total_tokens": 4}
    chunks = [
        chunk(choice(content="x"), usage=usage1),
        chunk(choice(finish="stop"), usage=None),
        chunk(choice(finish="stop"), usage=usage2),
        chunk(usage=None),
    ]
    snap, _ = merged(module, chunks, strict=True)
    assert snap["usage"] == usage2
    assert snap["choices"][0]["finish_reason"] == "stop"


def test_empty_top_level_placeholders_do_not_win(module) -> None:
    first = {
        "id": "",
        "object": "",
        "created": 0,
        "model": "",
        "choices": [],
        "prompt_filter_results": [{"prompt_index": 0}],
    }
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


def test_every_merge_state_tells_unknown_fields_by_counting(module) -> None:
    """A state's ``_add`` finds unknown fields by counting the known ones absent against
    ``len(data)``: every known field null (or some absent) is no unknown one (``unknown`` is
    not called: no ``_extra``), while an unknown field, ``null`` or not, is kept."""
    states = [c for c in vars(module).values() if isinstance(c, type) and issubclass(c, module._State) and c._known]
    assert len(states) >= 5
    for cls in states:
        known = sorted(cls._known)
        for data in (dict.fromkeys(known), dict.fromkeys(known[1:]), {}):
            state = cls("x")
            state._add(data, module.CreateChatCompletionStreamResponseAccumulator(strict=True))
            assert state._extra is None, (cls.__name__, data)
        for extra in (None, 1):
            acc = module.CreateChatCompletionStreamResponseAccumulator()
            state = cls("x")
            state._add({**dict.fromkeys(known[1:]), "zz_unknown": extra}, acc)
            assert state._finish({}) == {"zz_unknown": extra}, cls.__name__


def test_refusal_concatenates_and_logprobs_append_without_double_counting(module) -> None:
    def lp(*tokens: str) -> dict:
        return {
            "content": [{"token": t, "logprob": -1.0, "bytes": None, "top_logprobs": []} for t in tokens],
            "refusal": None,
        }

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
    [
        None,
        42,
        "not json",
        b"\xff\xfe",
        [1, 2],
        {"choices": "oops"},
        {"choices": [7, None]},
        {"choices": [{"index": "x", "delta": []}]},
    ],
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
    """The first choice's finish reason; None when it has none (a TypedDict has no key)."""
    return (
        response["choices"][0].get("finish_reason") if isinstance(response, dict) else response.choices[0].finish_reason
    )


def test_to_response_reports_an_unfinished_stream(module) -> None:
    strict = module.CreateChatCompletionStreamResponseAccumulator(strict=True)
    strict.add(chunk(choice(content="partial")))
    with pytest.raises(module.StreamMergeError) as info:
        strict.to_response()
    assert info.value.anomaly.path == "choices[0].finish_reason"
    # lenient: the response is built, but claims no finish reason the server never sent
    acc = module.CreateChatCompletionStreamResponseAccumulator()
    acc.add(chunk(choice(content="partial")))
    assert _finish(acc.to_response()) is None
    acc.to_response()
    assert ("incomplete", "choices[0].finish_reason", None) in [(a.kind, a.path, a.kept) for a in acc.anomalies]
    calls = module.CreateChatCompletionStreamResponseAccumulator()
    calls.add(
        chunk(
            choice(
                tool_calls=[{"index": 0, "id": "c", "type": "function", "function": {"name": "f", "arguments": "{}"}}]
            )
        )
    )
    assert _finish(calls.to_response()) is None  # a cut stream with a call is no finished "tool_calls"
    acc.add(chunk(choice(finish="length")))
    response = acc.to_response()  # length is reported in the response, never raised
    finish = (
        response["choices"][0]["finish_reason"] if isinstance(response, dict) else response.choices[0].finish_reason
    )
    assert finish == "length"


# --------------------------------------- merging odd and hostile streams
# (moved from test_regressions.py: faults found by adversarial testing, each kept as a test
# of its whole kind)


def _c(delta: dict[str, Any], **choice: Any) -> dict[str, Any]:
    return {
        "id": "c",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "m",
        "choices": [{"index": 0, "delta": delta, **choice}],
    }


def _deep(levels: int) -> Any:
    value: Any = "x"
    for _ in range(levels):
        value = {"k": value}
    return value


@pytest.mark.parametrize("style", STYLES)
def test_the_accumulator_raises_only_its_own_error(openai_modules: dict[str, Any], style: str) -> None:
    module = openai_modules[style]
    odd = [
        _c({"tool_calls": [{"function": {"name": [None]}}]}),
        _c({"tool_calls": [{"function": {"name": "g"}}]}),
        _c({"reasoning": _deep(2000)}),
        {"id": "c", "choices": [], "x": [[[[[]]]]] * 3},
        "[" * 100_000,
    ]
    lenient = module.CreateChatCompletionStreamResponseAccumulator()
    for chunk in [_c({"content": "kept"}), *odd]:
        lenient.add(chunk)
    assert lenient.snapshot_dict()["choices"][0]["delta"]["content"] == "kept"
    strict = module.CreateChatCompletionStreamResponseAccumulator(strict=True)
    with pytest.raises(module.StreamMergeError):
        for chunk in odd:
            strict.add(chunk)


@pytest.mark.parametrize("style", STYLES)
def test_an_unknown_field_keeps_its_first_form(openai_modules: dict[str, Any], style: str) -> None:
    acc = openai_modules[style].CreateChatCompletionStreamResponseAccumulator()
    acc.add(_c({"reasoning_content": "abc"}))
    acc.add(_c({"reasoning_content": {"x": 1}}))
    assert acc.snapshot_dict()["choices"][0]["delta"]["reasoning_content"] == "abc"
    assert [(a.kind, a.dropped) for a in acc.anomalies] == [("mixed_fragments", {"x": 1})]


@pytest.mark.parametrize("style", STYLES)
def test_a_stray_message_key_does_not_replace_the_merged_delta(openai_modules: dict[str, Any], style: str) -> None:
    acc = openai_modules[style].CreateChatCompletionStreamResponseAccumulator()
    acc.add(_c({"content": "hi"}, message={"content": "OTHER"}))
    acc.add(_c({}, finish_reason="stop"))
    response = acc.to_response()
    message = response["choices"][0]["message"] if isinstance(response, dict) else response.choices[0].message
    assert (message["content"] if isinstance(message, dict) else message.content) == "hi"


def accumulate_openai(module: Any, chunks: list[Any], strict: bool = False) -> Any:
    acc = module.CreateChatCompletionStreamResponseAccumulator(strict=strict)
    for c in chunks:
        acc.add(c)
    return acc


def _calls(acc: Any) -> list[dict[str, Any]]:
    return list(acc.snapshot_dict()["choices"][0]["delta"]["tool_calls"])


def _kinds(acc: Any) -> list[str]:
    return [a.kind for a in acc.anomalies]


@pytest.mark.parametrize("style", STYLES)
def test_arguments_sent_as_objects_are_kept_as_json_text(openai_modules: dict[str, Any], style: str) -> None:
    acc = accumulate_openai(
        openai_modules[style],
        [
            _c(
                {
                    "tool_calls": [
                        {
                            "index": 0,
                            "id": "t",
                            "type": "function",
                            "function": {"name": "f", "arguments": {"a": 1}},
                        }
                    ]
                }
            ),
            _c({"tool_calls": [{"index": 0, "function": {"arguments": {"b": "é"}}}]}),
        ],
    )
    assert _calls(acc)[0]["function"]["arguments"] == '{"a": 1}{"b": "é"}'
    assert _kinds(acc) == ["wrong_type", "wrong_type"]


@pytest.mark.parametrize("style", STYLES)
def test_scalars_of_the_wrong_type_are_reported_and_never_replace_a_good_value(
    openai_modules: dict[str, Any], style: str
) -> None:
    module = openai_modules[style]
    chunks = [
        {**_c({"content": "a"}), "id": 123, "created": "soon"},
        _c({"content": "b"}),
        {**_c({"content": "c"}), "created": "later"},
    ]
    acc = accumulate_openai(module, chunks)
    snapshot = acc.snapshot_dict()
    assert (
        snapshot["id"],
        snapshot["created"],
        snapshot["choices"][0]["delta"]["content"],
    ) == ("c", 1, "abc")
    assert set(_kinds(acc)) == {"wrong_type"}
    with pytest.raises(module.StreamMergeError):
        accumulate_openai(module, chunks, strict=True)


@pytest.mark.parametrize("style", STYLES)
def test_empty_finish_reason_and_empty_usage_never_wipe_a_value(openai_modules: dict[str, Any], style: str) -> None:
    usage = {"prompt_tokens": 1, "completion_tokens": 2, "total_tokens": 3}
    acc = accumulate_openai(
        openai_modules[style],
        [
            _c({"content": "a"}, finish_reason="stop"),
            {**_c({}, finish_reason=""), "usage": usage},
            {
                "id": "c",
                "object": "chat.completion.chunk",
                "created": 1,
                "model": "m",
                "choices": [],
                "usage": {},
            },
        ],
    )
    snapshot = acc.snapshot_dict()
    assert snapshot["choices"][0]["finish_reason"] == "stop"
    assert snapshot["usage"] == usage


@pytest.mark.parametrize("style", STYLES)
def test_one_index_two_names_are_two_calls(openai_modules: dict[str, Any], style: str) -> None:
    acc = accumulate_openai(
        openai_modules[style],
        [
            _c(
                {
                    "tool_calls": [
                        {
                            "index": 0,
                            "function": {"name": "get_weather", "arguments": "{}"},
                        }
                    ]
                }
            ),
            _c({"tool_calls": [{"index": 0, "function": {"name": "get_time", "arguments": "{"}}]}),
            _c({"tool_calls": [{"index": 0, "function": {"name": "get_time", "arguments": "}"}}]}),
        ],
    )
    assert [(c["function"]["name"], c["function"]["arguments"]) for c in _calls(acc)] == [
        ("get_weather", "{}"),
        ("get_time", "{}"),
    ]
    assert _kinds(acc) == ["reused_key"]


@pytest.mark.parametrize("style", STYLES)
def test_interleaved_ids_at_one_index_go_back_to_their_call(openai_modules: dict[str, Any], style: str) -> None:
    fragments = [("a", "fa", "1"), ("b", "fb", "2"), ("a", None, "3"), ("b", None, "4")]
    acc = accumulate_openai(
        openai_modules[style],
        [
            _c({"tool_calls": [{"index": 0, "id": i, "function": {"name": n, "arguments": arg}}]})
            for i, n, arg in fragments
        ],
    )
    assert [(c["id"], c["function"]["name"], c["function"]["arguments"]) for c in _calls(acc)] == [
        ("a", "fa", "13"),
        ("b", "fb", "24"),
    ]
    assert _kinds(acc) == ["reused_key"]


@pytest.mark.parametrize("style", STYLES)
def test_mapping_chunks_that_are_not_dicts_merge_like_dicts(openai_modules: dict[str, Any], style: str) -> None:
    from collections import OrderedDict

    chunk = _c(
        {
            "tool_calls": [
                {
                    "index": 0,
                    "id": "t",
                    "type": "function",
                    "function": {"name": "f", "arguments": "{}"},
                }
            ]
        }
    )
    as_ordered = json.loads(json.dumps(chunk), object_pairs_hook=OrderedDict)
    assert (
        accumulate_openai(openai_modules[style], [as_ordered]).snapshot_dict()
        == accumulate_openai(openai_modules[style], [chunk]).snapshot_dict()
    )


def test_the_three_styles_merge_odd_streams_alike(openai_modules: dict[str, Any]) -> None:
    chunks = [
        {
            **_c(
                {
                    "content": "a",
                    "tool_calls": [{"index": 0, "function": {"name": "f", "arguments": {"x": 1}}}],
                }
            ),
            "id": 7,
        },
        _c(
            {"tool_calls": [{"index": 0, "function": {"name": "g", "arguments": "{}"}}]},
            finish_reason="",
        ),
        {**_c({"refusal": "no"}, finish_reason="stop"), "usage": {}},
    ]
    snapshots = [accumulate_openai(openai_modules[style], chunks).snapshot_dict() for style in STYLES]
    assert snapshots[0] == snapshots[1] == snapshots[2]


@pytest.mark.parametrize("style", STYLES)
def test_a_tool_call_without_type_still_makes_a_finished_response(openai_modules: dict[str, Any], style: str) -> None:
    """Some OpenAI-compatible servers never send a tool call's ``type``: the chunk schema
    allows only ``function``, so the finished response takes it."""
    acc = accumulate_openai(
        openai_modules[style],
        [
            _c(
                {
                    "role": "assistant",
                    "tool_calls": [
                        {
                            "index": 0,
                            "id": "x",
                            "function": {"name": "f", "arguments": "{}"},
                        }
                    ],
                }
            ),
            _c({}, finish_reason="tool_calls"),
        ],
    )
    assert "type" not in _calls(acc)[0]  # the snapshot shows what the stream sent
    response = acc.to_response()
    call = (
        response["choices"][0]["message"]["tool_calls"][0]
        if isinstance(response, dict)
        else response.choices[0].message.tool_calls[0]
    )
    assert (call["type"] if isinstance(call, dict) else call.type) == "function"


@pytest.mark.parametrize("style", STYLES)
def test_keyless_fragments_are_reported_once_per_call(openai_modules: dict[str, Any], style: str) -> None:
    """Servers that omit a tool call's index omit it on every fragment: one anomaly per call
    says so, not one per fragment; nothing is lost."""
    chunks = []
    for call_id, name, part in (("a", "f", "x"), ("b", "g", "y")):
        chunks.append(
            _c({"tool_calls": [{"id": call_id, "type": "function", "function": {"name": name, "arguments": ""}}]})
        )
        chunks += [_c({"tool_calls": [{"function": {"arguments": part}}]})] * 5
    acc = accumulate_openai(openai_modules[style], chunks)
    assert [(c["id"], c["function"]["arguments"]) for c in _calls(acc)] == [("a", "xxxxx"), ("b", "yyyyy")]
    assert [(a.kind, a.path) for a in acc.anomalies] == [
        ("missing_key", "choices[0].delta.tool_calls[0]"),
        ("missing_key", "choices[0].delta.tool_calls[1]"),
    ]


def _tc(index: int | None, call_id: Any, name: str | None, arguments: str) -> dict[str, Any]:
    fragment: dict[str, Any] = {"function": {"arguments": arguments}}
    if index is not None:
        fragment["index"] = index
    if call_id is not None:
        fragment["id"] = call_id
    if name is not None:
        fragment["function"]["name"] = name
    return _c({"tool_calls": [fragment]})


@pytest.mark.parametrize(
    ("fragments", "expected"),
    [
        # a server that changes the id mid-call (no name on the later fragment): one call
        (
            [(0, "call_X", "get_weather", ""), (0, "call_Y", None, '{"city":"Paris"}')],
            [("call_X", "get_weather", '{"city":"Paris"}')],
        ),
        # a wrong-typed id, then the real one: one call with the real id
        ([(0, 123, "f", "{"), (0, "call_1", None, "}")], [("call_1", "f", "{}")]),
        # no index: ids a, b, then a again goes back to a
        ([(None, "a", "f", "1"), (None, "b", "g", "2"), (None, "a", None, "3")], [("a", "f", "13"), ("b", "g", "2")]),
        # no index: the name first, the id on a later fragment: one call, as with an index
        ([(None, None, "f", "{"), (None, "call_1", None, "}")], [("call_1", "f", "{}")]),
        ([(0, None, "f", "{"), (0, "call_1", None, "}")], [("call_1", "f", "{}")]),
        # no index, the name repeated on every fragment (Kimi): one call
        ([(None, "a", "f", "{"), (None, None, "f", "}")], [("a", "f", "{}")]),
    ],
)
@pytest.mark.parametrize("style", STYLES)
def test_tool_call_identity_on_real_server_quirks(
    openai_modules: dict[str, Any], style: str, fragments: list[Any], expected: list[Any]
) -> None:
    acc = accumulate_openai(openai_modules[style], [_tc(*f) for f in fragments] + [_c({}, finish_reason="tool_calls")])
    assert [(c.get("id"), c["function"].get("name"), c["function"]["arguments"]) for c in _calls(acc)] == expected
    acc.to_response()  # a finished response, no missing name


@pytest.mark.parametrize("style", STYLES)
def test_empty_finish_reason_and_type_are_read_as_never_sent(openai_modules: dict[str, Any], style: str) -> None:
    """Ollama and older sglang send ``finish_reason: ""`` and ``type: ""`` when there is none."""
    acc = accumulate_openai(
        openai_modules[style],
        [
            _c(
                {"tool_calls": [{"index": 0, "id": "c", "type": "", "function": {"name": "f", "arguments": "{}"}}]},
                finish_reason="",
            ),
        ],
    )
    response = acc.to_response()
    choice = (
        response["choices"][0]
        if isinstance(response, dict)
        else (
            response.choices[0].model_dump()
            if hasattr(response.choices[0], "model_dump")
            else response.choices[0].to_dict()
        )
    )
    assert choice.get("finish_reason") is None  # none was sent: never guessed
    assert choice["message"]["tool_calls"][0]["type"] == "function"
    assert ("incomplete", "choices[0].finish_reason") in [(a.kind, a.path) for a in acc.anomalies]


@pytest.mark.parametrize("style", STYLES)
def test_a_second_call_at_one_index_opened_by_id_and_type_then_name(openai_modules: dict[str, Any], style: str) -> None:
    """The opening fragment of a call carries its type: a new id with it starts a call even
    before the name arrives (unlike an id changed mid-call, which brings neither)."""
    fragments: list[dict[str, Any]] = [
        {"index": 0, "id": "call_a", "type": "function", "function": {"name": "f", "arguments": ""}},
        {"index": 0, "function": {"arguments": '{"x":1}'}},
        {"index": 0, "id": "call_b", "type": "function"},
        {"index": 0, "function": {"name": "f"}},
        {"index": 0, "function": {"arguments": '{"x":2}'}},
    ]
    acc = accumulate_openai(
        openai_modules[style], [_c({"tool_calls": [f]}) for f in fragments] + [_c({}, finish_reason="tool_calls")]
    )
    assert [(c["id"], c["function"]["name"], c["function"]["arguments"]) for c in _calls(acc)] == [
        ("call_a", "f", '{"x":1}'),
        ("call_b", "f", '{"x":2}'),
    ]
    acc.to_response()
