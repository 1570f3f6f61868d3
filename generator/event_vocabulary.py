"""The vocabulary of event merge maps, typed: the ops (``Op``), where one lands (``Step``, ``Slot``),
its arguments (``EventValue``), and what it does, stated once (``Action.call`` → ``Call``: a method
of the fold runtime, ``runtime/events.py``, ``runtime/event_paths.py``). ``event_check`` reads
entries into ``Action``s, ``event_plan`` gathers them into an ``EventPlan``, ``render_events``
writes each ``Call`` out.

Adding an op: a member of ``Op``, its case in ``Action.call`` (unless it is a method of the same
name), the runtime method, its checks in ``event_check``, a row in ``docs/events.md``.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


class Op(enum.Enum):
    """What one event does to the snapshot; its value, as maps write it, is the method it calls
    (of the fold for lifecycle and side ops, of the ``_Slot`` for slot ops; ``error``: ``fail``)."""

    INIT = "init"  #: the snapshot starts from the value (``response.created``)
    REFRESH = "refresh"  #: top-level fields from the value, folded lists kept; may come first
    FINALIZE = "finalize"  #: terminal; the value wins, a null/absent/empty list is filled from the fold
    FINISH = "finish"  #: terminal, without a value (``message_stop``)
    CREATE = "create"  #: create the slot from the value (reported if it exists)
    REPLACE = "replace"  #: set the slot to the server's value; ``check: fold`` compares
    MERGE = "merge"  #: merge an object field by field (nested too); ``null`` keeps; no ``at``: the response
    APPEND = "append"  #: append text (an object appends field by field, its tags never joined)
    PARTS = "parts"  #: text or parts into content that is either (``anyOf [string, list of parts]``)
    JSON = "json"  #: gather JSON text fragments, parsed once (``parse``, or at snapshot)
    PARSE = "parse"  #: parse the JSON text gathered for the slot (``content_block_stop``)
    EXTEND = "extend"  #: extend a list
    PUSH = "push"  #: push one item onto a list (a citation)
    SET = "set"  #: set a constant only the event's name carries (a status)
    SIDE = "side"  #: no snapshot change: collect into a named side channel
    ERROR = "error"  #: the stream's error event: kept, no snapshot change (the fold's ``fail``)
    IGNORE = "ignore"  #: nothing


LIFECYCLE_OPS = {Op.INIT, Op.REFRESH, Op.FINALIZE}
#: ``value: "*"``: the whole event, as the type it goes to (``side``: as it came)
WHOLE_EVENT = "*"
SLOT_OPS = {Op.CREATE, Op.REPLACE, Op.MERGE, Op.APPEND, Op.PARTS, Op.JSON, Op.PARSE, Op.EXTEND, Op.PUSH, Op.SET}
#: ops that may take the whole event as their value
WHOLE_EVENT_OPS = {Op.INIT, Op.REFRESH, Op.FINALIZE, Op.SIDE, Op.CREATE, Op.REPLACE, Op.MERGE, Op.PUSH}
#: a ``when`` test: (event field path, JSON text of a value, or of a JSON kind)
When = tuple[str, str]
#: the JSON kinds a ``when`` may test a field that is not a tag for (``{content: string}``)
WHEN_KINDS = ("string", "number", "boolean", "object", "array", "null")
#: ops that take no value
NO_VALUE_OPS = {Op.FINISH, Op.PARSE, Op.ERROR, Op.IGNORE}


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a path: ``name`` a field; with ``key`` (an event field) a keyed slot ``name[{key}]``."""

    name: str
    key: str | None = None

    def __str__(self) -> str:
        return f"{self.name}[{{{self.key}}}]" if self.key else self.name


@dataclass(frozen=True, slots=True)
class Slot:
    """Where a slot op lands (a runtime ``_Slot``, whose docstring says each field): ``at`` its path
    from the target's root; ``new`` as JSON text."""

    at: tuple[Step, ...]
    ident: str | None = None
    new: str | None = None
    fixed: tuple[str, ...] = ()
    opens: bool = False
    kinds: tuple[str, ...] = ()

    @property
    def path(self) -> str:
        """``output[{output_index}].content[{content_index}].text``."""
        return ".".join(str(s) for s in self.at)

    @property
    def walk(self) -> tuple[Step, ...]:
        """The steps to the object holding the slot: an event's slots of one walk share the object the
        first one finds (its ``id`` check routes them all)."""
        return self.at[:-1]


