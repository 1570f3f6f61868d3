# gen-models 0.1.0: generator/runtime/typed.py, copied verbatim. Do not edit; regenerate instead.
"""Reading typed models (this module's, or another library's such as openai-python's chunk
objects) as decoded JSON for the merge; how a class is read is decided once per class.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any

#: The types of decoded JSON values (``_as_json`` keeps a dict of them as it is).
_JSON_TYPES = frozenset({str, int, float, bool, type(None), dict, list})


def _as_json(value: Any) -> Any:
    """A typed model's field value as decoded JSON (models by ``_model_data``, lists and tuples
    item by item): the rare path of typed merging."""
    kind = type(value)
    if kind is str or kind is int or kind is float or kind is bool or value is None:
        return value
    if kind is dict:  # a map's values may be models: a new dict only where one is
        plain = all(type(v) in _JSON_TYPES for v in value.values())
        return value if plain else {k: _as_json(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [_as_json(item) for item in value]
    return _model_data(value)


def _model_data(chunk: Any) -> Any:
    """A typed chunk as decoded JSON, only the fields that were set: a pydantic model by
    ``model_dump(by_alias=True, exclude_unset=True)`` (or its serializer directly), this
    module's dataclass by ``to_dict()``, another dataclass by its fields that are not
    ``None``; anything else as it is (``decode`` reports it)."""
    reader = _READERS.get(type(chunk))
    if reader is None:
        reader = _READERS[type(chunk)] = _reader(type(chunk))
    return reader(chunk)


#: How ``_model_data`` reads an instance of each class it has seen.
_READERS: dict[type, Callable[[Any], Any]] = {}


def _reader(kind: type) -> Callable[[Any], Any]:
    """How ``_model_data`` reads an instance of class ``kind``."""
    dump = getattr(kind, "model_dump", None)
    if callable(dump):
        serializer = getattr(kind, "__pydantic_serializer__", None)
        if serializer is not None and getattr(dump, "__qualname__", "") == "BaseModel.model_dump":
            to_python = serializer.to_python
            if not _renames_within(kind, set()):
                return lambda chunk: to_python(chunk, by_alias=True, exclude_unset=True)
            return lambda chunk: _without_phantoms(to_python(chunk, by_alias=True, exclude_unset=True), chunk)
        return lambda chunk: chunk.model_dump(by_alias=True, exclude_unset=True)
    if callable(getattr(kind, "to_dict", None)):
        return lambda chunk: chunk.to_dict()
    if is_dataclass(kind):  # another library's dataclass
        return _set_fields
    return lambda chunk: chunk


def _renamed(kind: Any) -> dict[str, str]:
    """A pydantic class's renamed attributes: attribute -> alias (read once per class)."""
    found = _RENAMES.get(kind)
    if found is None:
        declared = getattr(kind, "model_fields", {})
        found = _RENAMES[kind] = {n: f.alias for n, f in declared.items() if f.alias is not None and f.alias != n}
    return found


#: Per pydantic class: ``_renamed``.
_RENAMES: dict[Any, dict[str, str]] = {}


def _renames_within(kind: Any, seen: set[Any]) -> bool:
    """True when a pydantic class, or a model its fields may hold, has a renamed field (an
    unresolved reference counts as one)."""
    if kind in seen:
        return False
    seen.add(kind)
    if _renamed(kind):
        return True
    stack = [f.annotation for f in getattr(kind, "model_fields", {}).values()]
    while stack:
        annotation = stack.pop()
        if isinstance(annotation, (str, typing.ForwardRef)):
            return True
        if isinstance(annotation, type) and hasattr(annotation, "model_fields") and _renames_within(annotation, seen):
            return True
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:  # the type, not its metadata
            stack.append(typing.get_args(annotation)[0])
        elif origin is not typing.Literal:  # a literal's values are no types
            stack.extend(typing.get_args(annotation))
        value = getattr(annotation, "__value__", None)  # a TypeAliasType
        if value is not None:
            stack.append(value)
    return False


def _without_phantoms(data: Any, model: Any) -> Any:
    """A pydantic dump of ``model`` without the phantom nulls of renamed fields, at every
    depth: an unknown key spelled as a renamed attribute (``from_``) marks that field set,
    so ``exclude_unset`` dumps it as null (a null merges as absent: nothing lost)."""
    if type(data) is not dict:
        return data
    renamed = _renamed(type(model))
    extra = model.__pydantic_extra__
    for name in renamed.keys() & extra.keys() if extra else ():
        if data.get(renamed[name], 0) is None:
            del data[renamed[name]]
    for name, value in model.__dict__.items():
        child = data.get(renamed.get(name, name))
        if hasattr(value, "__pydantic_extra__"):
            _without_phantoms(child, value)
        elif type(value) is list and type(child) is list:
            for item, dumped in zip(value, child):
                if hasattr(item, "__pydantic_extra__"):
                    _without_phantoms(dumped, item)
    return data


def _set_fields(value: Any) -> Any:
    """A dataclass's fields as decoded JSON, those that are ``None`` left out (never sent and
    null look alike: absent is safer), nested ones alike, lists and dicts copied."""
    kind = type(value)
    if kind is dict:
        return {k: _set_fields(v) for k, v in value.items() if v is not None}
    if kind is list or kind is tuple:
        return [_set_fields(v) for v in value]
    if kind is str or kind is int or kind is float or kind is bool:
        return value
    if is_dataclass(value) and not isinstance(value, type):
        names = _FIELD_NAMES.get(kind)
        if names is None:
            names = _FIELD_NAMES[kind] = tuple(f.name for f in fields(value))
        return {name: _set_fields(item) for name in names if (item := getattr(value, name)) is not None}
    return value


#: The field names of each dataclass ``_set_fields`` has read.
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
