"""Stream merging on the shared failure cases (each a real-world bug kind) and on the
recorded streams, in all three styles; the snapshot is projected to the cases' neutral shape."""

from __future__ import annotations

import copy
import json
import textwrap
from pathlib import Path
from typing import Any

import pytest
from conftest import CASES, RECORDED, STYLES, generate_modules, recorded_chunks, schemas_spec


def as_dict(style: str, value: Any) -> Any:
    """A typed snapshot (or response) back as JSON data with wire names."""
    if style in ("dataclass", "msgspec"):
        return value.to_dict()
    if style == "pydantic":
        return value.model_dump(by_alias=True, exclude_unset=True)
    return value


def project(snapshot: dict[str, Any]) -> dict[str, Any]:
    """The cases' neutral shape (see ../shared/README.md, streams/cases)."""
    choices = []
    for choice in snapshot["choices"]:
        delta = choice.get("delta") or {}
        calls = [
            {
                "id": call.get("id"),
                "type": call.get("type"),
                "name": (call.get("function") or {}).get("name"),
                "arguments": (call.get("function") or {}).get("arguments"),
            }
            for call in delta.get("tool_calls") or []
        ]
        projected = {
            "index": choice["index"],
            "content": delta.get("content"),
            "refusal": delta.get("refusal"),
            "tool_calls": calls,
            "finish_reason": choice.get("finish_reason"),
        }
        logprobs = choice.get("logprobs") or {}
        if logprobs.get("content") is not None:
            projected["logprob_tokens"] = [t["token"] for t in logprobs["content"]]
        choices.append(projected)
    return {"id": snapshot.get("id"), "choices": choices, "usage": snapshot.get("usage")}


def matches(expected: dict[str, Any], actual: dict[str, Any]) -> bool:
    if "id" in expected and expected["id"] != actual["id"]:
        return False
    if expected.get("usage") is not None:
        usage = actual["usage"] or {}
        if any(usage.get(k) != v for k, v in expected["usage"].items()):
            return False
    elif actual["usage"] is not None:
        return False
    if len(expected["choices"]) != len(actual["choices"]):
        return False
    for want, got in zip(expected["choices"], actual["choices"]):
        for key, value in want.items():
            if key == "content" and value is None and got["content"] in (None, ""):
                continue  # an all-empty content may be null or "" (case 13's note)
            if got.get(key) != value:
                return False
    return True


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
@pytest.mark.parametrize("style", STYLES)
def test_shared_case(openai_modules, style: str, case: Path) -> None:
    data = json.loads(case.read_text(encoding="utf-8"))
    module = openai_modules[style]
    acc = module.CreateChatCompletionStreamResponseAccumulator()
    for chunk in data["chunks"]:
        acc.add(copy.deepcopy(chunk))
    snapshot = as_dict(style, acc.snapshot())
    actual = project(snapshot)
    assert matches(data["expected"], actual), (data["symptom"], actual, acc.anomalies)
    # the finished response validates too, and keeps what the snapshot holds
    response = as_dict(style, acc.to_response())
    for choice, want in zip(response["choices"], data["expected"]["choices"]):
        assert choice["finish_reason"] == want["finish_reason"]
        assert (choice["message"]["content"] or None) == (want["content"] or None)
        assert [c["function"]["name"] for c in choice["message"].get("tool_calls") or []] == [
            c["name"] for c in want["tool_calls"]
        ]