@dataclass(frozen=True, slots=True)
class EventValue:
    """An argument of an op's call: the event field ``field`` (a dotted path: ``delta.text``),
    the whole event (``"*"``; with ``picks``, as another type: those fields and ``tags``, JSON
    text of that type's tags), or, with ``field`` None, the constant (JSON text)."""

    field: str | None = None
    constant: str | None = None
    picks: tuple[str, ...] = ()
    tags: str | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The field's path as names (``("delta", "text")``); ``()`` for a constant or the event."""
        return tuple(self.field.split(".")) if self.field not in (None, WHOLE_EVENT) else ()

    def of(self, event: Mapping[str, Any]) -> Any:
        """The value for one event (what the generated ``e.get(...)``/``_dig(e, ...)`` reads)."""
        from .runtime.events import _dig, _picked  # here: a run without event unions never loads the runtime

        if self.field == WHOLE_EVENT:
            return _picked(event, self.picks, json.loads(self.tags or "{}")) if self.picks else event
        if self.field is not None:
            return _dig(event, *self.names)
        return json.loads(self.constant) if self.constant is not None else None


@dataclass(frozen=True, slots=True)
class Call:
    """An action as one call of the fold runtime: ``method`` of ``slot`` (``slot.append(f, e,
    value)``) or, without one, of the fold (``f.init(value)``); keywords' values are JSON text."""

    method: str
    slot: Slot | None
    args: tuple[EventValue, ...]
    keywords: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Action:
    """One operation of an event.

    Attributes:
        at: where, as steps from the target's root (``()`` for lifecycle, side, error, ignore).
        value: the event field the value comes from (``"*"``: the whole event; None: none, or
            ``constant``, JSON text of ``value: =constant``).
        ident, new, fixed, opens, kinds: as in ``Slot`` (``opens`` set by the plan).
        check: a final value is compared with the fold (``check: fold``).
        channel, key, keep_all: side channels: name, the event field keying the latest value
            (``keep: last``), or every value gathered (``keep: all``).
        when: ``(event field path, JSON text of a value)``: only events whose field has that
            value (``delta.type`` ``text_delta``), or with ``kind``, that JSON kind.
        optional: an absent (or null) value does nothing (``create``/``replace``).
        picks, tags: ``value: "*"`` as another type than the event's: the event's fields that
            type has, and JSON text of its tags (``{"type": "text"}``).
    """

    op: Op
    at: tuple[Step, ...] = ()
    value: str | None = None
    constant: str | None = None
    ident: str | None = None
    check: bool = False
    new: str | None = None
    channel: str | None = None
    key: str | None = None
    keep_all: bool = True
    when: When | None = None
    optional: bool = False
    fixed: tuple[str, ...] = ()
    picks: tuple[str, ...] = ()
    tags: str | None = None
    kind: bool = False
    opens: bool = False
    kinds: tuple[str, ...] = ()

    @property
    def path(self) -> str:
        """As ``Slot.path``."""
        return ".".join(str(s) for s in self.at)

    @property
    def slot(self) -> Slot | None:
        """Where a slot op lands; None for the other ops (and ``merge`` into the response)."""
        if self.op not in SLOT_OPS or not self.at:
            return None
        return Slot(self.at, self.ident, self.new, self.fixed, self.opens, self.kinds)

    def call(self) -> Call | None:
        """The one definition of what this action does: the runtime call it makes (None for
        ``ignore``). Generated handlers write it out."""
        value = EventValue(self.value, self.constant, self.picks, self.tags)
        if self.op is Op.IGNORE:
            return None
        if self.op is Op.ERROR:
            return Call("fail", None, (EventValue(WHOLE_EVENT),))
        if self.op is Op.FINISH:
            return Call("finish", None, ())
        if self.op is Op.SIDE:
            args = (EventValue(constant=json.dumps(self.channel)), value, EventValue(self.key))
            return Call(self.op.value, None, args, (("keep_all", json.dumps(self.keep_all)),))
        if self.op is Op.MERGE and not self.at:
            return Call("merge_response", None, (value,))
        if self.op is Op.PARSE:
            return Call("parse", self.slot, ())
        flags = {"check": self.check, "optional": self.optional and self.op in (Op.CREATE, Op.REPLACE)}
        return Call(self.op.value, self.slot, (value,), tuple((name, "true") for name, on in flags.items() if on))


