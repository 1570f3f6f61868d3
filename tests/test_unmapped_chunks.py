"""Chunk streams of vendors nobody mapped: the faults a trial found on two published specs
(Together AI's ``openapi.yaml``, Hugging Face TGI's ``docs/openapi.json``), each as a small
spec of its shape, folded in every style. The rules are read from the schema's meaning:

* a content-named string directly in a chunk's list entry (``choices[].text`` of a legacy
  completion chunk) is a piece of that entry's text: concatenated, never the last token;
* the operation whose stream *is* the chunk names its answer, before one whose stream only
  holds it (TGI's ``/invocations`` streams a union of three chunk kinds);
* a field the response requires but the chunk never declares (Together's ``prompt``) cannot
  come from the stream: warned at generation, and its absence is drift, not a cut stream;
* a time stamp restated by every chunk (TGI's ``created``) is no identity: a new value is no
  conflict;
* an event-stream schema that only wraps the chunk (``{data: Chunk} | "[DONE]"``) is folded
  through the chunk: no warning that nothing folds it;
* a chunk's ``object`` (``chat.completion.chunk``) names the response's type without
  ``.chunk``, whether or not the response declares ``object``.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import CHAT_SPEC, STYLES, generate_modules

from generator.cli import main
from generator.pipeline import Options, read_spec

HEAD = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\n"

#: Two streamed operations: ``/invocations`` streams a union holding the chunk (and answers a
#: union), ``/v1/completions`` streams the chunk itself and answers ``Completion``.
SPEC = """\
paths:
  /invocations:
    post:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/AnyAnswer'}
            text/event-stream:
              schema: {$ref: '#/components/schemas/AnyStream'}
  /v1/completions:
    post:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Completion'}
            text/event-stream:
              schema: {$ref: '#/components/schemas/CompletionStream'}
components:
  schemas:
    AnyStream:
      oneOf:
        - {$ref: '#/components/schemas/CompletionChunk'}
        - {$ref: '#/components/schemas/Other'}
    AnyAnswer:
      oneOf:
        - {$ref: '#/components/schemas/Completion'}
        - {$ref: '#/components/schemas/Other'}
    Other:
      type: object
      properties: {generated_text: {type: string}}
    CompletionStream:
      oneOf:
        - {$ref: '#/components/schemas/CompletionEvent'}
        - {type: string, enum: ['[DONE]']}
    CompletionEvent:
      type: object
      required: [data]
      properties:
        data: {$ref: '#/components/schemas/CompletionChunk'}
    CompletionChunk:
      type: object
      required: [id, created, choices]
      properties:
        id: {type: string}
        created: {type: integer}
        object: {type: string}
        model: {type: string}
        choices:
          type: array
          items:
            type: object
            required: [index]
            properties:
              index: {type: integer}
              text: {type: string}
              finish_reason: {type: [string, 'null']}
    Completion:
      type: object
      required: [id, created, choices, prompt]
      properties:
        id: {type: string}
        created: {type: integer}
        model: {type: string}
        prompt: {type: string}
        choices:
          type: array
          items:
            type: object
            properties:
              index: {type: integer}
              text: {type: string}
              finish_reason: {type: string}
"""


def _chunk(created: int, text: str, finish: str | None = None) -> dict[str, Any]:
    choice = {"index": 0, "text": text, "finish_reason": finish}
    return {"id": "c", "created": created, "object": "text_completion.chunk", "model": "m", "choices": [choice]}


#: Tokens of one answer; the server stamps each chunk with the second it was sent.
STREAM = [_chunk(100, "Once"), _chunk(100, " upon"), _chunk(101, " a"), _chunk(101, " time", "length")]


def _data(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(by_alias=True, exclude_unset=True)
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return value


def _generated(tmp_path: Path, spec: str, style: str, **options: Any) -> ModuleType:
    """The module of ``style`` generated from ``HEAD + spec`` (a spec of a vendor's shape)."""
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + spec)
    return generate_modules(path, tmp_path / "out", styles=(style,), **options)[style]


@pytest.fixture(scope="module")
def spec(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("unmapped") / "s.yaml"
    path.write_text(HEAD + SPEC)
    return path


@pytest.fixture(scope="module")
def modules(spec: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    return generate_modules(spec, tmp_path_factory.mktemp("out"), schemas=("CompletionChunk",))


def test_the_operation_streaming_the_chunk_itself_names_its_answer(spec: Path) -> None:
    reading = read_spec(Options(spec=spec, schemas=("CompletionChunk",)))
    assert reading.schemas.responses == {"CompletionChunk": "Completion"}


@pytest.mark.parametrize("style", STYLES)
def test_a_legacy_completion_folds_its_text_and_its_stamps(modules: dict[str, ModuleType], style: str) -> None:
    acc = modules[style].CompletionChunkAccumulator()
    for chunk in STREAM:
        acc.add(chunk)
    answer = _data(acc.to_response())
    assert answer["choices"][0]["text"] == "Once upon a time"  # not " time"
    assert answer["created"] == 101  # the last stamp: no conflict
    assert answer["object"] == "text_completion"  # the response declares no `object`
    # `prompt` cannot come from the stream: drift (reported once), not a cut stream
    assert [(a.kind, a.path) for a in acc.anomalies] == [("schema_drift", "prompt")]
    assert not acc.answer_at_risk and acc.finished == "length"


@pytest.mark.parametrize("style", STYLES)
def test_a_cut_legacy_completion_is_incomplete(modules: dict[str, ModuleType], style: str) -> None:
    acc = modules[style].CompletionChunkAccumulator()
    for chunk in STREAM[:2]:
        acc.add(chunk)
    assert _data(acc.to_response())["choices"][0]["text"] == "Once upon"
    assert [a.kind for a in acc.anomalies] == ["incomplete", "schema_drift"]
    assert acc.anomalies[0].path == "" and acc.answer_at_risk


def test_generation_says_what_the_stream_cannot_carry_and_nothing_false(
    spec: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(spec), "-o", str(tmp_path / "out"), "-v", "--style", "typeddict"]) == 0
    err = capsys.readouterr().err
    assert "CompletionStream" not in err  # folded through its chunk: no "nothing folds it"
    assert "prompt" in err and "Completion" in err  # required by the answer, never in a chunk
    assert main([str(spec), "--explain-merge"]) == 0
    explained = capsys.readouterr().out
    assert "choices[].text" in explained and "concat" in explained.split("choices[].text", 1)[1].splitlines()[0]


@pytest.mark.parametrize("style", STYLES)
def test_a_module_of_several_roots_reads_each_roots_stream_typed(spec: Path, tmp_path: Path, style: str) -> None:
    """``iter_chunks`` reads the first root's chunks; a module of several roots has a reader
    per root (``iter_<root>``, named as its parse function), so that another root's stream is
    read as its own type (Together's chat stream failed as ``CompletionChunk``s)."""
    module = generate_modules(spec, tmp_path / "out", schemas=("CompletionChunk", "Other"), styles=(style,))[style]
    lines = [f"data: {json.dumps({'generated_text': t})}\n\n" for t in ("a", "b")] + ["data: [DONE]\n\n"]
    others = list(module.iter_other(lines))
    assert [_data(o)["generated_text"] for o in others] == ["a", "b"]
    completion = [f"data: {json.dumps(c)}\n\n" for c in STREAM]
    assert [_data(c)["choices"][0]["text"] for c in module.iter_completion_chunk(completion)] == [
        "Once",
        " upon",
        " a",
        " time",
    ]
    assert [_data(c) for c in module.iter_chunks(completion)] == [
        _data(c) for c in module.iter_completion_chunk(completion)
    ]
    assert {"iter_other", "aiter_other", "iter_completion_chunk", "aiter_completion_chunk"} <= set(module.__all__)


@pytest.mark.parametrize("style", STYLES)
def test_an_error_the_chunk_schema_declares_is_the_streams_error(tmp_path: Path, style: str) -> None:
    """``acc.error`` is the first chunk with a non-empty ``error``, also where the chunk schema
    declares ``error`` (OpenRouter's ``ChatStreamChunk``: it stayed ``None``), from a dict or
    from JSON text; the member is merged as its field all the same."""
    schemas = SPEC.split("components:\n  schemas:\n")[1].replace(
        "        model: {type: string}\n        choices:",
        "        model: {type: string}\n        error: {type: object, properties: {message: {type: string}}}\n        choices:",
        1,
    )
    assert "error: {type: object" in schemas
    path = tmp_path / "e.yaml"
    path.write_text(HEAD + "components:\n  schemas:\n" + schemas)
    module = generate_modules(path, tmp_path / "out", schemas=("CompletionChunk",), styles=(style,))[style]
    failed = {**_chunk(100, ""), "error": {"message": "upstream timed out"}}
    for given in (failed, json.dumps(failed)):
        acc = module.CompletionChunkAccumulator()
        acc.add(STREAM[0])
        acc.add(given)
        assert acc.error == failed
        assert acc.snapshot_dict()["error"] == {"message": "upstream timed out"}


def test_a_unions_tag_is_no_field_its_variants_type_differently(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each variant of a union in a delta has its own one-value ``type`` (OpenRouter's
    ``reasoning_details``): that is the union's tag, not a field typed two ways (it was warned
    about three times); a field of two kinds still is."""
    schemas = """\
components:
  schemas:
    Chunk:
      type: object
      properties:
        choices:
          type: array
          items:
            type: object
            properties:
              index: {type: integer}
              delta:
                type: object
                properties:
                  details:
                    type: array
                    items:
                      oneOf:
                        - {type: object, properties: {type: {type: string, enum: [reasoning.text]}, text: {type: string}, index: {type: integer}}}
                        - {type: object, properties: {type: {type: string, enum: [reasoning.encrypted]}, data: {type: string}, index: {type: integer}}}
                        - {type: object, properties: {type: {type: string, enum: [reasoning.summary]}, text: {type: integer}, index: {type: integer}}}
"""
    path = tmp_path / "u.yaml"
    path.write_text(HEAD + schemas)
    assert main([str(path), "-o", str(tmp_path / "out"), "--style", "typeddict", "-v"]) == 0
    warned = [line for line in capsys.readouterr().err.splitlines() if "type differently" in line]
    assert len(warned) == 1 and "'text' has another type" in warned[0]


#: An event stream whose start event carries its block as the stream's own schemas of the
#: answer's block kinds (OpenRouter's ``/messages``: ``anyOf`` of blocks beside the answer's).
EVENTS = """\
paths:
  /messages:
    post:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Answer'}
            text/event-stream:
              schema: {$ref: '#/components/schemas/Events'}
components:
  schemas:
    Events:
      oneOf:
        - {$ref: '#/components/schemas/Start'}
        - {$ref: '#/components/schemas/BlockStart'}
        - {$ref: '#/components/schemas/BlockDelta'}
        - {$ref: '#/components/schemas/Stop'}
      discriminator: {propertyName: type}
    Start:
      type: object
      required: [type, message]
      properties: {type: {type: string, enum: [message_start]}, message: {$ref: '#/components/schemas/Answer'}}
    BlockStart:
      type: object
      required: [type, index, content_block]
      properties:
        type: {type: string, enum: [content_block_start]}
        index: {type: integer}
        content_block:
          anyOf:
            - {type: object, required: [type, text], properties: {type: {type: string, enum: [text]}, text: {type: string}}}
            - {type: object, required: [type, id, name], properties: {type: {type: string, enum: [tool_use]}, id: {type: string}, name: {type: string}, input: {type: object}}}
    BlockDelta:
      type: object
      required: [type, index, delta]
      properties:
        type: {type: string, enum: [content_block_delta]}
        index: {type: integer}
        delta: {type: object, required: [type, text], properties: {type: {type: string, enum: [text_delta]}, text: {type: string}}}
    Stop:
      type: object
      required: [type]
      properties: {type: {type: string, enum: [message_stop]}}
    Answer:
      type: object
      required: [id, content]
      properties:
        id: {type: string}
        content:
          type: array
          items:
            oneOf:
              - {$ref: '#/components/schemas/Text'}
              - {$ref: '#/components/schemas/Tool'}
    Text:
      type: object
      required: [type, text]
      properties: {type: {type: string, enum: [text]}, text: {type: string}}
    Tool:
      type: object
      required: [type, id, name]
      properties: {type: {type: string, enum: [tool_use]}, id: {type: string}, name: {type: string}, input: {type: object}}
"""


@pytest.mark.parametrize("style", STYLES)
def test_a_start_event_of_the_streams_own_block_schemas_creates_the_whole_entry(tmp_path: Path, style: str) -> None:
    """The start event's block is a union of the stream's own schemas, each of a kind the
    answer's blocks have (its ``type``): the whole entry, tag included (the fold wrote each
    field but the tag, and the typed answer lost every block without a word)."""
    module = _generated(tmp_path, EVENTS, style)
    acc = module.EventsAccumulator()
    for event in (
        {"type": "message_start", "message": {"id": "m", "content": []}},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}},
        {"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use", "id": "t", "name": "f"}},
        {"type": "message_stop"},
    ):
        acc.add(event)
    assert _data(acc.to_response())["content"] == [
        {"type": "text", "text": "Hi"},
        {"type": "tool_use", "id": "t", "name": "f"},
    ]
    assert acc.anomalies == [] and acc.finished == "message_stop"


@pytest.mark.parametrize("style", STYLES)
def test_a_start_events_own_message_is_the_answers_start_not_an_entry_of_a_list_with_its_tag(
    tmp_path: Path, style: str
) -> None:
    """OpenRouter's ``message_start`` carries its own ``type: message`` schema, and its answer's
    ``usage.iterations`` holds items tagged ``type: message`` too: matched by tag, the start went
    to a side channel, and the answer lost its id, model and input tokens, reported only as drift.
    A list's entries are matched by tag only below an entry the event addresses."""
    start = "{type: string, enum: [message]}"
    spec = (
        EVENTS.replace(
            "message: {$ref: '#/components/schemas/Answer'}}", "message: {$ref: '#/components/schemas/StartMessage'}}"
        )
        .replace(
            "    Text:\n",
            f"""    StartMessage:
      type: object
      required: [type, id]
      properties: {{type: {start}, id: {{type: string}}, usage: {{type: object, properties: {{input_tokens: {{type: integer}}}}}}}}
    Text:\n""",
        )
        .replace(
            "        id: {type: string}\n        content:\n",
            f"""        id: {{type: string}}
        usage:
          type: object
          properties:
            input_tokens: {{type: integer}}
            iterations: {{type: array, items: {{type: object, properties: {{type: {start}, input_tokens: {{type: integer}}}}}}}}
        content:\n""",
        )
    )
    module = _generated(tmp_path, spec, style)
    acc = module.EventsAccumulator()
    for event in (
        {"type": "message_start", "message": {"type": "message", "id": "m", "usage": {"input_tokens": 377}}},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}},
        {"type": "message_stop"},
    ):
        acc.add(event)
    answer = _data(acc.to_response())
    assert (answer["id"], answer["usage"]["input_tokens"], answer["content"]) == (
        "m",
        377,
        [{"type": "text", "text": "Hi"}],
    )
    assert (acc.channels, acc.finished) == ({}, "message_stop")