# What each recording must merge into, read off the recorded data by hand: finish reason
# per choice, tool calls (name, parsed arguments), text.
RECORDED_EXPECTED: dict[str, dict[str, Any]] = {
    "openai-python-parallel_tools.sse": {
        "finish": ["tool_calls"],
        "tools": [
            ("GetWeatherArgs", {"city": "Edinburgh", "country": "GB", "units": "c"}),
            ("get_stock_price", {"ticker": "AAPL", "exchange": "NASDAQ"}),
        ],
    },
    "openai-python-multiple_choices_n3.sse": {
        "finish": ["stop", "stop", "stop"],
        "content": [
            '{"city":"San Francisco","temperature":65,"units":"f"}',
            '{"city":"San Francisco","temperature":61,"units":"f"}',
            '{"city":"San Francisco","temperature":59,"units":"f"}',
        ],
    },
    "openai-python-refusal.sse": {"finish": ["stop"], "refusal": "I'm sorry, I can't assist with that request."},
    "openai-node-refusal_logprobs.sse": {
        "finish": ["stop"],
        "refusal": "I'm very sorry, but I can't assist with that request.",
    },
    "openai-python-max_tokens_length.sse": {"finish": ["length"], "content": ['{"']},
    "openai-python-content_logprobs.sse": {"finish": ["stop"], "content": ["Foo!"]},
    "openai-node-leading_newline_chunks.sse": {
        "finish": ["stop"],
        "content": ['\n\n{"city":"San Francisco","units":"c"}'],
    },
    "openai-python-strict_tools.sse": {
        "finish": ["tool_calls"],
        "tools": [("get_weather", {"city": "San Francisco", "state": "CA"})],
    },
    "simonw-llm-kimi-repeated-tool-call.sse": {"finish": [None], "tools": [("llm_version", {})]},
    "vercel-ai-anthropic-fallback-tool-call.sse": {
        "finish": ["tool_calls"],
        "content": ["Reading it."],
        "tools": [("read_file", {"path": "a.txt"})],
    },
    "vercel-ai-groq-tool-call.jsonl": {"finish": ["tool_calls"], "tools": [("weather", {})]},
    "vercel-ai-mistral-incremental-tool-call.jsonl": {
        "finish": ["tool_calls"],
        "tools": [("webSearchTool", {"query": "current Berlin weather"})],
    },
    "openai-node-content_logprobs.sse": {
        "finish": ["stop"],
        "content": ['{"city":"San Francisco","units":"f"}'],
        "logprobs": [(10, 0)],
    },
    "openai-node-works.sse": {"finish": ["stop"], "content": ['{"city":"San Francisco","units":"c"}']},
    "openai-python-json_schema_response_format.sse": {
        "finish": ["stop"],
        "content_start": ['\n  {\n    "location": "San Francisco, CA"'],
    },
    "openai-python-non_strict_tool.sse": {
        "finish": ["tool_calls"],
        "tools": [("get_weather", {"city": "New York City"})],
    },
    "openai-python-parse_nothing.sse": {
        "finish": ["stop"],
        "content_start": ["I'm unable to provide real-time weather updates."],
    },
    "openai-python-parse_pydantic_model.sse": {
        "finish": ["stop"],
        "content": ['{"city":"San Francisco","temperature":61,"units":"f"}'],
    },
    "openai-python-pydantic_tool.sse": {
        "finish": ["tool_calls"],
        "tools": [("GetWeatherArgs", {"city": "Edinburgh", "country": "UK", "units": "c"})],
    },
    "openai-python-refusal_logprobs.sse": {
        "finish": ["stop"],
        "refusal": "I'm very sorry, but I can't assist with that.",
        "logprobs": [(0, 11)],
    },
    "vercel-ai-azure-model-router.jsonl": {"finish": ["stop"], "content": ["Capital of Denmark."]},
    "vercel-ai-openai-text.jsonl": {
        "finish": ["stop"],
        "content_start": ["**Holiday Name:** Harmony Day\n\n**Date:**"],
    },
}
# the usage each recording ends with (total_tokens; None: the recording has none)
RECORDED_USAGE: dict[str, int | None] = {
    "openai-node-content_logprobs.sse": 27,
    "openai-node-leading_newline_chunks.sse": 27,
    "openai-node-refusal_logprobs.sse": 30,
    "openai-node-works.sse": 27,
    "openai-python-content_logprobs.sse": 11,
    "openai-python-json_schema_response_format.sse": 196,
    "openai-python-max_tokens_length.sse": 80,
    "openai-python-multiple_choices_n3.sse": 121,
    "openai-python-non_strict_tool.sse": 60,
    "openai-python-parallel_tools.sse": 209,
    "openai-python-parse_nothing.sse": 44,
    "openai-python-parse_pydantic_model.sse": 93,
    "openai-python-pydantic_tool.sse": 100,
    "openai-python-refusal.sse": 90,
    "openai-python-refusal_logprobs.sse": 91,
    "openai-python-strict_tools.sse": 67,
    "simonw-llm-kimi-repeated-tool-call.sse": 74,
    "vercel-ai-anthropic-fallback-tool-call.sse": None,
    "vercel-ai-azure-model-router.jsonl": 93,
    "vercel-ai-groq-tool-call.jsonl": 225,
    "vercel-ai-mistral-incremental-tool-call.jsonl": 185,
    "vercel-ai-openai-text.jsonl": 316,
}
RECORDED_EXPECTED["openai-node-refusal_logprobs.sse"]["logprobs"] = [(0, 12)]
RECORDED_EXPECTED["openai-python-content_logprobs.sse"]["logprobs"] = [(2, 0)]


