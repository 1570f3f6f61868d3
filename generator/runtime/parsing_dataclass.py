"""Parsing for the dataclass style, where a parser builds new values: a number is a
``float``, a list a new list of parsed items, a list read by position (``prefixItems``) a
tuple of parsed items (the rest of parsing: ``parsing``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, cast

from .parsing import (
    _MISSING,
    _SCALARS,
    _T,
    ParseError,
    _by_position,
    _item_parser_of,
    _keep,
    _kind,
    _nullable_inner_of,
    _object,
    _opt,
    _req,
)


def _tuple_of(
    prefix: tuple[Callable[[Any], Any], ...], rest: Callable[[Any], Any] | None, least: int
) -> Callable[[Any], tuple[Any, ...]]:
    """A list read by position (``prefixItems``): see ``parsing._by_position``."""
    return _by_position(prefix, rest, least, list)


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
            except (ParseError, RecursionError) as exc:
                if _keep(exc, value, i):  # else left out by a lenient build (``snapshot_dict()`` has it)
                    items.append(item)
        return items

    _item_parser_of[parse_list] = parse
    return parse_list


@dataclass(eq=False, slots=True)
class _Field:
    """How ``from_dict`` reads one field and ``to_dict`` writes it (an entry of ``_Fields``).

    Attributes:
        wire: the field's JSON key.
        parse: the parser of its value.
        fast: the one type taken as it is without calling ``parse`` (``str``), or None.
        optional: absent or ``null`` reads as None; ``to_dict`` leaves None out.
        nullable: (a required field) ``null`` reads as None without calling ``parse``.
        dump: ``to_dict`` writes the value through ``_dump`` (models, tuples, JSON kept as it
            came in a result built anyway); otherwise it is JSON already.
        null_only: an optional field whose only value is ``null``: ``null_fields`` keeps
            whether the payload sent it, and ``to_dict`` writes it back.
    """

    wire: str
    parse: Callable[[Any], Any]
    fast: type | None = None
    optional: bool = False
    nullable: bool = False
    dump: bool = False
    null_only: bool = False


class _Fields:
    """A dataclass's fields (``_Field`` by attribute name, in order): what ``_from_dict`` and
    ``to_dict`` work from. ``known``: the wire names; ``_extra_fields`` reads typed unknown
    fields (``additionalProperties``, ``patternProperties``; written through ``_dump``), else
    they are kept as they came. ``owner`` (the class) and ``parse`` (``_compiled``) are set on
    first use."""

    __slots__ = ("extra_fields", "known", "null_keys", "owner", "parse", "reads", "values_of", "writes")

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
        self.owner: type | None = None
        self.parse: Callable[[Any], Any] = self._first

    def _first(self, data: Any) -> Any:
        """``parse`` until compiled: compile it (unless done meanwhile), then parse ``data``."""
        if getattr(self.parse, "__func__", None) is _Fields._first:
            self.parse = _compiled(self)
        return self.parse(data)


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving an object's attributes ``names`` as a tuple."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _from_dict(build: Callable[..., _T], table: _Fields, data: Any) -> _T:
    """A dataclass built from decoded JSON by its ``_Fields`` table: by the compiled parser
    (``_compiled``) for the table's own class, by ``_from_table`` for a subclass."""
    if build is not table.owner:
        if table.owner is not None or not isinstance(build, type) or _table_of(build) is not table:
            return _from_table(build, table, data)
        table.owner = build  # its first use
    parsed: _T = table.parse(data)
    return parsed


def _table_of(build: type) -> _Fields | None:
    """The ``_Fields`` table ``build`` sets itself (not inherited), or None."""
    table = vars(build).get("_fields")
    return table if type(table) is _Fields else None


def _from_table(build: Callable[..., _T], table: _Fields, data: Any) -> _T:
    """A dataclass built from decoded JSON by its ``_Fields`` table, field by field (``_req``
    and ``_opt`` raise ``ParseError`` naming the field); unknown fields in ``extra_fields``
    (parsed when typed), the ``null``-only fields sent in ``null_fields``."""
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
    extra_fields = table.extra_fields
    values["extra_fields"] = _extras(d, table.known) if extra_fields is None else extra_fields(d)
    if table.null_keys:
        values["null_fields"] = table.null_keys.intersection(d)
    return build(**values)