# -- a third trial: SiliconFlow (siliconflow-inc/siliconflow-api @ 6339831, openapi.yaml) -------

#: SiliconFlow's shape: the operation's stream schema types ``choices`` as the response's
#: (``message``, no ``index``), and a chunk schema found by its ``object`` answers the same
#: response; another schema's ``object`` is an enum whose member is a list.
TWO_ROOTS = """\
paths:
  /chat/completions:
    post:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/ChatCompletionResponse'}
            text/event-stream:
              schema: {$ref: '#/components/schemas/ChatCompletionStream'}
components:
  schemas:
    EmbeddingsResponse:
      type: object
      properties:
        object: {type: string, enum: [[list]]}
    ChoicesData:
      type: array
      items:
        type: object
        properties:
          message:
            type: object
            properties: {role: {type: string}, content: {type: string}}
          finish_reason: {type: string}
    ChatCompletionResponse:
      type: object
      properties:
        id: {type: string}
        choices: {$ref: '#/components/schemas/ChoicesData'}
        object: {type: string, enum: [chat.completion]}
    ChatCompletionStream:
      type: object
      properties:
        id: {type: string}
        choices: {$ref: '#/components/schemas/ChoicesData'}
        object: {type: string, enum: [chat.completion.chunk]}
    ChatCompletionChunk:
      type: object
      properties:
        id: {type: string}
        object: {type: string, enum: [chat.completion.chunk]}
        choices:
          type: array
          items:
            type: object
            properties:
              index: {type: integer}
              finish_reason: {type: string, nullable: true}
              delta:
                type: object
                properties: {content: {type: string}}
"""


@pytest.fixture(scope="module")
def two_roots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("two-roots") / "s.yaml"
    path.write_text(HEAD + TWO_ROOTS)
    return path


@pytest.mark.parametrize("style", STYLES)
def test_two_roots_answering_one_response_convert_each_by_its_own_rules(
    two_roots: Path, tmp_path: Path, style: str
) -> None:
    """Each root's ``to_response()`` has its own conversion (one ``_TO_<RESPONSE>`` for both
    was defined twice: mypy's no-redef, and the first root converted by the second's rules);
    an enum member that is a list (``[[list]]``) elsewhere in the spec is no internal error."""
    schemas = ("ChatCompletionStream", "ChatCompletionChunk")
    module = generate_modules(two_roots, tmp_path / "out", schemas=schemas, styles=(style,))[style]
    source = Path(module.__file__ or "").read_text()
    assert source.count("_TO_CHAT_COMPLETION_RESPONSE: dict[") == 2
    assert "_CHAT_COMPLETION_CHUNK_TO_CHAT_COMPLETION_RESPONSE" in source
    acc = module.ChatCompletionChunkAccumulator()
    for piece, finish in (("Hel", None), ("lo", "stop")):
        acc.add(
            {
                "id": "c",
                "object": "chat.completion.chunk",
                "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": finish}],
            }
        )
    assert _data(acc.to_response())["choices"] == [{"message": {"content": "Hello"}, "finish_reason": "stop"}]
    acc = module.ChatCompletionStreamAccumulator()
    acc.add({"id": "c", "choices": [{"message": {"content": "Hello"}, "finish_reason": "stop"}]})
    assert _data(acc.to_response())["choices"] == [{"message": {"content": "Hello"}, "finish_reason": "stop"}]


@pytest.mark.parametrize("style", STYLES)
def test_a_top_level_list_of_entries_without_a_key_holding_text_is_keyed_by_the_index_sent(
    two_roots: Path, tmp_path: Path, style: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Entries without ``index`` carrying ``message.content`` at a chunk's top were taken from the
    last chunk (the answer was its last piece; warned since the third trial). They are keyed by the
    ``index`` SiliconFlow's servers send, undeclared, and the ``delta`` they send, undeclared too, is
    gathered as unknown text and becomes the answer's ``message``: the list is not warned, nothing reported."""
    argv = [str(two_roots), "--schema", "ChatCompletionStream", "--schema", "ChatCompletionChunk"]
    assert main([*argv, "-o", str(tmp_path / "cli"), "--style", style, "-v"]) == 0
    assert "'choices=append'" not in capsys.readouterr().err  # ``choices[].message`` as declared still is
    module = generate_modules(two_roots, tmp_path / "out", schemas=("ChatCompletionStream",), styles=(style,))[style]
    acc = module.ChatCompletionStreamAccumulator()
    for piece, finish in (("", None), ("Hel", None), ("lo", "stop")):
        choice = {"index": 0, "delta": {"role": "assistant", "content": piece}, "finish_reason": finish}
        acc.add({"id": "c", "object": "chat.completion.chunk", "choices": [choice]})
    message = {"role": "assistant", "content": "Hello"}
    assert _data(acc.to_response())["choices"] == [{"finish_reason": "stop", "message": message}]
    assert (acc.anomalies, acc.finished) == ([], "stop")


#: Writer's shape: the response requires ``message.content``, which a tool-call answer lacks.
REQUIRES_CONTENT = """\
paths:
  /chat:
    post:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Chat'}
            text/event-stream:
              schema: {$ref: '#/components/schemas/ChatChunk'}
components:
  schemas:
    Chat:
      type: object
      required: [id, choices]
      properties:
        id: {type: string}
        choices:
          type: array
          items:
            type: object
            required: [index, message, finish_reason]
            properties:
              index: {type: integer}
              finish_reason: {type: string, enum: [stop, tool_calls]}
              message:
                type: object
                required: [content, role]
                properties:
                  role: {type: string}
                  content: {type: string}
                  tool_calls: {type: array, items: {type: object, properties: {id: {type: string}}}}
    ChatChunk:
      type: object
      required: [id, choices]
      properties:
        id: {type: string}
        choices:
          type: array
          items:
            type: object
            required: [index, delta]
            properties:
              index: {type: integer}
              finish_reason: {type: string, enum: [stop, tool_calls], nullable: true}
              delta:
                type: object
                properties:
                  role: {type: string}
                  content: {type: string}
                  tool_calls:
                    type: array
                    items: {type: object, properties: {index: {type: integer}, id: {type: string}}}
"""


@pytest.mark.parametrize("style", STYLES)
def test_a_finished_answer_without_a_required_field_is_drift_not_a_cut_stream(tmp_path: Path, style: str) -> None:
    """A required field the stream never sent is ``incomplete`` while no chunk said the stream
    ended; after ``finish_reason`` it is drift (Writer's tool calls read as cut streams)."""
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + REQUIRES_CONTENT)
    module = generate_modules(path, tmp_path / "out", schemas=("ChatChunk",), styles=(style,))[style]
    chunks = [
        {"id": "c", "choices": [{"index": 0, "delta": {"role": "assistant", "tool_calls": [{"index": 0, "id": "t"}]}}]},
        {"id": "c", "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
    ]
    finished = [("schema_drift", "choices[0].message.content")]
    cut = [("incomplete", "choices[0].message.content"), ("incomplete", "choices[0].finish_reason")]
    for sent, found in ((chunks, finished), (chunks[:1], cut)):
        acc = module.ChatChunkAccumulator()
        for chunk in sent:
            acc.add(chunk)
        assert _data(acc.to_response())["choices"][0]["message"]["tool_calls"] == [{"id": "t"}]
        assert sorted((a.kind, a.path) for a in acc.anomalies) == sorted(found)
        assert acc.answer_at_risk is (found is cut)


#: Together's and SiliconFlow's chunk: the spec declares ``finish_reason`` at the top, their
#: servers send it in each choice (undeclared there).
FINISH_AT_THE_TOP = """\
components:
  schemas:
    Chunk:
      type: object
      required: [id, choices]
      properties:
        id: {type: string}
        object: {type: string, enum: [chat.completion.chunk]}
        choices:
          type: array
          items:
            type: object
            required: [index, delta]
            properties:
              index: {type: integer}
              delta: {type: object, properties: {content: {type: string}}}
        finish_reason: {type: string, enum: [stop, length], nullable: true}
"""


@pytest.mark.parametrize("style", STYLES)
def test_a_finish_reason_sent_in_each_choice_and_declared_at_the_top_ends_the_stream(
    tmp_path: Path, style: str
) -> None:
    """Every whole stream of such a vendor read as cut (``incomplete``: "the stream has not
    ended"); the finish field is now also found one level off, as an unknown field."""
    module = _generated(tmp_path, FINISH_AT_THE_TOP, style, schemas=("Chunk",))

    def chunk(piece: str, finish: str | None) -> dict[str, Any]:
        choice = {"index": 0, "delta": {"content": piece}, "finish_reason": finish}
        return {"id": "c", "object": "chat.completion.chunk", "choices": [choice]}

    stream = [chunk("Hi", None), chunk(" there", "stop")]
    for sent, finished in ((stream, "stop"), (stream[:1], None)):
        acc = module.ChunkAccumulator()
        for c in sent:
            acc.add(c)
        assert _data(acc.to_response())["choices"][0]["delta"]["content"] == "".join(
            c["choices"][0]["delta"]["content"] for c in sent
        )
        assert acc.finished == finished
        assert [a.kind for a in acc.anomalies] == ([] if finished else ["incomplete"])


# -- a fourth trial: Llama Stack (meta-llama/llama-stack @ b12cd52, docs/_static/llama-stack-spec.yaml) --

#: The native chat stream: each chunk's ``event`` holds a ``delta`` that is a union (a text
#: delta or a tool call delta) whose text is "the incremental text content".
LLAMA_NATIVE = """\
components:
  schemas:
    StreamChunk:
      type: object
      required: [event]
      properties:
        event: {$ref: '#/components/schemas/StreamEvent'}
    StreamEvent:
      type: object
      required: [event_type, delta]
      properties:
        event_type: {type: string, enum: [start, complete, progress]}
        delta:
          oneOf: [{$ref: '#/components/schemas/TextDelta'}, {$ref: '#/components/schemas/ToolCallDelta'}]
          discriminator: {propertyName: type}
    TextDelta:
      type: object
      required: [type, text]
      properties:
        type: {type: string, const: text}
        text: {type: string, description: The incremental text content}
    ToolCallDelta:
      type: object
      required: [type, tool_call]
      properties:
        type: {type: string, const: tool_call}
        tool_call: {type: string}
"""


@pytest.mark.parametrize("style", STYLES)
def test_a_piece_inside_a_union_in_the_chunks_object_merges_the_object(tmp_path: Path, style: str) -> None:
    """The chunk's ``event`` was taken whole from the last chunk (its piece of text is behind a
    union), so the answer was the last, empty, fragment, silently."""
    module = _generated(tmp_path, LLAMA_NATIVE, style, schemas=("StreamChunk",))
    acc = module.StreamChunkAccumulator()
    for kind, text in (("start", ""), ("progress", "The capital"), ("progress", " is Paris."), ("complete", "")):
        acc.add({"event": {"event_type": kind, "delta": {"type": "text", "text": text}}})
    event = acc.snapshot_dict()["event"]
    assert (event["event_type"], event["delta"]["text"]) == ("complete", "The capital is Paris.")
    assert acc.anomalies == []


@pytest.mark.parametrize("style", STYLES)
def test_a_finish_field_of_an_object_the_chunk_merges_ends_the_stream(tmp_path: Path, style: str) -> None:
    """Llama Stack's native chat says how it stopped in ``event.stop_reason``; ``acc.finished``
    read only the chunk and its lists' entries, so every stream stayed open (None)."""
    path = tmp_path / "s.yaml"
    stop = "        stop_reason: {type: string, enum: [end_of_turn, end_of_message, out_of_tokens]}\n"
    path.write_text(HEAD + LLAMA_NATIVE.replace("    TextDelta:\n", stop + "    TextDelta:\n"))
    module = generate_modules(path, tmp_path / "out", schemas=("StreamChunk",), styles=(style,))[style]
    acc = module.StreamChunkAccumulator()
    acc.add({"event": {"event_type": "progress", "delta": {"type": "text", "text": "Paris."}}})
    assert acc.finished is None
    acc.add({"event": {"event_type": "complete", "delta": {"type": "text", "text": ""}, "stop_reason": "end_of_turn"}})
    assert (acc.finished, acc.anomalies) == ("end_of_turn", [])


#: Two responses with ``object: chat.completion``: the GET's stored completion, declared first,
#: and what the POST answers beside its chunk (a oneOf of both).
LLAMA_PAIRED = """\
paths:
  /chat/completions:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Stored'}
    post:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                oneOf: [{$ref: '#/components/schemas/Completion'}, {$ref: '#/components/schemas/Chunk'}]
components:
  schemas:
    Stored:
      type: object
      properties:
        object: {type: string, const: chat.completion}
        input_messages: {type: array, items: {type: object}}
    Completion:
      type: object
      properties:
        object: {type: string, const: chat.completion}
    Chunk:
      type: object
      properties:
        object: {type: string, const: chat.completion.chunk}
        choices:
          type: array
          items:
            type: object
            properties: {index: {type: integer}, delta: {type: object, properties: {content: {type: string}}}}
"""


def test_the_response_an_operation_answers_with_the_chunk_wins_over_one_declared_first(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + LLAMA_PAIRED)
    reading = read_spec(Options(spec=path, schemas=("Chunk",)))
    assert reading.schemas.responses == {"Chunk": "Completion"}  # not the stored completion


def test_content_generated_since_the_last_chunk_is_a_piece(tmp_path: Path) -> None:
    """Llama Stack's native completion chunk: ``delta`` is "New content generated since last
    chunk"; it was replaced chunk by chunk (``text_replaced``), now joined."""
    path = tmp_path / "s.yaml"
    described = "{type: string, description: New content generated since last chunk.}"
    path.write_text(
        HEAD
        + f"components:\n  schemas:\n    Chunk:\n      type: object\n      properties:\n        delta: {described}\n"
    )
    module = generate_modules(path, tmp_path / "out", schemas=("Chunk",), styles=("typeddict",))["typeddict"]
    acc = module.ChunkAccumulator()
    for piece in ("Once", " upon", " a time"):
        acc.add({"delta": piece})
    assert acc.snapshot_dict() == {"delta": "Once upon a time"} and acc.anomalies == []


# -- the same trial: Fireworks (its "Gateway REST API 4.21.6" OpenAPI) --

#: Fireworks' delta reuses the message's tool call, which declares an ``id`` and no ``index``
#: (its server sends one), and types ``function`` as an object or a string.
FIREWORKS = """\
paths:
  /v1/chat/completions:
    post:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Completion'}
            text/event-stream:
              schema: {$ref: '#/components/schemas/Chunk'}
components:
  schemas:
    Completion:
      type: object
      required: [id, choices]
      properties:
        id: {type: string}
        choices:
          type: array
          items:
            type: object
            required: [index, message]
            properties: {index: {type: integer}, message: {$ref: '#/components/schemas/Message'}}
    Chunk:
      type: object
      required: [id, choices]
      properties:
        id: {type: string}
        choices:
          type: array
          items:
            type: object
            required: [index, delta]
            properties:
              index: {type: integer}
              delta: {$ref: '#/components/schemas/Message'}
              finish_reason: {anyOf: [{type: string}, {type: 'null'}]}
    Message:
      type: object
      properties:
        role: {anyOf: [{type: string}, {type: 'null'}]}
        content: {anyOf: [{type: string}, {type: 'null'}]}
        tool_calls: {anyOf: [{type: array, items: {$ref: '#/components/schemas/ToolCall'}}, {type: 'null'}]}
    ToolCall:
      type: object
      required: [function]
      properties:
        id: {anyOf: [{type: string}, {type: 'null'}]}
        type: {type: string, default: function}
        function:
          anyOf:
            - type: object
              properties:
                name: {anyOf: [{type: string}, {type: 'null'}]}
                arguments: {anyOf: [{type: string}, {type: 'null'}]}
            - type: string
"""


def _tool_chunk(*calls: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {"id": "c", "choices": [{"index": 0, "delta": {"tool_calls": list(calls)}, "finish_reason": finish}]}


#: Fireworks' recorded shape: every fragment carries ``index``; the first the id and name.
INDEXED = [
    _tool_chunk(
        {"index": 0, "id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": None}}
    ),
    _tool_chunk({"index": 0, "id": None, "type": "function", "function": {"arguments": '{"city": '}}),
    _tool_chunk({"index": 0, "id": None, "type": "function", "function": {"arguments": '"SF"}'}}, finish="tool_calls"),
]
#: A server of the same spec that sends no ``index``: a new id starts a call, fragments continue it.
BY_ID = [
    _tool_chunk({"id": "call_1", "type": "function", "function": {"name": "a", "arguments": '{"x":'}}),
    _tool_chunk({"function": {"arguments": "1}"}}),
    _tool_chunk(
        {"id": "call_2", "type": "function", "function": {"name": "b", "arguments": "{}"}}, finish="tool_calls"
    ),
]


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize(
    ("stream", "calls"),
    [
        (INDEXED, [("call_1", "get_weather", '{"city": "SF"}')]),
        (BY_ID, [("call_1", "a", '{"x":1}'), ("call_2", "b", "{}")]),
    ],
    ids=["index-sent", "no-index"],
)
def test_a_deltas_tool_calls_with_an_id_and_no_declared_index_fold_by_the_index_sent(
    tmp_path: Path, style: str, stream: list[dict[str, Any]], calls: list[tuple[str, str, str]]
) -> None:
    """Each fragment was appended as a tool call of its own (the list was ``append``), and the
    union-typed ``function`` kept its last object, dropping the name: silently, both. A list of
    objects with an ``id`` in a delta is keyed by the ``index`` servers send, undeclared (an item
    without one goes by its id, unreported; the index is not built into the answer); objects of a
    field that is text or an object merge field by field. Dicts and typed chunks fold alike."""
    module = _generated(tmp_path, FIREWORKS, style, schemas=("Chunk",))
    raw = [line for chunk in stream for line in (f"data: {json.dumps(chunk)}", "")]
    for chunks in (list(module.iter_chunk_dicts(raw)), list(module.iter_chunks(raw))):
        acc = module.ChunkAccumulator()
        for chunk in chunks:
            acc.add(chunk)
        got = _data(acc.to_response())["choices"][0]["message"]["tool_calls"]
        assert [(c["id"], c["function"]["name"], c["function"]["arguments"]) for c in got] == calls
        assert all("index" not in c for c in got)
        assert (acc.anomalies, acc.finished) == ([], "tool_calls")


def test_a_deltas_list_of_objects_without_an_id_still_appends(tmp_path: Path) -> None:
    """Without an id nothing addresses a fragment: the items are whole (appended), as before."""
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + FIREWORKS.replace("        id: {anyOf: [{type: string}, {type: 'null'}]}\n", ""))
    plan = read_spec(Options(spec=path, schemas=("Chunk",))).plans["Chunk"]
    delta = next(f for f in plan.fields if f.path == "choices").node.fields[1].node  # type: ignore[union-attr]
    assert {f.path: str(f.policy) for f in delta.fields}["choices[].delta.tool_calls"] == "append"


