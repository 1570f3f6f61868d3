"""The msgspec style's runtime: the models' base (``_Struct``), parsing with unknown fields
kept (``_parse``), checkers for slots msgspec cannot type (``_OneOf``, ``_ListOf``, ``_MapOf``,
``_Named``...), results built anyway (``_built_anyway``) and public parsers (``_parser``).

Every model forbids unknown fields, so ``msgspec.json.Decoder(Model)`` decodes a payload
without any straight from its bytes; one with unknown fields fails it and goes through
``_parse``: msgspec validates the known fields, the rest go to each object's ``extra_fields``.
msgspec types a union only when its members differ in JSON kind; the module declares any
other union ``Any`` for msgspec and checks it in ``__post_init__`` with the checkers below.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, ClassVar, TypeVar

import msgspec

from .sse import _chunk_object

_T = TypeVar("_T")


class _Struct(msgspec.Struct, kw_only=True, omit_defaults=True, forbid_unknown_fields=True, dict=True):
    """Base of every model: keyword construction, ``None`` defaults left out when encoding,
    unknown fields kept in ``extra_fields``."""

    extra_fields: ClassVar[dict[str, Any]] = {}
    """Fields the payload carried that the schema does not define, by wire name."""
    #: how the values of extra fields are checked (a model whose schema types them)
    _extra_check: ClassVar[Any] = None
    #: checkers of fields whose wire names msgspec refuses (``\``, ``"``, control characters),
    #: kept in ``extra_fields`` by wire name
    _odd_checks: ClassVar[dict[str, Any]] = {}
    _extras_below: ClassVar[bool] = False  # an object inside has extra fields
    #: ``(attribute, wire name)`` of fields that may hold a slot checked in ``__post_init__``
    #: (whose objects' extra fields ``to_dict`` must find)
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again: wire names, unknown fields; optional fields that are None left out."""
        data: dict[str, Any] = msgspec.to_builtins(self)
        if self._extras_below or self._checks_inside or self.extra_fields:
            _add_extras(self, data)
        return data


class _Leniency(msgspec.Struct, eq=False):
    """A lenient build's state: the path of the model being made and the places that do not fit."""

    at: tuple[str | int, ...] = ()
    #: (path, how: ``missing``, ``unknown``, ``left`` or ``too_deep``: see ``_DRIFT_SAID``)
    problems: list[tuple[tuple[str | int, ...], str]] = []


#: Set while a lenient build makes a model: checks build what does not fit as far as it goes.
_LENIENT: ContextVar[_Leniency | None] = ContextVar("_LENIENT", default=None)
#: Set while an accumulator builds its result: a tag a union does not list fails the check
#: (reported, the fallback member built) instead of silently being that member.
_CLOSED: ContextVar[bool] = ContextVar("_CLOSED", default=False)
#: What a lenient check gives for a place it leaves out of the typed result.
_LEFT_OUT: Any = object()


class _Named(msgspec.Struct, eq=False):
    """A checker by name, set after its definition (recursive aliases refer to themselves)."""

    check: Any = None


class _OneOf(msgspec.Struct, eq=False):
    """A union msgspec cannot type: the first option that fits, or the one ``tags`` names by
    the value's ``tag`` (``fallback``: the member for a string tag not listed)."""

    options: tuple[Any, ...]
    tag: str | None = None
    tags: dict[Any, Any] | None = None
    fallback: Any = None


class _ListOf(msgspec.Struct, eq=False):
    """A list whose items need a checker (``nullable``: an item may be null)."""

    item: Any
    nullable: bool = False


class _MapOf(msgspec.Struct, eq=False):
    """An object used as a dictionary whose values need a checker."""

    value: Any
    nullable: bool = False


class _TupleOf(msgspec.Struct, eq=False):
    """A list read by position (``prefixItems``): ``prefix`` checkers, then ``rest`` (``None``:
    no more items), at least ``least`` items."""

    prefix: tuple[Any, ...]
    rest: Any
    least: int


class _OrNone(msgspec.Struct, eq=False):
    """A slot that may be null, around a checker."""

    inner: Any


_CHECKERS = (_Named, _OneOf, _ListOf, _TupleOf, _MapOf, _OrNone)


class _ByKey(msgspec.Struct, eq=False):
    """Extra fields checked by key (``patternProperties``): by every pattern's checker the key
    matches (``re.search``; the first's value kept), else ``rest`` (``None``: any), or refused
    when ``closed``."""

    patterns: tuple[tuple[str, Any], ...]
    rest: Any
    closed: bool

    def checked(self, key: str, value: Any, where: str) -> Any:
        """``value`` of the extra field ``key``, checked."""
        checks = [check for pattern, check in self.patterns if re.search(pattern, key)]
        if not checks and self.closed and not _LENIENT.get():
            raise msgspec.ValidationError(f"{where}: not allowed: the key matches no pattern")
        built = [_checked(check, value, where) for check in checks or ([self.rest] if self.rest is not None else [])]
        return built[0] if built else value


