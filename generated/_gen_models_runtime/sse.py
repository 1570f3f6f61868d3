# gen-models 0.1.0: generator/runtime/sse.py, copied verbatim. Do not edit; regenerate instead.
"""The stream reader: the lines of a streamed HTTP response in, events and decoded chunks
out (WHATWG HTML "Server-sent events", 9.2.6 interpreting an event stream; also JSON lines
and a JSON array). A generated module binds its ``iter_chunk_dicts``/``iter_chunks`` to it.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import AsyncIterable, AsyncIterator, Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any


class StreamError(Exception):
    """The server reported an error inside the stream (``event: error``, or a data object
    with a non-empty ``error`` member). ``data``: the decoded payload (or its text)."""

    def __init__(self, data: Any) -> None:
        super().__init__(f"the server sent an error: {data!r}")
        self.data = data


class StreamFormatError(ValueError):
    """The input is not a well-formed stream: text that is not UTF-8, or data that is not
    JSON. ``event``: the 0-based number of the event."""

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
    """Line-by-line state of the event-stream interpretation."""

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
        lines = _LINE_BREAK.split(item)
        return lines[:-1] if lines[-1] == "" else lines  # a final line break ends the last line

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
    """The events of a stream given as lines (``httpx.Response.iter_lines()``; an item of
    several lines is split). An event left open when the input ends is dispatched.

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


# JSON text is read by orjson when importable, with json.loads's results: text orjson rejects
# (NaN, Infinity, 1e400, lone surrogates, a byte order mark) goes to json.loads (its error is
# raised), and so does text where a number may have 19 or more digits (orjson reads an integer
# beyond 64 bits as a float).
try:
    _orjson_loads: Any = __import__("orjson").loads  # typed Any with or without orjson installed
except ImportError:  # pragma: no cover - depends on the environment
    _orjson_loads = None

# Digits and "-" -> "0"; bytes a JSON number can follow (``:[,`` and whitespace) -> ":"; the
# rest -> " ". Digits after whitespace inside a string are a false alarm: only slower.
_NUMBER_STARTS = bytes(
    48 if 48 <= byte <= 57 or byte == 45 else 58 if byte in b":[, \t\r\n" else 32 for byte in range(256)
)
_LONG_NUMBER = b":" + b"0" * 19  # 2**63 has 19 digits: a shorter integer fits orjson's 64 bits


def _loads(text: str | bytes | bytearray) -> Any:
    """``json.loads(text)`` (its errors too), by orjson where installed and giving the same value."""
    if _orjson_loads is not None:
        try:
            raw = text if type(text) is bytes else text.encode() if isinstance(text, str) else text
            # no number of 19 characters or more after ":", "[", "," or whitespace
            if _LONG_NUMBER not in raw.translate(_NUMBER_STARTS):
                value = _orjson_loads(raw)
                # a text that is one number, which may be an integer beyond 64 bits
                if type(value) is not float:
                    return value
        except (ValueError, TypeError):  # orjson.JSONDecodeError, UnicodeEncodeError (a lone surrogate)
            pass
    return json.loads(text)


_DONE: Any = object()  # what a chunk decoder's caller gets at "data: [DONE]"
_Tags = tuple[str, ...]  # the tag fields of a module's event unions (``type``)
_Decode = Callable[[str, int], Any]  # a chunk's data text and number -> the chunk


def _event_text(event: ServerSentEvent, tags: _Tags) -> Any:
    """What a dispatched event gives the chunk reader: its data text, ``_DONE`` at ``data:
    [DONE]``, the ``StreamError`` to raise (after the chunks before it) for an error event, or
    None for no chunk (a named event such as a ping, unless ``tags``: the tag fields of the
    module's event unions, whose events may be named: the Responses API names every event). An
    ``error`` event whose data is an object with a string tag (``type``, Dify's ``event``) is a
    member of the union, folded by the accumulator (``acc.error``)."""
    if event.data.startswith("[DONE]"):  # as openai-python reads it: "[DONE] " too
        return _DONE
    if event.event == "error":
        try:
            payload = _loads(event.data)
        except (ValueError, RecursionError):
            payload = event.data
        if type(payload) is dict and any(type(payload.get(tag)) is str for tag in tags):
            return event.data
        return StreamError(payload)
    return event.data if event.event == "message" or tags else None


