"""Pydantic stream models for ``TickerChunk``, from Ticker chunk .

Also here: an accumulator per root that merges a stream's chunks into one snapshot
(``<Root>Accumulator``), and a server-sent-events reader (``iter_chunks``). It
needs pydantic >= 2.11, and imports the rest from ``_gen_models_runtime`` beside
it.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from typing import Any, Literal

from pydantic import ValidationError

from ._gen_models_runtime.anomalies import Anomaly, StreamMergeError, _joined
from ._gen_models_runtime.bookkeeping import _join
from ._gen_models_runtime.keyed import _Entries, _KeyedList
from ._gen_models_runtime.merge import _ChunkAccumulator, _EntryState, _Merger, _State
from ._gen_models_runtime.pydantic_models import _Model
from ._gen_models_runtime.pydantic_results import _built_anyway, _wire_names
from ._gen_models_runtime.sse import (
    ServerSentEvent,
    StreamError,
    StreamFormatError,
    _achunk_dicts,
    _achunks,
    _chunk_dicts,
    _chunk_object,
    _chunks,
    aiter_sse,
    iter_sse,
)
from ._gen_models_runtime.typed import _as_json

__all__ = [
    "Anomaly",
    "ServerSentEvent",
    "StreamError",
    "StreamFormatError",
    "StreamMergeError",
    "Tick",
    "TickDelta",
    "TickerChunk",
    "TickerChunkAccumulator",
    "aiter_chunk_dicts",
    "aiter_chunks",
    "aiter_sse",
    "iter_chunk_dicts",
    "iter_chunks",
    "iter_sse",
    "parse_ticker_chunk",
]


class TickDelta(_Model):
    text: str | None = None


class Tick(_Model):
    index: int
    symbol: str
    price: float | None = None
    delta: TickDelta | None = None


class TickerChunk(_Model):
    object: Literal["ticker.chunk"] | str
    items: list[Tick]
    note: str | None = None


def parse_ticker_chunk(data: Any) -> TickerChunk:
    """Parse one decoded ``TickerChunk``; raises ``pydantic.ValidationError``."""
    return TickerChunk.model_validate(data, by_name=False)


class _TickerChunkMerge(_State):
    """Merge state of TickerChunk at ``(chunk)`` (root context)."""

    __slots__ = ("items", "note", "object")
    _known = _wire_names(TickerChunk)

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.object: str | None = None
        self.items = _Entries()
        self.note: str | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("object")) is not None and v != self.object:
            self.object = acc.set_value(self, "object", self.object, v, str)
        if (v := get("items")) is not None:
            self._merge_items(v, acc)
        if (v := get("note")) is not None and v != self.note:
            self.note = acc.last_text(self, "note", self.note, v)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _merge_items(self, value: Any, acc: _Merger) -> None:
        """Merges a list's entries into the entries of the same key (``by_key``)."""
        if (
            type(value) is list
            and len(value) == 1
            and type(item := value[0]) is dict
            and type(key := item.get("index")) is int
            and (entry := self.items.by_key.get(key)) is not None
        ):
            entry._add(item, acc)
            return
        if type(value) is not list:
            acc.wrong_type(self, "items", value, "a list")
        for item in value if type(value) is list else ():
            key = item.get("index") if type(item) is dict else None
            entry = self.items.by_key.get(key) if type(key) is int else None
            if entry is None:
                entry = acc.pick_entry(self, _ITEMS, self.items, item, key)
                if entry is None:
                    continue
            entry._add(item, acc)

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``TickerChunk`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        get = model.__dict__.get
        if (v := get("object")) is not None and v != self.object:
            self.object = acc.set_value(self, "object", self.object, v, str)
        if (v := get("items")) is not None:
            self._merge_items_models(v, acc)
        if (v := get("note")) is not None and v != self.note:
            self.note = acc.last_text(self, "note", self.note, v)
        if extra := model.__pydantic_extra__:
            self._add(extra, acc)

    def _merge_items_models(self, value: Any, acc: _Merger) -> None:
        """Merges a list of typed entries into the entries of the same key (``by_key``);
        an entry not yet begun, or not of this module's class, merges as its JSON."""
        if type(value) is not list:
            self._add({"items": _as_json(value)}, acc)
            return
        item: Any
        for item in value:
            key = item.__dict__.get("index") if type(item) is Tick else None
            entry = self.items.by_key.get(key) if type(key) is int else None
            if entry is None:
                self._add({"items": [_as_json(item)]}, acc)
            else:
                entry._add_model(item, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.object is not None:
            out["object"] = self.object
        out["items"] = self.items.built()
        if self.note is not None:
            out["note"] = self.note
        return self._finish(out)


class _TickMerge(_EntryState):
    """Merge state of Tick at ``items[]`` (entry context)."""

    __slots__ = ("delta", "index", "price", "symbol")
    _known = _wire_names(Tick)

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.index = 0
        self.symbol: str | None = None
        self.price: float | None = None
        self.delta: _TickDeltaMerge | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("symbol")) is not None and v != self.symbol:
            self.symbol = acc.last_text(self, "symbol", self.symbol, v)
        if (v := get("price")) is not None and v != self.price:
            self.price = acc.last_value(self, "price", self.price, v, float)
        if (v := get("delta")) is not None:
            if type(v) is not dict or self.delta is None:
                self.delta = acc.merge_object(
                    self, "delta", self.delta, _TickDeltaMerge, v
                )
            # most deltas carry one text fragment and nothing else
            elif (
                len(v) == 1
                and type(text := v.get("text")) is str
                and self.delta._alt is None
            ):
                self.delta.text.append(text)
            else:
                self.delta._add(v, acc)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "entry")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Tick`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        get = model.__dict__.get
        if (v := get("symbol")) is not None and v != self.symbol:
            self.symbol = acc.last_text(self, "symbol", self.symbol, v)
        if (v := get("price")) is not None and v != self.price:
            self.price = acc.last_value(self, "price", self.price, v, float)
        if (v := get("delta")) is not None:
            if type(v) is TickDelta:
                if self.delta is None:
                    self.delta = _TickDeltaMerge(_join(self._path, "delta"))
                self.delta._add_model(v, acc)
            else:
                self._add({"delta": _as_json(v)}, acc)
        if extra := model.__pydantic_extra__:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        out["index"] = self.index
        if self.symbol is not None:
            out["symbol"] = self.symbol
        if self.price is not None:
            out["price"] = self.price
        if self.delta is not None:
            out["delta"] = self.delta._build()
        return self._finish(out)


