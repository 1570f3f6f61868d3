"""Folding a stream of tagged events (OpenAI's ``ResponseStreamEvent``) into the response they build.

The engine works on decoded JSON (``dict``/``list``/``str``/numbers). A generated module calls
it from one small handler per event type (``_on_response_output_text_delta(f, e)``) picked from a
dispatch table ``{tag value: handler}``; ``generator.event_plan`` has the same handlers built from a
plan, for tests and for users who fold without generating code.

State while streaming (never shown to users: ``_EventFold.snapshot()`` turns it into plain JSON):

* a keyed slot (``output[{output_index}]``, ``content[{content_index}]``, ``summary[...]``,
  ``annotations[...]``, shell ``commands[...]``) is a ``_Slots``: a ``dict`` keyed by the event's
  index, so sparse and out-of-order indexes are safe; the snapshot lists it sorted by key;
* appended text is a ``_Fragments``: a list of fragments joined once, at snapshot (never ``+=``);
* numbers are never added up: a value is set, replaced or left alone.

Every stray is an ``Anomaly``; ``_EventFold``'s docstring lists the kinds (it is inlined into
generated modules, this docstring is not).
"""

import json
from collections.abc import Callable, Mapping
from typing import Any

from .anomalies import Anomaly, StreamMergeError, _joined


class _Slots(dict[Any, Any]):
    """A keyed slot while streaming: ``{index: value}``; the snapshot lists values sorted by key."""


class _Fragments(list[str]):
    """Fragments of appended text, joined once when a snapshot is built."""


class _Skip(Exception):
    """Raised inside a handler when an event cannot be applied (already reported)."""


#: a handler: applies one event (a decoded JSON object) to the fold
_Handler = Callable[["_EventFold", dict[str, Any]], None]


def _own(value: Any) -> Any:
    """A copy of decoded JSON that the fold may change without touching the caller's event."""
    t = type(value)
    if t is dict:
        return {k: _own(v) for k, v in value.items()}
    if t is list:
        return [_own(v) for v in value]
    return value


def _thaw(value: Any) -> Any:
    """Plain JSON from fold state: ``_Slots`` → list sorted by key, ``_Fragments`` → joined ``str``."""
    t = type(value)
    if t is _Fragments:
        return _joined(value)
    if t is _Slots:
        return [_thaw(value[k]) for k in sorted(value, key=_key_order)]
    if t is dict:
        return {k: _thaw(v) for k, v in value.items()}
    if t is list:
        return [_thaw(v) for v in value]
    return value


def _key_order(key: Any) -> tuple[bool, Any]:
    return (isinstance(key, str), key)


def _filled(value: Any) -> bool:
    """A value worth keeping over an empty one: not ``None``, ``""``, ``[]``, ``{}``."""
    return value is not None and value != "" and value != [] and value != {} and value != _Fragments()