def test_by_key_may_name_a_key_the_lists_objects_do_not_declare(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--merge-policy ...=by_key`` was refused where the items declare no ``index``; it is the
    key servers send (the docs say overrides may name undeclared fields). A declared key that is
    no integer is still refused."""
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + FIREWORKS.replace("        id: {anyOf: [{type: string}, {type: 'null'}]}\n", ""))
    out = tmp_path / "out"
    assert (
        main([str(path), "-o", str(out), "--merge-policy", "choices[].delta.tool_calls=by_key", "--explain-merge"]) == 0
    )
    explained = capsys.readouterr().out
    assert "choices[].delta.tool_calls   " in explained and "by_key on index" in explained
    assert "choices[].delta.tool_calls[].index" in explained and "(default of an undeclared field)" in explained
    policy = ["--merge-policy", "choices[].delta.tool_calls=by_key:type"]
    assert main([str(path), "-o", str(out), *policy, "--explain-merge"]) == 2
    assert "'type' is no integer" in capsys.readouterr().err


# -- a fifth trial: Perplexity (its published OpenAPI, read from api-evangelist/perplexity @ f1cf286) --

#: Perplexity's Agent API streams a union named as OpenAI's (``ResponseStreamEvent``), of its own
#: events into its own answer: the map shipped for OpenAI's union of that name does not fit.
NAMED_AS_OPENAIS = """\
paths:
  /v1/agent:
    post:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "#/components/schemas/AgentResponse"}
            text/event-stream:
              schema: {$ref: "#/components/schemas/ResponseStreamEvent"}
components:
  schemas:
    AgentResponse:
      type: object
      required: [id, output]
      properties:
        id: {type: string}
        status: {type: string}
        output:
          type: array
          items: {$ref: "#/components/schemas/Message"}
    Message:
      type: object
      required: [type, content]
      properties:
        type: {type: string, const: message}
        content:
          type: array
          items:
            type: object
            properties:
              type: {type: string}
              text: {type: string}
    ResponseStreamEvent:
      oneOf:
        - {$ref: "#/components/schemas/CreatedEvent"}
        - {$ref: "#/components/schemas/TextDeltaEvent"}
      discriminator: {propertyName: type}
    CreatedEvent:
      type: object
      required: [type, response]
      properties:
        type: {type: string, const: response.created}
        response: {$ref: "#/components/schemas/AgentResponse"}
    TextDeltaEvent:
      type: object
      required: [type, output_index, content_index, delta]
      properties:
        type: {type: string, const: response.output_text.delta}
        output_index: {type: integer}
        content_index: {type: integer}
        delta: {type: string}
"""


@pytest.mark.parametrize("style", STYLES)
def test_a_shipped_map_for_another_vendors_union_of_the_same_name_gives_way_to_the_inferred_fold(
    tmp_path: Path, style: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A run on Perplexity's spec stopped with exit 2 and wrote nothing: the map shipped for
    OpenAI's ``ResponseStreamEvent`` was applied by the name alone. A shipped map that does not fit
    is left out, warned, and the fold is inferred from the schema."""
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + NAMED_AS_OPENAIS)
    assert main([str(path), "-o", str(tmp_path / "cli"), "--style", style]) == 0
    assert "openai-responses.yaml: path " in capsys.readouterr().err
    module = generate_modules(path, tmp_path / "out", styles=(style,))[style]
    acc = module.ResponseStreamEventAccumulator()
    acc.add({"type": "response.created", "response": {"id": "r", "output": []}})
    for piece in ("Hi", " there"):
        acc.add({"type": "response.output_text.delta", "output_index": 0, "content_index": 0, "delta": piece})
    assert acc.snapshot_dict()["output"][0]["content"][0]["text"] == "Hi there"


#: Perplexity's chat chunk: ``object`` a free string; its servers' last chunk says ``chat.completion.done``.
LABELLED = """\
components:
  schemas:
    Chunk:
      type: object
      required: [id, choices]
      properties:
        id: {type: string}
        object: {type: string, default: chat.completion}
        choices:
          type: array
          items:
            type: object
            properties:
              index: {type: integer}
              delta: {type: object, properties: {content: {type: string}}}
              finish_reason: {type: string, nullable: true}
"""


@pytest.mark.parametrize("style", STYLES)
def test_an_object_label_no_enum_fixes_may_change_without_putting_the_answer_at_risk(
    tmp_path: Path, style: str
) -> None:
    """Every whole Perplexity stream was at risk: ``object`` was an identity, and the last chunk's
    new label a ``conflict``. A label the schema leaves free is the chunk's, not the answer's: the
    last one is kept, unreported; one an enum fixes stays an identity."""
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + LABELLED)
    module = generate_modules(path, tmp_path / "out", schemas=("Chunk",), styles=(style,))[style]
    acc = module.ChunkAccumulator()
    for label, piece, finish in (("chat.completion.chunk", "Hi", None), ("chat.completion.done", " there", "stop")):
        acc.add(
            {
                "id": "c",
                "object": label,
                "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": finish}],
            }
        )
    assert acc.snapshot_dict()["choices"][0]["delta"]["content"] == "Hi there"
    assert (acc.anomalies, acc.answer_at_risk, acc.finished) == ([], False, "stop")
    fixed = HEAD + LABELLED.replace("default: chat.completion}", "enum: [chat.completion.chunk]}")
    path.write_text(fixed)
    plan = read_spec(Options(spec=path, schemas=("Chunk",))).plans["Chunk"]
    assert {f.path: str(f.policy) for f in plan.fields}["object"] == "set"


#: Perplexity's sonar chat: the operation answers the chunk's own schema, whose choice declares
#: ``message`` ("Complete message (non-streaming)") beside ``delta`` ("... (streaming)").
BOTH_FORMS = """\
paths:
  /v1/sonar:
    post:
      responses:
        "200":
          description: Successful Response
          content:
            application/json:
              schema: {$ref: "#/components/schemas/CompletionResponse"}
components:
  schemas:
    CompletionResponse:
      type: object
      required: [id, model, created, choices]
      properties:
        id: {type: string}
        model: {type: string}
        created: {type: integer}
        object: {type: string, description: Object type identifier, default: chat.completion}
        choices:
          type: array
          items: {$ref: "#/components/schemas/Choice"}
    Choice:
      type: object
      required: [index, message, delta]
      properties:
        index: {type: integer}
        finish_reason:
          anyOf: [{type: string, enum: [stop, length]}, {type: "null"}]
        message: {$ref: "#/components/schemas/ChatMessage", description: "Complete message (non-streaming)"}
        delta: {$ref: "#/components/schemas/ChatMessage", description: "Incremental message delta (streaming)"}
    ChatMessage:
      type: object
      required: [role, content]
      properties:
        role: {type: string, enum: [system, user, assistant, tool]}
        content:
          anyOf: [{type: string}, {type: "null"}]
"""


