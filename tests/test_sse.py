"""The generated server-sent-events reader (WHATWG HTML section 9.2.6) and its edge cases."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from conftest import STYLES, runtime_module
from hypothesis import given, settings
from hypothesis import strategies as st

CHUNK = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": []}


def _lines(text: str) -> list[bytes]:
    return text.encode().splitlines()


@pytest.fixture(params=STYLES)
def module(request, openai_modules):  # type: ignore[no-untyped-def]
    return openai_modules[request.param]


def test_events_data_fields_comments_ids_and_retry(module) -> None:
    text = ": a comment\nevent: ping\ndata: one\n\nid: 7\nretry: 1500\ndata: two\ndata:three\n\n"
    events = list(runtime_module(module, "sse").iter_sse(_lines(text)))  # the runtime's general reader
    assert [(e.event, e.data) for e in events] == [("ping", "one"), ("message", "two\nthree")]
    assert events[1].id == "7" and events[1].retry == 1500


def test_lines_as_str_bytes_crlf_and_items_holding_several_lines(module) -> None:
    payload = json.dumps(CHUNK)
    items = [f"data: {payload}\r\n", b"\r\n", f"data: {payload}\n\ndata: [DONE]\n\n"]
    assert len(list(module.iter_chunk_dicts(items))) == 2


def test_done_stops_and_a_stream_without_done_or_final_blank_line_ends_cleanly(module) -> None:
    payload = json.dumps(CHUNK)
    assert len(list(module.iter_chunk_dicts(_lines(f"data: {payload}\n\ndata: [DONE]\n\ndata: {payload}\n\n")))) == 1
    assert len(list(module.iter_chunk_dicts(_lines(f"data: {payload}\n\ndata: {payload}")))) == 2


def test_data_split_over_several_fields_is_joined_with_newlines(module) -> None:
    text = 'data: {"id": "c1", "object": "chat.completion.chunk",\ndata: "created": 1, "model": "m", "choices": []}\n\n'
    (chunk,) = module.iter_chunk_dicts(_lines(text))
    assert chunk["id"] == "c1"


def test_error_events_and_error_objects_raise_stream_error(module) -> None:
    with pytest.raises(module.StreamError) as info:
        list(module.iter_chunk_dicts(_lines('event: error\ndata: {"message": "overloaded"}\n\n')))
    assert info.value.data == {"message": "overloaded"}
    with pytest.raises(module.StreamError):
        list(module.iter_chunk_dicts(_lines('data: {"error": {"message": "quota"}}\n\n')))


def test_broken_input_raises_the_modules_own_error(module) -> None:
    with pytest.raises(module.StreamFormatError):
        list(module.iter_chunk_dicts([b"data: \xff\xfe\n", b""]))
    with pytest.raises(module.StreamFormatError) as info:
        list(module.iter_chunk_dicts(_lines('data: {"id": "c1", "choi\n\n')))
    assert info.value.event == 0
    with pytest.raises(module.StreamFormatError):
        list(module.iter_chunk_dicts(_lines("data: [1, 2]\n\n")))


def test_iter_chunks_yields_typed_chunks(module) -> None:
    payload = json.dumps({**CHUNK, "choices": [{"index": 0, "delta": {"content": "hi"}, "finish_reason": None}]})
    (chunk,) = module.iter_chunks(_lines(f"data: {payload}\n\n"))
    delta = chunk["choices"][0]["delta"] if isinstance(chunk, dict) else chunk.choices[0].delta
    assert (delta["content"] if isinstance(delta, dict) else delta.content) == "hi"


def test_async_twins(module) -> None:
    payload = json.dumps(CHUNK)

    async def lines():  # type: ignore[no-untyped-def]
        for line in _lines(f"data: {payload}\n\ndata: {payload}\n\ndata: [DONE]\n\n"):
            yield line

    async def collect() -> list:
        return [c async for c in module.aiter_chunks(lines())]

    assert len(asyncio.run(collect())) == 2


# -------------------------------------------------- errors and odd lines
# (moved from test_regressions.py: faults found by adversarial testing, each kept as a test
# of its whole kind)


@pytest.mark.parametrize("style", STYLES)
def test_the_sse_reader_raises_only_its_own_errors(openai_modules: dict[str, Any], style: str) -> None:
    module = openai_modules[style]
    for lines in (
        [b"data: " + b"[" * 100_000, b""],
        ["retry: " + "9" * 5000, "data: {}", ""],
        [memoryview(b'data: {"id": "c", "choices": []}'), b""],
        [42],
        [None],
    ):
        try:
            list(module.iter_chunk_dicts(lines))
        except (module.StreamFormatError, module.StreamError):
            pass
    text = json.dumps({"id": "c", "choices": [], "note": "a\u2028b\u0085c"}, ensure_ascii=False)
    (chunk,) = module.iter_chunk_dicts([f"data: {text}\n"])
    assert chunk["note"] == "a\u2028b\u0085c"


@pytest.mark.parametrize("style", STYLES)
def test_sse_error_null_is_no_error_and_done_may_carry_spaces(openai_modules: dict[str, Any], style: str) -> None:
    module = openai_modules[style]
    lines = [
        'data: {"id": "c", "choices": [], "error": null}',
        "",
        "data: [DONE] ",
        "",
        'data: {"id": "late"}',
        "",
    ]
    assert [c["id"] for c in module.iter_chunk_dicts(lines)] == ["c"]
    with pytest.raises(module.StreamError):
        list(module.iter_chunk_dicts(['data: {"error": {"message": "overloaded"}}', ""]))


def test_bytes_pieces_instead_of_lines_get_a_hint(module) -> None:
    """``iter_bytes()`` pieces end mid-line: each is read as a whole line, so an event's data
    stops short; the error says to pass lines."""
    raw = f"data: {json.dumps(CHUNK)}\n\n".encode()
    pieces = [raw[:20], raw[20:]]  # as httpx's iter_bytes() may cut them
    with pytest.raises(module.StreamFormatError, match=r"data is not JSON .*pass lines \(iter_lines\(\)\)"):
        list(module.iter_chunk_dicts(pieces))
    with pytest.raises(module.StreamFormatError) as caught:  # not JSON at all: no such hint
        list(module.iter_chunk_dicts(["data: not json", ""]))
    assert "iter_lines" not in str(caught.value)


# -------------------------------------------------- the fast path for one-line `data:` events
# (``_chunks`` reads `data: ...` lines and the blank line ending a one-line unnamed event
# without the general machinery; it must give what the general reader gives, line for line)


def _reference(lines: list[Any], tags: tuple[str, ...]) -> list[Any]:
    """What the general reader (``iter_sse``, one event at a time) makes of ``lines``: each
    chunk, or the error raised, as ``("raised", type name)``."""
    from generator.runtime import sse

    out: list[Any] = []
    try:
        for number, event in enumerate(sse.iter_sse(lines)):
            text = sse._event_text(event, tags)
            if text is sse._DONE:
                break
            if type(text) is sse.StreamError:
                raise text
            if text is not None:
                out.append(sse._event_object(text, number, tags) if tags else sse._chunk_object(text, number))
    except (sse.StreamError, sse.StreamFormatError) as exc:
        out.append(("raised", type(exc).__name__, getattr(exc, "event", None)))
    return out


def _fast(lines: list[Any], tags: tuple[str, ...]) -> list[Any]:
    from generator.runtime import sse

    out: list[Any] = []
    try:
        out.extend(sse._Reader((), tags).iter_chunk_dicts(lines))  # the chunks before an error stay
    except (sse.StreamError, sse.StreamFormatError) as exc:
        out.append(("raised", type(exc).__name__, getattr(exc, "event", None)))
    return out


_LINE_VOCABULARY = [
    'data: {"a": 1}',
    'data:{"b": 2}',
    'data:  {"c": 3}',
    "data: [DONE]",
    "data: [DONE] ",
    "data: {",
    'data: "x": 1}',
    "data",
    "data: 1",
    "",
    "",
    "",
    ": comment",
    "event: ping",
    "event: error",
    "event:",
    "id: 7",
    "retry: 100",
    'data: {"error": {"m": 1}}',
    'data: {"error": null, "d": 1}',
    'data: {"type": "error", "error": {"m": 2}}',
    'data: {"event": "error", "message": "m"}',
    "\ufeffdata: {}",
    'data: {"e": 5}\r\n',
    'data: {"f": 6}\n\ndata: {"g": 7}\n',
    "\r",
    b'data: {"h": 8}',
    b"",
    b"data: \xff\xfe",  # not UTF-8: an error naming the event
    b'data: {"i": 9}\n',
    b"event: ping",
]


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_LINE_VOCABULARY), max_size=14), st.sampled_from([(), ("type",), ("event",)]))
def test_the_fast_path_reads_every_stream_as_the_general_reader_does(lines: list[Any], tags: tuple[str, ...]) -> None:
    assert _fast(lines, tags) == _reference(lines, tags)


@pytest.mark.parametrize(
    "lines",
    [
        ['data: {"a": 1}', "", 'data:{"b": 2}', "", 'data:  {"c": 3}', ""],  # one space is dropped, not two
        ["event: ping", 'data: {"a": 1}', "", 'data: {"b": 2}', ""],  # a named event between fast ones
        ['data: {"a":', "data: 1}", "", 'data: {"b": 2}', ""],  # two data lines make one event
        ["\ufeffdata: {}", "", "\ufeffdata: {}", ""],  # a BOM only at the very start is dropped
        ['data: {"a": 1}', "id: 3", "", "retry: 5", 'data: {"b": 2}', ""],
        ['data: {"a": 1}', "", "data: [DONE]", "", 'data: {"b": 2}', ""],
        ['data: {"a": 1}', "", 'data: {"b": 2}'],  # an event left open at the end
        ['data: {"a": 1}', "", "data: nope", ""],  # the error names event 1
        [b'data: {"a": 1}', b"", 'data: {"b": 2}', "", 'data: {"c": 3}\r\n', "\r\n"],
    ],
)
def test_the_fast_path_on_written_streams(lines: list[Any]) -> None:
    assert _fast(lines, False) == _reference(lines, False)
    assert _fast(lines, True) == _reference(lines, True)


def test_the_async_reader_takes_the_same_path(module) -> None:
    lines = ['data: {"id": "a"}', "", "event: ping", "data: {}", "", 'data:{"id": "b"}', "", "data: [DONE]", ""]

    async def feed():  # type: ignore[no-untyped-def]
        for line in lines:
            yield line

    async def collect() -> list:
        return [c async for c in module.aiter_chunk_dicts(feed())]

    assert asyncio.run(collect()) == list(module.iter_chunk_dicts(lines)) == [{"id": "a"}, {"id": "b"}]


def test_iter_chunks_raises_what_iter_chunk_dicts_raises(module) -> None:
    """The pydantic style validates the JSON text itself; an error object, a chunk that does
    not fit and text that is not JSON still raise as the dict way does."""
    with pytest.raises(module.StreamError):
        list(module.iter_chunks(['data: {"error": {"message": "quota"}}', ""]))
    payload = json.dumps({**CHUNK, "error": {"message": "late"}})  # a valid chunk carrying an error
    with pytest.raises(module.StreamError):
        list(module.iter_chunks([f"data: {payload}", ""]))
    with pytest.raises(module.StreamFormatError) as info:
        list(module.iter_chunks([f"data: {json.dumps(CHUNK)}", "", "data: {", ""]))
    assert info.value.event == 1
    if hasattr(module, "ParseError"):
        error = module.ParseError
    elif hasattr(module, "msgspec"):  # the msgspec style raises msgspec's own error
        error = module.msgspec.ValidationError
    else:
        error = __import__("pydantic").ValidationError
    with pytest.raises(error):
        list(module.iter_chunks([f"data: {json.dumps({**CHUNK, 'created': 'soon'})}", ""]))