def _as_event(obj: Any) -> Any:
    """A decoded event from what ``add`` accepts: a dict, JSON text/bytes, a pydantic model
    (``model_dump(by_alias=True, exclude_unset=True)``) or a generated dataclass (``to_dict()``).

    Raises:
        ValueError: JSON text that does not decode (``json.JSONDecodeError``).
    """
    if type(obj) is dict:
        return obj
    if isinstance(obj, (str, bytes, bytearray)):
        return json.loads(obj)
    dump = getattr(obj, "model_dump", None)
    if callable(dump):
        return dump(by_alias=True, exclude_unset=True, mode="json")
    to_dict = getattr(obj, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    return obj


def _event_path(template: str, event: Mapping[str, Any]) -> str:
    """``output[{output_index}].text`` with the event's values, for an anomaly's ``path``."""
    try:
        return template.format_map(event)
    except (KeyError, ValueError, IndexError, AttributeError):
        return template


class _EventFold:
    """The fold of one event stream into its response.

    Args:
        handlers: ``{tag value: handler}``; a tag not in it is an unknown event (kept, reported).
        tag: the field naming the event type (``type``).
        collections: the response's top-level keyed fields (``("output",)``); ``refresh`` and
            ``finalize`` never replace a non-empty fold of them with an empty value.
        order: the field that numbers events (``sequence_number``), or ``None``.
        id_field: the field of a slot its identity check reads (``id``).
        strict: raise ``StreamMergeError`` at the first anomaly.
    Attributes:
        anomalies: every stray, in order.
        unknown_events: events of types the map does not know, as received (copies).
        channels: side channels: ``{name: [values]}`` (``keep: all``), ``{name: {key: value}}``
            (``keep: last`` with a key: the latest partial image per output item) or
            ``{name: value}`` (``keep: last`` without a key).
        error: the ``error`` event, when one came (the stream ended with an error).
        terminal: the tag of the terminal event seen (``response.completed``...), or ``None``.

    Every stray is an ``Anomaly`` (``strict=True``: ``StreamMergeError`` at the first one). Kinds:

    ``not_object``     an event that is not a JSON object (or JSON text/bytes of one); dropped.
    ``invalid_json``   JSON text that does not decode; dropped.
    ``no_tag``         an object without a string tag (``type``); kept in ``unknown_events``.
    ``unknown_event``  a tag the map does not know (a newer server); kept in ``unknown_events``.
    ``duplicate``      an event whose ``sequence_number`` was seen before; applied once.
    ``out_of_order``   a ``sequence_number`` lower than one seen before (applied).
    ``gap``            ``sequence_number`` skipped ahead (events lost; applied).
    ``missing_key``    an address field (``output_index``...) absent or not an integer/string: the
                       event is dropped, unless its ``item_id`` names a known item (routed there).
    ``missing_slot``   an event addressing a slot no earlier event created (a delta before its
                       ``content_part.added``, openai-python#2852): the slot is created.
    ``exists``         ``create`` at a slot already created (merged: the fold's text stays).
    ``id_mismatch``    ``item_id`` names another known item than ``output_index`` does: routed by the
                       id (it is the stronger address).
    ``unknown_id``     ``item_id`` names no known item while the slot at ``output_index`` has another
                       id: follows ``output_index`` (some servers rotate ids on every event).
    ``done_differs``   a ``.done`` value differs from what the deltas folded to: the server's value is
                       kept, the fold's is in ``dropped``.
    ``emptied``        a ``.done``/final value is ``[]``/``""`` where the fold holds a non-empty one:
                       the fold's is kept (``content_part.done`` sends ``logprobs: []`` in recordings).
    ``wrong_type``     a value of the wrong JSON type for its operation (text expected...); dropped.
    ``after_terminal`` an event after ``response.completed``/``incomplete``/``failed`` (applied).
    ``repeated_init``  a second ``response.created`` (its top-level fields refresh; the fold stays).
    """

    def __init__(
        self,
        handlers: Mapping[str, _Handler],
        *,
        tag: str = "type",
        collections: tuple[str, ...] = ("output",),
        order: str | None = "sequence_number",
        id_field: str = "id",
        strict: bool = False,
    ) -> None:
        self.handlers = handlers
        self.tag = tag
        self.collections = collections
        self.order = order
        self.id_field = id_field
        self.strict = strict
        self.response: dict[str, Any] = {}
        self.position = -1
        self.event: Mapping[str, Any] = {}
        self.anomalies: list[Anomaly] = []
        self.unknown_events: list[Any] = []
        self.channels: dict[str, Any] = {}
        self._keyed_channels: set[str] = set()  # channels that hold the latest value per key
        self.error: dict[str, Any] | None = None
        self.terminal: str | None = None
        self._initialised = False
        self._seen: set[int] = set()
        self._max_seq: int | None = None
        self._ids: dict[str, dict[Any, Any]] = {}
        self._placeholders: set[int] = set()

    # -- the entry point ---------------------------------------------------------------------

    def add(self, obj: Any) -> None:
        """Apply one event: a decoded dict, JSON text or bytes, or a model object.

        Raises:
            StreamMergeError: under ``strict=True``, at the first anomaly.
        """
        self.position += 1
        self.event = {}
        try:
            event = _as_event(obj)
        except ValueError as exc:
            self.report("", "invalid_json", f"not JSON: {exc}", dropped=obj)
            return
        if type(event) is not dict:
            self.report("", "not_object", "an event must be a JSON object", dropped=event)
            return
        self.event = event
        if self.order is not None and not self._in_order(event.get(self.order)):
            return
        tag = event.get(self.tag)
        handler = self.handlers.get(tag) if type(tag) is str else None
        if self.terminal is not None:
            self.report("", "after_terminal", f"{tag!r} after the terminal {self.terminal!r} (applied)")
        if handler is None:
            self.unknown_events.append(_own(event))
            kind = "unknown_event" if type(tag) is str else "no_tag"
            self.report("", kind, f"event type {tag!r} is not in the map: kept in unknown_events")
            return
        try:
            handler(self, event)
        except _Skip:
            pass

    def _in_order(self, seq: Any) -> bool:
        """Check ``sequence_number``: False (reported) for a repeat, which is then not applied."""
        if type(seq) is not int:
            return True  # older servers send none
        if seq in self._seen:
            self.report("", "duplicate", f"{self.order} {seq} seen before: applied once", dropped=dict(self.event))
            return False
        self._seen.add(seq)
        last = self._max_seq
        if last is not None:
            if seq < last:
                self.report("", "out_of_order", f"{self.order} {seq} after {last} (applied)")
            elif seq > last + 1:
                self.report("", "gap", f"{self.order} jumps from {last} to {seq}: events missing")
        if last is None or seq > last:
            self._max_seq = seq
        return True

    def report(self, path: str, kind: str, message: str, kept: Any = None, dropped: Any = None) -> None:
        """Record an anomaly at ``path`` (a template filled from the current event).

        Raises:
            StreamMergeError: under ``strict=True``.
        """
        anomaly = Anomaly(self.position, _event_path(path, self.event), kind, message, kept, dropped)
        self.anomalies.append(anomaly)
        if self.strict:
            raise StreamMergeError(anomaly)

    def drift(self, path: str, message: str) -> None:
        """Record, once, that the response does not fit its schema and was built anyway
        (``schema_drift``); the caller raises instead under ``strict``."""
        found = Anomaly(self.position, path, "schema_drift", message)
        if found not in self.anomalies:
            self.anomalies.append(found)

    # -- lifecycle: the whole response ----------------------------------------------------------

    def init(self, value: Any) -> None:
        """``response.created``: the snapshot starts from ``value`` (a second one refreshes)."""
        if self._initialised:
            self.report("", "repeated_init", "a second initial event: top-level fields refreshed, fold kept")
        self._initialised = True
        self.refresh(value)

    def refresh(self, value: Any) -> None:
        """``response.queued``/``in_progress``: copy top-level fields, keep folded collections
        (a non-empty fold is never replaced); the first event of a resumed stream initialises."""
        if type(value) is not dict:
            self.report("", "wrong_type", "the response is not an object", dropped=value)
            return
        self._initialised = True
        response = self.response
        for name, item in value.items():
            if name in self.collections:
                if not _filled(response.get(name)):
                    self._set_collection(name, item)
            else:
                response[name] = _own(item)

    def finalize(self, value: Any) -> None:
        """``response.completed``/``incomplete``/``failed``: ``value`` is authoritative; a
        collection it leaves null or absent comes from the fold, and an explicit ``[]`` never
        erases a non-empty fold (reported ``emptied``)."""
        self.terminal = str(self.event.get(self.tag))
        if type(value) is not dict:
            self.report("", "wrong_type", "the final response is not an object: the fold is kept", dropped=value)
            return
        response = self.response
        for name, item in value.items():
            if name not in self.collections:
                response[name] = _own(item)
            elif item is None:
                continue
            elif not _filled(item) and _filled(response.get(name)):
                self.report(name, "emptied", f"the final {name} is empty: the fold's is kept", dropped=item)
            else:
                self._set_collection(name, item)

    def fail(self, event: Mapping[str, Any]) -> None:
        """The ``error`` event: kept in ``error``; the snapshot is unchanged."""
        self.error = _own(dict(event))

    def _set_collection(self, name: str, value: Any) -> None:
        slots = _Slots()
        ids: dict[Any, Any] = {}
        if type(value) is list:
            for key, item in enumerate(value):
                slots[key] = _own(item)
                ident = item.get(self.id_field) if type(item) is dict else None
                if type(ident) is str or type(ident) is int:
                    ids[ident] = key
        elif value is not None:
            self.report(name, "wrong_type", f"{name} is not a list", dropped=value)
            return
        self.response[name] = slots
        self._ids[name] = ids

    # -- addressing -------------------------------------------------------------------------------

    def key(self, event: Mapping[str, Any], name: str, path: str) -> Any:
        """The event's address ``name`` (an integer or string)."""
        key = event.get(name)
        if type(key) is int or type(key) is str:
            return key
        self.report(path, "missing_key", f"{name} is {key!r}, not an integer: event dropped", dropped=dict(event))
        raise _Skip

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
        self, container: dict[Any, Any], key: Any, path: str, new: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """The object at ``container[key]``; a missing one is created from ``new`` (``missing_slot``)."""
        value = container.get(key)
        if type(value) is dict:
            return value
        if value is not None:
            self.report(path, "wrong_type", "not an object: event dropped", dropped=_thaw(value))
            raise _Skip
        self.report(path, "missing_slot", "no earlier event created this slot: created")
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
    ) -> dict[str, Any]:
        """The top-level slot ``collection[event[index]]``, checked against ``event[ident]``.

        An ``ident`` naming another known item is reported (``id_mismatch``) and wins; one
        naming no known item follows ``index`` (``unknown_id`` when the slot has another id).
        A missing slot is created with that id (``missing_slot``).
        """
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
            ids = self._ids.setdefault(collection, {})
            known = ids.get(wanted)
            if known is not None and key is None:
                self.report(path, "missing_key", f"no {index}: routed by {ident} to {collection}[{known}]")
                key = known
            elif known is not None and known != key:
                self.report(
                    path,
                    "id_mismatch",
                    f"{ident} {wanted!r} is {collection}[{known}], not {collection}[{key}]: routed by {ident}",
                )
                key = known
            elif known is None and type(container.get(key)) is dict:
                have = container[key].get(self.id_field)
                if have is not None and have != wanted:
                    self.report(path, "unknown_id", f"{ident} {wanted!r} names no item: {index} followed (id {have!r})")
        if type(key) is not int and type(key) is not str:
            self.report(path, "missing_key", f"{index} is {event.get(index)!r}: event dropped", dropped=dict(event))
            raise _Skip
        value = container.get(key)
        if type(value) is dict:
            return value
        found = self.child(container, key, path, new)
        if wanted is not None:
            found[self.id_field] = wanted
            self._ids.setdefault(collection, {})[wanted] = key
        return found

    # -- operations on one slot: container[key] -------------------------------------------------

    def create(self, container: dict[Any, Any], key: Any, value: Any, path: str, collection: str | None = None) -> None:
        """Create the slot from ``value``; an existing one is merged (``exists`` unless an early
        delta made it): ``value`` wins except where it is empty and the fold is not."""
        old = container.get(key)
        if old is not None and id(old) not in self._placeholders:
            self.report(path, "exists", "created twice: merged", dropped=_thaw(old))
        self._place(container, key, value, old, path, collection, quiet=True)

    def replace(
        self,
        container: dict[Any, Any],
        key: Any,
        value: Any,
        path: str,
        check: bool = False,
        collection: str | None = None,
    ) -> None:
        """Set the slot to the server's ``value`` (``output_item.done``, ``*.done``). With
        ``check``, a value other than the fold's is reported (``done_differs``; the server's is
        kept). An empty value never erases a non-empty fold (``emptied``)."""
        old = container.get(key)
        if check and old is not None:
            folded = _thaw(old)
            if folded != value and _filled(value):
                self.report(
                    path, "done_differs", "the final value differs from the fold: the server's kept", value, folded
                )
        self._place(container, key, value, old, path, collection, quiet=False)

    def _place(
        self, container: dict[Any, Any], key: Any, value: Any, old: Any, path: str, collection: str | None, quiet: bool
    ) -> None:
        if not _filled(value) and _filled(old):
            if value is not None and not quiet:
                self.report(path, "emptied", "an empty final value: the fold's kept", _thaw(old), value)
            return
        new = _own(value)
        if type(new) is dict and type(old) is dict:
            for name, was in old.items():
                now = new.get(name)
                if not _filled(now) and _filled(was):
                    if now is not None and not quiet:
                        self.report(
                            f"{path}.{name}", "emptied", "an empty final value: the fold's kept", _thaw(was), now
                        )
                    new[name] = was
        container[key] = new
        if collection is not None and type(new) is dict:
            ident = new.get(self.id_field)
            if type(ident) is str or type(ident) is int:
                self._ids.setdefault(collection, {})[ident] = key

    def append(self, container: dict[Any, Any], key: Any, delta: Any, path: str) -> None:
        """Append text (``null`` counts as empty); an object delta appends field by field
        (``shell_call_output_content.delta``: ``{"stdout": ...}``)."""
        if type(delta) is str:
            old = container.get(key)
            if type(old) is _Fragments:
                old.append(delta)
            elif old is None or old == "":
                container[key] = _Fragments((delta,))
            elif type(old) is str:
                container[key] = _Fragments((old, delta))
            else:
                self.report(
                    path, "wrong_type", "text appended to a value that is not text: replaced", delta, _thaw(old)
                )
                container[key] = _Fragments((delta,))
        elif type(delta) is dict:
            target = container.get(key)
            if target is None:  # no event opens these (shell output per command): the first delta does
                target = container[key] = {}
            elif type(target) is not dict:
                target = self.child(container, key, path)
            for name, piece in delta.items():
                if type(piece) is str:
                    self.append(target, name, piece, f"{path}.{name}")
                else:
                    target[name] = _own(piece)
        elif delta is not None:
            self.report(path, "wrong_type", "a text delta that is not text: dropped", dropped=delta)

    def extend(self, container: dict[Any, Any], key: Any, items: Any, path: str) -> None:
        """Extend a list (``logprobs``); ``null`` adds nothing."""
        if items is None:
            return
        if type(items) is not list:
            self.report(path, "wrong_type", "a list delta that is not a list: dropped", dropped=items)
            return
        old = container.get(key)
        if not items and type(old) is list:  # most text deltas carry `logprobs: []`
            return
        if type(old) is list:
            old.extend(_own(items))
        else:
            container[key] = _own(items)

    def set(self, container: dict[Any, Any], key: Any, value: Any) -> None:
        """Set a value only the event carries (a status named by the event type); last wins."""
        container[key] = _own(value)

    def side(self, channel: str, value: Any, key: Any = None, keep_all: bool = True) -> None:
        """A side channel: ``keep_all`` gathers every value (audio deltas); otherwise the latest
        value replaces the previous one, per ``key`` when one is given (partial image previews).
        A channel keeps the form of its first value: a value with a key after values without
        one, or the reverse, is reported (``mixed_fragments``) and not kept."""
        if keep_all:
            self.channels.setdefault(channel, []).append(_own(value))
            return
        keyed = type(key) is str or type(key) is int
        if channel in self.channels and (channel in self._keyed_channels) != keyed:
            # the first form wins (one latest value, or the latest per key), as for any field
            first, this = ("without", "with") if keyed else ("with", "without")
            message = f"side channel {channel!r}: a value {this} a key after values {first} one; not kept"
            self.report("", "mixed_fragments", message, dropped=value)
        elif keyed:
            self._keyed_channels.add(channel)
            self.channels.setdefault(channel, {})[key] = _own(value)
        else:
            self.channels[channel] = _own(value)

    # -- the result -------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The response so far as plain JSON (keyed slots as sorted lists, text joined); a copy."""
        result: dict[str, Any] = _thaw(self.response)
        return result
