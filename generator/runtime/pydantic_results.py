"""The pydantic style's runtime for accumulators: merging this module's models as they are
(``_merge_model``) and building a result that does not validate (``_built_anyway``): spec
drift never loses an answer.

A finished response whose server omits a field the spec requires (``cache_write_tokens``
in the 2026-08 OpenAI spec, Groq's ``x_groq.id``) fails validation as a whole. The
accumulator reports that as an anomaly and then builds the model here: every field that
validates on its own is validated; one that does not is built the same way (an object into
the model its annotation names) or kept as it came; a missing required field reads as
``None``, as in the other styles (not in ``model_fields_set``). Inlined only into
pydantic-style modules that have an accumulator (with ``--runtime package``, shared from
``_runtime_pydantic.py``).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

#: A merge state's ``_add(data, acc, extra)``: ``extra`` is None for decoded JSON (its
#: unknown fields are checked), and a model's ``__pydantic_extra__`` when ``data`` is the
#: model's field dict (which holds no unknown field).
_Extra = dict[str, Any] | None


def _wire_names(model: type[BaseModel]) -> frozenset[str]:
    """The wire names of ``model``'s declared fields: the fields a merge state of that
    class knows."""
    return frozenset(_wire(name, info) for name, info in model.model_fields.items())


def _wire(name: str, info: Any) -> str:
    """The wire name of attribute ``name``: its alias when it has one (``""`` is one: a
    property named by the empty string)."""
    return name if info.alias is None else info.alias


def _built_anyway(validate: Callable[..., Any], data: dict[str, Any], acc: Any) -> Any:
    """``validate(data)`` (a model's ``model_validate``), for an accumulator's result. With
    ``acc.strict``, its ``ValidationError``; otherwise a result that does not fit its schema
    (a server that omits a field the spec requires) is reported once as a ``schema_drift``
    anomaly and built anyway (``_construct``): a missing required field reads as ``None``
    (and is not in ``model_fields_set``).
    ``acc``: the accumulator's state (its ``strict`` flag and ``drift``)."""
    try:
        return validate(data, by_name=False)
    except ValidationError as exc:
        if acc.strict:
            raise
        first = exc.errors()[0]
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in first["loc"]).lstrip(".")
        acc.drift(
            where, f"does not fit its schema ({exc.error_count()} problem(s), first: {first['msg']}); built anyway"
        )
    model = validate.__self__  # type: ignore[attr-defined]  # the model whose model_validate it is
    return _construct(model, data)


def _merge_model(state: Any, model: BaseModel, acc: Any) -> None:
    """Merge ``model``, an instance of the class ``state`` merges, into ``state`` (a root
    state's ``_add_model``, and a child's whose attributes are not all named as on the
    wire). A pydantic model keeps its declared fields in ``__dict__`` by attribute name, so
    the state's ``_add(data, acc, extra)`` merges that dict as it merges decoded JSON: the
    same code, rules and anomalies, nothing dumped; then ``extra``, the fields the class
    does not declare (``__pydantic_extra__``). Attributes whose wire name differs (an
    alias) are renamed first."""
    data = model.__dict__
    renamed = _RENAMED.get(type(model))
    if renamed is None:
        declared = type(model).model_fields
        renamed = _RENAMED[type(model)] = {n: _wire(n, f) for n, f in declared.items() if _wire(n, f) != n}
    if renamed:
        data = {renamed.get(name, name): value for name, value in data.items()}
    # {}, not None: ``data`` holds declared fields only, no check for unknown ones is needed
    extra: _Extra = model.__pydantic_extra__ or {}
    state._add(data, acc, extra)


#: Per model class: its attributes whose wire name differs (attribute -> alias).
_RENAMED: dict[type, dict[str, str]] = {}

_ADAPTERS: dict[int, tuple[Any, TypeAdapter[Any]]] = {}


def _construct(model: type[BaseModel], data: Any) -> Any:
    """``model`` built from ``data`` without failing (see the module docstring); data that
    is not an object is returned as it is."""
    if type(data) is not dict:
        return data
    names = {_wire(name, info): name for name, info in model.model_fields.items()}
    values: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, value in data.items():
        name = names.get(key)
        if name is None:
            extra[key] = value
        else:
            values[name] = _value(_annotations(model)[name], value)
    given = set(values)
    for name, info in model.model_fields.items():  # None as in the other styles, not an AttributeError
        if info.is_required():
            values.setdefault(name, None)
    built = model.model_construct(_fields_set=given, **values)
    if extra:  # set as extras, never as keyword arguments: ``class_`` would fill ``class``
        object.__setattr__(built, "__pydantic_extra__", {**(built.__pydantic_extra__ or {}), **extra})
    return built


def _annotations(model: type[BaseModel]) -> dict[str, Any]:
    """``model``'s field annotations, evaluated in its own module: pydantic may keep one
    that names a later alias as a ``ForwardRef``, which a ``TypeAdapter`` made here would
    look up in this module (the runtime's own file with ``--runtime package``)."""
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


def _value(annotation: Any, value: Any) -> Any:
    """``value`` validated as ``annotation``, else built leniently, else as it came."""
    try:
        return _adapter(annotation).validate_python(value, by_name=False)
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
        key = _wire(name, info)
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