@pytest.mark.parametrize("style", STYLES)
def test_a_chunk_that_is_its_own_answer_with_message_beside_delta_answers_in_message(
    tmp_path: Path, style: str
) -> None:
    """``to_response()`` returned the snapshot: the answer stayed in ``delta`` and ``message`` was
    missing. Where the choice declares both, the folded ``delta`` is the answer's ``message`` (as
    the server's own non-stream answer has it); the ``delta`` the spec also requires, and that
    answer lacks, is reported as drift."""
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + BOTH_FORMS)
    module = generate_modules(path, tmp_path / "out", schemas=("CompletionResponse",), styles=(style,))[style]
    acc = module.CompletionResponseAccumulator()
    for piece, finish in (("Hi", None), (" there", "stop")):
        choice = {"index": 0, "delta": {"role": "assistant", "content": piece}, "finish_reason": finish}
        label = "chat.completion.done" if finish else "chat.completion.chunk"  # as its servers send
        acc.add({"id": "c", "model": "sonar", "created": 1, "object": label, "choices": [choice]})
    answer = _data(acc.to_response())
    assert answer["object"] == "chat.completion"  # the schema's default: the answer's type, not a chunk's label
    choice = answer["choices"][0]
    assert choice["message"] == {"role": "assistant", "content": "Hi there"} and choice.get("delta") is None
    assert [(a.kind, a.path) for a in acc.anomalies] == [("schema_drift", "choices[0].delta")]
    assert not acc.answer_at_risk


# -- a sixth trial: xAI (its published OpenAPI, read from api-evangelist/xai @ 4710b052) --

#: xAI's chunk (no operation declares a stream): ``object`` a free string, the response named
#: ``ChatResponse`` beside ``ChatResponseChunk``, a tool call's ``index`` optional and nullable.
XAI = """\
paths: {}
components:
  schemas:
    ChatResponse:
      type: object
      required: [id, choices]
      properties:
        id: {type: string}
        object: {type: string, description: 'always "chat.completion"'}
        choices:
          type: array
          items:
            type: object
            required: [index, message]
            properties:
              index: {type: integer}
              finish_reason: {type: [string, 'null']}
              message: {$ref: '#/components/schemas/Delta'}
    ChatResponseChunk:
      type: object
      required: [id, object, created, model, choices]
      properties:
        id: {type: string}
        object: {type: string}
        created: {type: integer}
        model: {type: string}
        choices: {type: array, items: {$ref: '#/components/schemas/ChoiceChunk'}}
    ChoiceChunk:
      type: object
      required: [index, delta]
      properties:
        index: {type: integer}
        finish_reason: {type: [string, 'null']}
        delta: {$ref: '#/components/schemas/Delta'}
    Delta:
      type: object
      properties:
        role: {type: [string, 'null']}
        content: {type: [string, 'null']}
        tool_calls: {type: [array, 'null'], items: {$ref: '#/components/schemas/ToolCall'}}
    ToolCall:
      type: object
      required: [id, function]
      properties:
        id: {type: string}
        index: {type: [integer, 'null'], description: Index of the tool call.}
        type: {type: [string, 'null']}
        function: {$ref: '#/components/schemas/Function'}
    Function:
      type: object
      required: [name, arguments]
      properties:
        name: {type: string}
        arguments: {type: string}
"""


def _xai_chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    choice = {"index": 0, "delta": delta, "finish_reason": finish}
    return {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "grok", "choices": [choice]}


@pytest.mark.parametrize("style", STYLES)
def test_the_response_named_as_the_chunk_without_chunk_is_its_answer_and_an_optional_key_may_be_absent(
    tmp_path: Path, style: str
) -> None:
    """``to_response()`` returned the chunk type (``delta``, ``chat.completion.chunk``): nothing
    named ``ChatResponse`` as the answer of ``ChatResponseChunk``. And whole tool calls, each with
    its own id and no ``index`` (which xAI's schema makes optional), set ``answer_at_risk``
    (``missing_key``) on a whole, right stream: an absent key the schema allows is no anomaly."""
    module = _generated(tmp_path, XAI, style, schemas=("ChatResponseChunk",))
    acc = module.ChatResponseChunkAccumulator()
    acc.add(_xai_chunk({"role": "assistant", "content": "Let me check."}))
    for n, city in enumerate(("Paris", "Rome")):
        call = {"id": f"call_{n}", "type": "function", "function": {"name": "weather", "arguments": city}}
        acc.add(_xai_chunk({"tool_calls": [call]}, "tool_calls" if n else None))
    answer = acc.to_response()
    assert type(answer).__name__ == ("dict" if style == "typeddict" else "ChatResponse")
    data = _data(answer)
    message = data["choices"][0]["message"]
    assert data["object"] == "chat.completion" and message["content"] == "Let me check."
    assert [(c["id"], c["function"]["arguments"]) for c in message["tool_calls"]] == [
        ("call_0", "Paris"),
        ("call_1", "Rome"),
    ]
    assert (acc.anomalies, acc.answer_at_risk, acc.finished) == ([], False, "tool_calls")


#: Writer's chunk: each choice carries ``message`` ("deprecated for streaming. Use `delta` instead")
#: beside ``delta``, and its servers send each piece in both.
WRITER = """\
components:
  schemas:
    Completion:
      type: object
      properties:
        object: {type: string, enum: [chat.completion]}
        choices:
          type: array
          items:
            type: object
            properties: {index: {type: integer}, message: {$ref: '#/components/schemas/Message'}}
    Chunk:
      type: object
      required: [id, choices]
      properties:
        id: {type: string}
        object: {type: string, enum: [chat.completion.chunk]}
        choices:
          type: array
          items:
            type: object
            required: [index, delta]
            properties:
              index: {type: integer}
              finish_reason: {type: string, nullable: true}
              message: {$ref: '#/components/schemas/Message'}
              delta: {$ref: '#/components/schemas/Message'}
    Message:
      type: object
      description: The chat completion message from the model. Note, this field is deprecated for streaming.
      properties:
        role: {type: string}
        content: {type: string}
        sources: {type: array, items: {type: string}}
"""


@pytest.mark.parametrize("style", STYLES)
def test_a_message_sent_beside_the_delta_puts_no_whole_stream_at_risk(tmp_path: Path, style: str) -> None:
    """Every Writer stream was at risk: its ``message.content``, sent in pieces as ``delta``'s is,
    was a ``last`` text replaced each chunk (``text_replaced``). The answer's message is the folded
    ``delta``; a ``message`` beside it is taken as sent last, unreported."""
    module = _generated(tmp_path, WRITER, style, schemas=("Chunk",))
    acc = module.ChunkAccumulator()
    for piece, finish in (("This", None), (" is", None), (" it.", "stop")):
        part = {"role": "assistant", "content": piece}
        choice = {"index": 0, "message": part, "delta": part, "finish_reason": finish}
        acc.add({"id": "c", "object": "chat.completion.chunk", "choices": [choice]})
    assert _data(acc.to_response())["choices"][0]["message"]["content"] == "This is it."
    assert (acc.anomalies, acc.answer_at_risk, acc.finished) == ([], False, "stop")


#: Llama Stack's native completion: the chunk's ``delta`` ("New content generated since last
#: chunk") is the answer's ``content`` (trial 4's repro, from its spec at b12cd52).
LLAMA_COMPLETION = """\
paths:
  /v1/inference/completion:
    post:
      responses:
        '200':
          description: If stream=False, returns a CompletionResponse with the full completion. If stream=True, returns an SSE event stream of CompletionResponseStreamChunk.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/CompletionResponse'}
            text/event-stream:
              schema: {$ref: '#/components/schemas/CompletionResponseStreamChunk'}
components:
  schemas:
    CompletionResponse:
      type: object
      properties:
        content: {type: string, description: The generated completion text}
        stop_reason: {type: string, enum: [end_of_turn, end_of_message, out_of_tokens], description: Reason why generation stopped}
      additionalProperties: false
      required: [content, stop_reason]
      description: Response from a completion request.
    CompletionResponseStreamChunk:
      type: object
      properties:
        delta: {type: string, description: New content generated since last chunk. This can be one or more tokens.}
        stop_reason: {type: string, enum: [end_of_turn, end_of_message, out_of_tokens], description: 'Optional reason why generation stopped, if complete'}
      additionalProperties: false
      required: [delta]
      description: A chunk of a streamed completion response.
"""


@pytest.mark.parametrize("style", STYLES)
def test_a_chunks_delta_text_is_the_answers_content_where_the_answer_has_no_message(tmp_path: Path, style: str) -> None:
    """``to_response()`` left ``content`` empty (reported missing) and the joined text in an
    extra ``delta``: ``delta`` becomes ``message``, else ``content``, where the answer has it."""
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + LLAMA_COMPLETION)
    module = generate_modules(path, tmp_path / "out", schemas=("CompletionResponseStreamChunk",), styles=(style,))[
        style
    ]
    acc = module.CompletionResponseStreamChunkAccumulator()
    for piece, stop in (("Once", None), (" upon", None), (" a time", "out_of_tokens")):
        acc.add({"delta": piece, **({"stop_reason": stop} if stop else {})})
    assert _data(acc.to_response()) == {"content": "Once upon a time", "stop_reason": "out_of_tokens"}
    assert (acc.anomalies, acc.finished) == ([], "out_of_tokens")


#: Groq's chunk: a declared ``x_groq`` object (no piece in it: ``last``) whose ``seed`` only the first
#: chunk sends, and whose ``usage`` only the last; and a map (``additionalProperties``) beside it.
GROQ = """\
components:
  schemas:
    Chunk:
      type: object
      required: [id, choices]
      properties:
        id: {type: string}
        choices:
          type: array
          items:
            type: object
            required: [index, delta]
            properties:
              index: {type: integer}
              finish_reason: {type: string, nullable: true}
              delta: {type: object, properties: {content: {type: string}}}
        x_groq:
          type: object
          properties:
            id: {type: string}
            seed: {type: integer}
            usage: {type: object, properties: {queue_time: {type: number}, total_tokens: {type: integer}}}
        tags: {type: object, additionalProperties: {type: string}}
"""


@pytest.mark.parametrize("style", STYLES)
def test_a_last_object_of_declared_fields_keeps_those_a_later_value_does_not_state(tmp_path: Path, style: str) -> None:
    """Groq's ``x_groq.seed`` (first chunk only) was lost to the last chunk's ``x_groq``: a later
    value of an object of declared fields replaces the fields it states, and keeps the others, as
    an undeclared object's fields merge. A map is still taken whole (each value is the whole map)."""
    module = _generated(tmp_path, GROQ, style, schemas=("Chunk",))
    chunks = [
        {"id": "c", "choices": [{"index": 0, "delta": {"content": "Hi"}}], "x_groq": {"id": "r", "seed": 7}},
        {"id": "c", "choices": [{"index": 0, "delta": {"content": "!"}}], "tags": {"a": "1"}},
        {
            "id": "c",
            "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}],
            "x_groq": {"id": "r", "usage": {"total_tokens": 5}},
            "tags": {"b": "2"},
        },
    ]
    by_json, by_model = module.ChunkAccumulator(), module.ChunkAccumulator()
    for chunk in chunks:
        by_json.add(json.loads(json.dumps(chunk)))
        if style != "typeddict":
            by_model.add(module.parse_chunk(json.loads(json.dumps(chunk))))
    data = by_json.snapshot_dict()
    assert data["x_groq"] == {"id": "r", "seed": 7, "usage": {"total_tokens": 5}}
    assert data["tags"] == {"b": "2"}
    assert data["choices"][0]["delta"]["content"] == "Hi!"
    assert by_json.anomalies == []
    if style != "typeddict":
        assert by_model.snapshot_dict() == data


# -- a seventh trial: Moonshot (tryAGI/Moonshot @ 389d1fc, streams of vercel/ai's moonshotai fixtures) --

#: Moonshot's chunk: tool calls with an ``id`` and no ``index`` declared (keyed by the index servers send).
MOONSHOT = """\
components:
  schemas:
    ChatCompletionChunk:
      type: object
      properties:
        id: {type: string}
        choices:
          type: array
          items:
            type: object
            properties:
              index: {type: integer}
              finish_reason: {type: [string, 'null']}
              delta:
                type: object
                properties:
                  role: {type: string}
                  content: {type: string}
                  tool_calls:
                    type: array
                    items:
                      type: object
                      properties:
                        id: {type: string}
                        type: {type: string, enum: [function]}
                        function:
                          type: object
                          properties: {name: {type: string}, arguments: {type: string}}
"""


