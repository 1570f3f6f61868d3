"""Parsing decoded JSON into checked values (dataclass and TypedDict styles): scalar checks,
the combinators composite parsers are built from (``_nullable``, ``_map_of``, ``_first_of``,
``_tagged``, ``_literal_of``) and the reading of a field (``_req``, ``_opt``: null reads as
absent). Every function raises ``ParseError`` with a path. Per style: ``parsing_dataclass``
(new values) / ``parsing_typeddict`` (input checked and returned), and tuples. Inlined into
every module of those styles, even with ``--runtime package`` (the styles share names).
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar, cast

_T = TypeVar("_T")


class ParseError(ValueError):
    """A payload that does not fit its model.

    Attributes:
        message: what is wrong (``expected a string, got null``).
        path: where, as keys and list positions from the top (``("choices", 0, "index")``).
        unknown: a tag its union does not list, where the union has a fallback member: raised
            only while ``_CLOSED`` is set (an accumulator's strict try at its result).
    """

    def __init__(self, message: str, path: tuple[str | int, ...] = (), unknown: bool = False) -> None:
        self.message = message
        self.path = path
        self.unknown = unknown
        super().__init__(f"{self.where}: {message}" if path else message)

    @property
    def where(self) -> str:
        """The path as text: ``choices[0].index``."""
        return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.path).lstrip(".")

    def within(self, step: str | int) -> ParseError:
        """The same error, one level further out."""
        return ParseError(self.message, (step, *self.path), self.unknown)


def _kind(value: Any) -> str:
    return {
        type(None): "null",
        bool: "a boolean",
        int: "an integer",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


def _str(value: Any) -> str:
    if isinstance(value, str):
        return value
    raise ParseError(f"expected a string, got {_kind(value)}")


def _int(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise ParseError(f"expected an integer, got {_kind(value)}")


def _bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise ParseError(f"expected a boolean, got {_kind(value)}")


def _null(value: Any) -> Any:
    if value is not None:
        raise ParseError(f"expected null, got {_kind(value)}")
    return None


#: Item parsers a list can check with one ``type() is`` test per item (not floats: the
#: dataclass style turns an int into a float).
_SCALARS: dict[Callable[[Any], Any], frozenset[type]] = {
    _str: frozenset({str}),
    _int: frozenset({int}),
    _bool: frozenset({bool}),
}
_MISSING: Any = object()  # what a check reads for an absent key, where None fits


def _object(value: Any) -> dict[str, Any]:
    if isinstance(value, dict):
        return value
    raise ParseError(f"expected an object, got {_kind(value)}")


def _nullable(parse: Callable[[Any], _T]) -> Callable[[Any], _T | None]:
    def parse_nullable(value: Any) -> _T | None:
        return None if value is None else parse(value)

    _nullable_inner_of[parse_nullable] = parse
    return parse_nullable


#: The inner parser of each ``_nullable`` parser (compiled parsers call it directly).
_nullable_inner_of: dict[Callable[[Any], Any], Callable[[Any], Any]] = {}
#: The item parser of each ``_list_of`` parser (compiled parsers call it directly).
_item_parser_of: dict[Callable[[Any], Any], Callable[[Any], Any]] = {}


def _map_of(parse: Callable[[Any], _T]) -> Callable[[Any], dict[str, _T]]:
    def parse_map(value: Any) -> dict[str, _T]:
        entries = {}
        for key, item in _object(value).items():
            try:
                entries[key] = parse(item)
            except (ParseError, RecursionError) as exc:
                if _keep(exc, value, key):
                    entries[key] = item
        return entries

    return parse_map


def _first_of(parsers: tuple[Callable[[Any], Any], ...]) -> Callable[[Any], Any]:
    """A union: the first alternative that fits, left to right (in a lenient build, each
    tried strictly: never built leniently)."""

    def parse_union(value: Any) -> Any:
        if _LENIENT.get() is not None:
            return _strictly(parse_union, value)
        problems = []
        for parse in parsers:
            try:
                return parse(value)
            except ParseError as exc:
                problems.append(str(exc))
        raise ParseError("fits none of the alternatives (" + "; ".join(problems) + ")")

    return parse_union


def _literal_of(values: tuple[Any, ...]) -> Callable[[Any], Any]:
    """A closed tag (a tagged union member's ``Literal[values]``): one of ``values``, else
    ``ParseError``."""
    allowed = frozenset(values)
    expected = " or ".join(repr(v) for v in values)

    def parse_literal(value: Any) -> Any:
        if type(value) in (str, int) and value in allowed:
            return value
        raise ParseError(f"expected {expected}, got {value!r}")

    return parse_literal


#: Set while an accumulator builds its result (``lenient._built_anyway``): a tag a union does
#: not list is a ``ParseError`` (reported, the fallback member built) instead of silently
#: the fallback member.
_CLOSED: ContextVar[bool] = ContextVar("_CLOSED", default=False)


def _tagged(
    prop: str, parsers: dict[Any, Callable[[Any], Any]], fallback: Callable[[Any], Any] | None = None
) -> Callable[[Any], Any]:
    """A discriminated union: the alternative named by ``prop``'s value (``1`` finds the tag
    ``1`` or ``"1"``). With ``fallback``, an unlisted string tag is that member (``_CLOSED``:
    raised; a lenient build records ``unknown``)."""

    def parse_tagged(value: Any) -> Any:
        tag = _object(value).get(prop)
        parse = parsers.get(tag) if type(tag) in (str, int) else None
        if parse is None and type(tag) is int:
            parse = parsers.get(str(tag))
        if parse is None:
            if fallback is not None and type(tag) is str:
                lenient = _LENIENT.get()
                if lenient is not None:
                    lenient.places.append((value, None, "unknown"))
                elif _CLOSED.get():
                    raise ParseError(f"{prop} is {tag!r}, a tag the union does not list", unknown=True)
                return fallback(value)
            known = ", ".join(map(repr, parsers))
            raise ParseError(f"{prop} is {tag!r}; expected one of {known}")
        return parse(value)

    return parse_tagged


class _Leniency:
    """A lenient build's state (``lenient._built_anyway``): each misfit as ``(container, key,
    what)``, ``what``: ``missing`` (a required field), ``left`` (left out), ``unknown`` (an
    unlisted tag; ``key`` None: the union's value), ``too_deep`` (kept as it came)."""

    __slots__ = ("places",)

    def __init__(self) -> None:
        self.places: list[tuple[Any, str | int | None, str]] = []


#: The lenient build running in this thread or task, if any: readers record misfits in it.
_LENIENT: ContextVar[_Leniency | None] = ContextVar("_LENIENT", default=None)


def _keep(exc: BaseException, container: Any, key: str | int) -> bool:
    """After ``container[key]``'s parser raised ``exc``: in a lenient build, record the place
    and return whether to keep the value as it came (True: too deep) or leave it out; else
    raise ``exc`` (a ``ParseError`` with ``key`` in its path)."""
    lenient = _LENIENT.get()
    if lenient is None:
        if type(exc) is ParseError:
            raise exc.within(key) from None
        raise exc
    too_deep = type(exc) is not ParseError
    lenient.places.append((container, key, "too_deep" if too_deep else "left"))
    return too_deep


def _strictly(parse: Callable[[Any], _T], value: Any) -> _T:
    """``parse(value)`` without leniency: it fits or raises as a whole."""
    token = _LENIENT.set(None)
    try:
        return parse(value)
    finally:
        _LENIENT.reset(token)


def _any(value: Any) -> Any:
    return value


def _by_position(
    prefix: tuple[Callable[[Any], Any], ...], rest: Callable[[Any], Any] | None, least: int, kinds: Any
) -> Callable[[Any], tuple[Any, ...]]:
    """A list read by position (``prefixItems``) as a tuple: item ``i`` by ``prefix[i]``, later
    ones by ``rest`` (``None``: none allowed), at least ``least``; ``kinds``: the types read as
    the list. In a lenient build, read strictly: it fits or is kept whole, as in other styles."""

    def parse_tuple(value: Any) -> tuple[Any, ...]:
        if _LENIENT.get() is not None:
            return _strictly(parse_tuple, value)
        if not isinstance(value, kinds):
            raise ParseError(f"expected a list, got {_kind(value)}")
        if len(value) < least or (rest is None and len(value) > len(prefix)):
            most = f"at most {len(prefix)}" if rest is None else "more"
            raise ParseError(f"expected at least {least} and {most} items, got {len(value)}")
        items = []
        for i, item in enumerate(value):
            try:
                items.append((prefix[i] if i < len(prefix) else cast(Callable[[Any], Any], rest))(item))
            except ParseError as exc:
                raise exc.within(i) from None
        return tuple(items)

    return parse_tuple


def _req(data: dict[str, Any], key: str, parse: Callable[[Any], _T]) -> _T:
    try:
        value = data[key]
    except KeyError:
        lenient = _LENIENT.get()
        if lenient is None:
            raise ParseError("required field is missing", (key,)) from None
        lenient.places.append((data, key, "missing"))  # built without it
        return cast(_T, None)
    try:
        return parse(value)
    except (ParseError, RecursionError) as exc:
        return cast(_T, value if _keep(exc, data, key) else None)  # left out: reads as None


def _opt(data: dict[str, Any], key: str, parse: Callable[[Any], _T]) -> _T | None:
    value = data.get(key)
    if value is None:
        return None
    try:
        return parse(value)
    except (ParseError, RecursionError) as exc:
        return cast(_T, value if _keep(exc, data, key) else None)  # left out
