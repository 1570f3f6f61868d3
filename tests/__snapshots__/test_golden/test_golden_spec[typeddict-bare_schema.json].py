"""TypedDict stream models for ``TickerChunk``, from Ticker chunk , with an accumulator
per root (``<Root>Accumulator``) and a stream reader (``iter_chunks``).
Needs typing_extensions, and ``_gen_models_runtime`` beside it."""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from typing import Any, Literal

from typing_extensions import NotRequired, TypedDict

from ._gen_models_runtime.anomalies import Anomaly, StreamMergeError, _joined
from ._gen_models_runtime.keyed import _Entries, _KeyedList
from ._gen_models_runtime.lenient import _built_anyway
from ._gen_models_runtime.merge import _ChunkAccumulator, _EntryState, _Merger, _State
from ._gen_models_runtime.parsing import ParseError, _int, _str
from ._gen_models_runtime.parsing_typeddict import _Checks, _float, _Key, _list_of
from ._gen_models_runtime.sse import (
    StreamError,
    StreamFormatError,
    _achunks,
    _chunk_object,
    _chunks,
    _Reader,
)

# fmt: off
__all__ = [  # packed, not one name a line: a module of a whole spec exports hundreds
    "Anomaly", "ParseError", "StreamError", "StreamFormatError", "StreamMergeError",
    "Tick", "TickDelta", "TickerChunk", "TickerChunkAccumulator", "aiter_chunk_dicts",
    "aiter_chunks", "iter_chunk_dicts", "iter_chunks", "parse_tick",
    "parse_ticker_chunk",
]
# fmt: on


class TickDelta(TypedDict):
    text: NotRequired[str | None]


_KEYS_TickDelta = frozenset({"text"})


class Tick(TypedDict):
    index: int
    symbol: str
    price: NotRequired[float | None]
    delta: NotRequired[TickDelta | None]


_KEYS_Tick = frozenset({"index", "symbol", "price", "delta"})


class TickerChunk(TypedDict):
    object: Literal["ticker.chunk"] | str
    items: list[Tick]
    note: NotRequired[str | None]


_KEYS_TickerChunk = frozenset({"object", "items", "note"})


def parse_ticker_chunk(data: Any) -> TickerChunk:
    """Check that decoded JSON is a ``TickerChunk`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_TickerChunk.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_TickDelta = _Checks(TickDelta)
_parse_Tick = _Checks(Tick)
_parse_TickerChunk = _Checks(TickerChunk)


# Composite parsers, built once.
_P_list_of_Tick = _list_of(_parse_Tick)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_TickDelta.keys = (_Key("text", _str, fast=str, optional=True),)


_parse_Tick.keys = (
    _Key("index", _int, fast=int),
    _Key("symbol", _str, fast=str),
    _Key("price", _float, fast=float, optional=True),
    _Key("delta", _parse_TickDelta, optional=True),
)


_parse_TickerChunk.keys = (
    _Key("object", _str, fast=str),
    _Key("items", _P_list_of_Tick),
    _Key("note", _str, fast=str, optional=True),
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_tick = _parse_Tick


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

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.text:
            out["text"] = _joined(self.text)
        return self._finish(out)


_ITEMS = _KeyedList(wire="items", key="index", key_attr="index", make=_TickMerge)


class TickerChunkAccumulator(_ChunkAccumulator):
    """Merges the chunks of one ``TickerChunk`` stream (see ``_ChunkAccumulator``)."""

    __slots__ = ()

    def __init__(self, *, strict: bool = False) -> None:
        super().__init__(_TickerChunkMerge(""), strict)

    def snapshot(self) -> TickerChunk:
        """The merged stream so far as a ``TickerChunk``, validated once (what does not
        fit is reported, ``schema_drift``, and built anyway unless ``strict=True``)."""
        built: TickerChunk = _built_anyway(
            parse_ticker_chunk, self.snapshot_dict(), self
        )
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
    """Event ``number``'s data, decoded, checked as ``iter_chunk_dicts`` does and parsed."""
    return parse_ticker_chunk(_chunk_object(text, number))


def iter_chunks(lines: Iterable[str | bytes]) -> Iterator[TickerChunk]:
    """The chunks of a stream, each a ``TickerChunk`` (raises as ``iter_chunk_dicts`` does,
    and ``ParseError`` where one does not fit)."""
    return _chunks(lines, (), _chunk_model, _READER.formats)


def aiter_chunks(lines: AsyncIterable[str | bytes]) -> AsyncIterator[TickerChunk]:
    """``iter_chunks`` for an async iterable of lines."""
    return _achunks(lines, (), _chunk_model, _READER.formats)
