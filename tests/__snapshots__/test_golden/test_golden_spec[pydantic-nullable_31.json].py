"""Pydantic stream models for ``Chunk``, from Nullable forms, OpenAPI 3.1 (JSON) 1.0,
with an accumulator per root (``<Root>Accumulator``) and a stream reader
(``iter_chunks``). Needs pydantic >= 2.11, and ``_gen_models_runtime`` beside it."""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from typing import Any, Literal

from ._gen_models_runtime.anomalies import Anomaly, StreamMergeError
from ._gen_models_runtime.merge import _ChunkAccumulator, _Merger, _State
from ._gen_models_runtime.pydantic_models import _json_chunk, _Model, _parser
from ._gen_models_runtime.pydantic_results import _built_anyway, _wire_names
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
    "Anomaly", "Chunk", "ChunkAccumulator", "Part", "StreamError", "StreamFormatError",
    "StreamMergeError", "aiter_chunk_dicts", "aiter_chunks", "iter_chunk_dicts",
    "iter_chunks", "parse_chunk", "parse_part",
]
# fmt: on


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


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises pydantic.ValidationError naming the place that does not fit.
parse_part = _parser(Part)


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
    """Merges the chunks of one ``Chunk`` stream (see ``_ChunkAccumulator``)."""

    __slots__ = ()
    _model = Chunk

    def __init__(self, *, strict: bool = False) -> None:
        super().__init__(_ChunkMerge(""), strict)

    def snapshot(self) -> Chunk:
        """The merged stream so far as a ``Chunk``, validated once (what does not
        fit is reported, ``schema_drift``, and built anyway unless ``strict=True``)."""
        built: Chunk = _built_anyway(Chunk.model_validate, self.snapshot_dict(), self)
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
    """Event ``number``'s data, validated from its JSON text (``_json_chunk``)."""
    chunk: Chunk = _json_chunk(Chunk, parse_chunk, text, number)
    return chunk


def iter_chunks(lines: Iterable[str | bytes]) -> Iterator[Chunk]:
    """The chunks of a stream, each a ``Chunk`` (raises as ``iter_chunk_dicts`` does,
    and ``pydantic.ValidationError`` where one does not fit)."""
    return _chunks(lines, (), _chunk_model, _READER.formats)


def aiter_chunks(lines: AsyncIterable[str | bytes]) -> AsyncIterator[Chunk]:
    """``iter_chunks`` for an async iterable of lines."""
    return _achunks(lines, (), _chunk_model, _READER.formats)
