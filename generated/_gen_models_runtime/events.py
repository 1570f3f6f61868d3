# gen-models 0.1.0: generator/runtime/events.py, copied verbatim. Do not edit; regenerate instead.
"""Folding a stream of tagged events (OpenAI's ``ResponseStreamEvent``) into the response they build.

Works on decoded JSON. A generated module calls it from one handler per event type
(``_on_response_output_text_delta(f, e)``) picked from a table ``{tag value: handler}``;
``generator.event_plan`` builds the same handlers from a plan. Here: the entry point
(``_EventFold``: order, dispatch, lifecycle, side channels, snapshot); state and addressing
in ``event_slots``, operations on one slot in ``event_ops``.
"""

import json
from bisect import bisect_left
from collections.abc import Callable, Mapping
from typing import Any

from .anomalies import _own, _shown
from .event_ops import _NOT_PARSED, _SlotOps
from .event_slots import _filled, _JsonFragments, _key_order, _Skip, _Slots, _thaw

#: a handler: applies one event (a decoded JSON object) to the fold
_Handler = Callable[["_EventFold", dict[str, Any]], None]
#: how many latest numbered events are kept to tell a resent event (dropped) from another with a
#: seen number (applied); an older number seen again counts as resent. Bounded: memory.
_RECENT = 1024
#: a folded item a final list does not name (``_final_items``)
_UNLISTED = object()


def _dig(value: Any, *names: str) -> Any:
    """``value[names[0]][names[1]]...``, or None where a step is absent or not an object."""
    for name in names:
        if type(value) is not dict:
            return None
        value = value.get(name)
    return value


def _picked(event: Mapping[str, Any], names: tuple[str, ...], fixed: Mapping[str, Any]) -> dict[str, Any]:
    """The event as a slot's value (``value: "*"``): its fields ``names`` it has, plus
    ``fixed``, the slot type's own tags (a transcription segment's ``type`` is not the event's)."""
    picked = dict(fixed)
    for name in names:
        if name in event:
            picked[name] = event[name]
    return picked


#: the JSON kind of each decoded type (``_kind_of``)
_KIND_NAMES = {str: "string", dict: "object", list: "array", bool: "boolean", int: "number", float: "number"}


def _kind_of(value: Any) -> str:
    """The JSON kind a ``when`` tests (``string``, ``object``...; ``null`` for null or absent)."""
    return _KIND_NAMES.get(type(value)) or ("null" if value is None else "other")


def _as_event(obj: Any) -> Any:
    """A decoded event from a dict, JSON text/bytes (else ``json.JSONDecodeError``), a pydantic
    model (``model_dump``) or a generated dataclass (``to_dict()``)."""
    if type(obj) is dict:
        return obj
    if isinstance(obj, (str, bytes, bytearray)):
        return json.loads(obj)
    if callable(dump := getattr(obj, "model_dump", None)):
        return dump(by_alias=True, exclude_unset=True, mode="json")
    if callable(to_dict := getattr(obj, "to_dict", None)):
        return to_dict()
    return obj


def _settled_order(items: list[Any], slots: Any, known: dict[Any, Any], id_field: str) -> list[tuple[Any, Any]]:
    """``(final item, folded key it settles or None)`` in order, plus ``(_UNLISTED, key)`` for
    each folded item the list does not name, after the listed item folded before it (see
    ``_EventFold._final_items``; ``known``: id -> key)."""
    matched: dict[int, Any] = {}  # position in the final list -> folded key
    taken: set[Any] = set()
    for at, item in enumerate(items):
        ident = item.get(id_field) if type(item) is dict else None
        key = known.get(ident) if type(ident) is str or type(ident) is int else None
        if key is not None and key in slots and key not in taken:
            matched[at] = key
            taken.add(key)
    for at in range(len(items)):
        if at not in matched and at in slots and at not in taken:
            matched[at] = at  # no id the fold knows: the address its events used
            taken.add(at)
    listed = sorted((_key_order(key), at) for at, key in matched.items())
    after: dict[int, list[Any]] = {}
    for key in sorted((k for k in slots if k not in taken), key=_key_order):
        below = bisect_left(listed, (_key_order(key),))
        after.setdefault(listed[below - 1][1] if below else -1, []).append(key)
    order: list[tuple[Any, Any]] = [(_UNLISTED, key) for key in after.get(-1, ())]
    for at, item in enumerate(items):
        order.append((item, matched.get(at)))
        order += [(_UNLISTED, key) for key in after.get(at, ())]
    return order


