"""TypedDict stream models for ``Chunk``, from Nullable forms, OpenAPI 3.0 1.0, with an
accumulator per root (``<Root>Accumulator``) and a stream reader (``iter_chunks``).
Needs typing_extensions, and ``_gen_models_runtime`` beside it."""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from typing import Any, Literal

from typing_extensions import NotRequired, TypedDict

from ._gen_models_runtime.anomalies import Anomaly, StreamMergeError
from ._gen_models_runtime.lenient import _built_anyway
from ._gen_models_runtime.merge import _ChunkAccumulator, _Merger, _State
from ._gen_models_runtime.parsing import ParseError, _bool, _int, _nullable, _str
from ._gen_models_runtime.parsing_typeddict import _Checks, _Key, _list_of
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
    "Anomaly", "Child", "Chunk", "ChunkAccumulator", "MaybePart", "ParseError", "Part",
    "StreamError", "StreamFormatError", "StreamMergeError", "aiter_chunk_dicts",
    "aiter_chunks", "iter_chunk_dicts", "iter_chunks", "parse_child", "parse_chunk",
    "parse_maybe_part", "parse_part",
]
# fmt: on


class Part(TypedDict):
    text: NotRequired[str | None]


class MaybePart(TypedDict):
    note: NotRequired[str | None]


class Child(TypedDict):
    name: str | None
    """Re-declared nullable in an allOf branch."""
    size: NotRequired[int | None]
    extra: NotRequired[bool | None]


class Chunk(TypedDict):
    object: Literal["forms.chunk"] | str
    required_plain: str
    """Required, not nullable."""
    required_nullable: str | None
    """Required and nullable (nullable true)."""
    optional_plain: NotRequired[int | None]
    optional_nullable: NotRequired[int | None]
    ref_nullable: Part | None
    """nullable beside a $ref."""
    ref_plain: NotRequired[Part | None]
    nullable_items: NotRequired[list[int | None] | None]
    nullable_component: NotRequired[MaybePart | None]
    wrapped_ref: NotRequired[Part | None]
    """an allOf-wrapped $ref made nullable."""
    enum_with_null: NotRequired[Literal["a", "b"] | str | None]
    child: NotRequired[Child | None]


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
    """Check that decoded JSON is a ``Chunk`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Chunk.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Part = _Checks(Part)
_parse_MaybePart = _Checks(MaybePart)
_parse_Child = _Checks(Child)
_parse_Chunk = _Checks(Chunk)


# Composite parsers, built once.
_P_nullable_str = _nullable(_str)
_P_nullable_Part = _nullable(_parse_Part)
_P_nullable_int = _nullable(_int)
_P_list_of_nullable_int = _list_of(_P_nullable_int)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Part.keys = (_Key("text", _str, fast=str, optional=True),)


_parse_MaybePart.keys = (_Key("note", _str, fast=str, optional=True),)


_parse_Child.keys = (
    _Key("name", _P_nullable_str, fast=str, nullable=True),
    _Key("size", _int, fast=int, optional=True),
    _Key("extra", _bool, fast=bool, optional=True),
)


_parse_Chunk.keys = (
    _Key("object", _str, fast=str),
    _Key("required_plain", _str, fast=str),
    _Key("required_nullable", _P_nullable_str, fast=str, nullable=True),
    _Key("optional_plain", _int, fast=int, optional=True),
    _Key("optional_nullable", _int, fast=int, optional=True),
    _Key("ref_nullable", _P_nullable_Part, nullable=True),
    _Key("ref_plain", _parse_Part, optional=True),
    _Key("nullable_items", _P_list_of_nullable_int, optional=True),
    _Key("nullable_component", _parse_MaybePart, optional=True),
    _Key("wrapped_ref", _parse_Part, optional=True),
    _Key("enum_with_null", _str, fast=str, optional=True),
    _Key("child", _parse_Child, optional=True),
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_part = _parse_Part
parse_maybe_part = _parse_MaybePart
parse_child = _parse_Child


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
