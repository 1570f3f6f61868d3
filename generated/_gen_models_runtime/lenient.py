# gen-models 0.1.0: generator/runtime/lenient.py, copied verbatim. Do not edit; regenerate instead.
"""An accumulator's result in the dataclass and TypedDict styles, built even when it does
not fit its schema (``_built_anyway``). Only in modules with an accumulator.

Real Python, imported and tested as it is; inlined into generated modules without this
docstring and the import lines (see the package docstring).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from .parsing import _T, ParseError, _Kept

#: The two messages of a result built anyway (``schema_drift``), the same in every style:
#: a required field the server did not send, and a value the types cannot hold.
_DRIFT_MISSING = "a required field is missing: built without it"
_DRIFT_KEPT = "does not fit its schema: kept as it came (JSON)"


def _built_anyway(parse: Callable[[Any], _T], data: dict[str, Any], acc: Any) -> _T:
    """``parse(data)``, for an accumulator's result. With ``acc.strict``, its ``ParseError``;
    otherwise whatever the server sent is built: each place that does not fit (a required
    field missing, a value of another type, an unknown tag in a closed union, at any depth)
    is reported as a ``schema_drift`` anomaly with its path, and kept as its JSON where it
    was (a missing required field reads as ``None`` in a dataclass, and is left out of a
    TypedDict). Every other place is typed as usual: a tagged union's member is the one its
    tag names, also when that member is incomplete.

    How: the parse is repeated with a ``_Kept`` marker at each failing place (in a copy of
    the data along that path only) until it goes through; the parser that reads a marked
    place returns its value as it came. A TypedDict's parsers return their input, so its
    result is that copy with the markers taken out (``_unmarked``). ``acc``: the
    accumulator's state (``strict`` and ``drift``)."""
    try:
        return parse(data)
    except ParseError as exc:
        if acc.strict:
            raise
        error = exc
    marked: dict[tuple[str | int, ...], bool] = {}  # path -> a required field was missing
    patched: Any = data
    built: Any = data
    for _ in range(_MOST_PLACES):
        path = error.path
        while path and (path in marked or any(path[: len(p)] == p for p in marked if len(p) < len(path))):
            path = path[:-1]  # a place no parser can keep (inside a tuple): keep its container
        if not path:
            break
        patched = _marked(patched, path)
        for inner in [p for p in marked if p[: len(path)] == path]:
            del marked[inner]
        marked[path] = error.message == "required field is missing" and path == error.path
        try:
            built = parse(patched)
        except ParseError as exc:
            error = exc
            continue
        break
    else:
        built = patched = data  # not reached with real data: kept whole
    for where, missing in sorted(marked.items(), key=lambda item: _path_order(item[0])):
        acc.drift(_where(where), _DRIFT_MISSING if missing else _DRIFT_KEPT)
    # a TypedDict: each kept place as it came, a missing field left out
    if built is patched:
        return cast(_T, _unmarked(patched, marked))
    return cast(_T, built)


def _unmarked(data: Any, marked: dict[tuple[str | int, ...], bool]) -> Any:
    """A TypedDict's lenient result: ``data`` (the last copy parsed, whose tuples its parsers
    put in place) with the value as it came at each marked place, and a missing required
    field left out (``marked``: path -> the field was missing)."""
    for path, missing in marked.items():
        here = data
        for step in path[:-1]:
            here = here[step]
        last = path[-1]
        if missing and type(here) is dict:
            here.pop(last, None)
        elif type(here) in (dict, list) and type(here[last]) is _Kept:
            here[last] = _unkept(here[last].value)
    return data


def _unkept(value: Any) -> Any:
    """A kept value without the markers of the places inside it that were marked first (the
    containers holding them are the build's copies)."""
    if type(value) is _Kept:
        return _unkept(value.value)
    if type(value) is dict:
        for key, item in value.items():
            value[key] = _unkept(item)
    elif type(value) is list:
        for i, item in enumerate(value):
            value[i] = _unkept(item)
    return value


#: How many places one lenient build marks at most (then the data is given back unchecked).
_MOST_PLACES = 100_000


def _marked(data: Any, path: tuple[str | int, ...]) -> Any:
    """A copy of ``data`` with ``_Kept`` (of the value there, or ``None``) at ``path``: the
    containers along the path are new, everything else is shared."""
    top = _shallow(data)
    here = top
    for step in path[:-1]:
        inner = _shallow(here[step])
        here[step] = inner
        here = inner
    last = path[-1]
    here[last] = _Kept(here.get(last) if type(here) is dict else here[last])
    return top


def _shallow(value: Any) -> Any:
    if type(value) is dict:
        return dict(value)
    if type(value) is list:
        return list(value)
    raise ParseError("not a container")  # not reached: a parse error's path leads through containers


def _where(path: tuple[str | int, ...]) -> str:
    """A path as text: ``output[0].content``."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def _path_order(path: tuple[str | int, ...]) -> tuple[tuple[int, Any], ...]:
    """Sort key of a path: list positions in number order, keys in text order."""
    return tuple((0, p) if isinstance(p, int) else (1, p) for p in path)