def _compiled(table: _Fields) -> Callable[[Any], Any]:
    """The parser of ``table.owner``: ``_from_table`` written out for its fields as Python
    source compiled once (as ``@dataclass`` writes ``__init__``). Same values and errors;
    faster: a field's common value (``fast`` type, ``null`` or absent where it fits) is taken
    inline; a model (or list of models) field calls that model's parser directly
    (``_items_failed`` takes over at a failing item); unknown fields are looked for only when
    the payload has more keys than the fields read; the instance's slots are set directly.
    A class whose slots are not exactly its fields (a custom template's), or a payload that
    is not exactly a ``dict``, goes to ``_from_table``."""
    cls = cast(type, table.owner)
    names = [name for name, *_ in table.reads]
    own = ["extra_fields", "null_fields"] if table.null_keys else ["extra_fields"]
    slots = [name for c in cls.__mro__ for name in vars(c).get("__slots__", ())]
    if sorted(slots) != sorted(names + own):
        return lambda data: _from_table(cls, table, data)
    scope: dict[str, Any] = {
        f.__name__: f for f in (ParseError, _from_table, _req, _opt, _keep, _items_failed, _extras)
    }
    scope.update(cls=cls, table=table, new=object.__new__, M=_MISSING, known=table.known, null_keys=table.null_keys)
    scope["extra_fields"] = table.extra_fields
    lines = [
        "def parse(d):",
        "    if type(d) is not dict:",
        "        return _from_table(cls, table, d)",
        "    get = d.get",
        f"    n = {len(names)}",
    ]
    for i, (_, wire, parse, fast, none_fits, optional) in enumerate(table.reads):
        v, w, p = f"v{i}", repr(wire), f"p{i}"
        scope[p] = parse
        read = f"_opt(d, {w}, {p})" if optional else f"_req(d, {w}, {p})"
        lines.append(f"    {v} = get({w}, M)")
        # absent: not counted (a required field: _req raises, or a lenient build reads None)
        missing = [f"if {v} is M:", "    n -= 1", f"    {v} = {'None' if optional else read}"]
        if fast is not None:
            scope[f"t{i}"] = fast
            lines.append(f"    if type({v}) is not t{i}" + (f" and {v} is not None:" if none_fits else ":"))
            lines += [f"        {line}" for line in (*missing, "else:", f"    {v} = {read}")]
            continue
        lines += [f"    {line}" for line in missing]
        lines.append(f"    elif {v} is not None:" if none_fits else "    else:")
        # null is read above where it fits: a nullable parser's own parser does the rest
        parse = _nullable_inner_of.get(parse, parse) if none_fits else parse
        item = _item_parser_of.get(parse)
        model, items = _model_table(parse), _model_table(item)
        scalar = _SCALARS.get(item) if item is not None else None
        if items is not None:
            scope[f"m{i}"] = items
            lines += [
                f"        if type({v}) is list:",
                f"            item = m{i}.parse",
                f"            rest = iter({v})",
                "            try:",
                f"                {v} = [item(x) for x in rest]",
                "            except (ParseError, RecursionError) as exc:",
                f"                {v} = _items_failed(exc, {v}, rest, item, {w})",
                "        else:",
                f"            {v} = {read}",
            ]
        elif scalar is not None:
            scope[f"s{i}"] = scalar
            lines += [
                f"        if type({v}) is list and s{i}.issuperset(map(type, {v})):",
                f"            {v} = list({v})",
                "        else:",
                f"            {v} = {read}",
            ]
        else:  # a model's parser is read from its table at the call: compiled on first use
            scope[f"m{i}"] = parse if model is None else model
            call = f"m{i}" if model is None else f"m{i}.parse"
            lines += [
                "        try:",
                f"            {v} = {call}({v})",
                "        except (ParseError, RecursionError) as exc:",
                f"            {v} = {v} if _keep(exc, d, {w}) else None",  # as _req and _opt read it
            ]
    lines.append("    made = new(cls)")
    lines += [f"    made.{name} = v{i}" for i, name in enumerate(names)]
    extras = "{} if len(d) == n else _extras(d, known)" if table.extra_fields is None else "extra_fields(d)"
    lines.append(f"    made.extra_fields = {extras}")
    if table.null_keys:
        lines.append("    made.null_fields = null_keys.intersection(d)")
    lines.append("    return made")
    # the source holds the wire names as literals (repr) and the slots' names, nothing else
    code = compile("\n".join(lines), f"<parser of {cls.__qualname__}>", "exec")
    exec(code, scope)  # noqa: S102
    return cast("Callable[[Any], Any]", scope["parse"])


def _model_table(parse: Any) -> _Fields | None:
    """The table of the model whose ``from_dict`` ``parse`` is (owner set if not yet), or
    None: another parser, or a custom ``from_dict`` that does more than ``_from_dict``."""
    build = getattr(parse, "__self__", None)
    code = getattr(getattr(parse, "__func__", None), "__code__", None)
    if not isinstance(build, type) or getattr(code, "co_names", None) != _FROM_DICT_NAMES:
        return None
    table = _table_of(build)
    if table is None:
        return None
    if table.owner is None:
        table.owner = build
    return table if table.owner is build else None


#: The names the template's ``from_dict`` reads: ``return _from_dict(cls, cls._fields, data)``.
_FROM_DICT_NAMES = ("_from_dict", "_fields")


def _items_failed(exc: BaseException, value: list[Any], rest: Any, parse: Callable[[Any], Any], key: str) -> list[Any]:
    """A list of models (field ``key``) read as ``_list_of`` does, from the item where
    ``parse`` raised ``exc`` (the one before iterator ``rest``): the items before are parsed
    again (pure; a lenient build counts a place once), the failed one is not."""
    failed = len(value) - rest.__length_hint__() - 1
    items = [parse(item) for item in value[:failed]]
    for i in range(failed, len(value)):
        item = value[i]
        try:
            if i == failed:
                raise exc
            items.append(parse(item))
        except (ParseError, RecursionError) as error:
            try:
                kept = _keep(error, value, i)
            except ParseError as inner:
                raise inner.within(key) from None
            if kept:
                items.append(item)
    return items


def _extras(data: dict[str, Any], known: frozenset[str], parse: Callable[[Any], Any] | None = None) -> dict[str, Any]:
    """The fields of ``data`` not in ``known``, each parsed by ``parse`` when given (its
    ``ParseError`` names the key; a lenient build handles it as ``_keep`` says)."""
    if known.issuperset(data):
        return {}
    if parse is None:
        return {k: v for k, v in data.items() if k not in known}
    extras = {}
    for key, value in data.items():
        if key not in known:
            try:
                extras[key] = parse(value)
            except (ParseError, RecursionError) as exc:
                if _keep(exc, data, key):  # else left out by a lenient build
                    extras[key] = value
    return extras


def _dump(value: Any) -> Any:
    """A dataclass value as JSON data: a model by its ``to_dict``, tuples and lists as
    lists, maps item by item, anything else as it is."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, (list, tuple)):  # a tuple (``prefixItems``) is a JSON list
        return [_dump(v) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v) for k, v in value.items()}
    return value