class _TickDeltaMerge(_State):
    """Merge state of TickDelta at ``items[].delta`` (delta context)."""

    __slots__ = ("text",)
    _known = _wire_names(TickDelta)

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.text: list[str] = []

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("text")) is not None:
            if type(v) is str and self._alt is None:
                self.text.append(v)
            else:
                acc.fragment(self, "text", "text", v, text_only=True)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "delta")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``TickDelta`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        get = model.__dict__.get
        if (v := get("text")) is not None:
            if type(v) is str and self._alt is None:
                self.text.append(v)
            else:
                acc.fragment(self, "text", "text", v, text_only=True)
        if extra := model.__pydantic_extra__:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.text:
            out["text"] = _joined(self.text)
        return self._finish(out)


_ITEMS = _KeyedList(wire="items", key="index", key_attr="index", make=_TickMerge)


class TickerChunkAccumulator(_ChunkAccumulator):
    """Merges the chunks of one ``TickerChunk`` stream: ``add`` each in order (decoded
    JSON is fastest), then ask for ``snapshot()``. A chunk that strays
    from the schema is merged as far as it can be and reported in ``anomalies``
    (``strict=True``: ``StreamMergeError`` at the first stray instead)."""

    __slots__ = ()
    _model = TickerChunk

    def __init__(self, *, strict: bool = False) -> None:
        super().__init__(_TickerChunkMerge(""), strict)

    def snapshot(self) -> TickerChunk:
        """The merged stream so far as a ``TickerChunk``, validated once. One that does not
        fit (a server omits a required field) is reported as ``schema_drift`` and built
        anyway; ``strict=True`` raises ``pydantic.ValidationError`` instead, as does a value of another
        type than the schema's."""
        built: TickerChunk = _built_anyway(
            TickerChunk.model_validate, self.snapshot_dict(), self
        )
        return built


def iter_chunk_dicts(
    lines: Iterable[str | bytes], *, named_events: bool = False
) -> Iterator[dict[str, Any]]:
    """The decoded chunks of a stream, read as the spec declares it (undeclared: by its first line):
    server-sent events up to ``data: [DONE]`` (or the end); JSON lines
    (``application/x-ndjson``: Ollama), one chunk a line; or a JSON array over the lines
    (``application/json`` where an operation streams: Gemini), item by item. Where the
    spec declares several (or none), the first line that is not blank says which: a JSON
    object for JSON lines, a JSON array for an array, else events.

    ``named_events``: also the data of events named other than ``message`` (the Responses,
    Anthropic and Cohere APIs name every event); by default in a module with an event
    union, so that none of its events is dropped. Else such events (pings) are skipped.

    With ``named_events``, an ``event: error`` whose data is an object with a ``type`` is an
    event of the union like any other: given to the caller (an accumulator keeps it in
    ``acc.error``), not raised.

    Raises:
        StreamError: the server sent an error event (after every chunk before it).
        StreamFormatError: the input is not a well-formed stream of JSON chunks.
    """
    return _chunk_dicts(lines, named_events, ())


def aiter_chunk_dicts(
    lines: AsyncIterable[str | bytes], *, named_events: bool = False
) -> AsyncIterator[dict[str, Any]]:
    """``iter_chunk_dicts`` for an async iterable of lines."""
    return _achunk_dicts(lines, named_events, ())


def _chunk_model(text: str, number: int) -> TickerChunk:
    """Event ``number``'s data as a ``TickerChunk``, validated from the JSON text
    itself (pydantic-core reads it). Text that does not validate so is decoded and checked
    as ``iter_chunk_dicts`` does and validated as a dict: the errors and any value pydantic
    reads only from Python objects (a lone surrogate) are the same as by that way."""
    try:
        chunk = TickerChunk.model_validate_json(text, by_name=False)
    except ValidationError:
        return parse_ticker_chunk(_chunk_object(text, number))
    extra = chunk.__pydantic_extra__
    if extra and extra.get("error"):  # as iter_chunk_dicts reads it
        raise StreamError(extra["error"])
    return chunk


def iter_chunks(lines: Iterable[str | bytes]) -> Iterator[TickerChunk]:
    """The chunks of an event stream, each parsed as a ``TickerChunk``.

    Raises:
        StreamError, StreamFormatError: see ``iter_chunk_dicts``.
        pydantic.ValidationError: a chunk does not fit the model.
    """
    return _chunks(lines, False, _chunk_model, ())


def aiter_chunks(lines: AsyncIterable[str | bytes]) -> AsyncIterator[TickerChunk]:
    """``iter_chunks`` for an async iterable of lines."""
    return _achunks(lines, False, _chunk_model, ())
