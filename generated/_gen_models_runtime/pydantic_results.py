# gen-models 0.1.0: generator/runtime/pydantic_results.py, copied verbatim. Do not edit; regenerate instead.
"""The pydantic style's runtime for accumulators: the wire names a merge state knows
(``_wire_names``) and a result built when it does not validate (``_built_anyway``): a server
that omits a required field (Groq's ``x_groq.id``) never loses the answer.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Discriminator, Tag, TypeAdapter, ValidationError

from .anomalies import _report_drift
from .pydantic_models import _CLOSED


def _wire_names(model: type[BaseModel]) -> frozenset[str]:
    """The wire names of ``model``'s declared fields."""
    return frozenset(_wire(name, info) for name, info in model.model_fields.items())


def _wire(name: str, info: Any) -> str:
    """The wire name of attribute ``name``: its alias when it has one (``""`` too)."""
    return name if info.alias is None else info.alias


def _built_anyway(validate: Callable[..., Any], data: dict[str, Any], acc: Any) -> Any:
    """``validate(data)`` (a ``model_validate``) for an accumulator's result (``acc``:
    ``strict``, ``drift``). With ``acc.strict``, its ``ValidationError``; else built anyway
    (``_construct``), as in every style: each place that does not fit is reported
    ``schema_drift`` with its path; an unlisted tag is the union's ``Unknown<Union>`` member,
    a missing required field ``None`` (not in ``model_fields_set``), any other misfit left
    out (``snapshot_dict()`` keeps it); a value nested too deeply is kept as it came
    (``too_deep``). Unions are closed meanwhile (``_CLOSED``: an unknown tag fails)."""
    token = _CLOSED.set(True)
    try:
        try:
            return validate(data, by_name=False)
        except ValidationError:
            if acc.strict:
                raise
        model = validate.__self__  # type: ignore[attr-defined]  # the model whose model_validate it is
        problems: _Problems = []
        try:
            built = _construct(model, data, (), problems)
        except RecursionError:  # no stack left for even the top: its fields kept as they came
            built, problems = model.model_construct(), [((), "too_deep")]
            object.__setattr__(built, "__pydantic_extra__", dict(data))
    finally:
        _CLOSED.reset(token)
    places: dict[tuple[str | int, ...], str] = {}
    for where, how in problems:
        places.setdefault(where, how)
    _report_drift(acc, places.items())
    return built


#: Where a lenient build found a place that does not fit: (path, a key of ``anomalies._DRIFT``).
_Problems = list[tuple[tuple[str | int, ...], str]]
#: What ``_value`` gives for a place it leaves out.
_LEFT_OUT: Any = object()


_ADAPTERS: dict[int, tuple[Any, TypeAdapter[Any]]] = {}


def _construct(model: type[BaseModel], data: Any, path: tuple[str | int, ...], problems: _Problems) -> Any:
    """``model`` built from ``data`` without failing, misfits added to ``problems`` (data that
    is not an object: ``_LEFT_OUT``)."""
    if type(data) is not dict:
        problems.append((path, "left"))
        return _LEFT_OUT
    names = {_wire(name, info): name for name, info in model.model_fields.items()}
    values: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, value in data.items():
        name = names.get(key)
        if name is None:
            extra[key] = value
        else:
            built = _value(_annotations(model)[name], value, (*path, key), problems)
            values[name] = None if built is _LEFT_OUT else built
    given = set(values)
    for name, info in model.model_fields.items():  # None as in the other styles, not an AttributeError
        if info.is_required() and name not in values:
            problems.append(((*path, _wire(name, info)), "missing"))
            values[name] = None
    built = model.model_construct(_fields_set=given, **values)
    if extra:  # set as extras, never as keyword arguments: ``class_`` would fill ``class``
        object.__setattr__(built, "__pydantic_extra__", {**(built.__pydantic_extra__ or {}), **extra})
    return built


