# gen-models 0.1.0: generator/runtime/parsing_typeddict.py, copied verbatim. Do not edit; regenerate instead.
"""Parsing for the TypedDict style, where a parser checks its input and returns it (a
TypedDict is the decoded JSON): a model's parser is its table of keys (``_Checks`` of
``_Key``), compiled on first use; a list read by position (``prefixItems``) is a ``tuple``
of the items, which the parser holding it puts in place of the list (the only change a
TypedDict's parse makes to the decoded JSON; ``json.dumps`` writes a list again); the rest of
parsing: ``parsing``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, cast

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
    """A list read by position (``prefixItems``; a tuple an earlier parse put there reads as
    that list): see ``parsing._by_position``."""
    return _by_position(prefix, rest, least, (list, tuple))


def _float(value: Any) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    raise ParseError(f"expected a number, got {_kind(value)}")


def _list_of(parse: Callable[[Any], _T]) -> Callable[[Any], list[_T]]:
    scalar = _SCALARS.get(parse)

    def parse_list(value: Any) -> list[_T]:
        if not isinstance(value, list):
            raise ParseError(f"expected a list, got {_kind(value)}")
        if scalar is not None and scalar.issuperset(map(type, value)):
            return value  # the common case, checked in one pass
        for i, item in enumerate(value):  # TypedDict parsers check and return their input
            try:
                parsed = parse(item)
            except (ParseError, RecursionError) as exc:
                _keep(exc, value, i)  # a lenient build records it (``lenient._left_out``)
                continue
            if parsed is not item:  # a tuple read from a list (prefixItems), in its place
                value[i] = parsed
        return value

    _item_parser_of[parse_list] = parse
    return parse_list


class _Key:
    """How a TypedDict's parser checks one key (an entry of ``_Checks``).

    Attributes:
        wire: the key.
        parse: the parser of its value (through ``_req``, or ``_opt`` when ``optional``).
        fast: the one type taken as it is without calling ``parse`` (``str``), or None.
        items: the one type a list's items may all have to be taken as they are, or None.
        optional: absent or ``null`` fits.
        nullable: (a required key) ``null`` fits.
        put: ``parse`` builds the value (a ``tuple``), put in place of the decoded one.
    """

    __slots__ = ("fast", "items", "nullable", "optional", "parse", "put", "wire")

    def __init__(
        self,
        wire: str,
        parse: Callable[[Any], Any],
        *,
        fast: type | None = None,
        items: type | None = None,
        optional: bool = False,
        nullable: bool = False,
        put: bool = False,
    ) -> None:
        self.wire = wire
        self.parse = parse
        self.fast = fast
        self.items = items
        self.optional = optional
        self.nullable = nullable
        self.put = put


class _Checks(Generic[_T]):
    """The parser of the TypedDict ``model``: checks decoded JSON by its ``keys`` and returns
    it. ``keys`` (``_Key`` entries, in order) and ``extras`` (the check of typed unknown keys)
    are set once every parser exists; ``parse`` is compiled on its first call (``_checking``)."""

    __slots__ = ("extras", "keys", "name", "parse")

    def __init__(self, model: type[_T]) -> None:
        self.name = model.__name__
        self.keys: tuple[_Key, ...] = ()
        self.extras: Callable[[dict[str, Any]], Any] | None = None
        self.parse: Callable[[Any], _T] = self._first

    def __call__(self, data: Any) -> _T:
        """``data`` checked (``ParseError`` names the misfit), as it came."""
        return self.parse(data)

    def _first(self, data: Any) -> _T:
        """``parse`` until compiled: compile it (unless done meanwhile), then check ``data``."""
        if getattr(self.parse, "__func__", None) is _Checks._first:
            self.parse = _checking(self)
        return self.parse(data)


def _checking(checks: _Checks[_T]) -> Callable[[Any], _T]:
    """The parser of ``checks``: Python source written from its keys, compiled once. A key's
    common value (``fast`` type, a list of ``items``, ``null`` or absent where they fit) is
    tested inline, a model (or list of models) by its ``_Checks.parse`` directly; anything
    else goes through ``_req``/``_opt`` (the same errors, or lenient records). A model or item
    that fails is reported where it failed (``_keep``, ``_item_failed``), never checked again."""
    scope: dict[str, Any] = {"M": _MISSING, "ParseError": ParseError}
    scope.update(_object=_object, _req=_req, _opt=_opt, _keep=_keep, _item_failed=_item_failed, extras=checks.extras)
    lines = ["def parse(data):", "    d = data if type(data) is dict else _object(data)", "    get = d.get"]
    for i, key in enumerate(checks.keys):
        w, none_fits = repr(key.wire), key.optional or key.nullable
        scope[f"p{i}"] = key.parse
        read = f"_opt(d, {w}, p{i})" if key.optional else f"_req(d, {w}, p{i})"
        # the value, and where None (absent, for an optional key) needs no more checks
        value = f"(v := get({w}))" if key.optional else f"(v := get({w}, M))"
        if key.put:  # no inline test fits a tuple
            lines += [f"    v = {read}", f"    if {w} in d:", f"        d[{w}] = v"]
            continue
        if key.fast is not None:
            scope[f"t{i}"] = key.fast
            test = f"{value} is not None and type(v) is not t{i}" if none_fits else f"type(get({w})) is not t{i}"
            lines += [f"    if {test}:", f"        {read}"]
            continue
        if key.items is not None:
            scope[f"s{i}"] = frozenset((key.items,))
            misfit = f"(type(v) is not list or not s{i}.issuperset(map(type, v)))"
            test = f"{value} is not None and {misfit}" if none_fits else f"(v := get({w})) is None or {misfit}"
            lines += [f"    if {test}:", f"        {read}"]
            continue
        inner = _nullable_inner_of.get(key.parse, key.parse) if none_fits else key.parse
        item = _item_parser_of.get(inner)
        if type(inner) is not _Checks and type(item) is not _Checks:
            lines.append(f"    {read}")
            continue
        scope[f"m{i}"] = inner if type(inner) is _Checks else item
        lines.append(f"    if {value} is not None:" if none_fits else f"    v = get({w}, M)")
        # what fails is read where it failed, never parsed again (2**depth work for nesting)
        if type(inner) is _Checks:
            body = [
                "try:",
                f"    m{i}.parse(v)",
                "except (ParseError, RecursionError) as exc:",
                f"    _keep(exc, d, {w})",
            ]
        else:
            body = ["if type(v) is list:", f"    check = m{i}.parse", "    for n, x in enumerate(v):", "        try:"]
            body += ["            check(x)", "        except (ParseError, RecursionError) as exc:"]
            body += [f"            _item_failed(exc, v, n, {w})", "else:", f"    {read}"]
        if not key.optional:  # a required key's absent value (M): _req says it is missing
            body = ["if v is M:", f"    {read}", "else:", *("    " + line for line in body)]
        lines += [("        " if none_fits else "    ") + line for line in body]
    if checks.extras is not None:
        lines.append("    extras(d)")
    lines.append("    return d")
    # the source holds the keys as literals (repr), nothing else of the schema
    code = compile("\n".join(lines), f"<checks of {checks.name}>", "exec")
    exec(code, scope)  # noqa: S102
    return cast("Callable[[Any], _T]", scope["parse"])


def _item_failed(exc: BaseException, items: list[Any], i: int, key: str) -> None:
    """Item ``i`` of the list under ``key`` failed with ``exc``: ``_keep``, the error's path
    through the key."""
    try:
        _keep(exc, items, i)
    except ParseError as inner:
        raise inner.within(key) from None


def _extras(data: dict[str, Any], known: frozenset[str], parse: Callable[[Any], Any]) -> None:
    """Check the fields of ``data`` not ``known`` with ``parse``; a misfit raises
    ``ParseError`` naming its key (or is recorded: ``_keep``)."""
    for key, value in data.items():
        if key not in known:
            try:
                parse(value)
            except (ParseError, RecursionError) as exc:
                _keep(exc, data, key)
