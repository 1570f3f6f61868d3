# gen-models 0.1.0: generator/runtime/lenient.py, copied verbatim. Do not edit; regenerate instead.
"""An accumulator's result in the dataclass and TypedDict styles, built even when it does
not fit its schema (``_built_anyway``). Only in modules with an accumulator.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .anomalies import _json_copy, _report_drift
from .parsing import _CLOSED, _LENIENT, _T, ParseError, _Leniency


def _built_anyway(parse: Callable[[Any], _T], data: dict[str, Any], acc: Any) -> _T:
    """``parse(data)`` for an accumulator's result (``acc``: ``strict``, ``drift``). With
    ``acc.strict``, its ``ParseError`` (also for data nested too deeply); else built anyway:
    each place that does not fit is reported ``schema_drift`` with its path. A tagged union's
    member is the one its tag names, complete or not; an unlisted tag is the union's
    ``Unknown<Union>`` member; a missing required field is ``None`` (a TypedDict leaves it
    out); any other misfit is left out (``snapshot_dict()`` keeps it); a value nested too
    deeply is kept as it came (``too_deep``).

    Unions are closed meanwhile (``_CLOSED``: an unknown tag fails the strict parse). The
    lenient parse (``_LENIENT``) records each misfit instead of raising: one pass, then one
    walk for the paths (``_place_paths``). A TypedDict's result is ``data`` with the misfits
    taken out (``_left_out``)."""
    closed = _CLOSED.set(True)
    try:
        try:
            return parse(data)
        except (ParseError, RecursionError) as exc:
            if acc.strict:
                if type(exc) is RecursionError:
                    raise ParseError("nested too deeply to check") from None
                raise
        # a TypedDict's result is its data with misfits taken out: take them out of a copy,
        # never out of what the state shares with the chunks (snapshot_dict() keeps them)
        data = _json_copy(data)
        lenient = _Leniency()
        token = _LENIENT.set(lenient)
        try:
            built: Any = parse(data)
        except (ParseError, RecursionError) as exc:  # the whole does not fit: kept as it came
            built = data
            lenient.places = [(None, "", "kept" if type(exc) is ParseError else "too_deep")]
        finally:
            _LENIENT.reset(token)
    finally:
        _CLOSED.reset(closed)
    _report_drift(acc, _place_paths(data, lenient.places))
    if built is data:  # a TypedDict: its checks returned the data itself
        _left_out(lenient.places)
    return built  # type: ignore[no-any-return]


def _left_out(places: list[tuple[Any, str | int | None, str]]) -> None:
    """Take each place a lenient build left out (``left``) out of its container, in place
    (a list's later items first, so earlier positions stay true)."""
    items: dict[int, tuple[list[Any], set[int]]] = {}
    for container, key, what in places:
        if what != "left":
            continue
        if type(container) is dict:
            container.pop(key, None)
        elif type(container) is list and type(key) is int:
            items.setdefault(id(container), (container, set()))[1].add(key)
    for held, keys in items.values():
        for key in sorted(keys, reverse=True):
            del held[key]


def _place_paths(data: Any, places: list[tuple[Any, str | int | None, str]]) -> list[tuple[tuple[str | int, ...], str]]:
    """``(path, what)`` of each place a lenient build recorded as ``(container, key, what)``
    (container None: ``data``; key None: the container itself, a union's value), each once:
    one walk of ``data`` without recursion finds every place each container is."""
    if not places:
        return []
    wanted = {id(container) for container, _, _ in places}
    found: dict[int, list[Any]] = {}  # a container's id -> the links to where it is
    stack: list[tuple[Any, Any]] = [(data, None)]  # (value, link): a link is (its parent's, key)
    while stack:
        value, link = stack.pop()
        if id(value) in wanted:
            found.setdefault(id(value), []).append(link)
        pairs = value.items() if type(value) is dict else enumerate(value)  # only containers are stacked
        stack.extend((item, (link, key)) for key, item in pairs if type(item) in _CONTAINERS)
    paths: dict[tuple[str | int, ...], str] = {}
    for container, key, what in places:
        if container is None:
            paths[()] = what
            continue
        for link in found.get(id(container), [None]):
            steps: list[str | int] = [] if key is None else [key]
            while link is not None:
                link, step = link
                steps.append(step)
            where = tuple(reversed(steps))
            if paths.get(where) != "missing":  # one anomaly a place: a missing field is missing
                paths[where] = what
    return list(paths.items())


#: The values a walk of decoded JSON goes into (a tuple: a TypedDict's ``prefixItems`` list).
_CONTAINERS = frozenset({dict, list, tuple})