def _annotations(model: type[BaseModel]) -> dict[str, Any]:
    """``model``'s field annotations evaluated in its own module (pydantic may keep a
    ``ForwardRef`` that a ``TypeAdapter`` made here would look up in the runtime's module)."""
    found = _HINTS.get(model)
    if found is None:
        found = {name: info.annotation for name, info in model.model_fields.items()}
        try:
            found.update((k, v) for k, v in typing.get_type_hints(model, include_extras=True).items() if k in found)
        except (NameError, TypeError):  # pydantic's own reading, then
            pass
        _HINTS[model] = found
    return found


#: Per model class: its evaluated annotations (``_annotations``).
_HINTS: dict[type, dict[str, Any]] = {}


def _value(annotation: Any, value: Any, path: tuple[str | int, ...], problems: _Problems) -> Any:
    """``value`` validated as ``annotation``; else, where it names one shape (a model, a
    tagged union's member by its tag, a list, a map), built as that shape place by place;
    else ``_LEFT_OUT`` (reported at ``path``; an untagged union is not guessed at). Past the
    recursion limit, kept as it came (``too_deep``)."""
    try:
        try:
            return _adapter(annotation).validate_python(value, by_name=False, strict=True)
        except (ValidationError, TypeError):
            pass
        shape, unknown = _shape(annotation, value)
        if type(value) is dict and isinstance(shape, type) and issubclass(shape, BaseModel):
            if unknown:
                problems.append((path, "unknown"))
            return _construct(shape, value, path, problems)
        origin, args = typing.get_origin(shape), typing.get_args(shape)
        if type(value) is list and origin is list and args:
            items = [_value(args[0], item, (*path, i), problems) for i, item in enumerate(value)]
            return [item for item in items if item is not _LEFT_OUT]
        if type(value) is dict and origin is dict and len(args) == 2:
            entries = {k: _value(args[1], v, (*path, k), problems) for k, v in value.items()}
            return {k: v for k, v in entries.items() if v is not _LEFT_OUT}
        problems.append((path, "left"))
        return _LEFT_OUT
    except RecursionError:
        problems.append((path, "too_deep"))
        return value


def _shape(annotation: Any, value: Any) -> tuple[Any, bool]:
    """``(the one shape value is built as or None, whether it is the member for unknown
    tags)``: the only alternative besides null, or the tagged member the tag names."""
    tagged = _tagged_members(annotation)
    if tagged is not None:
        tag_of, members = tagged
        if type(value) is not dict:
            return None, False
        found = members.get(tag_of(value))
        fallback = getattr(tag_of, "fallback", None)
        tag = value.get(getattr(tag_of, "prop", None)) if found is None else None
        if found is None and fallback is not None and type(tag) is str:
            return members.get(fallback), True
        return found, False
    options = [m for m in _members(annotation) if m is not type(None)]
    return (options[0] if len(options) == 1 else None), False


def _tagged_members(annotation: Any) -> tuple[Callable[[Any], Any], dict[str, Any]] | None:
    """A discriminated union's tag function and its members by tag name (through aliases
    and ``| None``), or None when ``annotation`` is no such union."""
    if (value := getattr(annotation, "__value__", None)) is not None:  # a TypeAliasType
        return _tagged_members(value)
    origin = typing.get_origin(annotation)
    if origin is typing.Union or origin is types.UnionType:
        options = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _tagged_members(options[0]) if len(options) == 1 else None
    if origin is not typing.Annotated:
        return None
    inner, *metadata = typing.get_args(annotation)
    tag_of = next((m.discriminator for m in metadata if isinstance(m, Discriminator)), None)
    if not callable(tag_of):
        return None if metadata and any(isinstance(m, Tag) for m in metadata) else _tagged_members(inner)
    members: dict[str, Any] = {}
    union = typing.get_origin(inner) in (typing.Union, types.UnionType)
    for option in typing.get_args(inner) if union else (inner,):
        if typing.get_origin(option) is typing.Annotated:
            model, *marks = typing.get_args(option)
            members.update((mark.tag, model) for mark in marks if isinstance(mark, Tag))
    return tag_of, members


def _members(annotation: Any) -> list[Any]:
    """The alternatives an annotation admits, through unions, ``Annotated`` and type aliases."""
    if (value := getattr(annotation, "__value__", None)) is not None:  # a TypeAliasType
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