def _tool_summary(snapshot: dict[str, Any]) -> list[tuple[str, Any]]:
    calls = []
    for choice in snapshot["choices"]:
        for call in choice["delta"].get("tool_calls") or []:
            calls.append((call["function"]["name"], json.loads(call["function"]["arguments"])))
    return calls


@pytest.mark.slow
@pytest.mark.parametrize("recording", RECORDED, ids=lambda p: p.name)
@pytest.mark.parametrize("style", STYLES)
def test_recorded_stream_merges_without_losing_data(newest_modules, style: str, recording: Path) -> None:
    chunks = recorded_chunks(recording)
    module = newest_modules[style]
    acc = module.CreateChatCompletionStreamResponseAccumulator()
    for chunk in chunks:
        acc.add(copy.deepcopy(chunk))
    snapshot = as_dict(style, acc.snapshot())
    # the merged text of each choice is exactly the concatenation of its deltas
    for choice in snapshot["choices"]:
        text = "".join(
            c["delta"].get("content") or ""
            for chunk in chunks
            for c in chunk["choices"]
            if c.get("index") == choice["index"] and c.get("delta")
        )
        assert (choice["delta"].get("content") or "") == text
    usage = [c["usage"] for c in chunks if c.get("usage")]
    if usage:
        assert snapshot["usage"] == usage[-1]
    # anomalies never lose data: each one carries what was not merged
    assert all(a.kind in ("conflict", "missing_key", "reused_key") or a.dropped is not None for a in acc.anomalies)
    expected = RECORDED_EXPECTED[recording.name]  # every recording states what it merges into
    if expected:
        assert [c["finish_reason"] for c in snapshot["choices"]] == expected["finish"]
        if "tools" in expected:
            assert _tool_summary(snapshot) == expected["tools"]
        if "refusal" in expected:
            assert snapshot["choices"][0]["delta"]["refusal"] == expected["refusal"]
        if "content" in expected:
            assert [c["delta"].get("content") for c in snapshot["choices"]] == expected["content"]
        if "content_start" in expected:
            assert [
                c["delta"]["content"][: len(start)] for c, start in zip(snapshot["choices"], expected["content_start"])
            ] == expected["content_start"]
        # logprobs.content and logprobs.refusal appended, the first chunk's not counted twice
        counts = [
            (len((c.get("logprobs") or {}).get("content") or []), len((c.get("logprobs") or {}).get("refusal") or []))
            for c in snapshot["choices"]
        ]
        assert counts == expected.get("logprobs", [(0, 0)] * len(counts))
    assert set(RECORDED_USAGE) == {r.name for r in RECORDED}  # every recording is stated
    assert (snapshot.get("usage") or {}).get("total_tokens") == RECORDED_USAGE[recording.name]