def _checked(check: Any, value: Any, where: str) -> Any:
    """``value`` checked and built by ``check`` (from ``__post_init__``); raises
    ``msgspec.ValidationError`` naming ``where``. In a lenient build, built as far as it goes
    (``_lenient``) from the path of the model being made."""
    lenient = _LENIENT.get()
    if lenient is not None:
        built = _lenient(check, value, (*lenient.at, where), lenient)
        return None if built is _LEFT_OUT else built
    try:
        return _check_value(check, value)
    except msgspec.ValidationError as exc:
        raise msgspec.ValidationError(f"{where}: {exc}") from None


def _check_value(check: Any, value: Any) -> Any:
    """``value`` as ``check`` says: a checker above, a model class, or a type msgspec knows."""
    kind = type(check)
    if kind is _Named:
        return _check_value(check.check, value)
    if kind is _OrNone:
        return None if value is None else _check_value(check.inner, value)
    if kind is _ListOf:
        if type(value) is not list:
            raise msgspec.ValidationError(f"Expected `array`, got `{_kind(value)}`")
        out = []
        for i, item in enumerate(value):
            try:
                out.append(None if item is None and check.nullable else _check_value(check.item, item))
            except msgspec.ValidationError as exc:
                raise msgspec.ValidationError(f"[{i}]: {exc}") from None
        return out
    if kind is _TupleOf:
        return _tuple_of(check, value)
    if kind is _MapOf:
        if type(value) is not dict:
            raise msgspec.ValidationError(f"Expected `object`, got `{_kind(value)}`")
        found = {}
        for key, item in value.items():
            try:
                found[key] = None if item is None and check.nullable else _check_value(check.value, item)
            except msgspec.ValidationError as exc:
                raise msgspec.ValidationError(f"[{key!r}]: {exc}") from None
        return found
    if kind is _OneOf:
        return _one_of(check, value)
    return _parse(check, value)


def _tuple_of(check: _TupleOf, value: Any) -> tuple[Any, ...]:
    if type(value) is not list:
        raise msgspec.ValidationError(f"Expected `array`, got `{_kind(value)}`")
    most = len(check.prefix) if check.rest is None else None
    if len(value) < check.least or (most is not None and len(value) > most):
        wanted = f"{check.least} to {most}" if most is not None else f"at least {check.least}"
        raise msgspec.ValidationError(f"Expected an array of {wanted} items, got {len(value)}")
    out = []
    for i, item in enumerate(value):
        try:
            out.append(_check_value(check.prefix[i] if i < len(check.prefix) else check.rest, item))
        except msgspec.ValidationError as exc:
            raise msgspec.ValidationError(f"[{i}]: {exc}") from None
    return tuple(out)


def _one_of(check: _OneOf, value: Any) -> Any:
    if check.tag is not None and check.tags is not None:
        tag = value.get(check.tag) if type(value) is dict else None
        chosen = check.tags.get(tag) if type(tag) in (str, int) else None
        if chosen is None and type(tag) is int:
            chosen = check.tags.get(str(tag))
        if chosen is None and check.fallback is not None and type(tag) is str:
            if not _CLOSED.get() and type(value) is dict:
                return _check_value(check.fallback, value)
            raise msgspec.ValidationError(f"{check.tag} is {tag!r}, a tag the union does not list")
        if chosen is None:
            known = ", ".join(map(repr, check.tags))
            raise msgspec.ValidationError(f"{check.tag} is {tag!r}; expected one of {known}")
        return _check_value(chosen, value)
    problems = []
    for option in check.options:
        try:
            return _check_value(option, value)
        except msgspec.ValidationError as exc:
            problems.append(f"{getattr(option, '__name__', type(option).__name__)}: {exc}")
    raise msgspec.ValidationError(f"fits none of the union's options ({'; '.join(problems)})")


def _kind(value: Any) -> str:
    names = {type(None): "null", bool: "bool", int: "int", float: "float", str: "str", list: "array", dict: "object"}
    return names.get(type(value), type(value).__name__)


_FIELDS: dict[type, tuple[tuple[str, str, Any, bool], ...]] = {}


