"""The server-sent-events runtime: the lines of a streamed HTTP response in, events and
decoded chunks out (WHATWG HTML "Server-sent events", section 9.2.6, interpreting an event
stream). Standard library only.

Real Python, imported and tested as it is; ``render`` inlines it verbatim into each
generated module (or once per package), dropping this docstring and the import lines. The
module's public ``iter_chunk_dicts``/``iter_chunks`` are generated around ``_chunk_dicts``:
their defaults and chunk types vary per schema.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from dataclasses import dataclass
from typing import Any


# ---------------------------------------------------------------------------
# Server-sent events: the lines of a streamed HTTP response in, chunks out
# (WHATWG HTML "Server-sent events", section 9.2.6, interpreting an event stream).
class StreamError(Exception):
    """The server reported an error inside the stream (``event: error``, or a data object
    with a non-empty ``error`` member). ``data`` is the decoded payload (or its text).
    """

    def __init__(self, data: Any) -> None:
        super().__init__(f"the server sent an error: {data!r}")
        self.data = data


class StreamFormatError(ValueError):
    """The input is not a well-formed event stream: text that is not UTF-8, or an event's
    data that is not JSON. ``event`` is the 0-based number of the event."""

    def __init__(self, message: str, event: int) -> None:
        super().__init__(f"event {event}: {message}")
        self.event = event


@dataclass(frozen=True, slots=True)
class ServerSentEvent:
    """One dispatched event: ``event`` is ``message`` unless an ``event:`` field named it."""

    data: str
    event: str = "message"
    id: str | None = None
    retry: int | None = None


_LINE_BREAK = re.compile("\r\n|\r|\n")


class _EventParser:
    """Line-by-line state of the event-stream interpretation (shared by sync and async)."""

    __slots__ = ("count", "data", "event", "last_id", "retry", "started")

    def __init__(self) -> None:
        self.data: list[str] = []
        self.event = ""
        self.last_id: str | None = None
        self.retry: int | None = None
        self.count = 0
        self.started = False

    def lines(self, item: str | bytes) -> list[str]:
        if isinstance(item, (bytes, bytearray, memoryview)):
            try:
                item = bytes(item).decode("utf-8")
            except UnicodeDecodeError as exc:
                raise StreamFormatError(f"not UTF-8 text ({exc.reason} at byte {exc.start})", self.count) from None
        elif not isinstance(item, str):
            raise StreamFormatError(f"a line must be text or bytes, not {type(item).__name__}", self.count)
        if not self.started:
            self.started = True
            item = item.removeprefix("\ufeff")
        if "\n" not in item and "\r" not in item:
            return [item]
        # only CR, LF and CRLF end a line in an event stream (not U+2028 and the like)
        if item.endswith("\r\n"):
            item = item[:-2]
        elif item.endswith(("\n", "\r")):
            item = item[:-1]
        return _LINE_BREAK.split(item)

    def feed(self, line: str) -> ServerSentEvent | None:
        if not line:
            return self.dispatch()
        if line[0] == ":":
            return None
        name, colon, value = line.partition(":")
        if colon and value[:1] == " ":
            value = value[1:]
        if name == "data":
            self.data.append(value)
        elif name == "event":
            self.event = value
        elif name == "id" and "\x00" not in value:
            self.last_id = value
        elif name == "retry" and value.isascii() and value.isdigit() and len(value) <= 12:
            self.retry = int(value)
        return None

    def dispatch(self) -> ServerSentEvent | None:
        if not self.data:
            self.event = ""
            return None
        event = ServerSentEvent("\n".join(self.data), self.event or "message", self.last_id, self.retry)
        self.data = []
        self.event = ""
        self.count += 1
        return event


def iter_sse(lines: Iterable[str | bytes]) -> Iterator[ServerSentEvent]:
    """The events of a stream given as lines (``httpx.Response.iter_lines()``; an item
    holding several lines is split). An event left open when the input ends is dispatched.

    Raises:
        StreamFormatError: a line is bytes that are not UTF-8.
    """
    parser = _EventParser()
    for item in lines:
        for line in parser.lines(item):
            event = parser.feed(line)
            if event is not None:
                yield event
    event = parser.dispatch()
    if event is not None:
        yield event


async def aiter_sse(lines: AsyncIterable[str | bytes]) -> AsyncIterator[ServerSentEvent]:
    """``iter_sse`` for an async iterable (``httpx.Response.aiter_lines()``)."""
    parser = _EventParser()
    async for item in lines:
        for line in parser.lines(item):
            event = parser.feed(line)
            if event is not None:
                yield event
    event = parser.dispatch()
    if event is not None:
        yield event


_DONE: dict[str, Any] = {}  # returned by _chunk_data at "data: [DONE]"


def _chunk_data(event: ServerSentEvent, number: int, named: bool) -> dict[str, Any] | None:
    """An event's decoded chunk; None to skip the event, ``_DONE`` at ``[DONE]``."""
    if event.data.startswith("[DONE]"):  # as openai-python reads it: "[DONE] " too
        return _DONE
    if event.event == "error":
        try:
            payload = json.loads(event.data)
        except (ValueError, RecursionError):
            payload = event.data
        raise StreamError(payload)
    if event.event != "message" and not named:
        return None  # other named events (pings, ...) carry no chunk
    try:
        data = json.loads(event.data)
    except (ValueError, RecursionError) as exc:
        cut = isinstance(exc, json.JSONDecodeError) and (
            exc.msg.startswith("Unterminated") or exc.pos >= len(event.data.rstrip())
        )
        hint = (
            "; it stops short, as when pieces of bytes (iter_bytes(), iter_raw(), a socket's reads) are given "
            "instead of whole lines: pass lines (iter_lines())"
            if cut
            else ""
        )
        raise StreamFormatError(f"data is not JSON ({exc}): {event.data[:200]!r}{hint}", number) from None
    if not isinstance(data, dict):
        raise StreamFormatError(f"data is not a JSON object: {event.data[:200]!r}", number)
    if data.get("error"):  # as openai-python reads it: `"error": null` is no error
        raise StreamError(data["error"])
    return data


def _chunk_dicts(lines: Iterable[str | bytes], named_events: bool) -> Iterator[dict[str, Any]]:
    """The decoded chunks of an event stream, up to ``data: [DONE]`` (or the end); see the
    module's ``iter_chunk_dicts``."""
    for number, event in enumerate(iter_sse(lines)):
        data = _chunk_data(event, number, named_events)
        if data is _DONE:
            return
        if data is not None:
            yield data


async def _achunk_dicts(lines: AsyncIterable[str | bytes], named_events: bool) -> AsyncIterator[dict[str, Any]]:
    """``_chunk_dicts`` for an async iterable of lines."""
    number = 0
    async for event in aiter_sse(lines):
        data = _chunk_data(event, number, named_events)
        if data is _DONE:
            return
        number += 1
        if data is not None:
            yield data
