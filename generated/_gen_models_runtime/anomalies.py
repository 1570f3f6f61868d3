# gen-models 0.1.0: generator/runtime/anomalies.py, copied verbatim. Do not edit; regenerate instead.
"""Anomalies: what a stream did that its schema does not allow, recorded instead of raised
(``StreamMergeError`` under ``strict=True``), and the helpers both the chunk merge and the
event fold use. In every module that has an accumulator.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Anomaly:
    """Something a chunk did that its schema does not allow, recorded instead of raised.

    Attributes:
        chunk: the chunk's 0-based position in the stream.
        path: where, with list positions (``choices[0].delta.tool_calls[1].id``).
        kind: what happened: ``bookkeeping._ANOMALY_KINDS`` lists every kind (a line each,
            and whether it may have changed the answer); ``docs/anomalies.md`` the rules.
        message: one readable line.
        kept: the value the merge kept, if any.
        dropped: the value the merge did not use, if any: nothing is lost silently.
    """

    chunk: int
    path: str
    kind: str
    message: str
    kept: Any = None
    dropped: Any = None


class StreamMergeError(ValueError):
    """Raised by a ``strict=True`` accumulator at the first anomaly, and by ``to_response()``
    when the stream cannot make a finished response. ``anomaly``: what and where."""

    def __init__(self, anomaly: Anomaly) -> None:
        super().__init__(f"chunk {anomaly.chunk}: {anomaly.path or '(chunk)'}: {anomaly.message}")
        self.anomaly = anomaly


#: How a message names a JSON kind, so that it reads as a sentence ("a list where the fold
#: holds a string").
_KIND_NOUNS = {
    "object": "an object",
    "array": "a list",
    "string": "a string",
    "number": "a number",
    "integer": "an integer",
    "boolean": "a boolean",
    "null": "null",
    "other": "a value that is not JSON",
}


#: The JSON kind of each Python type of decoded JSON, ``bool`` before ``int`` (its base).
_JSON_KINDS = ((bool, "boolean"), (str, "string"), (dict, "object"), (list, "array"), ((int, float), "number"))


def _json_kind_of(value: Any) -> str:
    """``object``, ``array``, ``string``, ``number``, ``boolean``, ``null`` or ``other`` (not
    JSON); subclasses count as their base."""
    if value is None:
        return "null"
    return next((name for kind, name in _JSON_KINDS if isinstance(value, kind)), "other")


#: Every anomaly message that names kinds of values (``_said`` fills them in).
_MESSAGES = {
    # the event fold: a value of another kind than the one the fold holds
    "kept_fold": "{value} where the fold holds {held}: the fold's kept (the schema allows {fits} here)",
    "kept_fold_open": "{value} where the fold holds {held}: the fold's kept (a delta never changes a value's kind)",
    "kept_server": "{value} where the fold holds {held}: the server's final value kept, the fold's dropped",
    # the chunk merge: a value of another type than the schema's
    "misfit_kept": "expected {fits}, got {value}: kept it, as nothing else came yet",
    "misfit_dropped": "expected {fits}, got {value}: kept the earlier value",
    "not_merged": "expected {fits}, got {value}: not merged",
    "emptied_list": "an empty list where the chunks held items: the items are kept",
    "json_text": "expected text, got {value}: appended its JSON text",
    "first_form": "{value} where {held} came first: kept the first",
    "item_not_object": "a list item is {value}, not an object: dropped",
    "chunk_not_object": "a chunk must be a JSON object, not {value}: dropped",
}


def _said(message: str, value: str = "other", held: str = "other", fits: tuple[str, ...] = ()) -> str:
    """``_MESSAGES[message]`` with the kinds ``value``, ``held`` and ``fits`` (allowed) in words."""
    allowed = " or ".join(_KIND_NOUNS.get(kind, kind) for kind in fits)
    return _MESSAGES[message].format(value=_KIND_NOUNS[value], held=_KIND_NOUNS[held], fits=allowed)


def _joined(fragments: list[str]) -> str:
    """Text fragments joined once, as valid text: a surrogate pair split across chunks (two
    JSON ``\\uXXXX`` escapes) becomes its character, a lone surrogate U+FFFD. Linear."""
    text = "".join(fragments)
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # surrogates: pair them up, replace the lone ones
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return text


def _shown(value: Any) -> str:
    """A value as a message shows it: short, never an error (a container by kind and size,
    since ``repr`` may fail on deep nesting; long text or numbers cut)."""
    kind = type(value)
    if kind is dict:
        return f"an object of {len(value)} keys"
    if kind is list:
        return f"a list of {len(value)} items"
    if kind is int and value.bit_length() > 128:
        return f"an integer of {value.bit_length()} bits"
    if value is None or kind is str or kind is int or kind is float or kind is bool:
        text = repr(value)
        return text if len(text) <= 80 else text[:76] + "...'"
    return f"a value of type {kind.__name__}"


def _rebuilt(
    value: Any, opened: Callable[[Any], tuple[Any, Iterable[tuple[Any, Any]]] | None], leaf: Callable[[Any], Any]
) -> Any:
    """``value`` rebuilt without recursion, at any depth: a value ``opened`` opens (giving its
    new container and its ``(key, value)`` pairs) becomes that container, filled with its pairs'
    values rebuilt; any other is ``leaf(value)``. The runtime's faster recursive walks fall back
    to it past the recursion limit."""
    top: list[Any] = [None]
    stack: list[tuple[Any, Any, Any]] = [(top, 0, value)]
    while stack:
        holder, key, item = stack.pop()
        found = opened(item)
        if found is None:
            holder[key] = leaf(item)
            continue
        new, pairs = found
        holder[key] = new
        stack.extend((new, k, v) for k, v in pairs)
    return top[0]


def _json_opened(value: Any) -> tuple[Any, Iterable[tuple[Any, Any]]] | None:
    """``_rebuilt``'s opener for decoded JSON."""
    kind = type(value)
    if kind is dict:
        return dict.fromkeys(value), value.items()
    if kind is list:
        return [None] * len(value), enumerate(value)
    return None