class _EventFold(_SlotOps):
    """The fold of one event stream into its response.

    Args:
        handlers: ``{tag value: handler}``; a tag not in it is an unknown event (kept, reported).
        tag: the field naming the event type (``type``).
        collections: the response's top-level keyed fields (``("output",)``); ``refresh`` and
            ``finalize`` never replace a non-empty fold of them with an empty value.
        order: the field that numbers events (``sequence_number``), or ``None``.
        quiet: the event types that leave the answer alone (side channels, ignored, the stream's
            end): one after the terminal event is no stray.
        strict: raise ``StreamMergeError`` at the first anomaly.
    Attributes:
        anomalies: every stray, in order.
        unknown_events: copies of events of types the map does not know.
        channels: side channels: ``{name: [values]}`` (``keep: all``), ``{name: {key: value}}``
            (``keep: last`` with a key) or ``{name: value}`` (``keep: last`` without one).
        error: the ``error`` event, when one came.
        terminal: the tag of the terminal event seen (``response.completed``...), or ``None``.

    Anomaly kinds: ``bookkeeping._ANOMALY_KINDS`` (a line each), ``docs/anomalies.md`` (each rule).
    """

    def __init__(
        self,
        handlers: Mapping[str, _Handler],
        *,
        tag: str = "type",
        collections: tuple[str, ...] = ("output",),
        order: str | None = "sequence_number",
        quiet: tuple[str, ...] = (),
        strict: bool = False,
    ) -> None:
        super().__init__(strict)
        self.handlers = handlers
        self.tag = tag
        self.collections = collections
        self.order = order
        self.quiet = quiet
        self.unknown_events: list[Any] = []
        self.channels: dict[str, Any] = {}
        self._keyed_channels: set[str] = set()  # channels holding the latest value per key
        self.error: dict[str, Any] | None = None
        self.terminal: str | None = None
        self._initialised = False
        self._seen: set[int] = set()
        self._recent: dict[int, Any] = {}  # the last _RECENT numbers -> their events (repeat check)
        self._max_seq: int | None = None

    def add(self, obj: Any) -> None:
        """Apply one event: a decoded dict, JSON text or bytes, or a model object.

        Raises:
            StreamMergeError: under ``strict=True``, at the first anomaly.
        """
        self.position += 1
        self.event = {}
        try:
            event = _as_event(obj)
        except (ValueError, RecursionError) as exc:  # nested past the recursion limit: not JSON we read
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
        if self.terminal is not None and tag not in self.quiet:
            self.report("", "after_terminal", f"{_shown(tag)} after the terminal {self.terminal!r} (applied)")
        if handler is None:
            self.unknown_events.append(_own(event))
            kind = "unknown_event" if type(tag) is str else "no_tag"
            self.report("", kind, f"event type {_shown(tag)} is not in the map: kept in unknown_events")
            return
        try:
            handler(self, event)
        except _Skip:
            pass
        except RecursionError:  # a value nested past the recursion limit (copied as the fold keeps it)
            self.report("", "too_deep", "nested too deeply to fold: the event was not applied", dropped=event)

    def _in_order(self, seq: Any) -> bool:
        """Check ``sequence_number``: False (reported) for a repeat, not to be applied."""
        if type(seq) is not int:
            return True  # older servers send none
        if seq in self._seen:
            seen = self._recent.get(seq, self.event)  # beyond the window: taken as a resent event
            try:
                same = seen == self.event
            except RecursionError:  # nested past what a comparison reads: taken as another event
                same = False
            if same:
                self.report("", "duplicate", f"{self.order} {seq} seen before: applied once", dropped=dict(self.event))
                return False
            self.report("", "reused_number", f"{self.order} {seq} seen before on another event (applied)")
        else:
            self._seen.add(seq)
            recent = self._recent
            recent[seq] = self.event
            if len(recent) > _RECENT:
                del recent[next(iter(recent))]
        last = self._max_seq
        if last is not None:
            if seq < last:
                self.report("", "out_of_order", f"{self.order} {seq} after {last} (applied)")
            elif seq > last + 1:
                self.report("", "gap", f"{self.order} jumps from {last} to {seq}: events missing")
        if last is None or seq > last:
            self._max_seq = seq
        return True

    def init(self, value: Any) -> None:
        """``response.created``, ``message_start``: the snapshot starts from ``value``. A repeated
        or late start never erases the fold: it is merged in at every depth (``_start_into``),
        reported ``repeated_init`` with the start's differing values (``dropped``: path -> value)."""
        if type(value) is not dict or (not self._initialised and not self.response):
            self.refresh(value)  # the first start (or no object: refresh reports it)
            return
        again = self._initialised
        self._initialised = True
        differed: dict[str, Any] = {}
        self._start_into(self.response, value, "", differed)
        what = "a second initial event" if again else "an initial event after the fold began"
        places = ", ".join(differed) if differed else "nowhere"
        message = f"{what}: merged into the answer, the fold kept where they differ ({places})"
        self.report("", "repeated_init", message, dropped=differed or None)

    def _start_into(self, target: dict[str, Any], value: dict[str, Any], path: str, differed: dict[str, Any]) -> None:
        """Merge a start's ``value`` into ``target``: an empty place takes it, objects merge by
        field, a folded value is kept (where the start's filled value differs: ``differed``)."""
        for name, item in value.items():
            held = target.get(name)
            where = f"{path}.{name}" if path else name
            if not _filled(held):
                if name not in target or _filled(item):
                    if target is self.response and name in self.collections:
                        self._set_collection(name, item)
                    else:
                        target[name] = _own(item)
            elif type(held) is dict and type(item) is dict:
                self._start_into(held, item, where, differed)
            elif _filled(item) and _thaw(held) != item:
                differed[where] = _own(item)

    def refresh(self, value: Any) -> None:
        """``response.queued``/``in_progress``: copy top-level fields, keep non-empty folded
        collections; the first event of a resumed stream initialises."""
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
        collection it leaves null or absent comes from the fold, ``[]`` never erases a
        non-empty fold (``emptied``), a final list settles the folded items (``_final_items``)."""
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
            elif type(item) is list and type(response.get(name)) is _Slots:
                self._final_items(name, item)
            else:
                self._set_collection(name, item)

    def _final_items(self, name: str, items: list[Any]) -> None:
        """A final list over a folded one. Each final item settles a folded one by identity,
        never by position alone: its ``id`` where the fold knows it, else the address the
        events used (unless an id matched that item elsewhere); it is placed as ``replace``
        does. A folded item the list does not name is kept once, after the item folded before
        it (``unlisted``). The list's order wins; items are numbered anew."""
        slots = self.response[name]
        order = _settled_order(items, slots, self._ids.get(name, {}), self.id_field)
        placed = _Slots()
        ids: dict[Any, int] = {}
        self._ids[name] = ids
        for at, (item, key) in enumerate(order):
            old = slots[key] if key is not None else None
            if item is _UNLISTED:
                message = "the final list does not name this folded item: kept"
                self.report(f"{name}[{at}]", "unlisted", message, _thaw(old))
            else:
                self._place(placed, at, item, old, f"{name}[{at}]", name, quiet=False)
            if at not in placed:  # unlisted, or the fold's kept (the server's was empty or did not fit)
                placed[at] = old
                ident = old.get(self.id_field) if type(old) is dict else None
                if type(ident) is str or type(ident) is int:
                    ids[ident] = at
        self.response[name] = placed

    def ended(self) -> None:
        """Report, once, an answer asked for before the terminal event (``incomplete``; under
        ``strict=True``, ``StreamMergeError``)."""
        if self.terminal is None and not any(a.kind == "incomplete" and not a.path for a in self.anomalies):
            self.report("", "incomplete", "the stream has not ended (no terminal event): the answer may be cut short")

    def finish(self) -> None:
        """A terminal event without a value (``message_stop``): the stream is finished."""
        self.terminal = str(self.event.get(self.tag))

    def merge_response(self, value: Any) -> None:
        """Merge an object into the response field by field (``message_delta``'s ``delta``)."""
        if self._mergeable(value, ""):
            self._initialised = True
            self._merge_into(self.response, value, "")

    def unmatched(self, path: str, value: Any) -> None:
        """An event whose nested tag (``delta.type``) no entry names: kept in
        ``unknown_events``, reported ``unknown_event``."""
        self.unknown_events.append(_own(dict(self.event)))
        self.report(path, "unknown_event", f"{path} {_shown(value)} is not in the map: kept in unknown_events")

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

    def side(self, channel: str, value: Any, key: Any = None, keep_all: bool = True) -> None:
        """A side channel: ``keep_all`` gathers every value (audio deltas); else the latest
        wins, per ``key`` when given (partial images). A value whose keyed form differs from
        the channel's first is reported (``mixed_fragments``) and not kept."""
        if keep_all:
            self.channels.setdefault(channel, []).append(_own(value))
            return
        keyed = type(key) is str or type(key) is int
        if channel in self.channels and (channel in self._keyed_channels) != keyed:
            first, this = ("without", "with") if keyed else ("with", "without")
            message = f"side channel {channel!r}: a value {this} a key after values {first} one; not kept"
            self.report("", "mixed_fragments", message, dropped=value)
        elif keyed:
            self._keyed_channels.add(channel)
            self.channels.setdefault(channel, {})[key] = _own(value)
        else:
            self.channels[channel] = _own(value)

    def snapshot(self) -> dict[str, Any]:
        """A copy of the response so far as plain JSON (keyed slots as sorted lists, text
        joined, JSON text parsed; text that does not parse kept, reported once: ``invalid_json``).

        Raises:
            StreamMergeError: under ``strict=True``, for JSON text that does not parse.
        """
        bad: list[_JsonFragments] = []
        result: dict[str, Any] = _thaw(self.response, bad)
        for text in bad:
            if text.path not in self._bad_json:  # once a field (``parse`` may have said so)
                self._bad_json.add(text.path)
                self.report(text.path, text.problem, _NOT_PARSED[text.problem], "".join(text), text.before)
        return result
