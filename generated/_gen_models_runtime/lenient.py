# gen-models 0.1.0: generator/runtime/lenient.py, copied verbatim. Do not edit; regenerate instead.
"""An accumulator's result in the dataclass and TypedDict styles, built even when it does
not fit its schema (``_built_anyway``). Only in modules with an accumulator.

Real Python, imported and tested as it is; inlined into generated modules without this
docstring and the import lines (see the package docstring).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .anomalies import _json_copy
from .parsing import _CLOSED, _LENIENT, _T, ParseError, _Leniency

#: The messages of a result built anyway, the same in every style: a required field the
#: server did not send, a tag its union does not list, a value the types cannot hold (the one
#: place it is kept is ``snapshot_dict()``), a whole that fits nowhere (``schema_drift``),
#: and a value nested too deeply to check (``too_deep``).
_DRIFT_MISSING = "a required field is missing: built without it"
_DRIFT_UNKNOWN = "a tag its union does not name: kept as the union's member for unknown tags"
_DRIFT_LEFT = "does not fit its schema: left out of the typed result (snapshot_dict() has it)"
_DRIFT_KEPT = "does not fit its schema: kept as it came (JSON)"
_DRIFT_DEEP = "nested too deeply to check: kept as it came (JSON)"
_DRIFT = {"missing": _DRIFT_MISSING, "unknown": _DRIFT_UNKNOWN, "left": _DRIFT_LEFT, "kept": _DRIFT_KEPT}


def _built_anyway(parse: Callable[[Any], _T], data: dict[str, Any], acc: Any) -> _T:
    """``parse(data)``, for an accumulator's result. With ``acc.strict``, its ``ParseError``
    (data nested too deeply to check raises one too); otherwise whatever the server sent that
    the types can hold is built: each place that does not fit (a required field missing, a
    value of another type, a tag its union does not list, at any depth) is reported as a
    ``schema_drift`` anomaly with its path. A tagged union's member is the one its tag names,
    also when that member is incomplete; a tag the union does not list is the union's member
    for those (``Unknown<Union>``); a missing required field reads as ``None`` (a TypedDict
    leaves it out); any other place that does not fit is left out of the typed result
    (``None`` for a field, no item in a list or map; a TypedDict leaves the key or item
    out): no typed field holds a value its annotation denies, and ``snapshot_dict()`` keeps
    every value as it came. A value nested too deeply for the parsers is kept as it came (it
    could not be checked) and reported ``too_deep``.

    How: unions are closed meanwhile (``_CLOSED``: an unknown tag fails the strict parse,
    which is how it is found). The lenient parse runs with a ``_Leniency`` in ``_LENIENT``,
    where the reader of each place that does not fit records it and leaves it out instead of
    raising (a union builds its fallback member): one pass over the data however many places
    do not fit, then one walk to find their paths (``_place_paths``). A TypedDict's parsers
    return their input, so its result is ``data`` with the places left out taken out
    (``_left_out``). ``acc``: the accumulator's state (``strict`` and ``drift``)."""
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
    for path, what in _place_paths(data, lenient.places):
        if what == "too_deep":
            acc.drift(_where(path), _DRIFT_DEEP, "too_deep")
        else:
            acc.drift(_where(path), _DRIFT[what])
    if built is data:  # a TypedDict: its checks returned the data itself
        _left_out(lenient.places)
    return built  # type: ignore[no-any-return]


def _left_out(places: list[tuple[Any, str | int | None, str]]) -> None:
    """Take each place a lenient build left out (``left``) out of its container, in place: a
    key out of its object, an item out of its list (the later items of a list first, so that
    the earlier positions stay true; each once)."""
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
    """The path of each place a lenient build recorded (``(container, key, what)``; a
    ``None`` container is ``data`` itself, a ``None`` key the container itself: a union's
    value), in path order, each once: one walk of ``data`` (without recursion: data of any
    depth) finds where each container is (at every place it is, when the same object is in
    several)."""
    if not places:
        return []
    wanted = {id(container) for container, _, _ in places}
    found: dict[int, list[Any]] = {}  # a container's id -> the links to where it is
    stack: list[tuple[Any, Any]] = [(data, None)]  # (value, link): a link is (its parent's, key)
    while stack:
        value, link = stack.pop()
        if id(value) in wanted:
            found.setdefault(id(value), []).append(link)
        kind = type(value)
        if kind is dict:
            stack.extend((item, (link, key)) for key, item in value.items() if type(item) in _CONTAINERS)
        elif kind is list or kind is tuple:
            stack.extend((item, (link, i)) for i, item in enumerate(value) if type(item) in _CONTAINERS)
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
    return sorted(paths.items(), key=lambda item: _path_order(item[0]))


#: The values a walk of decoded JSON goes into (a tuple: a TypedDict's ``prefixItems`` list).
_CONTAINERS = frozenset({dict, list, tuple})


def _where(path: tuple[str | int, ...]) -> str:
    """A path as text: ``output[0].content``."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def _path_order(path: tuple[str | int, ...]) -> tuple[tuple[int, Any], ...]:
    """Sort key of a path: list positions in number order, keys in text order."""
    return tuple((0, p) if isinstance(p, int) else (1, p) for p in path)
