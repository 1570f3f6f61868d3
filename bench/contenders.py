"""Contenders: ways to turn one stream's raw chunk payloads into its merged answer.

Each is a function ``(chunks: list[bytes]) -> result``; the runtime and scaling sections
time them on the same chunks.

* ``json_loads``: the floor, ``json.loads`` of every chunk and nothing else;
  ``orjson_loads``: the same with orjson (when installed), the floor of the decode-bound path.
* ``fast_path(module)``: a generated module as its README shows it: ``acc.add(json.loads(raw))``
  per chunk, one ``acc.snapshot()`` (validated once) at the end.
* ``text_path(module)``: ``acc.add(raw)``: the module decodes the JSON text itself (orjson when
  it is installed, ``json.loads`` otherwise).
* ``typed_path(module)``: each chunk parsed into the style's type first
  (``parse_create_chat_completion_stream_response(json.loads(raw))``), then added.
* ``typed_text_path(module)``: each chunk made a typed chunk the way ``iter_chunks`` makes it
  from an event's data (the pydantic style validates the JSON text with pydantic-core, the
  others decode it as ``acc.add(raw)`` does and parse), then added.
* ``msgspec_typed_path(module)``: the msgspec style's typed path, each chunk decoded from its
  bytes into the Structs (``decode_create_chat_completion_stream_response``), then added.
* ``msgspec_reference()``: msgspec's hand-written ceiling: minimal hand-written Structs, text
  and arguments gathered in lists (see there); None when msgspec is not installed.
* ``openai_stream_state``: openai-python's ``ChatCompletionStreamState``, fed chunks built as
  the SDK's own stream builds them (``construct_type(ChatCompletionChunk, data)``), then
  ``get_final_completion()``.
* ``openai_accumulate_delta``: openai's ``accumulate_delta`` on plain dicts, one message per
  choice (logprobs appended, usage and finish_reason taken), as a user would call it.
* ``langchain_chunks``: langchain-core's ``AIMessageChunk`` per chunk and choice (content,
  tool call chunks, usage, finish reason and logprobs in ``response_metadata``, as
  langchain-openai builds them), summed with ``+``.

The anchors are imported lazily; ``anchors()`` lists those that are installed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from types import ModuleType
from typing import Any

Contender = Callable[[list[bytes]], Any]


def json_loads(chunks: list[bytes]) -> None:
    for raw in chunks:
        json.loads(raw)


def orjson_loads(chunks: list[bytes]) -> None:
    import orjson

    loads = orjson.loads
    for raw in chunks:
        loads(raw)


def have_orjson() -> bool:
    """Whether orjson is installed (the modules then decode with it)."""
    import importlib.util

    return importlib.util.find_spec("orjson") is not None


def fast_path(module: ModuleType) -> Contender:
    accumulator = module.CreateChatCompletionStreamResponseAccumulator

    def merge(chunks: list[bytes]) -> Any:
        acc = accumulator()
        for raw in chunks:
            acc.add(json.loads(raw))
        return acc.snapshot()

    return merge


def typed_path(module: ModuleType) -> Contender:
    accumulator = module.CreateChatCompletionStreamResponseAccumulator
    parse = module.parse_create_chat_completion_stream_response

    def merge(chunks: list[bytes]) -> Any:
        acc = accumulator()
        for raw in chunks:
            acc.add(parse(json.loads(raw)))
        return acc.snapshot()

    return merge


def text_path(module: ModuleType) -> Contender:
    accumulator = module.CreateChatCompletionStreamResponseAccumulator

    def merge(chunks: list[bytes]) -> Any:
        acc = accumulator()
        for raw in chunks:
            acc.add(raw)
        return acc.snapshot()

    return merge


def typed_text_path(module: ModuleType) -> Contender:
    accumulator = module.CreateChatCompletionStreamResponseAccumulator
    chunk_model = module._chunk_model  # what iter_chunks calls on each event's data

    def merge(chunks: list[bytes]) -> Any:
        acc = accumulator()
        for number, raw in enumerate(chunks):
            acc.add(chunk_model(raw, number))
        return acc.snapshot()

    return merge


def msgspec_typed_path(module: ModuleType) -> Contender:
    """The msgspec style's typed path: each chunk decoded from its bytes straight into the
    Structs (``decode_create_chat_completion_stream_response``), then added."""
    accumulator = module.CreateChatCompletionStreamResponseAccumulator
    decode = module.decode_create_chat_completion_stream_response

    def merge(chunks: list[bytes]) -> Any:
        acc = accumulator()
        for raw in chunks:
            acc.add(decode(raw))
        return acc.snapshot()

    return merge


def msgspec_reference() -> Contender | None:
    """msgspec's hand-written ceiling (None when msgspec is not installed): each chunk decoded
    from its bytes into minimal hand-written Structs (only the fields the answer needs, no
    checks beyond msgspec's own), text and tool-call arguments gathered in lists per choice
    and joined once at the end. Less than any generated accumulator does (no unknown
    fields, anomalies or validated result): the floor of a typed merge in Python."""
    try:
        import msgspec
    except ImportError:
        return None

    # defstruct: this module's annotations are strings (``from __future__``), which msgspec
    # cannot resolve for classes local to a function
    struct = msgspec.defstruct
    function = struct("Function", [("name", str | None, None), ("arguments", str | None, None)])
    call = struct("ToolCall", [("index", int), ("id", str | None, None), ("function", function | None, None)])
    delta = struct(
        "Delta", [("content", str | None, None), ("role", str | None, None), ("tool_calls", list[call] | None, None)]
    )
    choice = struct(
        "Choice", [("index", int), ("delta", delta), ("finish_reason", str | None, None), ("logprobs", Any, None)]
    )
    chunk_type = struct("Chunk", [("id", str), ("model", str), ("choices", list[choice]), ("usage", Any, None)])
    decode = msgspec.json.Decoder(chunk_type).decode

    def merge(chunks: list[bytes]) -> Any:
        texts: dict[int, list[str]] = {}
        calls: dict[tuple[int, int], list[Any]] = {}
        finish: dict[int, str] = {}
        usage = None
        for raw in chunks:
            chunk: Any = decode(raw)
            for choice in chunk.choices:
                delta = choice.delta
                if delta.content is not None:
                    texts.setdefault(choice.index, []).append(delta.content)
                for call in delta.tool_calls or ():
                    entry = calls.setdefault((choice.index, call.index), [None, None, []])
                    if call.id:
                        entry[0] = call.id
                    if call.function is not None:
                        if call.function.name:
                            entry[1] = call.function.name
                        if call.function.arguments:
                            entry[2].append(call.function.arguments)
                if choice.finish_reason is not None:
                    finish[choice.index] = choice.finish_reason
            if chunk.usage is not None:
                usage = chunk.usage
        return (
            {i: "".join(t) for i, t in texts.items()},
            {k: (v[0], v[1], "".join(v[2])) for k, v in calls.items()},
            finish,
            usage,
        )

    return merge


def openai_stream_state(chunks: list[bytes]) -> Any:
    from openai._models import construct_type
    from openai.lib.streaming.chat import ChatCompletionStreamState
    from openai.types.chat import ChatCompletionChunk

    state: Any = ChatCompletionStreamState()
    for raw in chunks:
        state.handle_chunk(construct_type(type_=ChatCompletionChunk, value=json.loads(raw)))
    return state.get_final_completion()


def openai_accumulate_delta(chunks: list[bytes]) -> Any:
    from openai.lib.streaming._deltas import accumulate_delta

    snapshot: dict[str, Any] = {}
    choices: dict[int, dict[str, Any]] = {}
    for raw in chunks:
        chunk = json.loads(raw)
        if not snapshot:
            snapshot = {k: v for k, v in chunk.items() if k != "choices"}
        for choice in chunk["choices"]:
            state = choices.get(choice["index"])
            if state is None:
                state = choices[choice["index"]] = {"index": choice["index"], "message": {}, "logprobs": None}
            accumulate_delta(state["message"], choice["delta"])
            if choice.get("logprobs"):
                if state["logprobs"] is None:
                    state["logprobs"] = {"content": [], "refusal": []}
                for key in ("content", "refusal"):
                    state["logprobs"][key].extend(choice["logprobs"].get(key) or [])
            state["finish_reason"] = choice.get("finish_reason")
        if chunk.get("usage"):
            snapshot["usage"] = chunk["usage"]
    snapshot["choices"] = [choices[i] for i in sorted(choices)]
    return snapshot


def langchain_chunks(chunks: list[bytes]) -> Any:
    from langchain_core.messages import AIMessageChunk
    from langchain_core.messages.tool import tool_call_chunk

    messages: dict[int, Any] = {}
    for raw in chunks:
        chunk = json.loads(raw)
        for choice in chunk["choices"]:
            delta = choice["delta"]
            calls = [
                tool_call_chunk(
                    name=(call.get("function") or {}).get("name"),
                    args=(call.get("function") or {}).get("arguments"),
                    id=call.get("id"),
                    index=call.get("index"),
                )
                for call in delta.get("tool_calls") or []
            ]
            metadata: dict[str, Any] = {}
            if choice.get("finish_reason"):
                metadata.update(finish_reason=choice["finish_reason"], model_name=chunk["model"])
            if choice.get("logprobs"):
                metadata["logprobs"] = choice["logprobs"]
            message = AIMessageChunk(
                content=delta.get("content") or "", tool_call_chunks=calls, response_metadata=metadata, id=chunk["id"]
            )
            index = choice["index"]
            messages[index] = messages[index] + message if index in messages else message
        usage = chunk.get("usage")
        if usage:
            tokens: Any = {
                "input_tokens": usage["prompt_tokens"],
                "output_tokens": usage["completion_tokens"],
                "total_tokens": usage["total_tokens"],
            }
            message = AIMessageChunk(content="", usage_metadata=tokens, id=chunk["id"])
            messages[0] = messages[0] + message if 0 in messages else message
    return messages


ANCHORS: dict[str, tuple[str, Contender]] = {
    "openai StreamState": ("openai", openai_stream_state),
    "openai accumulate_delta": ("openai", openai_accumulate_delta),
    "langchain AIMessageChunk": ("langchain_core", langchain_chunks),
}


def anchors() -> dict[str, Contender]:
    """The anchors whose package is installed (``pip install -e '.[bench]'``)."""
    import importlib.util

    return {name: fn for name, (package, fn) in ANCHORS.items() if importlib.util.find_spec(package) is not None}