def _fields(cls: type) -> tuple[tuple[str, str, Any, bool], ...]:
    """A model's fields as ``(attribute, wire name, annotation, required)``, read once."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = tuple((f.name, f.encode_name, f.type, f.required) for f in msgspec.structs.fields(cls))
    return found


def _parse(model: Any, data: Any) -> Any:
    """Decoded JSON as ``model`` (a model class, checker or type msgspec knows), unknown fields
    kept; raises ``msgspec.ValidationError`` saying where (also for a lone surrogate, on
    which msgspec raises ``UnicodeEncodeError``)."""
    if type(model) in _CHECKERS:
        return _check_value(model, data)
    try:
        try:
            return msgspec.convert(data, model)
        except msgspec.ValidationError as exc:
            if "unknown field" not in str(exc):
                raise
        built = msgspec.convert(_known(model, data), model)
    except UnicodeEncodeError:
        raise msgspec.ValidationError("does not fit (a value holding a lone surrogate)") from None
    _keep_extras(built, data, "$")
    return built


def _parser(model: type[_T]) -> Callable[[Any], _T]:
    """The public parse function of a model (``parse_<name>``): ``_parse`` of it."""
    parse = _parser_of(model)
    parse.__doc__ = f"Parse one decoded ``{model.__name__}``, unknown fields kept; raises ``msgspec.ValidationError``."
    return parse


def _parser_of(target: Any) -> Callable[[Any], Any]:
    """The public parse function of a type that is no model class: ``_parse`` of ``target``."""

    def parse(data: Any) -> Any:
        return _parse(target, data)

    return parse


def _known(annotation: Any, value: Any) -> Any:
    """``value`` without the fields the models of ``annotation`` do not define, at every level."""
    if type(value) is dict:
        if isinstance(annotation, type) and issubclass(annotation, _Struct):
            declared = {wire: ann for _, wire, ann, _ in _fields(annotation)}
            return {k: _known(declared[k], v) for k, v in value.items() if k in declared}
        if typing.get_origin(annotation) is dict:
            item = typing.get_args(annotation)[1]
            return {k: _known(item, v) for k, v in value.items()}
        for member in typing.get_args(annotation):  # X | None, or a union msgspec types
            if (isinstance(member, type) and issubclass(member, _Struct)) or typing.get_origin(member) is dict:
                return _known(member, value)
        return value
    if type(value) is list:
        # the annotation itself, or a member of X | None or of a union msgspec types
        for shape in (annotation, *typing.get_args(annotation)):
            origin, args = typing.get_origin(shape), typing.get_args(shape)
            if origin is list or (origin is tuple and args[1:] == (Ellipsis,)):
                return [_known(args[0], v) for v in value]
            if origin is tuple and len(args) == len(value):  # by position
                return [_known(arg, v) for arg, v in zip(args, value)]
    return value


_SEQUENCES = (list, tuple)  # a JSON array built: a list, or a tuple (prefixItems)


def _keep_extras(built: Any, data: Any, where: str) -> bool:
    """Put each object's unknown fields (from the data it came from) in its ``extra_fields``,
    checked when typed; True when any were found. Past the recursion limit, without recursion."""
    try:
        return _nested_extras(built, data, where)
    except RecursionError:
        return _deep_extras(built, data, where)


def _nested_extras(built: Any, data: Any, where: str) -> bool:
    if isinstance(built, _Struct) and type(data) is dict:
        found = False
        for attr, wire, _, _ in _fields(type(built)):
            if wire in data and _nested_extras(getattr(built, attr), data[wire], f"{where}.{wire}"):
                found = True
        if found:
            built._extras_below = True  # type: ignore[misc]
        return _own_extras(built, data, where) or found
    found = False
    for item, raw, at in _beside(built, data, where):
        found = _nested_extras(item, raw, at) or found
    return found


def _deep_extras(built: Any, data: Any, where: str) -> bool:
    """``_nested_extras`` without recursion: pairs listed from the top, done bottom-up."""
    nodes: list[tuple[Any, Any, str, int]] = []  # (built, data, where, its parent's number)
    stack = [(built, data, where, -1)]
    while stack:
        item, raw, at, _ = node = stack.pop()
        nodes.append(node)
        if isinstance(item, _Struct) and type(raw) is dict:
            inner = [(getattr(item, a), raw[w], f"{at}.{w}") for a, w, _, _ in _fields(type(item)) if w in raw]
        else:
            inner = _beside(item, raw, at)
        stack.extend((i, r, a, len(nodes) - 1) for i, r, a in inner)
    below = [False] * len(nodes)
    for number in range(len(nodes) - 1, -1, -1):
        item, raw, at, parent = nodes[number]
        found = below[number]
        if isinstance(item, _Struct) and type(raw) is dict:
            if found:
                item._extras_below = True  # type: ignore[misc]
            found = _own_extras(item, raw, at) or found
        if found and parent >= 0:
            below[parent] = True
        below[number] = found
    return below[0]


def _beside(built: Any, data: Any, where: str) -> list[tuple[Any, Any, str]]:
    """The values inside a built list or dict beside those of the data it came from."""
    if type(built) in _SEQUENCES and type(data) is list and len(built) == len(data):
        return [(item, raw, f"{where}[{i}]") for i, (item, raw) in enumerate(zip(built, data))]
    if type(built) is dict and type(data) is dict:
        return [(item, data.get(key), f"{where}.{key}") for key, item in built.items()]
    return []


def _own_extras(built: _Struct, data: dict[str, Any], where: str) -> bool:
    """Put ``data``'s unknown fields in ``built.extra_fields`` (checked when typed); True if any."""
    known = built.__struct_encode_fields__
    if len(data) <= len(known) and set(data).issubset(known):
        return False
    extras = {k: v for k, v in data.items() if k not in known}
    if not extras:
        return False
    odd, check = built._odd_checks, built._extra_check
    if check is not None or odd:
        extras = {
            k: (
                v
                if (c := odd.get(k, check)) is None
                else (c.checked(k, v, f"{where}.{k}") if type(c) is _ByKey else _checked(c, v, f"{where}.{k}"))
            )
            for k, v in extras.items()
        }
    built.extra_fields = extras  # type: ignore[misc]
    return True