def _chunk_object(text: str, number: int) -> dict[str, Any]:
    """The decoded chunk of event ``number`` whose data is ``text``; raises
    ``StreamFormatError`` for data that is no JSON object, ``StreamError`` for an object with
    a non-empty ``error`` member."""
    data = _object_of(text, number)
    if data.get("error"):  # as openai-python reads it: `"error": null` is no error
        raise StreamError(data["error"])
    return data


def _event_object(text: str, number: int, tags: _Tags = ("type",)) -> dict[str, Any]:
    """``_chunk_object`` for event unions (tag fields ``tags``): only an object with an
    ``error`` member and no string tag raises ``StreamError`` (a tagged ``error`` event is folded)."""
    data = _object_of(text, number)
    if data.get("error") and not any(type(data.get(tag)) is str for tag in tags):
        raise StreamError(data["error"])
    return data


def _frame(event: ServerSentEvent) -> dict[str, Any]:
    """An event as the ``{event, data}`` member of a union of frames (OpenAI's Assistants stream): its data
    decoded where it is JSON, else its text (``data: [DONE]``, given too: the union has a member for it)."""
    try:
        return {"event": event.event, "data": _loads(event.data)}
    except (ValueError, RecursionError):
        return {"event": event.event, "data": event.data}


def _object_of(text: str, number: int) -> dict[str, Any]:
    """The JSON object ``text`` (event ``number``'s data), else ``StreamFormatError``."""
    try:
        data = _loads(text)
    except (ValueError, RecursionError) as exc:
        hint = ""
        if isinstance(exc, json.JSONDecodeError) and (
            exc.msg.startswith("Unterminated") or exc.pos >= len(text.rstrip())
        ):
            hint = (
                "; it stops short, as when pieces of bytes (iter_bytes(), iter_raw(), a socket's reads) are given "
                "instead of whole lines: pass lines (iter_lines())"
            )
        raise StreamFormatError(f"data is not JSON ({exc}): {text[:200]!r}{hint}", number) from None
    if type(data) is not dict:
        raise StreamFormatError(f"data is not a JSON object: {text[:200]!r}", number)
    return data


def _chunk_texts(parser: _EventParser, item: str | bytes, tags: _Tags) -> list[Any]:
    """What the events that line(s) ``item`` complete give (``_event_text``), in order, up
    to ``_DONE`` or a ``StreamError``."""
    texts: list[Any] = []
    for line in parser.lines(item):
        event = parser.feed(line)
        if event is not None:
            text = _event_text(event, tags)
            if text is not None:
                texts.append(text)
                if text is _DONE or type(text) is StreamError:
                    return texts
    return texts


#: How a stream's chunks come: server-sent events, JSON lines (``application/x-ndjson``), or
#: one JSON array over the lines (``application/json``: Gemini's ``streamGenerateContent``).
_FORMATS = ("sse", "jsonl", "json")
_BOM = "\ufeff"


def _format_of(head: list[Any], formats: tuple[str, ...]) -> str:
    """The one format declared; among several (none: all), the one the first non-blank line
    (``head``'s last) opens: an object for JSON lines, an array for a JSON array, else events.
    Raises ``StreamFormatError`` where a stream read as events opens JSON (no chunk would come)."""
    first = head[-1] if head else ""
    if type(first) is bytes:
        first = first.decode("utf-8", "replace")
    start = first.lstrip(_BOM).lstrip()[:1] if type(first) is str else ""
    allowed = formats or _FORMATS
    prefer = {"{": ("jsonl", "json"), "[": ("json", "jsonl")}.get(start, ()) + ("sse",)
    form = next((name for name in prefer if name in allowed), allowed[0])
    if form == "sse" and start in ("{", "["):
        message = (
            "the stream is JSON, not the server-sent events (text/event-stream) the spec declares for it; "
            "for JSON lines, add each line to the accumulator instead (acc.add(line))"
        )
        raise StreamFormatError(message, 0)
    return form


