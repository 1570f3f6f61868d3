"""Parsing for the TypedDict style, where a parser checks its input and returns it (the
same objects: a TypedDict is the decoded JSON): a model's parser is its table of keys
(``_Checks`` of ``_Key``), compiled on first use; the rest of parsing: ``parsing``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, cast

from .parsing import (
    _MISSING,
    _SCALARS,
    _T,
    ParseError,
    _item_parser_of,
    _keep,
    _kind,
    _nullable_inner_of,
    _object,
    _opt,
    _req,
)


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
    """How a TypedDict's parser checks one key (one entry of its ``_Checks`` table).

    Attributes:
        wire: the key.
        parse: the parser of its value, called through ``_req`` (``_opt`` when ``optional``),
            whose ``ParseError`` names the key.
        fast: the one type a value is taken as it is without calling ``parse`` (``str`` for a
            string: the common case, tested inline), or None.
        items: the one type every item of a list value may have to be taken as it is (a
            list of ``int``), or None.
        optional: absent or ``null`` fits.
        nullable: (a required key) ``null`` fits.
        put: ``parse`` builds the value (a ``tuple``, ``prefixItems``), which is put in the
            place of the decoded one (as ``_put`` does).
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
    """The parser of the TypedDict ``model``: called with decoded JSON, it checks it by the
    model's ``keys`` and returns it, the same object.

    ``keys`` (``_Key`` entries, in declaration order) and ``extras`` (the check of the
    unknown keys when they are typed, given the dict) are set after every parser of the
    module exists, since they name each other. ``parse`` is the parser itself, compiled from
    them on its first call (``_checking``)."""

    __slots__ = ("extras", "keys", "name", "parse")

    def __init__(self, model: type[_T]) -> None:
        self.name = model.__name__
        self.keys: tuple[_Key, ...] = ()
        self.extras: Callable[[dict[str, Any]], Any] | None = None
        self.parse: Callable[[Any], _T] = self._first

    def __call__(self, data: Any) -> _T:
        """``data`` checked (``ParseError`` names the place that does not fit), as it came."""
        return self.parse(data)

    def _first(self, data: Any) -> _T:
        """``parse`` until it is compiled: compile it (unless a caller that read ``parse``
        before had it compiled), then check ``data`` with it."""
        if getattr(self.parse, "__func__", None) is _Checks._first:
            self.parse = _checking(self)
        return self.parse(data)


def _checking(checks: _Checks[_T]) -> Callable[[Any], _T]:
    """The parser of ``checks``: Python source written from its keys and compiled once (as
    ``@dataclass`` writes ``__init__``), so that a key costs a few bytecodes. Each key's
    common value (its ``fast`` type, a list of its ``items`` type, ``null`` or absent where
    they fit, a model or list of models that checks) is tested inline; anything else, and
    whatever fails a scalar's inline test, goes through ``_req``/``_opt`` with the key's
    parser, which raise the errors (or, in a lenient build, record what does not fit) as a call
    of them alone does; a model or an item that fails its check is reported where it failed
    (``_keep``, ``_item_failed``), never checked again (which doubled the work at each level
    of nested models).
    A model's parser (``_Checks``), or a list's item parser that is one, is called by its
    ``parse`` directly."""
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
        # what fails is read where it failed, never parsed again: each level of a nested
        # model would parse what is below it again (twice the work a level, 2**depth)
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
    """Item ``i`` of the list under ``key`` failed its check with ``exc``: in a lenient
    build, recorded (``lenient._left_out`` takes it out, or keeps it where it is too deep
    to check); otherwise the error, its path through the key and
    the item (``_keep``)."""
    try:
        _keep(exc, items, i)
    except ParseError as inner:
        raise inner.within(key) from None


def _extras(data: dict[str, Any], known: frozenset[str], parse: Callable[[Any], Any]) -> None:
    """Check the fields of ``data`` that are not ``known`` (``additionalProperties``) with
    ``parse``, in place; one that does not fit raises ``ParseError`` naming its key (a
    lenient build records it: ``lenient._left_out``)."""
    for key, value in data.items():
        if key not in known:
            try:
                parse(value)
            except (ParseError, RecursionError) as exc:
                _keep(exc, data, key)