def _moonshot_chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {"id": "c", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


@pytest.mark.parametrize("style", STYLES)
def test_fragments_of_several_calls_in_one_list_without_key_or_id_continue_the_newest_calls_in_order(
    tmp_path: Path, style: str
) -> None:
    """Moonshot opens two calls in one chunk, then sends both calls' argument fragments in one
    list, with no index and no id (vercel/ai's ``moonshotai-stream-indexless-tool-calls``). Both
    went to the newest call, silently: ``time_1`` got invalid JSON and ``weather_0`` nothing. Such
    fragments continue the newest calls in their order, from dicts and from typed chunks."""
    module = _generated(tmp_path, MOONSHOT, style, schemas=("ChatCompletionChunk",))
    opened = [
        {"id": f"{name}_{n}", "type": "function", "function": {"name": name, "arguments": ""}}
        for n, name in enumerate(("weather", "time"))
    ]
    chunks = [
        _moonshot_chunk({"role": "assistant", "content": ""}),
        _moonshot_chunk({"tool_calls": opened}),
        _moonshot_chunk(
            {"tool_calls": [{"function": {"arguments": '{"city":'}}, {"function": {"arguments": '{"zone":'}}]}
        ),
        _moonshot_chunk(
            {"tool_calls": [{"function": {"arguments": '"Paris"}'}}, {"function": {"arguments": '"UTC"}'}}]}
        ),
        _moonshot_chunk({"tool_calls": [{"function": {"arguments": ""}}]}, "tool_calls"),
    ]
    for typed in (False, True) if style != "typeddict" else (False,):
        acc = module.ChatCompletionChunkAccumulator()
        for chunk in json.loads(json.dumps(chunks)):
            acc.add(module.parse_chat_completion_chunk(chunk) if typed else chunk)
        calls = acc.snapshot_dict()["choices"][0]["delta"]["tool_calls"]
        assert [(c["id"], c["function"]["arguments"]) for c in calls] == [
            ("weather_0", '{"city":"Paris"}'),
            ("time_1", '{"zone":"UTC"}'),
        ]
        assert (acc.anomalies, acc.finished) == ([], "tool_calls")


# -- the seventh trial: AI21 (tryAGI/AI21 @ 9f4795c, src/libs/AI21/openapi.json) --

#: AI21's chat: one JSON answer, ``anyOf`` the completion and a list of the chunks (no stream media).
AI21 = """\
paths:
  /studio/v1/chat/completions:
    post:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                anyOf:
                  - $ref: '#/components/schemas/ChatCompletion'
                  - {type: array, items: {$ref: '#/components/schemas/ChatCompletionVllmStreamingMessage'}}
components:
  schemas:
    ChatCompletion:
      type: object
      required: [id, choices]
      properties:
        id: {type: string}
        choices:
          type: array
          items:
            type: object
            required: [index, message]
            properties:
              index: {type: integer}
              finish_reason: {type: string}
              message:
                type: object
                properties: {role: {type: string}, content: {type: string}}
    ChatCompletionVllmStreamingMessage:
      type: object
      required: [id, choices]
      properties:
        id: {type: string}
        choices:
          type: array
          items:
            type: object
            required: [index, delta]
            properties:
              index: {type: integer}
              finish_reason: {type: [string, 'null']}
              delta: {type: object, properties: {role: {type: string}, content: {type: string}}}
"""


@pytest.mark.parametrize("style", STYLES)
def test_the_answer_in_one_json_union_with_a_list_of_chunks_is_the_chunks_answer(tmp_path: Path, style: str) -> None:
    """AI21's operation answers ``anyOf [ChatCompletion, array of the chunk]`` and streams nothing
    it declares: ``to_response()`` returned the chunk type (``delta``, no ``message``), unreported.
    The union's other member is the answer."""
    module = _generated(tmp_path, AI21, style, schemas=("ChatCompletionVllmStreamingMessage",))
    acc = module.ChatCompletionVllmStreamingMessageAccumulator()
    for piece, finish in (("Hel", None), ("lo", "stop")):
        acc.add({"id": "c", "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": finish}]})
    answer = acc.to_response()
    assert type(answer).__name__ == ("dict" if style == "typeddict" else "ChatCompletion")
    choice = _data(answer)["choices"][0]
    assert choice["message"]["content"] == "Hello" and "delta" not in choice
    assert (acc.anomalies, acc.finished) == ([], "stop")


#: AI21's delta: a union of four variants; the tool call's start (``id``, ``function.name``) and its
#: deltas (``function.arguments``) are two schemas, each in its own variant's ``tool_calls``.
AI21_TOOLS = """\
components:
  schemas:
    Chunk:
      type: object
      required: [id, choices]
      properties:
        id: {type: string}
        choices:
          type: array
          items:
            type: object
            required: [index, delta]
            properties:
              index: {type: integer}
              finish_reason: {type: [string, 'null']}
              delta:
                anyOf:
                  - {type: object, required: [role], properties: {role: {type: string}}}
                  - {type: object, required: [content], properties: {content: {type: string}}}
                  - type: object
                    required: [tool_calls]
                    properties: {tool_calls: {type: array, items: {$ref: '#/components/schemas/ToolCallStart'}}}
                  - type: object
                    required: [tool_calls]
                    properties: {tool_calls: {type: array, items: {$ref: '#/components/schemas/ToolCallDelta'}}}
    ToolCallStart:
      type: object
      required: [id, index, function]
      properties:
        id: {type: string}
        index: {type: integer}
        function: {type: object, required: [name], properties: {name: {type: string}}}
    ToolCallDelta:
      type: object
      required: [index, function]
      properties:
        index: {type: integer}
        function: {type: object, required: [arguments], properties: {arguments: {type: string}}}
"""