def _blank(item: Any) -> bool:
    """A blank line (text or bytes, a byte order mark aside)."""
    if type(item) is bytes:
        return not item.removeprefix(b"\xef\xbb\xbf").strip()
    return type(item) is str and not item.lstrip(_BOM).strip()


@dataclass(slots=True)
class _JsonLines:
    """The lines of a JSON stream: split at ``\\n`` only (U+2028 and the other breaks
    ``str.splitlines`` knows may stand in a JSON string); a leading byte order mark dropped."""

    started: bool = False

    def lines(self, item: Any, number: int) -> list[str]:
        """The lines of one item (an item may hold several, or part of one); ``StreamFormatError``
        (event ``number``) for bytes not UTF-8 or neither text nor bytes."""
        text = item
        if type(item) is not str:
            if not isinstance(item, (bytes, bytearray, memoryview)):
                raise StreamFormatError(f"a line must be text or bytes, not {type(item).__name__}", number)
            try:
                text = bytes(item).decode("utf-8")
            except UnicodeDecodeError as exc:
                raise StreamFormatError(f"a line is not UTF-8 ({exc})", number) from None
        if not self.started:
            if not text.lstrip(_BOM).strip():
                return []
            self.started = True
            text = text.lstrip(_BOM)
        return text.split("\n") if "\n" in text else [text]


#: What the JSON-array reader looks at: a string (it cannot span lines), or a bracket.
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')


@dataclass(slots=True)
class _ArrayItems:
    """The items of one JSON array over many lines, each item's text given once its last line
    is read; linear. Stray text outside the items is given as an item too (decoding it says
    what is wrong)."""

    depth: int = 0  # 0 outside the array, 1 between its items, 2 and more inside one
    parts: list[str] | None = None  # the text of the item being read, by line

    def feed(self, line: str) -> list[str]:
        """The texts of the items ``line`` ends (and of stray text in it)."""
        done: list[str] = []
        start = last = 0  # the current item's start in this line; the end of the last token between items
        for m in _JSON_TOKEN.finditer(line):
            token = m.group()
            if self.depth >= 2:
                if token[0] != '"':
                    self.depth += 1 if token in "[{" else -1
                    if self.depth == 1:
                        assert self.parts is not None
                        self.parts.append(line[start : m.end()])
                        done.append("".join(self.parts))
                        self.parts, last = None, m.end()
                continue
            self._between(line[last : m.start()], done)
            last = m.end()
            if token == "[" and self.depth == 0:
                self.depth = 1
            elif token in "[{" and self.depth == 1:
                self.depth, self.parts, start = 2, [], m.start()
            elif token == "]" and self.depth == 1:
                self.depth = 0
            else:  # a string or a bracket where no item is: not an array of objects
                done.append(token)
        if self.parts is not None:
            self.parts.append(line[start:] + "\n")
        else:
            self._between(line[last:], done)
        return done

    def _between(self, text: str, done: list[str]) -> None:
        if text.strip(" \t\r\n,"):
            done.append(text.strip(" \t\r\n,"))

    def end(self) -> list[str]:
        """The text of an item left open at the end (decoding it says so)."""
        return ["".join(self.parts)] if self.parts is not None else []


