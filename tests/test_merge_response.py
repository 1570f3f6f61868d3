"""``to_response()`` (issue 14, points 4 and 5): what the stream carried that the non-stream
response has no field for is kept, in every style (pydantic: extra fields, dataclass:
``extra_fields``, TypedDict: the keys), and only stream mechanics are left out
(``obfuscation``, a list entry's ``index``); a spec whose non-stream response is not named
beside the chunk gets it from the operation that answers either one."""

from __future__ import annotations

import copy
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import STYLES, generate_modules

from generator.pipeline import Options, read_spec

HEAD = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\n"

#: A chunk whose schema declares what the response's does not: ``usage`` inside a choice, a
#: provider's ``x_provider`` at the top, ``obfuscation``, a tool call's ``index``.
CHUNK_AND_RESPONSE = """\
    Chunk:
      type: object
      required: [id, object, choices]
      properties:
        id: {type: string}
        object: {type: string, enum: [chat.completion.chunk]}
        obfuscation: {type: string}
        x_provider: {type: object, properties: {region: {type: string}}}
        choices:
          type: array
          items:
            type: object
            required: [index]
            properties:
              index: {type: integer}
              finish_reason: {type: [string, 'null']}
              usage: {type: object, properties: {tokens: {type: integer}}}
              delta:
                type: object
                properties:
                  content: {type: string}
                  tool_calls:
                    type: array
                    items:
                      type: object
                      properties:
                        index: {type: integer}
                        id: {type: string}
                        function:
                          type: object
                          properties: {name: {type: string}, arguments: {type: string}}
    Answer:
      type: object
      required: [id, object, choices]
      properties:
        id: {type: string}
        object: {type: string, enum: [chat.completion]}
        choices:
          type: array
          items:
            type: object
            required: [index, finish_reason, message]
            properties:
              index: {type: integer}
              finish_reason: {type: string}
              message:
                type: object
                properties:
                  content: {type: [string, 'null']}
                  tool_calls:
                    type: array
                    items:
                      type: object
                      properties:
                        id: {type: string}
                        function:
                          type: object
                          properties: {name: {type: string}, arguments: {type: string}}
"""