def _typed(module: Any, chunk: Any) -> Any:
    """``chunk`` parsed into the module's chunk class, or as it is when it does not parse."""
    try:
        return module.parse_create_chat_completion_stream_response(copy.deepcopy(chunk))
    except Exception:  # noqa: BLE001 - a case's broken chunk (any style's error): it stays decoded JSON
        return copy.deepcopy(chunk)


def _merged_both_ways(module: Any, chunks: list[Any]) -> tuple[Any, Any]:
    by_json = module.CreateChatCompletionStreamResponseAccumulator()
    by_model = module.CreateChatCompletionStreamResponseAccumulator()
    for chunk in chunks:
        by_json.add(copy.deepcopy(chunk))
        by_model.add(_typed(module, chunk))
    return by_json, by_model


def _anomalies(acc: Any) -> list[tuple[Any, ...]]:
    return [(a.chunk, a.path, a.kind, a.message) for a in acc.anomalies]


@pytest.mark.parametrize("source", [*CASES, *RECORDED], ids=lambda p: p.name)
@pytest.mark.parametrize("style", [s for s in STYLES if s != "typeddict"])
def test_typed_chunks_merge_as_their_json(openai_modules, style: str, source: Path) -> None:
    """A chunk given as this module's model (``_add_model``: read by attribute, never
    dumped) merges exactly as its decoded JSON: the same snapshot, the same anomalies."""
    if source.suffix == ".json":
        chunks = json.loads(source.read_text(encoding="utf-8"))["chunks"]
    else:
        chunks = recorded_chunks(source)
    module = openai_modules[style]
    assert module.CreateChatCompletionStreamResponseAccumulator._model is module.CreateChatCompletionStreamResponse
    typed = [_typed(module, chunk) for chunk in chunks]
    assert any(type(t) is module.CreateChatCompletionStreamResponse for t in typed)
    by_json, by_model = _merged_both_ways(module, chunks)
    assert by_model.snapshot_dict() == by_json.snapshot_dict()
    assert _anomalies(by_model) == _anomalies(by_json)


def test_a_typed_chunk_with_wrong_values_merges_as_its_json(openai_modules) -> None:
    """Dataclasses do not check what they are given: values of other types than declared
    (an int for text, a string for a list, a dict for a model) are merged as JSON and
    reported as from decoded JSON, nothing dropped."""
    module = openai_modules["dataclass"]
    good = {
        "id": "c",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "m",
        "choices": [{"index": 0, "delta": {"content": "a"}, "finish_reason": None, "logprobs": None}],
    }
    chunk = module.parse_create_chat_completion_stream_response(copy.deepcopy(good))
    chunk.choices[0].delta.content = 5
    chunk.choices[0].delta.tool_calls = "x"
    chunk.choices.append({"index": 1, "delta": {"content": "b"}})
    chunk.extra_fields["x_extra"] = {"k": 1}
    as_json = copy.deepcopy(good)
    as_json["choices"][0]["delta"].update(content=5, tool_calls="x")
    as_json["choices"].append({"index": 1, "delta": {"content": "b"}})
    as_json["x_extra"] = {"k": 1}
    by_model, by_json = (module.CreateChatCompletionStreamResponseAccumulator() for _ in range(2))
    for acc, second in ((by_model, chunk), (by_json, as_json)):
        acc.add(copy.deepcopy(good))
        acc.add(second)
    snapshot = by_model.snapshot_dict()
    assert snapshot == by_json.snapshot_dict()
    assert [c["delta"].get("content") for c in snapshot["choices"]] == ["a5", "b"]
    assert snapshot["x_extra"] == {"k": 1}
    assert _anomalies(by_model) == _anomalies(by_json)
    assert {a.kind for a in by_model.anomalies} == {"wrong_type"}