def _json_items(lines: Iterator[Any], decode: _Decode, array: bool) -> Iterator[Any]:
    """``decode(text, number)`` for each non-blank line of JSON lines or, with ``array``, each
    item of a JSON array over the lines (a first line opening an object: JSON lines)."""
    reader, items = _JsonLines(), _ArrayItems()
    number = 0
    for item in lines:
        for line in reader.lines(item, number):
            if not line.strip():
                continue
            if array and number == 0 and items.depth == 0 and line.lstrip()[:1] == "{":
                array = False  # no array: JSON lines
            if not array:
                yield decode(line, number)
                number += 1
                continue
            for text in items.feed(line):
                yield decode(text, number)
                number += 1
    for text in items.end():
        yield decode(text, number)


def _prepend(head: list[Any], rest: Iterator[Any], tail: tuple[Any, ...] = ()) -> Iterator[Any]:
    yield from head
    yield from rest
    yield from tail


def _chunks(
    lines: Iterable[str | bytes], tags: _Tags, decode: _Decode, formats: tuple[str, ...] = (), frames: bool = False
) -> Iterator[Any]:
    """``decode(data, number)`` for each chunk of a stream, read and raising as
    ``_Reader.iter_chunk_dicts`` says (``StreamFormatError`` too for events whose first line opens
    JSON); with ``frames``, each event of an event stream as a frame (``_frame``)."""
    rest = iter(lines)
    head = []  # the blank lines up to the first that is not (the event-stream reader reads them)
    for item in rest:
        head.append(item)
        if not _blank(item):
            break
    form = _format_of(head, formats)
    if form == "sse" and frames:
        yield from map(_frame, iter_sse(_prepend(head, rest)))
    elif form == "sse":
        yield from _sse_chunks(_prepend(head, rest, ("",)), tags, decode)
    else:
        yield from _json_items(_prepend(head, rest), decode, form == "json")


def _sse_chunks(lines: Iterable[str | bytes], tags: _Tags, decode: _Decode) -> Iterator[Any]:
    """``decode(data, event number)`` for each chunk of an event stream, up to ``data:
    [DONE]``; an error event raises ``StreamError`` after the chunks before it. ``lines`` end
    with ``""`` (an event left open is dispatched). A fast path with the same results takes a
    ``data:`` line (after the first line, no line break) and the blank line ending an unnamed
    event of one such line; the rest goes by ``_EventParser``."""
    parser = _EventParser()
    data = parser.data
    for item in lines:
        if type(item) is bytes and parser.started:
            try:
                item = item.decode("utf-8")
            except UnicodeDecodeError:
                pass  # the general path raises it, naming the event
        if type(item) is str and parser.started and "\n" not in item and "\r" not in item:
            if item[:5] == "data:":
                data.append(item[6:] if item[5:6] == " " else item[5:])
                continue
            if not item and len(data) == 1 and not parser.event:
                text = data.pop()
                parser.count += 1
                if text.startswith("[DONE]"):
                    return
                yield decode(text, parser.count - 1)
                continue
        texts = _chunk_texts(parser, item, tags)
        data = parser.data
        for text in texts:
            if text is _DONE:
                return
            if type(text) is StreamError:
                raise text
            yield decode(text, parser.count - 1)


async def _achunks(
    lines: AsyncIterable[str | bytes], tags: _Tags, decode: _Decode, formats: tuple[str, ...] = (), frames: bool = False
) -> AsyncIterator[Any]:
    """``_chunks`` for an async iterable of lines."""
    rest = aiter(lines)
    head: list[Any] = []  # as in ``_chunks``
    async for item in rest:
        head.append(item)
        if not _blank(item):
            break
    form = _format_of(head, formats)
    if form == "sse" and frames:
        parser = _EventParser()
        async for item in _aprepend(head, rest, ("",)):
            for line in parser.lines(item):
                if (event := parser.feed(line)) is not None:
                    yield _frame(event)
        return
    if form == "sse":
        async for chunk in _asse_chunks(_aprepend(head, rest, ("",)), tags, decode):
            yield chunk
        return
    # a JSON stream: each item read as it comes, as ``_json_items`` reads it
    reader, items = _JsonLines(), _ArrayItems()
    number, array = 0, form == "json"
    async for item in _aprepend(head, rest):
        for line in reader.lines(item, number):
            if not line.strip():
                continue
            if array and number == 0 and items.depth == 0 and line.lstrip()[:1] == "{":
                array = False  # no array: JSON lines
            for text in items.feed(line) if array else [line]:
                yield decode(text, number)
                number += 1
    for text in items.end():
        yield decode(text, number)


