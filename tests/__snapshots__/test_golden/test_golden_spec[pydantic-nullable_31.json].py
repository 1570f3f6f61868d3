"""Pydantic stream models for ``Chunk``, from Nullable forms, OpenAPI 3.1 (JSON) 1.0.

Also here: an accumulator per root that merges a stream's chunks into one snapshot
(``<Root>Accumulator``), and a server-sent-events reader (``iter_chunks``). It
needs pydantic >= 2.11, and imports the rest from ``_gen_models_runtime`` beside
it.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from typing import Any, Literal

from pydantic import ValidationError

from ._gen_models_runtime.anomalies import Anomaly, StreamMergeError
from ._gen_models_runtime.merge import _ChunkAccumulator, _Merger, _State
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
    "Chunk",
    "ChunkAccumulator",
    "Part",
    "ServerSentEvent",
    "StreamError",
    "StreamFormatError",
    "StreamMergeError",
    "aiter_chunk_dicts",
    "aiter_chunks",
    "aiter_sse",
    "iter_chunk_dicts",
    "iter_chunks",
    "iter_sse",
    "parse_chunk",
]


class Part(_Model):
    text: str | None = None


class Chunk(_Model):
    """Spec defaults, not applied: ``default_in_branch='low'``."""

    object: Literal["forms31.chunk"] | str
    type_list: str | None
    """type: [string, "null"]"""
    any_of_null: int | None
    one_of_null: Part | None = None
    default_in_branch: Literal["low", "high"] | str | None = None
    null_in_enum: Literal["x", "y"] | str | None = None
    union: str | list[str] | None = None
    items_type_list: list[int | None] | None = None


def parse_chunk(data: Any) -> Chunk:
    """Parse one decoded ``Chunk``; raises ``pydantic.ValidationError``."""
    return Chunk.model_validate(data, by_name=False)


class _ChunkMerge(_State):
    """Merge state of Chunk at ``(chunk)`` (root context)."""

    __slots__ = (
        "any_of_null",
        "default_in_branch",
        "items_type_list",
        "null_in_enum",
        "object",
        "one_of_null",
        "type_list",
        "union",
    )
    _known = _wire_names(Chunk)

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.object: str | None = None
        self.type_list: str | None = None
        self.any_of_null: int | None = None
        self.one_of_null: dict[str, Any] | None = None
        self.default_in_branch: str | None = None
        self.null_in_enum: str | None = None
        self.union: Any = None
        self.items_type_list: list[Any] | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("object")) is not None and v != self.object:
            self.object = acc.set_value(self, "object", self.object, v, str)
        if (v := get("type_list")) is not None and v != self.type_list:
            self.type_list = acc.last_text(self, "type_list", self.type_list, v)
        if (v := get("any_of_null")) is not None and v != self.any_of_null:
            self.any_of_null = acc.last_value(
                self, "any_of_null", self.any_of_null, v, int
            )
        if (v := get("one_of_null")) is not None:
            self.one_of_null = acc.last_object(
                self, "one_of_null", self.one_of_null, v, pieces=True
            )
        if (v := get("default_in_branch")) is not None and v != self.default_in_branch:
            self.default_in_branch = acc.last_value(
                self, "default_in_branch", self.default_in_branch, v, str
            )
        if (v := get("null_in_enum")) is not None and v != self.null_in_enum:
            self.null_in_enum = acc.last_value(
                self, "null_in_enum", self.null_in_enum, v, str
            )
        if (v := get("union")) is not None:
            self.union = v
        if (v := get("items_type_list")) is not None:
            self.items_type_list = acc.last_list(
                self, "items_type_list", self.items_type_list, v
            )
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Chunk`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        get = model.__dict__.get
        if (v := get("object")) is not None and v != self.object:
            self.object = acc.set_value(self, "object", self.object, v, str)
        if (v := get("type_list")) is not None and v != self.type_list:
            self.type_list = acc.last_text(self, "type_list", self.type_list, v)
        if (v := get("any_of_null")) is not None and v != self.any_of_null:
            self.any_of_null = acc.last_value(
                self, "any_of_null", self.any_of_null, v, int
            )
        if (v := get("one_of_null")) is not None:
            self.one_of_null = acc.last_object(
                self, "one_of_null", self.one_of_null, _as_json(v), pieces=True
            )
        if (v := get("default_in_branch")) is not None and v != self.default_in_branch:
            self.default_in_branch = acc.last_value(
                self, "default_in_branch", self.default_in_branch, v, str
            )
        if (v := get("null_in_enum")) is not None and v != self.null_in_enum:
            self.null_in_enum = acc.last_value(
                self, "null_in_enum", self.null_in_enum, v, str
            )
        if (v := get("union")) is not None:
            self.union = _as_json(v)
        if (v := get("items_type_list")) is not None:
            self.items_type_list = acc.last_list(
                self, "items_type_list", self.items_type_list, _as_json(v)
            )
        if extra := model.__pydantic_extra__:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.object is not None:
            out["object"] = self.object
        out["type_list"] = self.type_list
        out["any_of_null"] = self.any_of_null
        if self.one_of_null is not None:
            out["one_of_null"] = self.one_of_null
        if self.default_in_branch is not None:
            out["default_in_branch"] = self.default_in_branch
        if self.null_in_enum is not None:
            out["null_in_enum"] = self.null_in_enum
        if self.union is not None:
            out["union"] = self.union
        if self.items_type_list is not None:
            out["items_type_list"] = self.items_type_list
        return self._finish(out)


class ChunkAccumulator(_ChunkAccumulator):
    """Merges the chunks of one ``Chunk`` stream: ``add`` each in order (decoded
    JSON is fastest), then ask for ``snapshot()``. A chunk that strays
    from the schema is merged as far as it can be and reported in ``anomalies``
    (``strict=True``: ``StreamMergeError`` at the first stray instead)."""

    __slots__ = ()
    _model = Chunk

    def __init__(self, *, strict: bool = False) -> None:
        super().__init__(_ChunkMerge(""), strict)

    def snapshot(self) -> Chunk:
        """The merged stream so far as a ``Chunk``, validated once. One that does not
        fit (a server omits a required field) is reported as ``schema_drift`` and built
        anyway; ``strict=True`` raises ``pydantic.ValidationError`` instead, as does a value of another
        type than the schema's."""
        built: Chunk = _built_anyway(Chunk.model_validate, self.snapshot_dict(), self)
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