def _as_is(value: Any) -> Any:
    return value


def _json_copy(value: Any) -> Any:
    """A copy of decoded JSON, new dicts and lists at any depth (without recursion)."""
    return _rebuilt(value, _json_opened, _as_is)


def _own(value: Any) -> Any:
    """A copy of decoded JSON, new dicts and lists all the way down, shared with no caller (past
    the recursion limit, without recursion)."""
    try:
        return _nested_own(value)
    except RecursionError:
        return _json_copy(value)


def _nested_own(value: Any) -> Any:
    t = type(value)
    if t is dict:
        return {k: _nested_own(v) for k, v in value.items()}
    if t is list:
        return [_nested_own(v) for v in value]
    return value


#: The messages of a result built anyway, the same in every style (``_report_drift``).
_DRIFT = {
    "missing": "a required field is missing: built without it",
    "unknown": "a tag its union does not name: kept as the union's member for unknown tags",
    "left": "does not fit its schema: left out of the typed result (snapshot_dict() has it)",
    "kept": "does not fit its schema: kept as it came (JSON)",
    "too_deep": "nested too deeply to check: kept as it came (JSON)",
}


def _report_drift(acc: Any, places: Iterable[tuple[tuple[str | int, ...], str]]) -> None:
    """Report each ``(path, what)`` a result built anyway found, in path order, on ``acc``:
    ``too_deep``, else ``schema_drift`` (``what``: a key of ``_DRIFT``)."""
    for path, what in sorted(places, key=lambda place: _path_order(place[0])):
        if what == "too_deep":
            acc.drift(_where(path), _DRIFT[what], what)
        else:
            acc.drift(_where(path), _DRIFT[what])


def _where(path: tuple[str | int, ...]) -> str:
    """A path as text: ``output[0].content``."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def _path_order(path: tuple[str | int, ...]) -> tuple[tuple[int, Any], ...]:
    """Sort key of a path: list positions in number order, keys in text order."""
    return tuple((0, p) if isinstance(p, int) else (1, p) for p in path)