async def _aprepend(head: list[Any], rest: AsyncIterable[Any], tail: tuple[Any, ...] = ()) -> AsyncIterator[Any]:
    for item in head:
        yield item
    async for item in rest:
        yield item
    for item in tail:
        yield item


async def _asse_chunks(lines: AsyncIterable[str | bytes], tags: _Tags, decode: _Decode) -> AsyncIterator[Any]:
    """``_sse_chunks`` for an async iterable of lines (its twin: a shared step would cost a
    call per line)."""
    parser = _EventParser()
    data = parser.data
    async for item in lines:
        if type(item) is bytes and parser.started:
            try:
                item = item.decode("utf-8")
            except UnicodeDecodeError:
                pass  # the general path raises it, naming the event
        if type(item) is str and parser.started and "\n" not in item and "\r" not in item:
            if item[:5] == "data:":
                data.append(item[6:] if item[5:6] == " " else item[5:])
                continue
            if not item and len(data) == 1 and not parser.event:
                text = data.pop()
                parser.count += 1
                if text.startswith("[DONE]"):
                    return
                yield decode(text, parser.count - 1)
                continue
        texts = _chunk_texts(parser, item, tags)
        data = parser.data
        for text in texts:
            if text is _DONE:
                return
            if type(text) is StreamError:
                raise text
            yield decode(text, parser.count - 1)


@dataclass(frozen=True, slots=True)
class _Reader:
    """A module's stream reader: its spec's ``formats`` (``sse``, ``jsonl``, ``json``; none:
    each stream's first line says) and ``tags``, the tag fields of its event unions (if any)."""

    formats: tuple[str, ...]
    tags: _Tags
    frames: bool = False  # events are the union's members, ``{event, data}`` (``_frame``)

    def iter_chunk_dicts(
        self, lines: Iterable[str | bytes], *, named_events: bool | None = None
    ) -> Iterator[dict[str, Any]]:
        """The decoded chunks of a stream, read as ``formats`` says: server-sent events (``sse``)
        up to ``data: [DONE]``, JSON lines (``jsonl``), or a JSON array over the lines (``json``),
        item by item; where several (or none) are declared, the first non-blank line says which
        (``_format_of``). ``named_events`` (default: where the module has an event union): also
        events named other than ``message`` (else skipped, as pings are); then an ``event:
        error`` whose data has a string tag (``type``, or the module's) is given, not raised
        (``acc.error``).

        Raises:
            StreamError: the server sent an error event (after every chunk before it).
            StreamFormatError: the input is not a well-formed stream of JSON chunks.
        """
        return _chunks(lines, *self._read(named_events), self.formats, self.frames and named_events is not False)

    def aiter_chunk_dicts(
        self, lines: AsyncIterable[str | bytes], *, named_events: bool | None = None
    ) -> AsyncIterator[dict[str, Any]]:
        """``iter_chunk_dicts`` for an async iterable of lines."""
        return _achunks(lines, *self._read(named_events), self.formats, self.frames and named_events is not False)

    def _read(self, named_events: bool | None) -> tuple[_Tags, _Decode]:
        """The tag fields of the events read (the module's, or as ``named_events`` says), and their decoder."""
        tags = self.tags if named_events is None else (self.tags or ("type",)) if named_events else ()
        decode = _event_object if tags == ("type",) else functools.partial(_event_object, tags=tags)  # no call added
        return tags, decode if tags else _chunk_object