def _add_extras(built: Any, data: Any) -> None:
    """Put the extra fields of ``built`` and every object inside back into ``data`` (its
    ``to_builtins`` form), without recursion."""
    stack = [(built, data)]
    while stack:
        built, data = stack.pop()
        if isinstance(built, _Struct) and type(data) is dict:
            pairs = _fields(type(built)) if built._extras_below else built._checks_inside
            stack.extend((getattr(built, pair[0]), data[pair[1]]) for pair in pairs if pair[1] in data)
            if built.extra_fields:
                extra = msgspec.to_builtins(built.extra_fields)
                # a model among them has extras too
                stack.extend((value, extra[key]) for key, value in built.extra_fields.items())
                data.update(extra)
        elif type(built) in _SEQUENCES and type(data) in _SEQUENCES:  # to_builtins: tuples
            stack.extend(zip(built, data))
        elif type(built) is dict and type(data) is dict:
            stack.extend((item, data.get(key)) for key, item in built.items())


def _built_anyway(model: Any, data: dict[str, Any], acc: Any) -> Any:
    """``data`` as ``model`` for an accumulator's result (``acc``: ``strict``, ``drift``). With
    ``acc.strict``, ``msgspec.ValidationError``; else built anyway, as in every style: each
    place that does not fit is reported ``schema_drift`` with its path; an unlisted tag is
    the union's ``Unknown<Union>`` member, a missing required field ``None``, any other misfit
    left out (``snapshot_dict()`` keeps it); a value nested too deeply is kept as it came
    (``too_deep``). Unions are closed meanwhile (``_CLOSED``)."""
    token = _CLOSED.set(True)
    try:
        try:
            return _parse(model, data)
        except (msgspec.ValidationError, RecursionError) as exc:
            if acc.strict:
                if type(exc) is RecursionError:
                    raise msgspec.ValidationError("nested too deeply to check") from None
                raise
        state = _Leniency()
        built = _lenient(model, data, (), state)
    finally:
        _CLOSED.reset(token)
    places: dict[tuple[str | int, ...], str] = {}  # one anomaly a place: a missing field is missing
    for where, how in state.problems:
        places[where] = "missing" if places.get(where) == "missing" else how
    for where in sorted(places, key=_path_key):
        how = places[where]
        acc.drift(_path_text(where), _DRIFT_SAID[how], "too_deep" if how == "too_deep" else "schema_drift")
    return built


#: ``anomalies._DRIFT`` (and below, its ``_where`` and ``_path_order``) again: a module of this
#: style may have no accumulator, and then no ``anomalies``.
_DRIFT_SAID = {
    "missing": "a required field is missing: built without it",
    "unknown": "a tag its union does not name: kept as the union's member for unknown tags",
    "left": "does not fit its schema: left out of the typed result (snapshot_dict() has it)",
    "too_deep": "nested too deeply to check: kept as it came (JSON)",
}


