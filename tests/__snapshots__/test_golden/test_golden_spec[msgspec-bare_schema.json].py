"""msgspec stream models for ``TickerChunk``, from Ticker chunk , with an accumulator
per root (``<Root>Accumulator``) and a stream reader (``iter_chunks``).
Needs msgspec >= 0.18, and ``_gen_models_runtime`` beside it."""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from typing import Any, Literal

import msgspec

from ._gen_models_runtime.anomalies import Anomaly, StreamMergeError, _joined
from ._gen_models_runtime.bookkeeping import _join
from ._gen_models_runtime.keyed import _Entries, _KeyedList
from ._gen_models_runtime.merge import _ChunkAccumulator, _EntryState, _Merger, _State
from ._gen_models_runtime.msgspec_models import (
    _built_anyway,
    _decoded_chunk,
    _parse,
    _parser,
    _Struct,
)
from ._gen_models_runtime.sse import (
    StreamError,
    StreamFormatError,
    _achunks,
    _chunks,
    _Reader,
)
from ._gen_models_runtime.typed import _as_json

# fmt: off
__all__ = [  # packed, not one name a line: a module of a whole spec exports hundreds
    "Anomaly", "StreamError", "StreamFormatError", "StreamMergeError", "Tick",
    "TickDelta", "TickerChunk", "TickerChunkAccumulator", "aiter_chunk_dicts",
    "aiter_chunks", "decode_ticker_chunk", "iter_chunk_dicts", "iter_chunks",
    "parse_tick", "parse_ticker_chunk",
]
# fmt: on


class TickDelta(_Struct, kw_only=True):
    text: str | None = None


_KEYS_TickDelta = frozenset({"text"})


class Tick(_Struct, kw_only=True):
    index: int
    symbol: str
    price: float | None = None
    delta: TickDelta | None = None


_KEYS_Tick = frozenset({"index", "symbol", "price", "delta"})


class TickerChunk(_Struct, kw_only=True):
    object: Literal["ticker.chunk"] | str
    items: list[Tick]
    note: str | None = None


_KEYS_TickerChunk = frozenset({"object", "items", "note"})


def parse_ticker_chunk(data: Any) -> TickerChunk:
    """Parse one decoded ``TickerChunk`` (unknown fields kept); raises ``msgspec.ValidationError``."""
    parsed: TickerChunk = _parse(TickerChunk, data)
    return parsed


_DECODE_TickerChunk = msgspec.json.Decoder(TickerChunk).decode


def decode_ticker_chunk(text: bytes | str) -> TickerChunk:
    """One ``TickerChunk`` from its JSON text (unknown fields kept, through ``parse_ticker_chunk``)."""
    try:
        return _DECODE_TickerChunk(text)
    except msgspec.ValidationError:
        return parse_ticker_chunk(msgspec.json.decode(text))


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises msgspec.ValidationError naming the place that does not fit.
parse_tick = _parser(Tick)


class _TickerChunkMerge(_State):
    """Merge state of TickerChunk at ``(chunk)`` (root context)."""

    __slots__ = ("items", "note", "object")
    _known = _KEYS_TickerChunk

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
                entry = acc.pick_entry(self, _ITEMS, self.items, item, key, value)
                if entry is None:
                    continue
            entry._add(item, acc)

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``TickerChunk`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.object) is not None and v != self.object:
            self.object = acc.set_value(self, "object", self.object, v, str)
        if (v := model.items) is not None:
            self._merge_items_models(v, acc)
        if (v := model.note) is not None and v != self.note:
            self.note = acc.last_text(self, "note", self.note, v)
        if extra := model.extra_fields:
            self._add(extra, acc)

    def _merge_items_models(self, value: Any, acc: _Merger) -> None:
        """Merges a list of typed entries into the entries of the same key (``by_key``);
        an entry not yet begun, or not of this module's class, merges as its JSON."""
        if type(value) is not list:
            self._add({"items": _as_json(value)}, acc)
            return
        item: Any
        for n, item in enumerate(value):
            key = item.index if type(item) is Tick else None
            entry = self.items.by_key.get(key) if type(key) is int else None
            if entry is None:
                self._add(
                    {"items": [_as_json(i) for i in value[n:]]}, acc
                )  # one list: its order
                return
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
    _known = _KEYS_Tick

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
        if (v := model.symbol) is not None and v != self.symbol:
            self.symbol = acc.last_text(self, "symbol", self.symbol, v)
        if (v := model.price) is not None and v != self.price:
            self.price = acc.last_value(self, "price", self.price, v, float)
        if (v := model.delta) is not None:
            if type(v) is TickDelta:
                if self.delta is None:
                    self.delta = _TickDeltaMerge(_join(self._path, "delta"))
                self.delta._add_model(v, acc)
            else:
                self._add({"delta": _as_json(v)}, acc)
        if extra := model.extra_fields:
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
    _known = _KEYS_TickDelta

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
        if (v := model.text) is not None:
            if type(v) is str and self._alt is None:
                self.text.append(v)
            else:
                acc.fragment(self, "text", "text", v, text_only=True)
        if extra := model.extra_fields:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.text:
            out["text"] = _joined(self.text)
        return self._finish(out)


_ITEMS = _KeyedList(wire="items", key="index", key_attr="index", make=_TickMerge)


class TickerChunkAccumulator(_ChunkAccumulator):
    """Merges the chunks of one ``TickerChunk`` stream (see ``_ChunkAccumulator``)."""

    __slots__ = ()
    _model = TickerChunk

    def __init__(self, *, strict: bool = False) -> None:
        super().__init__(_TickerChunkMerge(""), strict)

    def snapshot(self) -> TickerChunk:
        """The merged stream so far as a ``TickerChunk``, validated once (what does not
        fit is reported, ``schema_drift``, and built anyway unless ``strict=True``)."""
        built: TickerChunk = _built_anyway(TickerChunk, self.snapshot_dict(), self)
        return built

    def to_response(self) -> TickerChunk:
        """The finished answer: ``snapshot()``, the chunk type being the answer. Asked before
        a chunk said the stream ended (``finished``), it is reported once as ``incomplete``;
        ``strict=True`` raises ``StreamMergeError`` instead."""
        self._ended()
        return self.snapshot()


_READER = _Reader((), tags=())
iter_chunk_dicts = _READER.iter_chunk_dicts
aiter_chunk_dicts = _READER.aiter_chunk_dicts


def _chunk_model(text: str, number: int) -> TickerChunk:
    """Event ``number``'s data, decoded from its JSON text into the models (``_decoded_chunk``)."""
    chunk: TickerChunk = _decoded_chunk(
        _DECODE_TickerChunk, parse_ticker_chunk, text, number
    )
    return chunk


def iter_chunks(lines: Iterable[str | bytes]) -> Iterator[TickerChunk]:
    """The chunks of a stream, each a ``TickerChunk`` (raises as ``iter_chunk_dicts`` does,
    and ``msgspec.ValidationError`` where one does not fit)."""
    return _chunks(lines, (), _chunk_model, _READER.formats)


def aiter_chunks(lines: AsyncIterable[str | bytes]) -> AsyncIterator[TickerChunk]:
    """``iter_chunks`` for an async iterable of lines."""
    return _achunks(lines, (), _chunk_model, _READER.formats)
