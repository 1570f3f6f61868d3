"""What openai-python's own stream helpers do on the recorded streams, beside the generated
accumulators: the facts the README's "Why gen-models" table states, each measured here.

The SDK's chat helper is ``ChatCompletionStreamState`` (what ``client.chat.completions.stream``
feeds), given chunks built as its stream builds them; the Responses one is ``ResponseStream``
(``client.responses.stream``) over a replay of recorded events. Each test states what the SDK
does and what the generated module does with the same stream; a test fails when the SDK stops
doing what the README says (then the README's table is out of date)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest
from conftest import DATA, recorded_chunks

openai = pytest.importorskip("openai")
from openai._models import construct_type
from openai._types import omit
from openai.lib.streaming.chat import ChatCompletionStreamState
from openai.lib.streaming.responses import ResponseStream
from openai.types.chat import ChatCompletionChunk
from openai.types.responses import ResponseStreamEvent

CHAT = DATA / "streams" / "recorded"
RESPONSES = DATA / "streams" / "responses"


def _sdk_final(name: str) -> Any:
    """``ChatCompletionStreamState.get_final_completion()`` of a recorded chat stream."""
    state: Any = ChatCompletionStreamState()
    for chunk in recorded_chunks(CHAT / name):
        state.handle_chunk(construct_type(type_=ChatCompletionChunk, value=chunk))
    return state.get_final_completion()


def _ours(module: ModuleType, name: str) -> dict[str, Any]:
    """The generated accumulator's finished response of a recorded chat stream, as JSON."""
    acc = module.CreateChatCompletionStreamResponseAccumulator()
    for chunk in recorded_chunks(CHAT / name):
        acc.add(chunk)
    response: dict[str, Any] = acc.to_response()  # the TypedDict style: the data itself
    return response


def test_a_router_that_repeats_the_call_id_and_name_on_every_fragment(openai_modules: dict[str, ModuleType]) -> None:
    """Kimi K2 through a router sends ``id: "0"`` and ``name: "llm_version"`` on each fragment."""
    name = "simonw-llm-kimi-repeated-tool-call.sse"
    call = _sdk_final(name).choices[0].message.tool_calls[0]
    assert (call.id, call.function.name) == ("00", "llm_versionllm_version")  # concatenated
    ours = _ours(openai_modules["typeddict"], name)["choices"][0]["message"]["tool_calls"][0]
    assert (ours["id"], ours["function"]["name"], ours["function"]["arguments"]) == ("0", "llm_version", "{}")


def test_a_first_tool_call_at_index_one(openai_modules: dict[str, ModuleType]) -> None:
    """An Anthropic-compatible endpoint numbers its first tool call 1 (after the text)."""
    name = "vercel-ai-anthropic-fallback-tool-call.sse"
    with pytest.raises(IndexError):
        _sdk_final(name)
    choice = _ours(openai_modules["typeddict"], name)["choices"][0]
    assert choice["message"]["content"] == "Reading it."
    assert [c["function"]["name"] for c in choice["message"]["tool_calls"]] == ["read_file"]
    assert choice["finish_reason"] == "tool_calls"


def test_an_answer_cut_by_max_tokens(openai_modules: dict[str, ModuleType]) -> None:
    name = "openai-python-max_tokens_length.sse"
    with pytest.raises(openai.LengthFinishReasonError):
        _sdk_final(name)
    choice = _ours(openai_modules["typeddict"], name)["choices"][0]
    assert (choice["finish_reason"], choice["message"]["content"]) == ("length", '{"')


class _Replay(list[Any]):
    """A recorded Responses stream as ``ResponseStream`` reads its raw stream."""

    response = None


def _sdk_final_response(events: list[Any]) -> Any:
    """``ResponseStream.get_final_response()`` over the events (what ``client.responses.stream`` returns)."""
    raw = _Replay(construct_type(type_=ResponseStreamEvent, value=e) for e in events)
    return ResponseStream(raw_stream=raw, text_format=omit, input_tools=omit, starting_after=None).get_final_response()


def _fold(module: ModuleType, events: list[Any]) -> Any:
    acc = module.ResponseStreamEventAccumulator()
    for event in events:
        acc.add(event)
    return acc


def _recorded(prefix: str) -> list[Any]:
    return recorded_chunks(next(p for p in sorted(RESPONSES.iterdir()) if p.name.startswith(prefix)))


def test_a_resumed_responses_stream(responses_modules: dict[str, ModuleType]) -> None:
    """A background response read again with ``starting_after``: the stream starts at
    ``response.queued``/``in_progress``, not ``response.created``."""
    events = _recorded("05_")
    assert events[0]["type"] != "response.created"
    with pytest.raises(RuntimeError, match="response.created"):
        _sdk_final_response(events)
    acc = _fold(responses_modules["typeddict"], events)
    final = next(e for e in reversed(events) if e["type"] == "response.completed")["response"]
    assert acc.finished == "response.completed" and acc.snapshot()["status"] == "completed"
    assert [item["type"] for item in acc.snapshot()["output"]] == [item["type"] for item in final["output"]]


def test_a_responses_stream_cut_short(responses_modules: dict[str, ModuleType]) -> None:
    """The connection drops halfway: the SDK has no final response; the fold has the items
    as they stood, and says the stream never finished."""
    events = _recorded("02_")  # an MCP tool call, then 172 text deltas
    cut = events[: len(events) // 2]
    with pytest.raises(RuntimeError, match="response.completed"):
        _sdk_final_response(cut)
    acc = _fold(responses_modules["typeddict"], cut)
    snapshot = acc.snapshot()
    final = _fold(responses_modules["typeddict"], events).snapshot()
    assert acc.finished is None and snapshot["status"] == "in_progress"
    text, whole = _text(snapshot), _text(final)
    assert text and whole.startswith(text) and len(text) < len(whole)


def _text(response: Any) -> str:
    return "".join(
        part.get("text", "") for item in response["output"] for part in item.get("content") or [] if "text" in part
    )
