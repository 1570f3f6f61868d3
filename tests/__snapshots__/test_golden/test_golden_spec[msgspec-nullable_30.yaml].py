"""msgspec stream models for ``Chunk``, from Nullable forms, OpenAPI 3.0 1.0, with an
accumulator per root (``<Root>Accumulator``) and a stream reader (``iter_chunks``).
Needs msgspec >= 0.18, and ``_gen_models_runtime`` beside it."""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from typing import Any, Literal

import msgspec

from ._gen_models_runtime.anomalies import Anomaly, StreamMergeError
from ._gen_models_runtime.merge import _ChunkAccumulator, _Merger, _State
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
    "Anomaly", "Child", "Chunk", "ChunkAccumulator", "MaybePart", "Part", "StreamError",
    "StreamFormatError", "StreamMergeError", "aiter_chunk_dicts", "aiter_chunks",
    "decode_chunk", "iter_chunk_dicts", "iter_chunks", "parse_child", "parse_chunk",
    "parse_maybe_part", "parse_part",
]
# fmt: on


class Part(_Struct, kw_only=True):
    text: str | None = None


class MaybePart(_Struct, kw_only=True):
    note: str | None = None


class Child(_Struct, kw_only=True):
    name: str | None
    """Re-declared nullable in an allOf branch."""
    size: int | None = None
    extra: bool | None = None


class Chunk(_Struct, kw_only=True):
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


_KEYS_Chunk = frozenset(
    {
        "object",
        "required_plain",
        "required_nullable",
        "optional_plain",
        "optional_nullable",
        "ref_nullable",
        "ref_plain",
        "nullable_items",
        "nullable_component",
        "wrapped_ref",
        "enum_with_null",
        "child",
    }
)


def parse_chunk(data: Any) -> Chunk:
    """Parse one decoded ``Chunk`` (unknown fields kept); raises ``msgspec.ValidationError``."""
    parsed: Chunk = _parse(Chunk, data)
    return parsed


_DECODE_Chunk = msgspec.json.Decoder(Chunk).decode


def decode_chunk(text: bytes | str) -> Chunk:
    """One ``Chunk`` from its JSON text (unknown fields kept, through ``parse_chunk``)."""
    try:
        return _DECODE_Chunk(text)
    except msgspec.ValidationError:
        return parse_chunk(msgspec.json.decode(text))


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises msgspec.ValidationError naming the place that does not fit.
parse_part = _parser(Part)
parse_maybe_part = _parser(MaybePart)
parse_child = _parser(Child)


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
    _known = _KEYS_Chunk

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
        if (v := model.object) is not None and v != self.object:
            self.object = acc.set_value(self, "object", self.object, v, str)
        if (v := model.required_plain) is not None and v != self.required_plain:
            self.required_plain = acc.last_text(
                self, "required_plain", self.required_plain, v
            )
        if (v := model.required_nullable) is not None and v != self.required_nullable:
            self.required_nullable = acc.last_text(
                self, "required_nullable", self.required_nullable, v
            )
        if (v := model.optional_plain) is not None and v != self.optional_plain:
            self.optional_plain = acc.last_value(
                self, "optional_plain", self.optional_plain, v, int
            )
        if (v := model.optional_nullable) is not None and v != self.optional_nullable:
            self.optional_nullable = acc.last_value(
                self, "optional_nullable", self.optional_nullable, v, int
            )
        if (v := model.ref_nullable) is not None:
            self.ref_nullable = acc.last_object(
                self, "ref_nullable", self.ref_nullable, _as_json(v), pieces=True
            )
        if (v := model.ref_plain) is not None:
            self.ref_plain = acc.last_object(
                self, "ref_plain", self.ref_plain, _as_json(v), pieces=True
            )
        if (v := model.nullable_items) is not None:
            self.nullable_items = acc.last_list(
                self, "nullable_items", self.nullable_items, _as_json(v)
            )
        if (v := model.nullable_component) is not None:
            self.nullable_component = acc.last_object(
                self,
                "nullable_component",
                self.nullable_component,
                _as_json(v),
                pieces=True,
            )
        if (v := model.wrapped_ref) is not None:
            self.wrapped_ref = acc.last_object(
                self, "wrapped_ref", self.wrapped_ref, _as_json(v), pieces=True
            )
        if (v := model.enum_with_null) is not None and v != self.enum_with_null:
            self.enum_with_null = acc.last_value(
                self, "enum_with_null", self.enum_with_null, v, str
            )
        if (v := model.child) is not None:
            self.child = acc.last_object(self, "child", self.child, _as_json(v))
        if extra := model.extra_fields:
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
    """Merges the chunks of one ``Chunk`` stream (see ``_ChunkAccumulator``)."""

    __slots__ = ()
    _model = Chunk

    def __init__(self, *, strict: bool = False) -> None:
        super().__init__(_ChunkMerge(""), strict)

    def snapshot(self) -> Chunk:
        """The merged stream so far as a ``Chunk``, validated once (what does not
        fit is reported, ``schema_drift``, and built anyway unless ``strict=True``)."""
        built: Chunk = _built_anyway(Chunk, self.snapshot_dict(), self)
        return built

    def to_response(self) -> Chunk:
        """The finished answer: ``snapshot()``, the chunk type being the answer. Asked before
        a chunk said the stream ended (``finished``), it is reported once as ``incomplete``;
        ``strict=True`` raises ``StreamMergeError`` instead."""
        self._ended()
        return self.snapshot()


_READER = _Reader((), tags=())
iter_chunk_dicts = _READER.iter_chunk_dicts
aiter_chunk_dicts = _READER.aiter_chunk_dicts


def _chunk_model(text: str, number: int) -> Chunk:
    """Event ``number``'s data, decoded from its JSON text into the models (``_decoded_chunk``)."""
    chunk: Chunk = _decoded_chunk(_DECODE_Chunk, parse_chunk, text, number)
    return chunk


def iter_chunks(lines: Iterable[str | bytes]) -> Iterator[Chunk]:
    """The chunks of a stream, each a ``Chunk`` (raises as ``iter_chunk_dicts`` does,
    and ``msgspec.ValidationError`` where one does not fit)."""
    return _chunks(lines, (), _chunk_model, _READER.formats)


def aiter_chunks(lines: AsyncIterable[str | bytes]) -> AsyncIterator[Chunk]:
    """``iter_chunks`` for an async iterable of lines."""
    return _achunks(lines, (), _chunk_model, _READER.formats)