def _path_text(path: tuple[str | int, ...]) -> str:
    """A path as text: ``output[0].content``."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def _path_key(path: tuple[str | int, ...]) -> tuple[tuple[int, Any], ...]:
    """Sort key of a path: list positions in number order, keys in text order."""
    return tuple((0, p) if isinstance(p, int) else (1, p) for p in path)


def _strictly(check: Any, value: Any) -> tuple[bool, Any]:
    """``(True, value checked)`` when ``value`` fits ``check`` strictly, else ``(False, None)``."""
    token = _LENIENT.set(None)
    try:
        return True, _check_value(check, value)
    except (msgspec.ValidationError, TypeError, RecursionError):
        return False, None
    finally:
        _LENIENT.reset(token)


def _lenient(shape: Any, value: Any, path: tuple[str | int, ...], state: _Leniency) -> Any:
    """``value`` as ``shape`` (an annotation, or a checker of ``__post_init__``) if it fits;
    else, where the shape is one model, list or map (a tagged union: the member its tag
    names), built as that shape place by place; else ``_LEFT_OUT`` (reported at ``path``; a
    union of several shapes is not guessed at). Past the recursion limit, kept as it came
    (``too_deep``)."""
    try:
        fits, built = _strictly(shape, value)
        if fits:
            return built
        kind = type(shape)
        if kind is _Named:
            return _lenient(shape.check, value, path, state)
        if kind is _OrNone:
            return _lenient(shape.inner, value, path, state)
        if kind is _OneOf and shape.tag is not None and shape.tags is not None and type(value) is dict:
            tag = value.get(shape.tag)
            chosen = shape.tags.get(tag) if type(tag) in (str, int) else None
            if chosen is None and type(tag) is int:
                chosen = shape.tags.get(str(tag))
            if chosen is None and shape.fallback is not None and type(tag) is str:
                state.problems.append((path, "unknown"))
                chosen = shape.fallback
            if chosen is not None:
                return _lenient(chosen, value, path, state)
        if kind not in _CHECKERS:  # an annotation: its one shape besides null, a list or map as their checker
            options = [m for m in _members(shape) if m is not type(None)]
            one = options[0] if len(options) == 1 else None
            if type(value) is dict and isinstance(one, type) and issubclass(one, _Struct):
                return _lenient_model(one, value, path, state)
            origin, args = typing.get_origin(one), typing.get_args(one)
            if origin is list and args:
                shape, kind = _ListOf(args[0]), _ListOf
            elif origin is dict and len(args) == 2:
                shape, kind = _MapOf(args[1]), _MapOf
        if kind is _ListOf and type(value) is list:
            items = [
                None if item is None and shape.nullable else _lenient(shape.item, item, (*path, i), state)
                for i, item in enumerate(value)
            ]
            return [item for item in items if item is not _LEFT_OUT]
        if kind is _MapOf and type(value) is dict:
            entries = {
                k: None if item is None and shape.nullable else _lenient(shape.value, item, (*path, k), state)
                for k, item in value.items()
            }
            return {k: v for k, v in entries.items() if v is not _LEFT_OUT}
        state.problems.append((path, "left"))
        return _LEFT_OUT
    except RecursionError:
        state.problems.append((path, "too_deep"))
        return value


def _lenient_model(model: Any, value: dict[str, Any], path: tuple[str | int, ...], state: _Leniency) -> Any:
    """``model`` made from ``value`` field by field (a missing required field ``None``), its
    ``__post_init__`` checks run leniently from ``path``; unknown fields kept."""
    values = {}
    for attr, wire, ann, required in _fields(model):
        if wire in value:
            built = _lenient(ann, value[wire], (*path, wire), state)
            values[attr] = None if built is _LEFT_OUT else built
        elif required:
            state.problems.append(((*path, wire), "missing"))
            values[attr] = None
    token = _LENIENT.set(state)
    at, state.at = state.at, path
    try:
        built = model(**values)
        _keep_extras(built, value, "$")
    finally:
        state.at = at
        _LENIENT.reset(token)
    return built


def _members(annotation: Any) -> list[Any]:
    """The alternatives an annotation admits, through unions."""
    if typing.get_origin(annotation) is typing.Union or type(annotation).__name__ == "UnionType":
        return [m for arg in typing.get_args(annotation) for m in _members(arg)]
    return [annotation]


def _decoded_chunk(decode: Any, parse: Any, text: str, number: int) -> Any:
    """Event ``number``'s data decoded by ``decode`` (the chunk model's decoder); text it
    refuses (unknown fields, an error event, a misfit) goes as ``iter_chunk_dicts`` reads it
    to ``parse``: the same errors, nothing dropped."""
    try:
        return decode(text)
    except msgspec.MsgspecError:
        return parse(_chunk_object(text, number))