def _spec(tmp_path: Path, body: str, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(HEAD + body)
    return path


def _components(schemas: str) -> str:
    return "components:\n  schemas:\n" + schemas


def _data(value: Any) -> Any:
    """A response of any style as JSON data, unknown fields included."""
    if hasattr(value, "model_dump"):
        return value.model_dump(by_alias=True, exclude_unset=True)
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return value


STREAM = [
    {
        "id": "c",
        "object": "chat.completion.chunk",
        "obfuscation": "xyz",
        "x_provider": {"region": "eu"},
        "choices": [
            {
                "index": 0,
                "delta": {"tool_calls": [{"index": 0, "id": "t", "function": {"name": "f", "arguments": "{}"}}]},
            }
        ],
    },
    {
        "id": "c",
        "object": "chat.completion.chunk",
        "x_unknown": [1],
        "choices": [{"index": 0, "delta": {"content": "ok"}, "finish_reason": "stop", "usage": {"tokens": 3}}],
    },
]


@pytest.fixture(scope="module")
def answer_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    tmp = tmp_path_factory.mktemp("answer")
    # the response is found by the `object` values (chat.completion.chunk -> chat.completion)
    spec = _spec(tmp, _components(CHUNK_AND_RESPONSE))
    return generate_modules(spec, tmp / "out", schemas=("Chunk",))


@pytest.mark.parametrize("style", STYLES)
def test_to_response_keeps_what_the_response_has_no_field_for(
    answer_modules: dict[str, ModuleType], style: str
) -> None:
    acc = answer_modules[style].ChunkAccumulator()
    for chunk in STREAM:
        acc.add(chunk)
    response = acc.to_response()
    data = _data(response)
    assert data["object"] == "chat.completion"
    assert data["x_provider"] == {"region": "eu"}  # declared by the chunk only
    assert data["x_unknown"] == [1]  # declared by neither
    choice = data["choices"][0]
    assert choice["usage"] == {"tokens": 3}
    assert choice["message"]["content"] == "ok"
    assert choice["message"]["tool_calls"] == [{"id": "t", "function": {"name": "f", "arguments": "{}"}}]
    assert "obfuscation" not in data  # stream mechanics: left out
    assert acc.anomalies == []
    if style == "pydantic":  # kept as extra fields of the models, not as a dict beside them
        assert response.model_extra == {"x_provider": {"region": "eu"}, "x_unknown": [1]}
    elif style == "dataclass":
        assert response.choices[0].extra_fields == {"usage": {"tokens": 3}}


def test_the_response_plan_drops_only_stream_mechanics(tmp_path: Path) -> None:
    reading = read_spec(Options(spec=_spec(tmp_path, _components(CHUNK_AND_RESPONSE)), schemas=("Chunk",)))
    plan = reading.responses["Chunk"]
    assert plan.drop == ("obfuscation",)
    choices = dict(plan.children)["choices"]
    assert choices.drop == ()  # usage stays
    calls = dict(dict(choices.children)["message"].children)["tool_calls"]
    assert calls.drop == ("index",)


#: Point 5: the response has another ``object`` value and name than the chunk suggests; the
#: operation answers it as JSON, or the chunk as an event stream (wrapped in an event object,
#: as Mistral's CompletionEvent wraps CompletionChunk, or through components/responses).
OPERATIONS = {
    "direct": """\
paths:
  /chat/completions:
    post:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Answer'}
            text/event-stream:
              schema: {$ref: '#/components/schemas/Chunk'}
""",
    "wrapped event": """\
paths:
  /v1/chat:
    post:
      responses:
        '422':
          description: bad
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Problem'}
        '200':
          description: ok
          content:
            text/event-stream:
              schema: {$ref: '#/components/schemas/Event'}
            application/json; charset=utf-8:
              schema: {$ref: '#/components/schemas/Answer'}
""",
    "response reference": """\
paths:
  /v1/chat:
    post:
      responses:
        '200': {$ref: '#/components/responses/ChatAnswer'}
components:
  responses:
    ChatAnswer:
      description: ok
      content:
        application/json:
          schema: {$ref: '#/components/schemas/AnswerAlias'}
        text/event-stream:
          schema: {type: object, properties: {data: {$ref: '#/components/schemas/Chunk'}}}
""",
}
EXTRA_SCHEMAS = """\
    Event: {type: object, properties: {data: {$ref: '#/components/schemas/Chunk'}}}
    Problem: {type: object, properties: {detail: {type: string}}}
    AnswerAlias: {$ref: '#/components/schemas/Answer'}
"""


def _operation_spec(tmp_path: Path, kind: str) -> Path:
    # an answer that neither the `object` values nor the name would find
    schemas = CHUNK_AND_RESPONSE.replace("enum: [chat.completion]}", "}").replace("    Answer:", "    Completion:")
    schemas = schemas.replace("ChatCompletion", "Completion") + EXTRA_SCHEMAS.replace(
        "schemas/Answer'", "schemas/Completion'"
    )
    operations = OPERATIONS[kind].replace("schemas/Answer'", "schemas/Completion'")
    if "components:" in operations:
        body, responses = operations.split("components:\n")
        return _spec(tmp_path, body + "components:\n" + responses + "  schemas:\n" + schemas)
    return _spec(tmp_path, operations + _components(schemas))


@pytest.mark.parametrize("kind", OPERATIONS)
def test_the_response_is_found_from_the_operation(tmp_path: Path, kind: str) -> None:
    reading = read_spec(Options(spec=_operation_spec(tmp_path, kind), schemas=("Chunk",)))
    assert reading.schemas.responses == {"Chunk": "Completion"}


def test_without_such_an_operation_there_is_no_response(tmp_path: Path) -> None:
    spec = _operation_spec(tmp_path, "direct")
    spec.write_text(spec.read_text().replace("text/event-stream", "application/x-other"))
    assert read_spec(Options(spec=spec, schemas=("Chunk",))).schemas.responses == {}


@pytest.mark.parametrize("style", STYLES)
def test_a_response_found_from_the_operation_gives_to_response(tmp_path: Path, style: str) -> None:
    module = generate_modules(_operation_spec(tmp_path, "wrapped event"), tmp_path / "out", styles=(style,))[style]
    acc = module.ChunkAccumulator()
    for chunk in STREAM:
        acc.add(chunk)
    data = _data(acc.to_response())
    assert data["choices"][0]["message"]["content"] == "ok"
    assert data["choices"][0]["finish_reason"] == "stop"
    assert data["x_provider"] == {"region": "eu"}
    # its `object` is a plain string: the chunk's type name without `.chunk` names the answer's
    assert data["object"] == "chat.completion"


def test_a_response_missing_a_required_object_converts_back_to_json(tmp_path: Path) -> None:
    """Spec drift: the response requires ``usage`` (an object) and the stream never sent it.
    ``to_response()`` builds the answer anyway and reports it; turning that answer back into
    JSON data (``to_dict`` in the dataclass style) must not raise on the missing object (it
    raised ``AttributeError`` on ``None.to_dict()``)."""
    body = CHUNK_AND_RESPONSE.replace(
        "      required: [id, object, choices]\n      properties:\n        id: {type: string}\n"
        "        object: {type: string, enum: [chat.completion]}\n",
        "      required: [id, object, choices, usage]\n      properties:\n        id: {type: string}\n"
        "        object: {type: string, enum: [chat.completion]}\n"
        "        usage: {type: object, required: [total], properties: {total: {type: integer}}}\n",
    )
    assert body != CHUNK_AND_RESPONSE
    modules = generate_modules(_spec(tmp_path, _components(body)), tmp_path / "out", schemas=("Chunk",))
    for style, module in modules.items():
        acc = module.ChunkAccumulator()
        for chunk in STREAM:
            acc.add(chunk)
        answer = _data(acc.to_response())
        assert answer.get("usage") is None, style
        assert answer["choices"][0]["message"]["content"] == "ok", style
        assert any(a.kind in ("incomplete", "schema_drift") for a in acc.anomalies), style


@pytest.mark.parametrize("style", STYLES)
def test_a_response_shares_no_object_with_the_chunks(answer_modules: dict[str, ModuleType], style: str) -> None:
    """``to_response()`` copies what it takes from the snapshot, all the way down: values
    the merge keeps as they came (an unknown object, a choice's ``usage``, nested dicts in
    them) are never the chunk's own objects, nor shared between two results."""
    nested = {"region": "eu", "zones": [{"id": 1}]}
    acc = answer_modules[style].ChunkAccumulator()
    for chunk in STREAM:
        acc.add(copy.deepcopy(chunk))
    acc.add({"id": "c1", "object": "chat.completion.chunk", "choices": [], "x_more": nested})
    first, second = acc.to_response(), acc.to_response()
    assert _data(first) == _data(second)
    for response in (first, second):
        data = response if isinstance(response, dict) else response.model_extra if style == "pydantic" else None
        if data is None:
            data = response.extra_fields
        data["x_more"]["zones"][0]["id"] = 99
    assert nested == {"region": "eu", "zones": [{"id": 1}]}
    assert _data(acc.to_response())["x_more"] == nested


def test_a_lenient_pydantic_response_keeps_a_key_spelled_like_an_attribute_as_unknown(tmp_path: Path) -> None:
    """A response built despite drift (``from`` never sent): a key spelled like an
    attribute (``class_``, the attribute of wire name ``class``) stays an unknown field,
    never fills ``class``, and never breaks the build when ``class`` came too."""
    schemas = """\
    Msg:
      type: object
      required: [id, object, from]
      properties:
        id: {type: string}
        object: {type: string, enum: [msg]}
        from: {type: string}
        class: {type: integer}
    MsgChunk:
      type: object
      required: [id, object, choices]
      properties:
        id: {type: string}
        object: {type: string, enum: [msg.chunk]}
        from: {type: string}
        class: {type: integer}
        choices: {type: array, items: {type: object, properties: {index: {type: integer}}}}
"""
    module = generate_modules(
        _spec(tmp_path, _components(schemas)), tmp_path / "out", schemas=("MsgChunk",), styles=("pydantic",)
    )["pydantic"]
    for sent, expected in (({"class_": 5}, None), ({"class": 1, "class_": 5}, 1)):
        acc = module.MsgChunkAccumulator()
        acc.add({"id": "m", "object": "msg.chunk", "choices": [], **sent})
        response = acc.to_response()
        assert response.class_ == expected and response.model_extra == {"class_": 5, "choices": []}
        assert [(a.kind, a.path) for a in acc.anomalies] == [("incomplete", "from")]  # once, not drift too


def test_a_typeddict_response_shares_no_object_with_the_chunks(openai_modules: dict[str, ModuleType]) -> None:
    """``to_response()`` copies every object of the response, those it changes nothing in too
    (a usage's token details): the result never shares a dict with a chunk the caller passed,
    with the accumulator's state, or with another result."""
    details = {"reasoning_tokens": 3}
    chunks = [
        {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": []},
        {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": []},
    ]
    chunks[0]["choices"] = [{"index": 0, "delta": {"content": "hi"}, "finish_reason": "stop"}]
    usage = {"completion_tokens": 1, "prompt_tokens": 1, "total_tokens": 2, "completion_tokens_details": details}
    chunks[1]["usage"] = usage
    acc = openai_modules["typeddict"].CreateChatCompletionStreamResponseAccumulator()
    for chunk in chunks:
        acc.add(chunk)
    first, second = acc.to_response(), acc.to_response()
    assert first == second and first["usage"]["completion_tokens_details"] == details
    first["usage"]["completion_tokens_details"]["reasoning_tokens"] = 99
    assert details == {"reasoning_tokens": 3}
    assert second["usage"]["completion_tokens_details"] == {"reasoning_tokens": 3}
    assert acc.to_response() == second


#: The chunk stream of ``CHUNK_AND_RESPONSE`` cut before its last chunk (no ``finish_reason``).
CUT = STREAM[:1]


def _folded(module: ModuleType, chunks: list[dict[str, Any]], strict: bool = False) -> Any:
    """``module``'s ``ChunkAccumulator`` after ``chunks``."""
    acc = module.ChunkAccumulator(strict=strict)
    for chunk in chunks:
        acc.add(chunk)
    return acc


@pytest.mark.parametrize("style", STYLES)
def test_a_cut_stream_reports_a_missing_required_field_once(answer_modules: dict[str, ModuleType], style: str) -> None:
    """A required field of the response the stream never sent (a cut stream's
    ``finish_reason``) is reported once, ``incomplete``: the typed build that finds the same
    field missing adds no ``schema_drift`` for it (it did, in every style)."""
    acc = _folded(answer_modules[style], CUT)
    acc.to_response()
    assert [(a.kind, a.path) for a in acc.anomalies] == [("incomplete", "choices[0].finish_reason")]
    assert acc.answer_at_risk and acc.finished is None


@pytest.mark.parametrize("style", STYLES)
def test_a_cut_stream_is_incomplete_where_the_response_requires_no_end(tmp_path: Path, style: str) -> None:
    """A response whose choices do not require ``finish_reason`` (Together's): a stream cut
    before any chunk said it finished is still reported, once, ``incomplete`` at the top, by
    ``to_response()`` (``strict=True``: raised); a whole stream is not."""
    body = CHUNK_AND_RESPONSE.replace("required: [index, finish_reason, message]", "required: [index, message]")
    assert body != CHUNK_AND_RESPONSE
    module = generate_modules(
        _spec(tmp_path, _components(body)), tmp_path / "out", schemas=("Chunk",), styles=(style,)
    )[style]
    whole, cut = _folded(module, STREAM), _folded(module, CUT)
    whole.to_response()
    cut.to_response()
    cut.to_response()
    assert whole.anomalies == [] and whole.finished == "stop"
    assert [(a.kind, a.path) for a in cut.anomalies] == [("incomplete", "")]
    with pytest.raises(module.StreamMergeError, match="has not ended"):
        _folded(module, CUT, strict=True).to_response()


@pytest.mark.parametrize("style", STYLES)
def test_a_chunk_that_is_its_own_answer_reports_a_cut_stream(tmp_path: Path, style: str) -> None:
    """No response schema (the chunk is the answer, ``to_response()`` is ``snapshot()``): a
    stream cut before a chunk said it finished is reported ``incomplete`` all the same (TGI's
    stream reported nothing)."""
    schemas = CHUNK_AND_RESPONSE.split("    Answer:")[0].replace("enum: [chat.completion.chunk]", "")
    module = generate_modules(
        _spec(tmp_path, _components(schemas)), tmp_path / "out", schemas=("Chunk",), styles=(style,)
    )[style]
    whole, cut = _folded(module, STREAM), _folded(module, CUT)
    assert type(whole.to_response()) is type(whole.snapshot())
    whole.snapshot()
    cut.snapshot()  # a snapshot is for any moment of the stream: nothing reported
    assert whole.anomalies == [] and cut.anomalies == []
    cut.to_response()
    assert [(a.kind, a.path) for a in cut.anomalies] == [("incomplete", "")]
