# gen-models 0.1.0: generator/runtime/event_slots.py, copied verbatim. Do not edit; regenerate instead.
"""The event fold's state while streaming, the slot an event addresses (``_Addressing``:
``item``, ``child``, ``slots``...), and how the state becomes plain JSON (``_thaw``, for
``_EventFold.snapshot()``). A keyed slot (``output[{output_index}]``...) is a ``_Slots``, a dict
by index (sparse, out-of-order indexes are safe); appended text a ``_Fragments``, joined once;
JSON text sent in fragments (``op: json``) a ``_JsonFragments``, parsed once.
"""

import re
from collections.abc import Mapping
from typing import Any

from .anomalies import Anomaly, StreamMergeError, _joined, _own, _rebuilt, _shown
from .parts import _Part, _part_built
from .sse import _loads


class _Slots(dict[Any, Any]):
    """A keyed slot while streaming: ``{index: value}``; the snapshot lists values sorted by key."""


class _Fragments(list[str]):
    """Fragments of appended text, joined once when a snapshot is built."""


class _JsonFragments(list[str]):
    """Fragments of JSON text for one field (a tool call's ``input``), parsed once (``parse``
    or at snapshot). ``before``: the field's value at the first fragment (blank text keeps
    it); ``path``: the field, for an ``invalid_json`` anomaly."""

    before: Any = None
    path: str = ""
    problem: str = ""  # what the last parse found (``_parsed``): "", invalid_json, too_deep


def _parsed(text: _JsonFragments) -> tuple[Any, str]:
    """``(value, problem)`` of gathered JSON text: the parsed value (``""``), ``before`` for
    blank text, or the text itself (``invalid_json``, or ``too_deep`` past the parser's depth)."""
    joined = "".join(text)
    if not joined.strip():
        return _thaw(text.before), ""
    try:
        return _loads(joined), ""  # orjson when installed: 1,024 levels from any stack
    except ValueError:
        return joined, "invalid_json"
    except RecursionError:
        return joined, "too_deep"


class _Skip(Exception):
    """Raised inside a handler when an event cannot be applied (already reported)."""


def _thaw(value: Any, bad: list[_JsonFragments] | None = None) -> Any:
    """Plain JSON from fold state: ``_Slots`` → list sorted by key, ``_Fragments`` → ``str``,
    ``_JsonFragments`` → its parsed value (text that does not parse stays, added to ``bad``);
    past the recursion limit, without recursion."""
    found = [] if bad is None else bad
    before = len(found)
    try:
        return _nested_thaw(value, found)
    except RecursionError:
        del found[before:]
        return _rebuilt(value, _state_opened, lambda leaf: _thawed_leaf(leaf, found))


def _nested_thaw(value: Any, bad: list[_JsonFragments]) -> Any:
    t = type(value)
    if t is _Fragments or t is _Part or t is _JsonFragments:
        return _thawed_leaf(value, bad)
    if t is _Slots:
        return [_nested_thaw(value[k], bad) for k in sorted(value, key=_key_order)]
    if t is dict:
        return {k: _nested_thaw(v, bad) for k, v in value.items()}
    if t is list:
        return [_nested_thaw(v, bad) for v in value]
    return value


def _thawed_leaf(value: Any, bad: list[_JsonFragments]) -> Any:
    """A value of fold state that is no container, as plain JSON."""
    t = type(value)
    if t is _Fragments:
        return _joined(value)
    if t is _Part:
        return _part_built(value)
    if t is _JsonFragments:
        parsed, value.problem = _parsed(value)
        if value.problem:
            bad.append(value)
        return parsed
    return value


def _state_opened(value: Any) -> Any:
    """``_rebuilt``'s opener for fold state (see ``_thaw``)."""
    t = type(value)
    if t is _Slots:
        return [None] * len(value), enumerate(value[k] for k in sorted(value, key=_key_order))
    if t is dict:
        return dict.fromkeys(value), value.items()
    if t is list:
        return [None] * len(value), enumerate(value)
    return None


def _key_order(key: Any) -> tuple[bool, Any]:
    return (isinstance(key, str), key)


def _filled(value: Any) -> bool:
    """A value worth keeping over an empty one: not ``None``, ``""``, ``[]``, ``{}``."""
    return value is not None and value != "" and value != [] and value != {} and value != _Fragments()


def _event_path(template: str, event: Mapping[str, Any]) -> str:
    """``output[{output_index}].text`` filled from the event, for an anomaly's ``path`` (a value
    that is no string or integer left as its ``{name}``)."""
    if "{" not in template:
        return template
    return _FIELD.sub(lambda m: _address_text(event.get(m.group(1)), m.group(0)), template)


#: A ``{event_field}`` of a slot path.
_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _address_text(value: Any, placeholder: str) -> str:
    if type(value) is str:
        return value
    if type(value) is int and value.bit_length() <= 128:
        return str(value)
    return placeholder


