# gen-models 0.1.0: generator/runtime/pydantic_models.py, copied verbatim. Do not edit; regenerate instead.
"""The pydantic style's fixed runtime for its models: the base of every model (``_Model``),
the tag function of discriminated unions (``_tag``), a chunk validated from its JSON text
(``_json_chunk``) and the public parse functions of the components (``_parser``,
``_parser_of``). Used only by pydantic-style modules; what their accumulators add is in
``pydantic_results``.
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
    """Base of every model: strict types, unknown fields kept, names in and out as on the
    wire. A model may be made in code by attribute name too (``Delta(from_="me")``), but
    data is read by wire name only (``by_name=False`` wherever this module validates it):
    a key spelled like an attribute (``from_``) is an unknown field there, as in the merge.
    Each model's validator is built the first time it is needed (``defer_build``), not when
    the module is imported: a module of hundreds of models imports in a fraction of the
    time, and the first validation of a model builds it (and the models it holds)."""

    model_config = ConfigDict(
        defer_build=True,
        extra="allow",
        protected_namespaces=(),
        strict=True,
        validate_by_alias=True,
        validate_by_name=True,
        serialize_by_alias=True,
    )


#: Set while an accumulator builds its typed result (``pydantic_results._built_anyway``): a tag
#: a union does not list then fails validation (reported, and the union's fallback member
#: built in its place) instead of selecting the fallback member silently.
_CLOSED: ContextVar[bool] = ContextVar("_CLOSED", default=False)


def _tag(prop: str, attr: str, tags: dict[Any, str], fallback: str | None = None) -> Callable[[Any], str | None]:
    """The tag function of a discriminated union: the variant named by the value of
    ``prop`` (the wire name in data; ``attr``, the attribute, on a model). With
    ``fallback`` (the tag of the union's member for the tags the spec does not list), a
    string tag it does not list selects that member (unless ``_CLOSED``); the
    function's ``fallback`` and ``prop`` attributes say so (``pydantic_results`` builds it)."""

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
    """Event ``number``'s data (``text``) as a ``model``, validated from the JSON text itself
    (pydantic-core reads it). Text that does not validate so is decoded and checked as
    ``iter_chunk_dicts`` does and given to ``parse``: the errors, and any value pydantic reads
    only from Python objects (a lone surrogate), are the same either way.

    Raises:
        StreamError: the chunk is an error (``{"error": ...}``).
        pydantic.ValidationError: it does not fit ``model``.
    """
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
    """The public parse function of a model (``parse_<name>``): ``model_validate`` by wire
    name only (see ``_Model``); raises ``pydantic.ValidationError``."""
    validate = cast(Any, model).model_validate

    def parse(data: Any) -> _T:
        built: _T = validate(data, by_name=False)
        return built

    parse.__doc__ = f"Parse one decoded ``{model.__name__}``; raises ``pydantic.ValidationError``."
    return parse


def _parser_of(annotation: Any) -> Callable[[Any], Any]:
    """The public parse function of a type that is no model class (a union, an enum with
    its open base types, a list, a map ...): a strict ``TypeAdapter``'s validation by wire
    name, the adapter made on the first call (a module of a thousand components imports
    without making one); raises ``pydantic.ValidationError``."""
    made: list[TypeAdapter[Any]] = []

    def parse(data: Any) -> Any:
        if not made:
            made.append(_strict_adapter(annotation))
        return made[0].validate_python(data, by_name=False)

    return parse


def _strict_adapter(annotation: Any) -> TypeAdapter[Any]:
    """A strict ``TypeAdapter`` of ``annotation``; of a model (bare, or the one member of a
    discriminated union) as its own settings say, which pydantic lets no other override."""
    try:
        return TypeAdapter(annotation, config=_ADAPTER_CONFIG)
    except PydanticUserError:
        return TypeAdapter(annotation)
