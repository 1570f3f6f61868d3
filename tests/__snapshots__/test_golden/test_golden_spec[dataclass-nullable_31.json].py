"""Dataclass stream models for ``Chunk``, from Nullable forms, OpenAPI 3.1 (JSON) 1.0,
with an accumulator per root (``<Root>Accumulator``) and a stream reader
(``iter_chunks``). Needs only the standard library, and ``_gen_models_runtime``
beside it."""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Callable, Iterable, Iterator
from dataclasses import field
from typing import Any, Literal

from ._gen_models_runtime.anomalies import Anomaly, StreamMergeError
from ._gen_models_runtime.dataclass_models import _Dataclass, _model, _Table
from ._gen_models_runtime.lenient import _built_anyway
from ._gen_models_runtime.merge import _ChunkAccumulator, _Merger, _State
from ._gen_models_runtime.parsing import ParseError, _first_of, _int, _nullable, _str
from ._gen_models_runtime.parsing_dataclass import _Field, _Fields, _list_of
from ._gen_models_runtime.sse import (
    StreamError,
    StreamFormatError,
    _achunks,
    _chunk_object,
    _chunks,
    _Reader,
)
from ._gen_models_runtime.typed import _as_json

# fmt: off
__all__ = [  # packed, not one name a line: a module of a whole spec exports hundreds
    "Anomaly", "Chunk", "ChunkAccumulator", "ParseError", "Part", "StreamError",
    "StreamFormatError", "StreamMergeError", "aiter_chunk_dicts", "aiter_chunks",
    "iter_chunk_dicts", "iter_chunks", "parse_chunk", "parse_part",
]
# fmt: on


@_model
class Part(_Dataclass):
    text: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            text=_Field("text", _str, fast=str, optional=True),
        )
    )


@_model
class Chunk(_Dataclass):
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
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            object=_Field("object", _str, fast=str),
            type_list=_Field("type_list", _P_nullable_str, fast=str, nullable=True),
            any_of_null=_Field("any_of_null", _P_nullable_int, fast=int, nullable=True),
            one_of_null=_Field("one_of_null", Part.from_dict, optional=True, dump=True),
            default_in_branch=_Field(
                "default_in_branch", _str, fast=str, optional=True
            ),
            null_in_enum=_Field("null_in_enum", _str, fast=str, optional=True),
            union=_Field("union", _P_first_of_str_list_of_str, optional=True),
            items_type_list=_Field(
                "items_type_list", _P_list_of_nullable_int, optional=True
            ),
        )
    )


_KEYS_Chunk: frozenset[str] = frozenset(
    {
        "object",
        "type_list",
        "any_of_null",
        "one_of_null",
        "default_in_branch",
        "null_in_enum",
        "union",
        "items_type_list",
    }
)


def parse_chunk(data: Any) -> Chunk:
    """Parse one decoded ``Chunk``; raises ``ParseError`` naming the field."""
    return Chunk.from_dict(data)


# Composite parsers, built once (the classes' tables above name them).
_P_nullable_str: Callable[[Any], Any] = _nullable(_str)
_P_nullable_int: Callable[[Any], Any] = _nullable(_int)
_P_list_of_str: Callable[[Any], Any] = _list_of(_str)
_P_first_of_str_list_of_str: Callable[[Any], Any] = _first_of((_str, _P_list_of_str))
_P_list_of_nullable_int: Callable[[Any], Any] = _list_of(_P_nullable_int)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_part = Part.from_dict


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
    _known = _KEYS_Chunk

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
        if (v := model.object) is not None and v != self.object:
            self.object = acc.set_value(self, "object", self.object, v, str)
        if (v := model.type_list) is not None and v != self.type_list:
            self.type_list = acc.last_text(self, "type_list", self.type_list, v)
        if (v := model.any_of_null) is not None and v != self.any_of_null:
            self.any_of_null = acc.last_value(
                self, "any_of_null", self.any_of_null, v, int
            )
        if (v := model.one_of_null) is not None:
            self.one_of_null = acc.last_object(
                self, "one_of_null", self.one_of_null, _as_json(v), pieces=True
            )
        if (v := model.default_in_branch) is not None and v != self.default_in_branch:
            self.default_in_branch = acc.last_value(
                self, "default_in_branch", self.default_in_branch, v, str
            )
        if (v := model.null_in_enum) is not None and v != self.null_in_enum:
            self.null_in_enum = acc.last_value(
                self, "null_in_enum", self.null_in_enum, v, str
            )
        if (v := model.union) is not None:
            self.union = _as_json(v)
        if (v := model.items_type_list) is not None:
            self.items_type_list = acc.last_list(
                self, "items_type_list", self.items_type_list, _as_json(v)
            )
        if extra := model.extra_fields:
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
        built: Chunk = _built_anyway(parse_chunk, self.snapshot_dict(), self)
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
    """Event ``number``'s data, decoded, checked as ``iter_chunk_dicts`` does and parsed."""
    return parse_chunk(_chunk_object(text, number))


def iter_chunks(lines: Iterable[str | bytes]) -> Iterator[Chunk]:
    """The chunks of a stream, each a ``Chunk`` (raises as ``iter_chunk_dicts`` does,
    and ``ParseError`` where one does not fit)."""
    return _chunks(lines, (), _chunk_model, _READER.formats)


def aiter_chunks(lines: AsyncIterable[str | bytes]) -> AsyncIterator[Chunk]:
    """``iter_chunks`` for an async iterable of lines."""
    return _achunks(lines, (), _chunk_model, _READER.formats)