@pytest.mark.parametrize("style", STYLES)
def test_a_field_other_variants_type_as_other_objects_gathers_them_all(tmp_path: Path, style: str) -> None:
    """AI21's ``tool_calls`` hold a start in one variant and deltas in another: the plan took the
    first variant's items, so ``function.arguments`` was no field of it and merged by the rule for
    unknown fields, where a repeated piece is taken as resent (``ab``, ``ab``, ``ab`` gave ``ab``),
    silently. Objects (and lists of objects) that variants type differently are gathered too."""
    module = _generated(tmp_path, AI21_TOOLS, style, schemas=("Chunk",))
    acc = module.ChunkAccumulator()
    start = {"id": "call_1", "index": 0, "function": {"name": "f"}}
    for tool_calls in ([start], *[[{"index": 0, "function": {"arguments": "ab"}}]] * 3):
        acc.add({"id": "c", "choices": [{"index": 0, "delta": {"tool_calls": tool_calls}, "finish_reason": None}]})
    acc.add({"id": "c", "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]})
    call = acc.snapshot_dict()["choices"][0]["delta"]["tool_calls"][0]
    assert call == {"id": "call_1", "index": 0, "function": {"name": "f", "arguments": "ababab"}}
    assert (acc.anomalies, acc.finished) == ([], "tool_calls")


# -- an eighth trial: Dify (langgenius/dify-docs, en/api-reference/openapi_chat.json @ 6aa0ae4^) --

#: Dify's chat: its stream typed as text (``type: string``), its events a union tagged ``event`` (members
#: built with ``allOf``), the answer's text in ``message`` events ("LLM returned text chunk").
DIFY = """\
paths:
  /chat-messages:
    post:
      operationId: sendChatMessage
      responses:
        "200":
          description: blocking answer, or an SSE stream
          content:
            application/json:
              schema: {$ref: "#/components/schemas/ChatCompletionResponse"}
            text/event-stream:
              schema: {type: string, description: "SSE; read the `event` field of each data object"}
components:
  schemas:
    ChatCompletionResponse:
      type: object
      properties:
        event: {type: string}
        task_id: {type: string}
        id: {type: string}
        message_id: {type: string}
        conversation_id: {type: string}
        answer: {type: string, description: Complete response content.}
        metadata:
          type: object
          properties:
            usage: {$ref: "#/components/schemas/Usage"}
        created_at: {type: integer}
    Usage:
      type: object
      properties:
        prompt_tokens: {type: integer}
        completion_tokens: {type: integer}
        total_tokens: {type: integer}
    ChunkChatEvent:
      type: object
      properties:
        event: {type: string, enum: [message, message_file, tts_message_end, message_end, error]}
      discriminator:
        propertyName: event
        mapping:
          message: "#/components/schemas/StreamEventChatMessage"
          message_file: "#/components/schemas/StreamEventChatMessageFile"
          tts_message_end: "#/components/schemas/StreamEventChatTtsMessageEnd"
          message_end: "#/components/schemas/StreamEventChatMessageEnd"
          error: "#/components/schemas/StreamEventChatError"
    StreamEventBase:
      type: object
      properties:
        task_id: {type: string}
        message_id: {type: string}
        conversation_id: {type: string}
        created_at: {type: integer}
    StreamEventChatMessage:
      allOf:
        - {$ref: "#/components/schemas/ChunkChatEvent"}
        - {$ref: "#/components/schemas/StreamEventBase"}
        - type: object
          properties:
            answer: {type: string, description: LLM returned text chunk.}
    StreamEventChatMessageFile:
      allOf:
        - {$ref: "#/components/schemas/ChunkChatEvent"}
        - {$ref: "#/components/schemas/StreamEventBase"}
        - type: object
          description: Message file event, a new file has created by tool.
          properties:
            id: {type: string, description: File unique ID}
            type: {type: string, description: "File type, only allow 'image' currently"}
            belongs_to: {type: string, description: "Belongs to, it will only be an 'assistant' here"}
            url: {type: string, description: Remote url of file}
    StreamEventChatTtsMessageEnd:
      allOf:
        - {$ref: "#/components/schemas/ChunkChatEvent"}
        - {$ref: "#/components/schemas/StreamEventBase"}
        - type: object
          description: TTS audio stream end event.
          properties:
            audio: {type: string}
    StreamEventChatMessageEnd:
      allOf:
        - {$ref: "#/components/schemas/ChunkChatEvent"}
        - {$ref: "#/components/schemas/StreamEventBase"}
        - type: object
          description: Message end event, streaming has ended.
          properties:
            id: {type: string}
            metadata:
              type: object
              properties:
                usage: {$ref: "#/components/schemas/Usage"}
    StreamEventChatError:
      allOf:
        - {$ref: "#/components/schemas/ChunkChatEvent"}
        - {$ref: "#/components/schemas/StreamEventBase"}
        - type: object
          properties:
            status: {type: integer}
            code: {type: string}
            message: {type: string}
"""

DIFY_EVENTS = [
    *(
        {
            "event": "message",
            "task_id": "t1",
            "message_id": "m1",
            "conversation_id": "c1",
            "answer": piece,
            "created_at": 1,
        }
        for piece in (" I", "'m", " glad")
    ),
    {
        "event": "message_end",
        "task_id": "t1",
        "id": "r1",
        "message_id": "m1",
        "metadata": {"usage": {"total_tokens": 5}},
    },
]


@pytest.mark.parametrize("style", STYLES)
def test_a_union_no_operation_names_builds_what_an_operation_answers_beside_a_text_stream(
    tmp_path: Path, style: str
) -> None:
    """Dify types its stream as text, so no operation names the event union (``--schema``): the fold
    built the ``tts_message_end`` event, and the text and usage were gone, silently. The object an
    operation answers as JSON beside a text stream is a target; and a "text chunk" is a piece, joined."""
    module = _generated(tmp_path, DIFY, style, schemas=("ChunkChatEvent",))
    acc = module.ChunkChatEventAccumulator()
    for event in json.loads(json.dumps(DIFY_EVENTS)):
        acc.add(event)
    answer = acc.to_response()
    assert type(answer).__name__ == ("dict" if style == "typeddict" else "ChatCompletionResponse")
    data = _data(answer)
    assert (data["id"], data["answer"], data["metadata"]["usage"]) == ("r1", " I'm glad", {"total_tokens": 5})
    assert (acc.anomalies, acc.finished) == ([], "message_end")


@pytest.mark.parametrize("style", STYLES)
def test_an_event_about_another_object_than_the_answer_is_a_side_channel(tmp_path: Path, style: str) -> None:
    """Dify's ``message_file`` carries the ids every event carries and a file (``id``, ``type``, ``url``):
    it was merged into the answer, whose ``id`` became the file's, and the file's other fields were
    dropped, unreported. The fields every event has say nothing of what one is about: the rest are
    mostly the target's (merged) or not (a side channel, kept whole)."""
    module = _generated(tmp_path, DIFY, style, schemas=("ChunkChatEvent",))
    acc = module.ChunkChatEventAccumulator()
    file = {"event": "message_file", "task_id": "t1", "message_id": "m1", "conversation_id": "c1", "id": "f1"}
    file |= {"type": "image", "belongs_to": "assistant", "url": "https://example.com/cat.png", "created_at": 1}
    end = {k: v for k, v in DIFY_EVENTS[-1].items() if k != "id"}  # as Dify's example sends it
    for event in json.loads(json.dumps([DIFY_EVENTS[0], file, *DIFY_EVENTS[1:-1], end])):
        acc.add(event)
    data = _data(acc.to_response())
    assert (data.get("id"), data["message_id"], data["answer"]) == (None, "m1", " I'm glad")
    assert (acc.channels, acc.anomalies, acc.finished) == ({"file": [file]}, [], "message_end")


@pytest.mark.parametrize("style", STYLES)
def test_an_sse_error_event_tagged_by_the_unions_own_tag_is_folded_not_raised(tmp_path: Path, style: str) -> None:
    """The SSE reader told the union's own ``event: error`` from the stream's error only by a string
    ``type``: Dify's union is tagged ``event``, so its error event raised ``StreamError`` from
    ``iter_chunk_dicts`` while ``acc.add`` of the same dict folded it (``acc.error``). The reader now
    knows the module's tag fields; an untagged error event still raises."""
    module = _generated(tmp_path, DIFY, style, schemas=("ChunkChatEvent",))
    error = {"event": "error", "message_id": "m1", "status": 400, "code": "invalid_param", "message": "no"}
    lines = [f"data: {json.dumps(DIFY_EVENTS[0])}", "", "event: error", f"data: {json.dumps(error)}", ""]
    acc = module.ChunkChatEventAccumulator()
    for event in module.iter_chunk_dicts(lines):
        acc.add(event)
    assert (acc.error, _data(acc.snapshot())["answer"]) == (error, " I")
    with pytest.raises(module.StreamError):
        list(module.iter_chunk_dicts(["event: error", 'data: {"message": "overloaded"}', ""]))


# -- a ninth trial: Letta (letta-ai/letta, fern/openapi.json @ 2953a9f) --

#: Letta's agent messages: the JSON answer a ``LettaResponse``, the stream declared with no schema (the
#: events' union is only a component), its members tagged ``message_type``; two of them are exactly
#: the types of the answer's ``stop_reason`` and ``usage``.
LETTA = """\
paths:
  /v1/agents/{agent_id}/messages:
    post:
      operationId: send_message
      responses:
        "200":
          description: the answer, or a stream when streaming=true
          content:
            application/json:
              schema: {$ref: "#/components/schemas/LettaResponse"}
            text/event-stream: {description: "Server-Sent Events stream (when streaming=true in request body)"}
components:
  schemas:
    LettaResponse:
      type: object
      required: [messages, stop_reason, usage]
      properties:
        messages:
          type: array
          items: {$ref: "#/components/schemas/LettaMessageUnion"}
        stop_reason: {$ref: "#/components/schemas/LettaStopReason"}
        usage: {$ref: "#/components/schemas/LettaUsageStatistics"}
    LettaMessageUnion:
      oneOf:
        - {$ref: "#/components/schemas/ReasoningMessage"}
        - {$ref: "#/components/schemas/AssistantMessage"}
      discriminator:
        propertyName: message_type
        mapping:
          reasoning_message: "#/components/schemas/ReasoningMessage"
          assistant_message: "#/components/schemas/AssistantMessage"
    LettaStreamingResponse:
      oneOf:
        - {$ref: "#/components/schemas/ReasoningMessage"}
        - {$ref: "#/components/schemas/AssistantMessage"}
        - {$ref: "#/components/schemas/LettaErrorMessage"}
        - {$ref: "#/components/schemas/LettaStopReason"}
        - {$ref: "#/components/schemas/LettaUsageStatistics"}
      discriminator:
        propertyName: message_type
        mapping:
          reasoning_message: "#/components/schemas/ReasoningMessage"
          assistant_message: "#/components/schemas/AssistantMessage"
          error_message: "#/components/schemas/LettaErrorMessage"
          stop_reason: "#/components/schemas/LettaStopReason"
          usage_statistics: "#/components/schemas/LettaUsageStatistics"
    ReasoningMessage:
      type: object
      required: [id, date, reasoning]
      properties:
        id: {type: string}
        date: {type: string, format: date-time}
        message_type: {type: string, const: reasoning_message, default: reasoning_message}
        reasoning: {type: string}
    AssistantMessage:
      type: object
      required: [id, date, content]
      properties:
        id: {type: string}
        date: {type: string, format: date-time}
        message_type: {type: string, const: assistant_message, default: assistant_message}
        content: {type: string, description: The message content sent by the agent.}
    LettaErrorMessage:
      type: object
      required: [run_id, error_type, message]
      properties:
        message_type: {type: string, const: error_message, default: error_message}
        run_id: {type: string}
        error_type: {type: string}
        message: {type: string}
    LettaStopReason:
      type: object
      required: [stop_reason]
      properties:
        message_type: {type: string, const: stop_reason, default: stop_reason}
        stop_reason: {type: string, enum: [end_turn, error, max_steps]}
    LettaUsageStatistics:
      type: object
      properties:
        message_type: {type: string, const: usage_statistics, default: usage_statistics}
        completion_tokens: {type: integer, default: 0}
        prompt_tokens: {type: integer, default: 0}
        total_tokens: {type: integer, default: 0}
"""

LETTA_EVENTS = [
    {"message_type": "reasoning_message", "id": "m-1", "date": "2026-01-01T00:00:00Z", "reasoning": "A greeting."},
    {"message_type": "assistant_message", "id": "m-2", "date": "2026-01-01T00:00:01Z", "content": "Hello!"},
    {"message_type": "stop_reason", "stop_reason": "end_turn"},
    {"message_type": "usage_statistics", "completion_tokens": 5, "prompt_tokens": 10, "total_tokens": 15},
]


@pytest.mark.parametrize("style", STYLES)
def test_an_event_of_a_target_fields_type_sets_that_field(tmp_path: Path, style: str) -> None:
    """Letta declares its stream with no schema: the union folded into nothing (``--schema`` gave types
    only). The object answered as JSON beside a stream declaring no schema is the target; the
    ``stop_reason`` and ``usage_statistics`` events, each exactly the type of one of its fields, set
    that field (they went to side channels, and ``to_response`` lacked both required fields);
    ``error_message`` is the stream's error."""
    module = _generated(tmp_path, LETTA, style, schemas=("LettaStreamingResponse",))
    acc = module.LettaStreamingResponseAccumulator()
    for event in json.loads(json.dumps(LETTA_EVENTS)):
        acc.add(event)
    data = _data(acc.to_response())
    assert [m["id"] for m in data["messages"]] == ["m-1", "m-2"]
    assert (data["stop_reason"]["stop_reason"], data["usage"]["total_tokens"], acc.channels) == ("end_turn", 15, {})
    error = {"message_type": "error_message", "run_id": "r", "error_type": "internal_error", "message": "boom"}
    acc.add(json.loads(json.dumps(error)))
    assert acc.error == error


# -- a tenth trial: OpenAI's Assistants stream (openai-openapi, AssistantStreamEvent, 2026-08-21) --


def _assistant_event(event: str, data: str, description: str = "") -> str:
    return (
        f"        - type: object\n          required: [event, data]\n          description: '{description}'\n"
        f"          properties: {{event: {{type: string, enum: ['{event}']}}, data: {data}}}\n"
    )


#: The Assistants stream: a oneOf of oneOfs (one per object) and of single events, each member an
#: SSE frame ``{event, data}`` whose ``data`` is a run, a message or a message delta. A run and a
#: message share field names (``id``, ``status``, ``thread_id``) and differ in ``object``.
ASSISTANTS = (
    """\
paths: {}
components:
  schemas:
    AssistantStreamEvent:
      oneOf:
        - {$ref: "#/components/schemas/ThreadStreamEvent"}
        - {$ref: "#/components/schemas/RunStreamEvent"}
        - {$ref: "#/components/schemas/MessageStreamEvent"}
        - {$ref: "#/components/schemas/ErrorEvent"}
        - {$ref: "#/components/schemas/DoneEvent"}
    ThreadStreamEvent:
      oneOf:
"""
    + _assistant_event("thread.created", "{$ref: '#/components/schemas/ThreadObject'}")
    + "    RunStreamEvent:\n      oneOf:\n"
    + "".join(
        _assistant_event(f"thread.run.{e}", "{$ref: '#/components/schemas/RunObject'}")
        for e in ("created", "completed")
    )
    + "    MessageStreamEvent:\n      oneOf:\n"
    + _assistant_event("thread.message.created", "{$ref: '#/components/schemas/MessageObject'}")
    + _assistant_event("thread.message.delta", "{$ref: '#/components/schemas/MessageDeltaObject'}")
    + _assistant_event("thread.message.completed", "{$ref: '#/components/schemas/MessageObject'}")
    + """\
    ErrorEvent:
      type: object
      required: [event, data]
      properties: {event: {type: string, enum: [error]}, data: {$ref: "#/components/schemas/Error"}}
    DoneEvent:
      type: object
      required: [event, data]
      description: Occurs when a stream ends.
      properties: {event: {type: string, enum: [done]}, data: {type: string, enum: ["[DONE]"]}}
    Error:
      type: object
      required: [message]
      properties: {message: {type: string}, code: {type: string}}
    ThreadObject:
      type: object
      required: [id, object]
      properties: {id: {type: string}, object: {type: string, enum: [thread]}}
    RunObject:
      type: object
      required: [id, object, status, thread_id]
      properties:
        id: {type: string}
        object: {type: string, enum: [thread.run]}
        status: {type: string, enum: [queued, in_progress, completed, failed]}
        thread_id: {type: string}
        assistant_id: {type: string}
    MessageObject:
      type: object
      required: [id, object, status, thread_id, content]
      properties:
        id: {type: string}
        object: {type: string, enum: [thread.message]}
        status: {type: string, enum: [in_progress, completed]}
        thread_id: {type: string}
        assistant_id: {type: string}
        content:
          type: array
          items: {type: object, properties: {type: {type: string}, text: {type: object, properties: {value: {type: string}}}}}
    MessageDeltaObject:
      type: object
      required: [id, object, delta]
      properties:
        id: {type: string}
        object: {type: string, enum: [thread.message.delta]}
        delta:
          type: object
          properties:
            content:
              type: array
              items:
                type: object
                properties:
                  index: {type: integer}
                  type: {type: string}
                  text: {type: object, properties: {value: {type: string}}}
"""
)

_RUN = {"id": "run_1", "object": "thread.run", "thread_id": "th_1", "assistant_id": "as_1"}
_MESSAGE = {"id": "msg_1", "object": "thread.message", "thread_id": "th_1", "assistant_id": "as_1"}
ASSISTANTS_EVENTS = [
    {"event": "thread.created", "data": {"id": "th_1", "object": "thread"}},
    {"event": "thread.run.created", "data": {**_RUN, "status": "queued"}},
    {"event": "thread.message.created", "data": {**_MESSAGE, "status": "in_progress", "content": []}},
    *(
        {"event": "thread.message.delta", "data": {"id": "msg_1", "object": "thread.message.delta", "delta": delta}}
        for delta in ({"content": [{"index": 0, "type": "text", "text": {"value": piece}}]} for piece in ("Hel", "lo"))
    ),
    {
        "event": "thread.message.completed",
        "data": {**_MESSAGE, "status": "completed", "content": [{"type": "text", "text": {"value": "Hello"}}]},
    },
    {"event": "thread.run.completed", "data": {**_RUN, "status": "completed"}},
    {"event": "done", "data": "[DONE]"},
]


@pytest.mark.parametrize("style", STYLES)
def test_events_of_another_object_with_fields_of_the_same_names_are_kept_apart(tmp_path: Path, style: str) -> None:
    """The Assistants stream builds a run; its message events carry a message, whose ``id``, ``status``
    and ``thread_id`` are named as the run's: they were merged into the run (its id became the
    message's, the text was lost, a second message erased the first, silently). An object whose tag
    (``object: thread.message``) names another kind than the target's (``thread.run``) is another
    object: its events are side channels, kept whole. The oneOf of oneOfs is one union, dispatched on
    ``event`` (a first fit read every run event as unknown, and left ``error`` and ``done`` unfolded);
    ``done`` ends the stream."""
    module = _generated(tmp_path, ASSISTANTS, style, schemas=("AssistantStreamEvent",))
    acc = module.AssistantStreamEventAccumulator()
    events = json.loads(json.dumps(ASSISTANTS_EVENTS))
    for event in events[:-1]:
        acc.add(event)
    assert _data(acc.to_response()) == {**_RUN, "status": "completed"}
    assert [e.get("data", e)["id"] for e in acc.channels["message"]] == ["msg_1", "msg_1", "msg_1", "msg_1"]
    assert acc.channels["thread"] == [events[0]]  # named by its object, not by a field it happens to have
    assert (acc.anomalies, acc.finished) == ([], "thread.run.completed")
    parsed = module.parse_assistant_stream_event(events[1])
    assert _data(parsed) == events[1] and "Unknown" not in type(parsed).__name__
    acc = module.AssistantStreamEventAccumulator()
    for event in (events[1], {"event": "error", "data": {"message": "boom"}}):
        acc.add(event)
    assert acc.error == {"event": "error", "data": {"message": "boom"}}
    acc = module.AssistantStreamEventAccumulator()
    for event in (*events[:3], events[-1]):  # a run paused (requires_action), then the stream's end
        acc.add(event)
    assert (acc.anomalies, acc.finished) == ([], "done")


def _sse(events: list[dict[str, Any]]) -> list[str]:
    """The event stream a server sends for frames ``{event, data}``: ``event:`` and ``data:`` lines."""
    lines: list[str] = []
    for e in events:
        data = e["data"] if isinstance(e["data"], str) else json.dumps(e["data"])
        lines += [f"event: {e['event']}", f"data: {data}", ""]
    return lines


@pytest.mark.parametrize("style", STYLES)
def test_a_union_of_event_frames_is_read_as_frames_from_the_event_stream(tmp_path: Path, style: str) -> None:
    """The Assistants union's members are the events themselves (``{event, data}``: the SSE fields):
    the reader gave each event's ``data`` alone (a run, a message), so that every event was
    ``no_tag`` and the answer was lost. An event union of frames makes the reader give each event
    as its frame, ``event: done`` + ``data: [DONE]`` too (a member of the union), sync and async,
    its data decoded where it is JSON."""
    module = _generated(tmp_path, ASSISTANTS, style, schemas=("AssistantStreamEvent",))
    lines = _sse(ASSISTANTS_EVENTS)
    read = list(module.iter_chunk_dicts(lines))
    assert read == ASSISTANTS_EVENTS

    async def collect() -> list[Any]:
        async def feed() -> Any:
            for line in lines:
                yield line

        return [c async for c in module.aiter_chunk_dicts(feed())]

    assert asyncio.run(collect()) == ASSISTANTS_EVENTS
    acc = module.AssistantStreamEventAccumulator()
    for event in module.iter_chunk_dicts(lines):
        acc.add(event)
    assert (_data(acc.to_response()), acc.anomalies) == ({**_RUN, "status": "completed"}, [])
    assert [e.get("data", e)["id"] for e in acc.channels["message"]] == ["msg_1"] * 4
    assert [*module.iter_chunk_dicts(lines, named_events=False)] == []  # the frames are named events
    (tmp_path / "other").mkdir()
    other = _generated(tmp_path / "other", TRANSCRIBED, style, schemas=("Events",))  # events of their own, not frames
    assert next(other.iter_chunk_dicts(["event: x", 'data: {"type": "response.created"}', ""])) == {
        "type": "response.created"
    }


#: The Realtime API's shape (``RealtimeServerEvent``): the transcript of the user's audio ends in an
#: event addressed like the answer's content (``content_index``) whose fields the answer does not hold.
TRANSCRIBED = """\
paths: {}
components:
  schemas:
    Events:
      oneOf:
        - {$ref: "#/components/schemas/Created"}
        - {$ref: "#/components/schemas/Transcribed"}
        - {$ref: "#/components/schemas/Done"}
    Created:
      type: object
      required: [type, response]
      properties: {type: {type: string, enum: [response.created]}, response: {$ref: "#/components/schemas/Answer"}}
    Done:
      type: object
      required: [type, response]
      properties: {type: {type: string, enum: [response.done]}, response: {$ref: "#/components/schemas/Answer"}}
    Transcribed:
      type: object
      required: [type, item_id, content_index, transcript]
      properties:
        type: {type: string, enum: [conversation.item.input_audio_transcription.completed]}
        item_id: {type: string}
        content_index: {type: integer}
        transcript: {type: string}
        usage: {type: object, properties: {total_tokens: {type: integer}}}
    Answer:
      type: object
      required: [id]
      properties:
        id: {type: string}
        content: {type: array, items: {type: object, properties: {type: {type: string}, text: {type: string}}}}
"""


@pytest.mark.parametrize("style", STYLES)
def test_an_entrys_end_carrying_what_the_target_does_not_hold_is_a_side_channel(tmp_path: Path, style: str) -> None:
    """The Realtime API's ``input_audio_transcription.completed`` (addressed by ``content_index``, its
    ``transcript`` and ``usage`` of nothing the response holds) was inferred as "an entry ends: nothing
    to settle" and ignored: the user's transcript vanished, unreported. An entry's end carrying more
    than ids is a side channel, kept whole."""
    module = _generated(tmp_path, TRANSCRIBED, style, schemas=("Events",))
    acc = module.EventsAccumulator()
    said = {"type": "conversation.item.input_audio_transcription.completed", "item_id": "i", "content_index": 0}
    said |= {"transcript": "What's the weather?", "usage": {"total_tokens": 7}}
    for event in (
        {"type": "response.created", "response": {"id": "r"}},
        said,
        {"type": "response.done", "response": {"id": "r"}},
    ):
        acc.add(json.loads(json.dumps(event)))
    assert list(acc.channels.values()) == [[said]] and acc.anomalies == []


#: The Realtime API's session events beside the response events that carry the answer whole: a
#: session's ``id`` and ``max_output_tokens`` are named as the response's.
SESSIONS = """\
paths: {}
components:
  schemas:
    Events:
      oneOf:
        - {$ref: "#/components/schemas/SessionCreated"}
        - {$ref: "#/components/schemas/Created"}
        - {$ref: "#/components/schemas/Done"}
    SessionCreated:
      type: object
      required: [type, event_id, session]
      properties:
        type: {type: string, enum: [session.created]}
        event_id: {type: string}
        session:
          type: object
          description: The session configuration.
          properties: {id: {type: string}, object: {type: string}, max_output_tokens: {type: integer}}
    Created:
      type: object
      required: [type, event_id, response]
      properties:
        type: {type: string, enum: [response.created]}
        event_id: {type: string}
        response: {$ref: "#/components/schemas/Answer"}
    Done:
      type: object
      required: [type, event_id, response]
      properties:
        type: {type: string, enum: [response.done]}
        event_id: {type: string}
        response: {$ref: "#/components/schemas/Answer"}
    Answer:
      type: object
      required: [id]
      properties:
        id: {type: string}
        object: {type: string, enum: [realtime.response]}
        max_output_tokens: {type: integer}
"""


@pytest.mark.parametrize("style", STYLES)
def test_an_object_of_an_event_of_another_stem_than_those_carrying_the_answer_is_not_the_answers(
    tmp_path: Path, style: str
) -> None:
    """The Realtime API's ``session.created`` carries a session, whose ``id`` and ``max_output_tokens``
    are named as the response's: it was folded into the response (cut after ``response.created``,
    the answer had the session's limit, invented, reported only as a repeated start). Where some
    events carry the answer whole (``response.*``), an object of an unaddressed event of another stem
    is another object's: a side channel."""
    module = _generated(tmp_path, SESSIONS, style, schemas=("Events",))
    acc = module.EventsAccumulator()
    session = {"type": "session.created", "event_id": "e1", "session": {"id": "sess_1", "max_output_tokens": 4096}}
    created = {"type": "response.created", "event_id": "e2", "response": {"id": "r", "object": "realtime.response"}}
    for event in json.loads(json.dumps([session, created])):
        acc.add(event)
    assert acc.snapshot_dict() == {"id": "r", "object": "realtime.response"}
    assert (acc.channels, acc.anomalies) == ({"session": [session]}, [])


#: The Realtime API's audio: base64 pieces, each padded, addressed like the answer's content.
AUDIO = """\
paths: {}
components:
  schemas:
    Events:
      oneOf:
        - {$ref: "#/components/schemas/Created"}
        - {$ref: "#/components/schemas/AudioDelta"}
    Created:
      type: object
      required: [type, response]
      properties: {type: {type: string, enum: [response.created]}, response: {$ref: "#/components/schemas/Answer"}}
    AudioDelta:
      type: object
      required: [type, item_id, output_index, content_index, delta]
      properties:
        type: {type: string, enum: [response.output_audio.delta]}
        item_id: {type: string}
        output_index: {type: integer}
        content_index: {type: integer}
        delta: {type: string, description: Base64-encoded audio data delta.}
    Answer:
      type: object
      required: [id]
      properties:
        id: {type: string}
        output:
          type: array
          items:
            type: object
            properties:
              id: {type: string}
              content:
                type: array
                items: {type: object, properties: {type: {type: string}, audio: {type: string}, transcript: {type: string}}}
"""


@pytest.mark.parametrize("style", STYLES)
def test_base64_pieces_are_kept_apart_not_joined_as_text(tmp_path: Path, style: str) -> None:
    """The Realtime API's ``response.output_audio.delta`` ("Base64-encoded audio data delta") was
    joined as text into the content's ``audio``: each piece is padded, so the joined text was no
    base64 (a decoder gave a quarter of the bytes), silently. Base64 pieces go to a side channel."""
    module = _generated(tmp_path, AUDIO, style, schemas=("Events",))
    acc = module.EventsAccumulator()
    answer = {"id": "r", "output": [{"id": "i", "content": [{"type": "audio", "audio": ""}]}]}
    pieces = [
        {"type": "response.output_audio.delta", "item_id": "i", "output_index": 0, "content_index": 0, "delta": d}
        for d in ("AAA=", "BBB=")
    ]
    for event in json.loads(json.dumps([{"type": "response.created", "response": answer}, *pieces])):
        acc.add(event)
    assert (acc.snapshot_dict(), list(acc.channels.values()), acc.anomalies) == (answer, [["AAA=", "BBB="]], [])


# -- an eleventh trial: Open Responses (openresponses/openresponses, public/openapi/openapi.json, 2026-04-24) --

#: Open Responses (TypeSpec's output) wraps each lifecycle event's response as ``allOf: [{$ref:
#: ResponseResource}, {description}]``: a member that only annotates beside the ``$ref``.
OPEN_RESPONSES = """\
paths:
  /responses:
    post:
      responses:
        "200":
          description: ok
          content:
            application/json: {schema: {$ref: "#/components/schemas/ResponseResource"}}
            text/event-stream: {schema: {$ref: "#/components/schemas/StreamingEvent"}}
components:
  schemas:
    StreamingEvent:
      oneOf:
        - {$ref: "#/components/schemas/Created"}
        - {$ref: "#/components/schemas/Completed"}
        - {$ref: "#/components/schemas/ItemAdded"}
      discriminator: {propertyName: type}
    ResponseResource:
      type: object
      required: [id, status, output]
      properties:
        id: {type: string}
        status: {type: string}
        output: {type: array, items: {$ref: "#/components/schemas/Message"}}
    Message:
      type: object
      required: [type, id, text]
      properties: {type: {type: string, enum: [message]}, id: {type: string}, text: {type: string}}
    Created:
      type: object
      required: [type, sequence_number, response]
      properties:
        type: {type: string, enum: [response.created]}
        sequence_number: {type: integer}
        response: {allOf: [{$ref: "#/components/schemas/ResponseResource"}, {description: The response.}]}
    Completed:
      type: object
      required: [type, sequence_number, response]
      properties:
        type: {type: string, enum: [response.completed]}
        sequence_number: {type: integer}
        response: {allOf: [{$ref: "#/components/schemas/ResponseResource"}, {description: The response.}]}
    ItemAdded:
      type: object
      required: [type, sequence_number, output_index, item]
      properties:
        type: {type: string, enum: [response.output_item.added]}
        sequence_number: {type: integer}
        output_index: {type: integer}
        item: {$ref: "#/components/schemas/Message"}
"""


@pytest.mark.parametrize("style", STYLES)
def test_a_ref_beside_a_member_that_only_annotates_is_that_ref(tmp_path: Path, style: str) -> None:
    """``allOf: [{$ref: ResponseResource}, {description}]`` was read as a new object (a copy of the
    answer), so that the final event merged into the fold instead of settling it: a folded item the
    final list leaves out was dropped without a word. A member of annotations only is read as facts
    of the slot: the ``$ref`` is the type, the final event settles (``finalize``), and a folded item
    the final list does not name is kept (``unlisted``)."""
    module = _generated(tmp_path, OPEN_RESPONSES, style)
    assert not hasattr(module, "CompletedResponse")  # no copy of the answer
    acc = module.StreamingEventAccumulator()
    message = {"type": "message", "text": "hi"}
    for n, event in enumerate(
        [
            {"type": "response.created", "response": {"id": "r", "status": "in_progress", "output": []}},
            {"type": "response.output_item.added", "output_index": 0, "item": {**message, "id": "msg_a"}},
            {"type": "response.output_item.added", "output_index": 1, "item": {**message, "id": "msg_b"}},
            {
                "type": "response.completed",
                "response": {"id": "r", "status": "completed", "output": [{**message, "id": "msg_b"}]},
            },
        ]
    ):
        acc.add({**event, "sequence_number": n})
    assert [item["id"] for item in acc.snapshot_dict()["output"]] == ["msg_a", "msg_b"]
    assert ([a.kind for a in acc.anomalies], acc.finished) == (["unlisted"], "response.completed")


def _addressed(tag: str, **fields: str) -> str:
    """An event schema addressed to a content part (``item_id``, ``output_index``, ``content_index``)."""
    props = "".join(f", {name}: {{{kind}}}" for name, kind in fields.items())
    return (
        f"    {tag.title().replace('.', '').replace('_', '')}:\n      type: object\n"
        f"      required: [type, item_id, output_index, content_index, {', '.join(fields)}]\n"
        f"      properties: {{type: {{type: string, enum: [{tag}]}}, item_id: {{type: string}}, "
        f"output_index: {{type: integer}}, content_index: {{type: integer}}{props}}}\n"
    )


#: Open Responses' reasoning events: ``response.reasoning.delta`` carries ``delta``, ``.done`` the
#: whole ``text``; no field is named ``reasoning`` (the item is, ``type: reasoning``).
REASONING = (
    """\
paths: {}
components:
  schemas:
    Events:
      oneOf:
        - {$ref: "#/components/schemas/ResponseCreated"}
        - {$ref: "#/components/schemas/ResponseContentPartAdded"}
        - {$ref: "#/components/schemas/ResponseReasoningDelta"}
        - {$ref: "#/components/schemas/ResponseReasoningDone"}
        - {$ref: "#/components/schemas/ResponseCompleted"}
      discriminator: {propertyName: type}
    Answer:
      type: object
      required: [id, output]
      properties: {id: {type: string}, output: {type: array, items: {$ref: "#/components/schemas/Reasoning"}}}
    Reasoning:
      type: object
      required: [type, id]
      properties:
        type: {type: string, enum: [reasoning]}
        id: {type: string}
        content: {type: array, items: {$ref: "#/components/schemas/ReasoningText"}}
    ReasoningText:
      type: object
      required: [type, text]
      properties: {type: {type: string, enum: [reasoning_text]}, text: {type: string}}
    ResponseCreated:
      type: object
      required: [type, response]
      properties: {type: {type: string, enum: [response.created]}, response: {$ref: "#/components/schemas/Answer"}}
    ResponseCompleted:
      type: object
      required: [type, response]
      properties: {type: {type: string, enum: [response.completed]}, response: {$ref: "#/components/schemas/Answer"}}
"""
    + _addressed("response.content_part.added", part='$ref: "#/components/schemas/ReasoningText"')
    + _addressed("response.reasoning.delta", delta="type: string")
    + _addressed("response.reasoning.done", text="type: string")
)


@pytest.mark.parametrize("style", STYLES)
def test_a_delta_whose_stem_names_no_field_continues_the_field_its_done_settles(tmp_path: Path, style: str) -> None:
    """``response.reasoning.delta`` names no field (``reasoning`` is the item's kind): its text went
    to a side channel while ``response.reasoning.done`` replaced ``content[].text``, so that every
    reasoning stream reported ``done_differs`` (the fold held ``""``) and a stream cut before the
    ``.done`` had no reasoning in its answer. A delta continues the field its stem's ending event
    settles."""
    module = _generated(tmp_path, REASONING, style, schemas=("Events",))
    at = {"item_id": "rs_1", "output_index": 0, "content_index": 0}
    reasoning = {"type": "reasoning", "id": "rs_1", "content": []}
    events = [
        {"type": "response.created", "response": {"id": "r", "output": [reasoning]}},
        {"type": "response.content_part.added", **at, "part": {"type": "reasoning_text", "text": ""}},
        *({"type": "response.reasoning.delta", **at, "delta": d} for d in ("The user", " asks.")),
        {"type": "response.reasoning.done", **at, "text": "The user asks."},
    ]
    acc = module.EventsAccumulator()
    for event in events[:-1]:  # cut before the .done
        acc.add(event)
    text = {"type": "reasoning_text", "text": "The user asks."}
    assert acc.snapshot_dict()["output"][0]["content"] == [text]
    acc.add(events[-1])
    assert (acc.snapshot_dict()["output"][0]["content"], acc.anomalies, acc.channels) == ([text], [], {})


def test_a_stream_written_inline_is_named_in_the_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Open Responses streams an inline ``oneOf`` (TypeSpec's output): no component names it, so
    no root is found, and the error said to name one with ``--schema``, which no name fits. It says
    which operation streams an inline schema and what to do (a component, ``$ref``-ed)."""
    inline = OPEN_RESPONSES.replace(
        'text/event-stream: {schema: {$ref: "#/components/schemas/StreamingEvent"}}',
        'text/event-stream: {schema: {oneOf: [{$ref: "#/components/schemas/Created"}, '
        '{$ref: "#/components/schemas/Completed"}], discriminator: {propertyName: type}}}',
    )
    assert inline != OPEN_RESPONSES
    spec = tmp_path / "s.yaml"
    spec.write_text(HEAD + inline)
    assert main([str(spec), "-o", str(tmp_path / "out")]) == 2
    assert "POST /responses stream an inline schema: move it to components/schemas, $ref it" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


#: An answer whose items hold a list of parts (``output[].content[]``), each item settled by
#: ``response.output_item.done`` (Open Responses' shape).
NESTED = (
    """\
paths: {}
components:
  schemas:
    Events:
      oneOf:
        - {$ref: "#/components/schemas/Created"}
        - {$ref: "#/components/schemas/ItemAdded"}
        - {$ref: "#/components/schemas/ItemDone"}
        - {$ref: "#/components/schemas/TextDelta"}
      discriminator: {propertyName: type}
    Answer:
      type: object
      required: [id, output]
      properties: {id: {type: string}, output: {type: array, items: {$ref: "#/components/schemas/Message"}}}
    Message:
      type: object
      required: [type, id, content]
      properties:
        type: {type: string, enum: [message]}
        id: {type: string}
        content: {type: array, items: {$ref: "#/components/schemas/OutputText"}}
    OutputText:
      type: object
      required: [type, text]
      properties: {type: {type: string, enum: [output_text]}, text: {type: string}}
    Created:
      type: object
      required: [type, response]
      properties: {type: {type: string, enum: [response.created]}, response: {$ref: "#/components/schemas/Answer"}}
"""
    + "".join(f"""\
    {name}:
      type: object
      required: [type, output_index, item]
      properties:
        type: {{type: string, enum: [{tag}]}}
        output_index: {{type: integer}}
        item: {{$ref: "#/components/schemas/Message"}}
""" for name, tag in (("ItemAdded", "response.output_item.added"), ("ItemDone", "response.output_item.done")))
    + _addressed("response.output_text.delta", delta="type: string").replace("ResponseOutputTextDelta", "TextDelta")
)


@pytest.mark.parametrize("style", STYLES)
def test_an_empty_value_inside_a_settled_list_never_erases_the_folded_one(tmp_path: Path, style: str) -> None:
    """A settled item whose part repeats the empty text of its start (``content: [{text: ""}]``)
    replaced the text the deltas folded, silently: only a top-level empty value was kept from the
    fold. Lists are gone through item by item at the addresses the events used, an item of another
    kind (its tag) left whole: the folded text is kept (``emptied``)."""
    module = _generated(tmp_path, NESTED, style, schemas=("Events",))
    empty = {"type": "message", "id": "m1", "content": [{"type": "output_text", "text": ""}]}
    at = {"item_id": "m1", "output_index": 0, "content_index": 0}
    acc = module.EventsAccumulator()
    for event in [
        {"type": "response.created", "response": {"id": "r", "output": []}},
        {"type": "response.output_item.added", "output_index": 0, "item": empty},
        *({"type": "response.output_text.delta", **at, "delta": d} for d in ("Hello", " world")),
        {"type": "response.output_item.done", "output_index": 0, "item": empty},
    ]:
        acc.add(json.loads(json.dumps(event)))
    assert acc.snapshot_dict()["output"][0]["content"] == [{"type": "output_text", "text": "Hello world"}]
    assert [(a.kind, a.path) for a in acc.anomalies] == [("emptied", "output[0].content[0].text")]


# -- a twelfth trial: Pinecone Assistant's chat stream (pinecone-io/pinecone-api, 2026-04 assistant_data) --

#: The answer's text is in a nested object (``message.content``); ``content_chunk`` carries it as
#: ``delta.content``, beside the optional ``content_filter_results`` every answer may hold.
PINECONE = """\
paths:
  /chat:
    post:
      responses:
        "200":
          description: ok
          content:
            application/json: {schema: {$ref: "#/components/schemas/Chat"}}
            text/event-stream: {schema: {$ref: "#/components/schemas/Chunk"}}
components:
  schemas:
    Chunk:
      oneOf:
        - {$ref: "#/components/schemas/MessageStart"}
        - {$ref: "#/components/schemas/ContentChunk"}
        - {$ref: "#/components/schemas/MessageEnd"}
      discriminator: {propertyName: type}
    Chat:
      type: object
      properties:
        id: {type: string}
        message: {type: object, properties: {role: {type: string}, content: {type: string}}}
        finish_reason: {type: string}
        content_filter_results: {$ref: "#/components/schemas/Filters"}
    Filters: {type: object, properties: {hate: {type: object, properties: {filtered: {type: boolean}}}}}
    MessageStart:
      type: object
      properties: {type: {type: string, enum: [message_start]}, id: {type: string}, role: {type: string}}
    ContentChunk:
      type: object
      properties:
        type: {type: string, enum: [content_chunk]}
        id: {type: string}
        delta: {type: object, properties: {content: {type: string}}}
        content_filter_results: {$ref: "#/components/schemas/Filters"}
    MessageEnd:
      type: object
      properties: {type: {type: string, enum: [message_end]}, id: {type: string}, finish_reason: {type: string}}
"""


@pytest.mark.parametrize("style", STYLES)
def test_a_delta_object_continues_the_one_nested_object_that_has_its_fields(tmp_path: Path, style: str) -> None:
    """``content_chunk``'s ``delta: {content}`` names no field of the answer, whose text is
    ``message.content``: the event merged its other fields and the text was in no snapshot, channel or
    unknown event, with no anomaly. A delta object continues the one object the answer holds there
    whose fields it has."""
    module = _generated(tmp_path, PINECONE, style)
    acc = module.ChunkAccumulator()
    for event in [
        {"type": "message_start", "id": "r1", "role": "assistant"},
        *({"type": "content_chunk", "id": "r1", "delta": {"content": d}} for d in ("Hello", " world")),
        {"type": "message_end", "id": "r1", "finish_reason": "stop"},
    ]:
        acc.add(event)
    snapshot = acc.snapshot_dict()
    assert (snapshot["message"]["content"], snapshot["finish_reason"], acc.anomalies) == ("Hello world", "stop", [])


def test_a_content_field_no_action_reads_is_said_at_generation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The kind of the fault above: a plan that leaves an event's content field (``CONTENT_WORDS``)
    unread drops what a stream sends there. Generation says so (``CONTENT_NOT_FOLDED``), here with the
    rule that places ``delta`` taken away, and says nothing where every content field is read."""
    from generator import event_fields
    from generator.warning_kinds import CONTENT_NOT_FOLDED

    path = tmp_path / "s.yaml"
    path.write_text(HEAD + PINECONE)

    def unread() -> list[tuple[str, str]]:
        reading = read_spec(Options(spec=path, output=tmp_path / "out"))
        return [(w.place, w.detail) for w in reading.merge_warnings if w.kind is CONTENT_NOT_FOLDED]

    assert unread() == []
    monkeypatch.setattr(event_fields.FieldPlacer, "_object", lambda *args: event_fields.Placed([], ""))
    assert unread() == [("Chunk event 'content_chunk'", "delta")]


# -- a thirteenth trial: Cloudflare Workers AI (cloudflare/cloudflare-docs, workers-ai-models/
# llama-3.3-70b-instruct-fp8-fast.json @ 15888915, its output schema in an OpenAPI document) --

#: The answer and each chunk are one object: ``response`` (text), ``tool_calls`` (declared without
#: an index: each chunk's whole list); the server also sends lists the schema does not declare.
CLOUDFLARE = """\
paths:
  /ai/run:
    post:
      responses:
        "200":
          description: ok
          content:
            application/json: {schema: {$ref: "#/components/schemas/TextGenerationOutput"}}
            text/event-stream: {schema: {$ref: "#/components/schemas/TextGenerationOutput"}}
components:
  schemas:
    TextGenerationOutput:
      type: object
      required: [response]
      properties:
        response: {type: string, description: The generated text response from the model}
        usage: {type: object, properties: {prompt_tokens: {type: number}, completion_tokens: {type: number}}}
        tool_calls:
          type: array
          items: {type: object, properties: {arguments: {type: object}, name: {type: string}}}
"""


@pytest.mark.parametrize("style", STYLES)
def test_an_empty_list_never_replaces_the_items_a_stream_sent(tmp_path: Path, style: str) -> None:
    """Cloudflare's stream sends ``"tool_calls": []`` after the call (and OpenAI-format chunks end
    with ``"choices": []``, a list its schema does not declare): each wiped what came before, with no
    anomaly. An empty list never replaces items, as ``""`` never replaces a text (``emptied``)."""
    module = _generated(tmp_path, CLOUDFLARE, style)
    acc = module.TextGenerationOutputAccumulator()
    call = {"name": "get_weather", "arguments": {"location": "London"}}
    choice = {"index": 0, "delta": {"content": "A cow"}}
    for chunk in [
        {"response": "", "tool_calls": [call], "choices": [choice]},
        {"response": "", "tool_calls": [], "p": "abcd", "choices": []},
    ]:
        acc.add(chunk)
    snapshot = acc.snapshot_dict()
    assert (snapshot["tool_calls"], snapshot["choices"]) == ([call], [choice])
    assert sorted((a.kind, a.path) for a in acc.anomalies) == [("emptied", "choices"), ("emptied", "tool_calls")]
    assert not acc.answer_at_risk


def test_text_every_chunk_carries_kept_last_is_said_at_generation(tmp_path: Path) -> None:
    """Cloudflare's ``response`` (required, "The generated text response from the model") is sent in
    pieces; nothing in its schema says so, so the plan keeps the last chunk's (a different text is
    reported at run time). The plan can lose data: generation says so, with the override that joins."""
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + CLOUDFLARE)
    reading = read_spec(Options(spec=path, output=tmp_path / "out"))
    said = [str(w) for w in reading.merge_warnings if "response" in w.place]
    assert len(said) == 1 and "--merge-policy 'response=concat' joins the pieces" in said[0], said


def test_a_chunk_stream_without_a_named_answer_is_said_at_generation(tmp_path: Path) -> None:
    """Hugging Face's chat ``stream_output.json`` alone (a JSON Schema, no operation): its chunks hold
    ``choices[].delta``, so they are no answer, and nothing names the answer: ``to_response()`` gives
    the merged chunk. Generation says so (``RESPONSE_UNNAMED``); given the answer, it does not."""
    from generator.warning_kinds import RESPONSE_UNNAMED

    chunk = {
        "title": "ChatCompletionStreamOutput",
        "type": "object",
        "required": ["id", "choices"],
        "properties": {
            "id": {"type": "string"},
            "choices": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "index": {"type": "integer"},
                        "delta": {"type": "object", "properties": {"content": {"type": "string"}}},
                    },
                },
            },
        },
    }
    path = tmp_path / "stream_output.json"
    path.write_text(json.dumps(chunk))
    said = [w for w in read_spec(Options(spec=path, output=tmp_path / "out")).merge_warnings]
    assert [(w.kind, w.place) for w in said if w.kind is RESPONSE_UNNAMED] == [
        (RESPONSE_UNNAMED, "ChatCompletionStreamOutput")
    ]
    named = read_spec(Options(spec=CHAT_SPEC, output=tmp_path / "o"))  # the chat chunk beside its answer
    assert not [w for w in named.merge_warnings if w.kind is RESPONSE_UNNAMED]


