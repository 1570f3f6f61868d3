"""Parsing for the dataclass style, where a parser builds new values: a number is a
``float``, a list a new list of parsed items (the rest of parsing: ``parsing``).

Real Python, imported and tested as it is; inlined into generated modules without this
docstring and the import lines (see the package docstring).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any

from .parsing import _MISSING, _SCALARS, _T, ParseError, _Kept, _kind, _object, _opt, _req


def _float(value: Any) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    raise ParseError(f"expected a number, got {_kind(value)}")


def _list_of(parse: Callable[[Any], _T]) -> Callable[[Any], list[_T]]:
    scalar = _SCALARS.get(parse)

    def parse_list(value: Any) -> list[_T]:
        if not isinstance(value, list):
            raise ParseError(f"expected a list, got {_kind(value)}")
        if scalar is not None and scalar.issuperset(map(type, value)):
            return list(value)  # the common case, checked in one pass
        items = []
        for i, item in enumerate(value):
            try:
                items.append(parse(item))
            except ParseError as exc:
                if type(item) is not _Kept:
                    raise exc.within(i) from None
                items.append(item.value)
        return items

    return parse_list


class _Field:
    """How a dataclass's ``from_dict`` reads one field and ``to_dict`` writes it back (one
    entry of its ``_Fields`` table, by attribute name).

    Attributes:
        wire: the field's JSON key.
        parse: the parser of its value (the message of a value that does not fit names the key).
        fast: the one type a value of this field is taken as it is without calling ``parse``
            (``str`` for a string: the common case tested first), or None.
        optional: absent or ``null`` reads as None; ``to_dict`` leaves None out.
        nullable: (a required field) ``null`` reads as None without calling ``parse``.
        dump: ``to_dict`` writes the value through ``_dump`` (it holds models, tuples, or
            JSON kept as it came in a result built anyway); otherwise it is JSON already.
        null_only: an optional field whose only value is ``null``: the instance keeps in
            ``null_fields`` whether the payload sent it, and ``to_dict`` writes it back.
    """

    __slots__ = ("dump", "fast", "null_only", "nullable", "optional", "parse", "wire")

    def __init__(
        self,
        wire: str,
        parse: Callable[[Any], Any],
        *,
        fast: type | None = None,
        optional: bool = False,
        nullable: bool = False,
        dump: bool = False,
        null_only: bool = False,
    ) -> None:
        self.wire = wire
        self.parse = parse
        self.fast = fast
        self.optional = optional
        self.nullable = nullable
        self.dump = dump
        self.null_only = null_only


class _Fields:
    """A dataclass's fields (``_Field`` by attribute name, in declaration order) and how its
    unknown fields are read: what ``_from_dict`` and ``_Dataclass.to_dict`` work from.

    ``known`` is the set of the fields' wire names; ``_extra_fields`` reads the unknown
    fields of a payload when they are typed (``additionalProperties`` or
    ``patternProperties``), and ``to_dict`` then writes them through ``_dump``; without it
    they are kept as they came. (Attribute names never start with ``_``: the option cannot
    meet a field's name.)"""

    __slots__ = ("extra_fields", "known", "null_keys", "reads", "values_of", "writes")

    def __init__(
        self, *, _extra_fields: Callable[[dict[str, Any]], dict[str, Any]] | None = None, **attributes: _Field
    ) -> None:
        self.known = frozenset(f.wire for f in attributes.values())
        self.extra_fields = _extra_fields
        # plain tuples, unpacked in the loops of _from_dict and _Dataclass.to_dict (the fast path)
        self.reads = tuple(
            (name, f.wire, f.parse, f.fast, f.optional or f.nullable, f.optional) for name, f in attributes.items()
        )
        self.writes = tuple((f.wire, f.optional, f.dump, f.null_only) for f in attributes.values())
        # every attribute's value at once (one call in C), in the order of ``writes``
        self.values_of: Callable[[Any], tuple[Any, ...]] = _getter(tuple(attributes))
        self.null_keys = frozenset(f.wire for f in attributes.values() if f.null_only)


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving the values of the attributes ``names`` of an object, as a tuple."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _from_dict(build: Callable[..., _T], table: _Fields, data: Any) -> _T:
    """A dataclass built from decoded JSON by its ``_Fields`` table: each field read as its
    entry says (a value of its ``fast`` type as it is, ``null`` as None where it may be, else
    ``_req``/``_opt`` with its parser, which raise ``ParseError`` naming the field), the
    unknown fields kept in ``extra_fields`` (parsed when typed), the ``null``-only fields the
    payload sent in ``null_fields``."""
    d = _object(data)
    get = d.get
    values: dict[str, Any] = {}
    for name, wire, parse, fast, none_fits, optional in table.reads:
        value = get(wire, _MISSING)
        if type(value) is fast or (value is None and none_fits):
            values[name] = value
        elif value is _MISSING and optional:
            values[name] = None
        else:
            values[name] = _opt(d, wire, parse) if optional else _req(d, wire, parse)
    known = table.known
    if table.extra_fields is not None:
        values["extra_fields"] = table.extra_fields(d)
    else:
        values["extra_fields"] = {} if known.issuperset(d) else _extras(d, known)
    if table.null_keys:
        values["null_fields"] = table.null_keys.intersection(d)
    return build(**values)


def _extras(data: dict[str, Any], known: frozenset[str], parse: Callable[[Any], Any] | None = None) -> dict[str, Any]:
    """The fields of ``data`` not in ``known``, each parsed by ``parse`` when given (its
    ``ParseError`` names the key; a lenient build's ``_Kept`` is kept as it came)."""
    if known.issuperset(data):
        return {}
    if parse is None:
        return {k: v for k, v in data.items() if k not in known}
    extras = {}
    for key, value in data.items():
        if key not in known:
            try:
                extras[key] = parse(value)
            except ParseError as exc:
                if type(value) is not _Kept:  # a lenient build keeps it as it came
                    raise exc.within(key) from None
                extras[key] = value.value
    return extras


def _dump(value: Any) -> Any:
    """A dataclass value as JSON data again: a model by its ``to_dict``, a tuple
    (``prefixItems``) as a list, lists and maps item by item, anything else as it is."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, (list, tuple)):  # a tuple (``prefixItems``) is a JSON list
        return [_dump(v) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v) for k, v in value.items()}
    return value
