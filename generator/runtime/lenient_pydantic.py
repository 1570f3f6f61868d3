"""Building a pydantic model from data that does not validate, for the pydantic style's
accumulators: spec drift never loses an answer.

A finished response whose server omits a field the spec requires (``cache_write_tokens``
in the 2026-08 OpenAI spec, Groq's ``x_groq.id``) fails validation as a whole. The
accumulator reports that as an anomaly and then builds the model here: every field that
validates on its own is validated; one that does not is built the same way (an object into
the model its annotation names) or kept as it came; a missing required field stays unset
(reading it raises ``AttributeError``). Inlined only into pydantic-style modules.
"""

from __future__ import annotations

import types
import typing
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

_ADAPTERS: dict[int, tuple[Any, TypeAdapter[Any]]] = {}


def _construct(model: type[BaseModel], data: Any) -> Any:
    """``model`` built from ``data`` without failing (see the module docstring); data that
    is not an object is returned as it is."""
    if type(data) is not dict:
        return data
    names = {(info.alias or name): name for name, info in model.model_fields.items()}
    values: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, value in data.items():
        name = names.get(key)
        if name is None:
            extra[key] = value
        else:
            values[name] = _value(model.model_fields[name].annotation, value)
    return model.model_construct(_fields_set=set(values), **values, **extra)


def _value(annotation: Any, value: Any) -> Any:
    """``value`` validated as ``annotation``, else built leniently, else as it came."""
    try:
        return _adapter(annotation).validate_python(value)
    except (ValidationError, TypeError):
        pass
    if type(value) is dict:
        models = [c for c in _members(annotation) if isinstance(c, type) and issubclass(c, BaseModel)]
        if models:
            return _construct(max(models, key=lambda m: _fit(m, value)), value)
    if type(value) is list:
        items = [
            typing.get_args(m)[0] for m in _members(annotation) if typing.get_origin(m) is list and typing.get_args(m)
        ]
        if items:
            return [_value(items[0], item) for item in value]
    return value


def _fit(model: type[BaseModel], value: dict[str, Any]) -> int:
    """How well an object fits a model: the keys it shares with the model's wire names,
    and a tag (a ``Literal`` field) that matches counts more than any number of keys."""
    score = 0
    for name, info in model.model_fields.items():
        key = info.alias or name
        if key in value:
            score += 1
            if typing.get_origin(info.annotation) is typing.Literal and value[key] in typing.get_args(info.annotation):
                score += 1000
    return score


def _members(annotation: Any) -> list[Any]:
    """The alternatives an annotation admits, through unions, ``Annotated`` and type aliases."""
    value = getattr(annotation, "__value__", None)  # a TypeAliasType
    if value is not None:
        return _members(value)
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _members(typing.get_args(annotation)[0])
    if origin is typing.Union or origin is types.UnionType:
        return [m for arg in typing.get_args(annotation) for m in _members(arg)]
    return [annotation]


def _adapter(annotation: Any) -> TypeAdapter[Any]:
    found = _ADAPTERS.get(id(annotation))
    if found is None or found[0] is not annotation:
        found = _ADAPTERS[id(annotation)] = (annotation, TypeAdapter(annotation))
    return found[1]