def test_a_pydantic_chunk_constructed_without_required_fields_merges_as_its_json(openai_modules) -> None:
    """``model_construct`` leaves a required field it is not given out of the model's field
    dict (reading its attribute raises): ``_add_model`` reads that dict, so such a chunk
    merges as its JSON (the fields that were set), a choice without ``index`` too."""
    module = openai_modules["pydantic"]
    delta = module.ChatCompletionStreamResponseDelta.model_construct(content="a")
    choice = module.CreateChatCompletionStreamResponseChoice.model_construct(delta=delta)
    chunk = module.CreateChatCompletionStreamResponse.model_construct(id="c", choices=[choice])
    first = {"id": "c", "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}}]}
    by_model, by_json = (module.CreateChatCompletionStreamResponseAccumulator() for _ in range(2))
    for acc, second in ((by_model, chunk), (by_json, {"id": "c", "choices": [{"delta": {"content": "a"}}]})):
        acc.add(copy.deepcopy(first))
        acc.add(second)
    assert by_model.snapshot_dict() == by_json.snapshot_dict()
    assert by_model.snapshot_dict()["choices"][0]["delta"]["content"] == "a"
    assert _anomalies(by_model) == _anomalies(by_json)


def _chunk_spec(delta: str) -> str:
    """A spec whose chunk ``Chunk`` has ``choices[].delta`` with the properties ``delta``
    (YAML lines, dedented)."""
    lines = textwrap.indent(textwrap.dedent(delta).strip(), " " * 14)
    return f"""
Chunk:
  type: object
  required: [id, object, choices]
  properties:
    id: {{type: string}}
    object: {{type: string, enum: [demo.chunk]}}
    choices:
      type: array
      items:
        type: object
        required: [index, delta]
        properties:
          index: {{type: integer}}
          delta:
            type: object
            properties:
{lines}
"""


def _chunk_merged_both_ways(tmp_path: Path, style: str, delta: str, chunks: list[Any]) -> tuple[Any, Any]:
    """``chunks`` added to two ``ChunkAccumulator`` of the ``style`` module of
    ``_chunk_spec(delta)``: as JSON and as the module's ``Chunk`` models."""
    module = generate_modules(schemas_spec(tmp_path, _chunk_spec(delta)), tmp_path / "out", styles=(style,))[style]
    by_json, by_model = module.ChunkAccumulator(), module.ChunkAccumulator()
    for chunk in chunks:
        by_json.add(copy.deepcopy(chunk))
        typed = module.parse_chunk(copy.deepcopy(chunk))
        assert type(typed) is module.Chunk
        by_model.add(typed)
    assert by_model.snapshot_dict() == by_json.snapshot_dict()
    assert _anomalies(by_model) == _anomalies(by_json)
    return by_json, by_model


_HEAD = {"id": "c1", "object": "demo.chunk"}


@pytest.mark.parametrize("style", [s for s in STYLES if s != "typeddict"])
def test_typed_chunks_with_renamed_attributes_merge_as_their_json(tmp_path: Path, style: str) -> None:
    """Wire names that are no Python names (``from``, ``x-trace``, ``class``) are attributes
    of another name: a typed chunk still merges exactly as its JSON, at the root, in a
    merged object and in a keyed list's items (``_add_model`` reads each by its attribute's
    name)."""
    delta = """
        content: {type: string}
        from: {type: string}
        x-trace: {type: string}
        tool_calls:
          type: array
          items:
            type: object
            required: [index]
            properties:
              index: {type: integer}
              id: {type: string}
              function:
                type: object
                properties:
                  name: {type: string}
                  arguments: {type: string}
                  class: {type: string}
    """
    call = {"index": 0, "id": "t1", "function": {"name": "f", "class": "k1", "arguments": '{"a"'}}
    more = {"index": 0, "function": {"arguments": ": 1}", "class": "k2"}}
    chunks = [
        {**_HEAD, "choices": [{"index": 0, "delta": {"content": "Hi", "from": "me", "x-trace": "a"}}]},
        {**_HEAD, "choices": [{"index": 0, "delta": {"content": " there", "x-trace": "b", "tool_calls": [call]}}]},
        {**_HEAD, "choices": [{"index": 0, "delta": {"tool_calls": [more]}}]},
        {**_HEAD, "x-new": 1, "choices": [{"index": 0, "delta": {"from": "you", "x-odd": [1]}}]},
    ]
    _, by_model = _chunk_merged_both_ways(tmp_path, style, delta, chunks)
    merged = by_model.snapshot_dict()["choices"][0]["delta"]
    assert (merged["content"], merged["from"], merged["x-trace"], merged["x-odd"]) == ("Hi there", "meyou", "ab", [1])
    assert merged["tool_calls"][0]["function"] == {"name": "f", "class": "k1k2", "arguments": '{"a": 1}'}


@pytest.mark.parametrize("style", [s for s in STYLES if s != "typeddict"])
def test_a_property_named_by_the_empty_string_merges_as_declared(tmp_path: Path, style: str) -> None:
    """A property whose wire name is ``""`` (an alias that is empty, not absent): it merges
    by its policy, is no unknown field, and a typed chunk merges it as its JSON."""
    delta = """
        content: {type: string}
        "": {type: string}
    """
    chunks = [
        {**_HEAD, "choices": [{"index": 0, "delta": {"": "ab"}}]},
        {**_HEAD, "choices": [{"index": 0, "delta": {"": "cd", "content": "x"}}]},
    ]
    by_json, _ = _chunk_merged_both_ways(tmp_path, style, delta, chunks)
    assert by_json.snapshot_dict()["choices"][0]["delta"] == {"": "abcd", "content": "x"}
    assert by_json.anomalies == []


@pytest.mark.parametrize("style", [s for s in STYLES if s != "typeddict"])
def test_a_key_spelled_like_an_attribute_is_an_unknown_field(tmp_path: Path, style: str) -> None:
    """Data is read by wire name only: ``from_`` (the attribute of wire name ``from``) and
    ``class_`` in a chunk are fields the schema does not know, kept as they came, by the
    JSON merge and by the typed chunk alike (pydantic models may still be made in code by
    attribute name)."""
    delta = """
        content: {type: string}
        from: {type: string}
    """
    chunks = [
        {**_HEAD, "class_": None, "choices": [{"index": 0, "delta": {"from": "me", "from_": "x"}}]},
        {**_HEAD, "choices": [{"index": 0, "delta": {"from_": "y"}}]},
    ]
    by_json, _ = _chunk_merged_both_ways(tmp_path, style, delta, chunks)
    data = by_json.snapshot_dict()
    assert data["choices"][0]["delta"] == {"from": "me", "from_": "xy"} and data["class_"] is None


@pytest.mark.parametrize("style", [s for s in STYLES if s != "typeddict"])
def test_a_typed_list_item_with_a_key_spelled_like_an_attribute_merges_as_its_json(tmp_path: Path, style: str) -> None:
    """An item of an ``append`` list that carries ``from_`` (the attribute of its field
    ``from``) but no ``from``: as a typed chunk's item it is read as its JSON, without a
    ``from: null`` the item never had (pydantic marks ``from_`` set for both)."""
    delta = """
        content: {type: string}
        marks:
          type: array
          items: {type: object, properties: {a: {type: string}, from: {type: string}}}
    """
    chunks = [{**_HEAD, "choices": [{"index": 0, "delta": {"marks": [{"a": "c", "from_": "z"}, {"from": "y"}]}}]}]
    by_json, _ = _chunk_merged_both_ways(tmp_path, style, delta, chunks)
    assert by_json.snapshot_dict()["choices"][0]["delta"]["marks"] == [{"a": "c", "from_": "z"}, {"from": "y"}]


@pytest.mark.parametrize("style", [s for s in STYLES if s != "typeddict"])
def test_a_typed_one_field_object_keeps_its_unknown_fields(tmp_path: Path, style: str) -> None:
    """A delta whose class declares one text field: its model's field dict has one entry,
    the shape the merge's one-fragment fast path takes; the fields it does not declare
    (``reasoning``) still merge, as from its JSON."""
    chunks = [
        {**_HEAD, "choices": [{"index": 0, "delta": {"content": "Hi"}}]},
        {**_HEAD, "choices": [{"index": 0, "delta": {"content": " there", "reasoning": "r1"}}]},
        {**_HEAD, "choices": [{"index": 0, "delta": {"reasoning": "r2"}}]},
    ]
    _, by_model = _chunk_merged_both_ways(tmp_path, style, "content: {type: string}", chunks)
    merged = by_model.snapshot_dict()["choices"][0]["delta"]
    assert merged["content"] == "Hi there"
    assert "reasoning" in merged


#: A chunk with ``last`` fields whose values are a map, a named map and a list (top level).
_LAST_SHAPES = """
Chunk:
  type: object
  required: [id, object, choices]
  properties:
    id: {type: string}
    object: {type: string, enum: [demo.chunk]}
    meta: {type: object, additionalProperties: {type: string}}
    labels: {$ref: '#/components/schemas/Labels'}
    tags: {type: array, items: {type: string}}
    choices:
      type: array
      items:
        type: object
        properties:
          index: {type: integer}
          delta: {type: object, properties: {content: {type: string}}}
Labels:
  type: object
  additionalProperties: {type: string}
"""


@pytest.mark.parametrize("style", STYLES)
def test_last_maps_and_lists_keep_their_rules(tmp_path: Path, style: str) -> None:
    """A ``last`` field whose schema is a map (inline or named) or a list follows the rules
    of ``last`` objects: ``{}`` never replaces a value, a value of the wrong type is
    reported and never kept over a good one; an empty list never replaces items (``emptied``: a
    server may send ``[]`` as a placeholder, as Cloudflare's ``"tool_calls": []`` after the call)."""
    module = generate_modules(schemas_spec(tmp_path, _LAST_SHAPES), tmp_path / "out", styles=(style,))[style]
    acc = module.ChunkAccumulator()
    for extra in (
        {"meta": {"a": "1"}, "labels": {"k": "v"}, "tags": ["x"]},
        {"meta": {}, "labels": {}, "tags": "bad"},
        {"meta": "oops", "labels": 3},
        {"tags": []},
    ):
        acc.add({**_HEAD, "choices": [], **extra})
    data = acc.snapshot_dict()
    assert (data["meta"], data["labels"], data["tags"]) == ({"a": "1"}, {"k": "v"}, ["x"])
    assert [(a.kind, a.path) for a in acc.anomalies] == [
        ("wrong_type", "tags"),
        ("wrong_type", "meta"),
        ("wrong_type", "labels"),
        ("emptied", "tags"),
    ]


_MAP_OF_MODELS = """
Chunk:
  type: object
  required: [id, object, choices]
  properties:
    id: {type: string}
    object: {type: string, enum: [demo.chunk]}
    items: {type: object, additionalProperties: {$ref: '#/components/schemas/Item'}}
    choices: {type: array, items: {type: object, properties: {index: {type: integer}}}}
Item:
  type: object
  properties:
    a: {type: string}
"""


@pytest.mark.parametrize("style", [s for s in STYLES if s != "typeddict"])
def test_a_last_map_of_models_merges_as_its_json(tmp_path: Path, style: str) -> None:
    """A typed chunk's map of models (a ``last`` field) is kept as its JSON, as the same
    chunk's JSON is: the snapshot holds no model objects and validates."""
    module = generate_modules(schemas_spec(tmp_path, _MAP_OF_MODELS), tmp_path / "out", styles=(style,))[style]
    by_json, by_model = module.ChunkAccumulator(), module.ChunkAccumulator()
    for chunk in (
        {**_HEAD, "choices": [], "items": {"x": {"a": "1"}}},
        {**_HEAD, "choices": [], "items": {"y": {"a": "2"}}},
    ):
        by_json.add(copy.deepcopy(chunk))
        by_model.add(module.parse_chunk(copy.deepcopy(chunk)))
    assert by_model.snapshot_dict() == by_json.snapshot_dict()
    assert json.dumps(by_model.snapshot_dict()["items"]) == '{"y": {"a": "2"}}'
    by_model.snapshot()
    assert by_model.anomalies == by_json.anomalies == []
