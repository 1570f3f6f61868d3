"""Pydantic stream models for ``Chunk``, from Nullable forms, OpenAPI 3.0 1.0.

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
    "Child",
    "Chunk",
    "ChunkAccumulator",
    "MaybePart",
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


class MaybePart(_Model):
    note: str | None = None


class Child(_Model):
    name: str | None
    """Re-declared nullable in an allOf branch."""
    size: int | None = None
    extra: bool | None = None


class Chunk(_Model):
    object: Literal["forms.chunk"] | str
    required_plain: str
    """Required, not nullable."""
    required_nullable: str | None
    """Required and nullable (nullable true)."""
    optional_plain: int | None = None
    optional_nullable: int | None = None
    ref_nullable: Part | None
    """nullable beside a $ref."""
    ref_plain: Part | None = None
    nullable_items: list[int | None] | None = None
    nullable_component: MaybePart | None = None
    wrapped_ref: Part | None = None
    """an allOf-wrapped $ref made nullable."""
    enum_with_null: Literal["a", "b"] | str | None = None
    child: Child | None = None


def parse_chunk(data: Any) -> Chunk:
    """Parse one decoded ``Chunk``; raises ``pydantic.ValidationError``."""
    return Chunk.model_validate(data, by_name=False)


class _ChunkMerge(_State):
    """Merge state of Chunk at ``(chunk)`` (root context)."""

    __slots__ = (
        "child",
        "enum_with_null",
        "nullable_component",
        "nullable_items",
        "object",
        "optional_nullable",
        "optional_plain",
        "ref_nullable",
        "ref_plain",
        "required_nullable",
        "required_plain",
        "wrapped_ref",
    )
    _known = _wire_names(Chunk)

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.object: str | None = None
        self.required_plain: str | None = None
        self.required_nullable: str | None = None
        self.optional_plain: int | None = None
        self.optional_nullable: int | None = None
        self.ref_nullable: dict[str, Any] | None = None
        self.ref_plain: dict[str, Any] | None = None
        self.nullable_items: list[Any] | None = None
        self.nullable_component: dict[str, Any] | None = None
        self.wrapped_ref: dict[str, Any] | None = None
        self.enum_with_null: str | None = None
        self.child: dict[str, Any] | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("object")) is not None and v != self.object:
            self.object = acc.set_value(self, "object", self.object, v, str)
        if (v := get("required_plain")) is not None and v != self.required_plain:
            self.required_plain = acc.last_text(
                self, "required_plain", self.required_plain, v
            )
        if (v := get("required_nullable")) is not None and v != self.required_nullable:
            self.required_nullable = acc.last_text(
                self, "required_nullable", self.required_nullable, v
            )
        if (v := get("optional_plain")) is not None and v != self.optional_plain:
            self.optional_plain = acc.last_value(
                self, "optional_plain", self.optional_plain, v, int
            )
        if (v := get("optional_nullable")) is not None and v != self.optional_nullable:
            self.optional_nullable = acc.last_value(
                self, "optional_nullable", self.optional_nullable, v, int
            )
        if (v := get("ref_nullable")) is not None:
            self.ref_nullable = acc.last_object(
                self, "ref_nullable", self.ref_nullable, v, pieces=True
            )
        if (v := get("ref_plain")) is not None:
            self.ref_plain = acc.last_object(
                self, "ref_plain", self.ref_plain, v, pieces=True
            )
        if (v := get("nullable_items")) is not None:
            self.nullable_items = acc.last_list(
                self, "nullable_items", self.nullable_items, v
            )
        if (v := get("nullable_component")) is not None:
            self.nullable_component = acc.last_object(
                self, "nullable_component", self.nullable_component, v, pieces=True
            )
        if (v := get("wrapped_ref")) is not None:
            self.wrapped_ref = acc.last_object(
                self, "wrapped_ref", self.wrapped_ref, v, pieces=True
            )
        if (v := get("enum_with_null")) is not None and v != self.enum_with_null:
            self.enum_with_null = acc.last_value(
                self, "enum_with_null", self.enum_with_null, v, str
            )
        if (v := get("child")) is not None:
            self.child = acc.last_object(self, "child", self.child, v)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Chunk`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        get = model.__dict__.get
        if (v := get("object")) is not None and v != self.object:
            self.object = acc.set_value(self, "object", self.object, v, str)
        if (v := get("required_plain")) is not None and v != self.required_plain:
            self.required_plain = acc.last_text(
                self, "required_plain", self.required_plain, v
            )
        if (v := get("required_nullable")) is not None and v != self.required_nullable:
            self.required_nullable = acc.last_text(
                self, "required_nullable", self.required_nullable, v
            )
        if (v := get("optional_plain")) is not None and v != self.optional_plain:
            self.optional_plain = acc.last_value(
                self, "optional_plain", self.optional_plain, v, int
            )
        if (v := get("optional_nullable")) is not None and v != self.optional_nullable:
            self.optional_nullable = acc.last_value(
                self, "optional_nullable", self.optional_nullable, v, int
            )
        if (v := get("ref_nullable")) is not None:
            self.ref_nullable = acc.last_object(
                self, "ref_nullable", self.ref_nullable, _as_json(v), pieces=True
            )
        if (v := get("ref_plain")) is not None:
            self.ref_plain = acc.last_object(
                self, "ref_plain", self.ref_plain, _as_json(v), pieces=True
            )
        if (v := get("nullable_items")) is not None:
            self.nullable_items = acc.last_list(
                self, "nullable_items", self.nullable_items, _as_json(v)
            )
        if (v := get("nullable_component")) is not None:
            self.nullable_component = acc.last_object(
                self,
                "nullable_component",
                self.nullable_component,
                _as_json(v),
                pieces=True,
            )
        if (v := get("wrapped_ref")) is not None:
            self.wrapped_ref = acc.last_object(
                self, "wrapped_ref", self.wrapped_ref, _as_json(v), pieces=True
            )
        if (v := get("enum_with_null")) is not None and v != self.enum_with_null:
            self.enum_with_null = acc.last_value(
                self, "enum_with_null", self.enum_with_null, v, str
            )
        if (v := get("child")) is not None:
            self.child = acc.last_object(self, "child", self.child, _as_json(v))
        if extra := model.__pydantic_extra__:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.object is not None:
            out["object"] = self.object
        if self.required_plain is not None:
            out["required_plain"] = self.required_plain
        out["required_nullable"] = self.required_nullable
        if self.optional_plain is not None:
            out["optional_plain"] = self.optional_plain
        if self.optional_nullable is not None:
            out["optional_nullable"] = self.optional_nullable
        out["ref_nullable"] = self.ref_nullable
        if self.ref_plain is not None:
            out["ref_plain"] = self.ref_plain
        if self.nullable_items is not None:
            out["nullable_items"] = self.nullable_items
        if self.nullable_component is not None:
            out["nullable_component"] = self.nullable_component
        if self.wrapped_ref is not None:
            out["wrapped_ref"] = self.wrapped_ref
        if self.enum_with_null is not None:
            out["enum_with_null"] = self.enum_with_null
        if self.child is not None:
            out["child"] = self.child
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