class _Addressing:
    """The base of ``_EventFold``: the ``response`` so far (fold state), the ``anomalies``,
    the current ``event`` and its ``position`` (from 0), and how an event finds its slot
    (``_SlotOps`` acts on it). ``strict`` as ``_EventFold`` takes it."""

    def __init__(self, strict: bool) -> None:
        self.id_field = "id"  # the field of an item its identity check reads
        self.strict = strict
        self.response: dict[str, Any] = {}
        self.position = -1
        self.event: Mapping[str, Any] = {}
        self.anomalies: list[Anomaly] = []
        self._ids: dict[str, dict[Any, Any]] = {}  # collection -> {item id: key}
        self._placeholders: set[int] = set()  # slots missing_slot made (``create`` merges quietly)
        self._drifted: set[tuple[int, str, str, str]] = set()  # the drift reported (``drift``): once each
        self._bad_json: set[str] = set()  # paths of JSON text reported as not parsing (once each)

    def report(self, path: str, kind: str, message: str, kept: Any = None, dropped: Any = None) -> None:
        """Record an anomaly at ``path`` (filled from the current event); under ``strict=True``,
        raise it (``StreamMergeError``)."""
        anomaly = Anomaly(self.position, _event_path(path, self.event), kind, message, kept, dropped)
        self.anomalies.append(anomaly)
        if self.strict:
            raise StreamMergeError(anomaly)

    def drift(self, path: str, message: str, kind: str = "schema_drift") -> None:
        """Record, once (in constant time), that the response was built anyway despite its
        schema (``schema_drift``; ``too_deep``); under ``strict`` the caller raises instead."""
        seen = (self.position, path, kind, message)
        if seen not in self._drifted:
            self._drifted.add(seen)
            self.anomalies.append(Anomaly(self.position, path, kind, message))

    def key(self, event: Mapping[str, Any], name: str, path: str) -> Any:
        """The event's address ``name`` (an integer or string); anything else is reported
        (``missing_key``) and the event dropped (``_Skip``)."""
        key = event.get(name)
        if type(key) is int or type(key) is str:
            return key
        self.missing_key(event, name, path)
        raise _Skip

    def missing_key(self, event: Mapping[str, Any], name: str, path: str) -> None:
        """Report the event's address ``name`` absent or no address (``missing_key``): dropped."""
        what = "absent" if name not in event else _shown(event[name])
        message = f"{name} is {what}, not an integer or string: event dropped"
        self.report(path, "missing_key", message, dropped=dict(event))

    def slots(self, parent: dict[str, Any], name: str, path: str) -> _Slots:
        """The keyed container ``parent[name]`` (a list becomes ``_Slots``; absent: created)."""
        value = parent.get(name)
        if type(value) is _Slots:
            return value
        slots = _Slots()
        if type(value) is list:
            slots.update(enumerate(value))
        elif value is not None:
            self.report(path, "wrong_type", f"{name} is not a list: replaced", dropped=_thaw(value))
        parent[name] = slots
        return slots

    def field(self, parent: dict[str, Any], name: str, path: str) -> dict[str, Any]:
        """The object ``parent[name]`` (created empty when absent or null)."""
        value = parent.get(name)
        if type(value) is dict:
            return value
        if value is not None:
            self.report(path, "wrong_type", f"{name} is not an object: replaced", dropped=_thaw(value))
        new: dict[str, Any] = {}
        parent[name] = new
        return new

    def child(
        self, container: dict[Any, Any], key: Any, path: str, new: Mapping[str, Any] | None = None, opens: bool = False
    ) -> dict[str, Any]:
        """The object at ``container[key]``; a missing one is created from ``new``, reported
        ``missing_slot`` unless ``opens`` (no event opens it: its first delta does)."""
        value = container.get(key)
        if type(value) is dict:
            return value
        if value is not None:
            self.report(path, "wrong_type", "not an object: event dropped", dropped=_thaw(value))
            raise _Skip
        if not opens:
            self.report(path, "missing_slot", "created by this event: no earlier event opened it")
        made: dict[str, Any] = _own(dict(new)) if new else {}
        container[key] = made
        self._placeholders.add(id(made))
        return made

    def item(
        self,
        collection: str,
        event: Mapping[str, Any],
        index: str,
        ident: str | None,
        path: str,
        new: Mapping[str, Any] | None = None,
        opens: bool = False,
    ) -> dict[str, Any]:
        """The top-level slot ``collection[event[index]]``, checked against ``event[ident]``: an
        ``ident`` naming another known item wins (``id_mismatch``); one naming none follows
        ``index`` (``unknown_id`` when the slot has another id). A missing slot gets that id."""
        container = self.slots(self.response, collection, collection)
        key = event.get(index)
        wanted = event.get(ident) if ident is not None else None
        if type(wanted) is str and type(key) is int:  # the common case: a known item, where it was
            ids = self._ids.get(collection)
            if ids is not None and ids.get(wanted) == key and type(value := container.get(key)) is dict:
                return value
        if wanted is not None and type(wanted) is not str and type(wanted) is not int:
            self.report(path, "wrong_type", f"{ident} is not a string: not checked", dropped=wanted)
            wanted = None
        if type(key) is not int and type(key) is not str:
            key = None  # not an address (a list, an object...): only the id may still route it
        if wanted is not None:
            known = self._ids.setdefault(collection, {}).get(wanted)
            if known is not None and key is None:
                self.report(path, "missing_key", f"no {index}: routed by {ident} to {collection}[{known}]")
                key = known
            elif known is not None and known != key:
                message = f"{ident} {wanted!r} is {collection}[{known}], not {collection}[{key}]: routed by {ident}"
                self.report(path, "id_mismatch", message)
                key = known
            elif known is None and type(container.get(key)) is dict:
                have = container[key].get(self.id_field)
                if have is not None and have != wanted:
                    message = f"{ident} {wanted!r} names no item: {index} followed (id {_shown(have)})"
                    self.report(path, "unknown_id", message)
        if type(key) is not int and type(key) is not str:
            self.missing_key(event, index, path)
            raise _Skip
        value = container.get(key)
        if type(value) is dict:
            return value
        found = self.child(container, key, path, new, opens)
        if wanted is not None:
            found[self.id_field] = wanted
            self._ids.setdefault(collection, {})[wanted] = key
        return found