def test_the_content_fields_a_fold_leaves_unread_are_named_by_the_answers_words(tmp_path: Path) -> None:
    """A try to break the warnings above: an event's ``completion`` (Anthropic's legacy text event) left
    unread is said too; a label ending in ``code`` (``error_code``) is no content, in an event or as text
    every chunk carries (``language_code``): neither warns."""
    from generator.warning_kinds import CONTENT_NOT_FOLDED, TAKEN_WHOLE

    def said(spec: str) -> list[tuple[str, str]]:
        path = tmp_path / "s.yaml"
        path.write_text(HEAD + spec)
        warned = read_spec(Options(spec=path, output=tmp_path / "out")).merge_warnings
        return [(w.place, w.detail) for w in warned if w.kind in (CONTENT_NOT_FOLDED, TAKEN_WHOLE)]

    delta = "delta: {type: object, properties: {content: {type: string}}}"
    legacy = PINECONE.replace(delta, "completion: {type: string}")
    legacy = legacy.replace(
        "finish_reason: {type: string}}", "finish_reason: {type: string}, error_code: {type: string}}"
    )
    assert said(legacy) == [("Chunk event 'content_chunk'", "completion")]
    labels = CLOUDFLARE.replace("required: [response]", "required: [response, language_code]")
    labels = labels.replace("        usage:", "        language_code: {type: string}\n        usage:")
    assert [place for place, _ in said(labels)] == ["TextGenerationOutput response"]
