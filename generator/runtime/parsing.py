"""Parsing decoded JSON into checked values, for the dataclass and TypedDict styles: the
checks of scalars, the combinators the generated module builds its composite parsers from
(``_nullable``, ``_map_of``, ``_first_of``, ``_tagged``, ``_literal_of``), and the reading of one field
(``_req``, ``_opt``). Every function raises ``ParseError`` with a path.

What differs by style is in ``parsing_dataclass`` / ``parsing_typeddict`` (whether a parser
builds new values or checks and returns its input), tuples in ``tuples_dataclass`` /
``tuples_typeddict``, lenient results in ``lenient`` (with ``_Leniency``, below). These modules are inlined into every
generated module of those styles, even with ``--runtime package`` (two styles' parsers share
names).

Real Python, imported and tested as it is; inlined into generated modules without this
docstring and the import lines (see the package docstring).
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar, cast

# ---------------------------------------------------------------------------
# Parsing: decoded JSON in, checked values out; ParseError says where a payload
# does not fit. Optional fields read null as absent; unknown fields are kept.
_T = TypeVar("_T")


class ParseError(ValueError):
    """A payload that does not fit its model.

    Attributes:
        message: what is wrong (``expected a string, got null``).
        path: where, as keys and list positions from the top (``("choices", 0, "index")``).
        unknown: a tag its union does not list, where the union has a member for those (its
            fallback): raised only while ``_CLOSED`` is set (an accumulator's strict try at
            its result; its lenient build then builds that member and reports it).
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
    if value is None:
        return "null"
    return {
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


#: Item parsers a list can check with one ``type() is`` test per item (not floats: an int
#: is a valid number, and the dataclass style turns it into a float).
_ONLY_str = frozenset({str})
_ONLY_int = frozenset({int})
_ONLY_bool = frozenset({bool})
_SCALARS: dict[Callable[[Any], Any], frozenset[type]] = {
    _str: _ONLY_str,
    _int: _ONLY_int,
    _bool: _ONLY_bool,
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


#: The parser each ``_nullable`` parser calls for a value that is not ``null`` (a model's
#: compiled parser that reads ``null`` before calls it directly).
_nullable_inner_of: dict[Callable[[Any], Any], Callable[[Any], Any]] = {}
#: The item parser of each list parser a style's ``_list_of`` made (a model's compiled
#: parser reads a list of models by its item's directly).
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
    """A union: the first alternative that fits, left to right. In a lenient build each
    alternative is tried strictly (``_strictly``): an alternative fits or not, it is never
    built leniently; a value none fits is kept whole by the reader of the union."""

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
    """A closed tag (a tagged union's member's, annotated ``Literal[values]`` alone): one
    of ``values``, or a ``ParseError`` (so a typed member never holds a tag its annotation
    denies)."""
    allowed = frozenset(values)
    expected = " or ".join(repr(v) for v in values)

    def parse_literal(value: Any) -> Any:
        if type(value) in (str, int) and value in allowed:
            return value
        raise ParseError(f"expected {expected}, got {value!r}")

    return parse_literal


#: Set while an accumulator builds its typed result (``lenient._built_anyway``): a tag a
#: union does not list is then a ``ParseError`` (reported, and the union's fallback member
#: built in its place) instead of the fallback member made silently.
_CLOSED: ContextVar[bool] = ContextVar("_CLOSED", default=False)


def _tagged(
    prop: str, parsers: dict[Any, Callable[[Any], Any]], fallback: Callable[[Any], Any] | None = None
) -> Callable[[Any], Any]:
    """A discriminated union: the alternative named by the value of ``prop`` (a string, or
    an integer: ``1`` finds the tag ``1`` or ``"1"``). With ``fallback`` (the union's member
    for the tags the spec does not list), a string tag it does not list is that member:
    silently, but while ``_CLOSED`` is set, where it raises (an accumulator's strict try),
    and in a lenient build, which records the place (``unknown``) and builds the member."""

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
    """A lenient build's state (``lenient._built_anyway``): each place found that does not
    fit, as ``(container, key, what)`` (``what``: ``missing`` for a required field the data
    lacks, ``left`` for a value left out of the typed result, ``unknown`` for a tag its union
    does not list (``container`` is the union's value, ``key`` None: built as the union's
    fallback member), ``too_deep`` for one nested too deeply to check, kept as it came). The
    reader of a place records it and goes on, so the build is one pass over the data; where
    the places are (their paths) is found afterwards, in one walk."""

    __slots__ = ("places",)

    def __init__(self) -> None:
        self.places: list[tuple[Any, str | int | None, str]] = []


#: The lenient build running in this thread or task, if any (``_built_anyway``): the readers
#: (``_req``, ``_opt``, a list's, a map's, the extra fields') record what does not fit then.
_LENIENT: ContextVar[_Leniency | None] = ContextVar("_LENIENT", default=None)


def _keep(exc: BaseException, container: Any, key: str | int) -> bool:
    """What the reader of ``container[key]`` does when its parser raised ``exc``: in a
    lenient build, record the place and say whether the caller keeps the value as it came
    (True: nested too deeply to check, a ``RecursionError``) or leaves it out of the typed
    result (False: it does not fit; ``snapshot_dict()`` still has it); otherwise raise
    ``exc``, a ``ParseError`` with ``key`` in its path (a ``RecursionError`` as it is)."""
    lenient = _LENIENT.get()
    if lenient is None:
        if type(exc) is ParseError:
            raise exc.within(key) from None
        raise exc
    if type(exc) is ParseError:
        lenient.places.append((container, key, "left"))
        return False
    lenient.places.append((container, key, "too_deep"))
    return True


def _strictly(parse: Callable[[Any], _T], value: Any) -> _T:
    """``parse(value)`` without leniency (inside a lenient build: a union's alternative, an
    item read by position), so that it fits or raises as a whole."""
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
