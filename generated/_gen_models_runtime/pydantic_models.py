# gen-models 0.1.0: generator/runtime/pydantic_models.py, copied verbatim. Do not edit; regenerate instead.
"""The pydantic style's runtime for its models: the base (``_Model``), the tag function of
discriminated unions (``_tag``), a chunk validated from its JSON text (``_json_chunk``) and
public parse functions (``_parser``, ``_parser_of``); accumulators': ``pydantic_results``.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar, cast

from pydantic import (
    BaseModel,
    ConfigDict,
    PydanticUserError,
    TypeAdapter,
    ValidationError,
)

from .sse import StreamError, _chunk_object


class _Model(BaseModel):
    """Base of every model: strict types, unknown fields kept, wire names in and out. Code may
    construct by attribute name (``Delta(from_="me")``), but data is read by wire name only
    (``by_name=False``: a key ``from_`` is an unknown field, as in the merge). Validators are
    built on first use (``defer_build``), not at import."""

    model_config = ConfigDict(
        defer_build=True,
        extra="allow",
        protected_namespaces=(),
        strict=True,
        validate_by_alias=True,
        validate_by_name=True,
        serialize_by_alias=True,
    )


#: Set while an accumulator builds its result (``pydantic_results._built_anyway``): a tag a
#: union does not list fails validation (reported, the fallback built) instead of silently
#: selecting the fallback member.
_CLOSED: ContextVar[bool] = ContextVar("_CLOSED", default=False)


def _tag(prop: str, attr: str, tags: dict[Any, str], fallback: str | None = None) -> Callable[[Any], str | None]:
    """The tag function of a discriminated union: the variant named by ``prop``'s value
    (``attr`` on a model). With ``fallback`` (the unlisted tags' member), an unlisted string
    tag selects it (unless ``_CLOSED``); ``fallback`` and ``prop`` are kept as attributes."""

    def tag_of(value: Any) -> str | None:
        found = value.get(prop) if isinstance(value, dict) else getattr(value, attr, None)
        name = tags.get(found) if type(found) in (str, int) else None
        if name is None and type(found) is int:
            name = tags.get(str(found))
        if name is None and fallback is not None and type(found) is str:
            if not isinstance(value, dict) and type(value).__name__ == fallback:
                return fallback  # the fallback member itself (dumping, validating a model)
            return None if _CLOSED.get() else fallback
        return name

    tag_of.fallback = fallback  # type: ignore[attr-defined]
    tag_of.prop = prop  # type: ignore[attr-defined]
    return tag_of


def _json_chunk(model: type[BaseModel], parse: Callable[[Any], Any], text: str, number: int) -> Any:
    """Event ``number``'s data as a ``model``, validated from the JSON text; text that does
    not validate so goes as ``iter_chunk_dicts`` reads it to ``parse``. Raises ``StreamError``
    for an error chunk, ``pydantic.ValidationError`` for one that does not fit."""
    try:
        chunk = model.model_validate_json(text, by_name=False)
    except ValidationError:
        return parse(_chunk_object(text, number))
    extra = chunk.__pydantic_extra__
    if extra and extra.get("error"):  # as iter_chunk_dicts reads it
        raise StreamError(extra["error"])
    return chunk


_T = TypeVar("_T")

#: A ``TypeAdapter``'s settings: strict as the models are.
_ADAPTER_CONFIG = ConfigDict(strict=True)


def _parser(model: type[_T]) -> Callable[[Any], _T]:
    """The public parse function of a model: ``model_validate`` by wire name only; raises
    ``pydantic.ValidationError``."""
    validate = cast(Any, model).model_validate

    def parse(data: Any) -> _T:
        built: _T = validate(data, by_name=False)
        return built

    parse.__doc__ = f"Parse one decoded ``{model.__name__}``; raises ``pydantic.ValidationError``."
    return parse


def _parser_of(annotation: Any) -> Callable[[Any], Any]:
    """The public parse function of a type that is no model class: a strict ``TypeAdapter``
    (made on the first call) by wire name; raises ``pydantic.ValidationError``."""
    made: list[TypeAdapter[Any]] = []

    def parse(data: Any) -> Any:
        if not made:
            try:
                made.append(TypeAdapter(annotation, config=_ADAPTER_CONFIG))
            except PydanticUserError:  # a model: its own settings, which pydantic lets nothing override
                made.append(TypeAdapter(annotation))
        return made[0].validate_python(data, by_name=False)

    return parse