@dataclass(frozen=True, slots=True)
class EventRule:
    """What an event type does: ``tag`` (its tag value), ``member`` (its model; ``""``: a type the spec
    does not list), its actions, their ``source`` (``inferred``, ``map:<file>``, ``x-merge``, ``file:<name>``,
    ``override``), the entry as written (``--explain-merge`` prints it) and, if inferred, why."""

    tag: str
    member: str
    actions: tuple[Action, ...]
    source: str
    entry: Any = None
    reason: str = ""

    @property
    def calls(self) -> tuple[Call, ...]:
        """The runtime calls of its actions without ``when``, in order (``ignore`` makes none)."""
        return tuple(c for a in self.actions if a.when is None and (c := a.call()) is not None)

    @property
    def quiet(self) -> bool:
        """Whether it leaves the answer alone (after the terminal event no stray: Assistants' ``done``)."""
        return all(a.op in (Op.FINISH, Op.SIDE, Op.IGNORE) for a in self.actions)

    @property
    def dispatch(self) -> EventValue | None:
        """The nested field its ``when`` entries test (``delta.type``; one per event type), or None."""
        return next((EventValue(a.when[0]) for a in self.actions if a.when is not None), None)

    @property
    def by_kind(self) -> bool:
        """Whether its ``when`` entries test their field's JSON kind, not its value (all or none)."""
        return any(a.kind for a in self.actions if a.when is not None)

    @property
    def cases(self) -> tuple[tuple[str, tuple[Call, ...]], ...]:
        """``(JSON text of a dispatch value, its calls)`` in the map's order; an event of another
        value is kept as unknown (the fold's ``unmatched``)."""
        found: dict[str, list[Call]] = {}
        for action in self.actions:
            if action.when is not None:
                calls = found.setdefault(action.when[1], [])
                if (call := action.call()) is not None:
                    calls.append(call)
        return tuple((value, tuple(calls)) for value, calls in found.items())


def shared_walks(calls: tuple[Call, ...]) -> frozenset[Any]:
    """Walks (``Slot.walk``) several ``calls`` use: a handler finds the object once per event."""
    walks = [c.slot.walk for c in calls if c.slot is not None]
    return frozenset(w for w in walks if walks.count(w) > 1)


@dataclass(frozen=True, slots=True)
class EventPlan:
    """The checked plan of one event union.

    Attributes:
        family, root, target, tag, order: from the map (``root``, ``target`` as the spec names them).
        collections: the target's top-level keyed lists (``("output",)``), whose fold refresh and finalize keep.
        rules: one per event type, in the union's member order (then extra declared types).
        target_class: the target's class in the IR (``naming``'s name for ``target``).
        unmapped: ``(tag value, member)`` of members no map maps or ignores (folded as unknown
            events; ``gen-models --check`` names them when a spec bump adds one).
        undecided: ``(tag value, why)`` of members neither schema nor map decides (warned; folded as unknown).
        extra: the event types declared under ``extra_events``.
        frames: the members are the events themselves, ``{event, data}`` (Assistants'): the reader gives them so.
        unread: ``(tag value, field)``: content fields (``event_plan._unread``) of events no action reads (warned).
    """

    family: str
    root: str
    target: str
    tag: str
    order: str | None
    collections: tuple[str, ...]
    rules: tuple[EventRule, ...]
    target_class: str = ""
    unmapped: tuple[tuple[str, str], ...] = ()
    undecided: tuple[tuple[str, str], ...] = ()
    extra: tuple[str, ...] = ()
    frames: bool = False
    unread: tuple[tuple[str, str], ...] = ()

    def rule(self, tag: str) -> EventRule | None:
        """The rule of an event type, or None."""
        return next((r for r in self.rules if r.tag == tag), None)

    @property
    def slots(self) -> tuple[Slot, ...]:
        """Every slot the plan's actions address, once each, in order."""
        return tuple(dict.fromkeys(s for r in self.rules for a in r.actions if (s := a.slot) is not None))