def _chunk_model(text: str, number: int) -> Chunk:
    """Event ``number``'s data as a ``Chunk``, validated from the JSON text
    itself (pydantic-core reads it). Text that does not validate so is decoded and checked
    as ``iter_chunk_dicts`` does and validated as a dict: the errors and any value pydantic
    reads only from Python objects (a lone surrogate) are the same as by that way."""
    try:
        chunk = Chunk.model_validate_json(text, by_name=False)
    except ValidationError:
        return parse_chunk(_chunk_object(text, number))
    extra = chunk.__pydantic_extra__
    if extra and extra.get("error"):  # as iter_chunk_dicts reads it
        raise StreamError(extra["error"])
    return chunk


def iter_chunks(lines: Iterable[str | bytes]) -> Iterator[Chunk]:
    """The chunks of an event stream, each parsed as a ``Chunk``.

    Raises:
        StreamError, StreamFormatError: see ``iter_chunk_dicts``.
        pydantic.ValidationError: a chunk does not fit the model.
    """
    return _chunks(lines, False, _chunk_model, ())


def aiter_chunks(lines: AsyncIterable[str | bytes]) -> AsyncIterator[Chunk]:
    """``iter_chunks`` for an async iterable of lines."""
    return _achunks(lines, False, _chunk_model, ())
