"""Event plans: how each member of an event union (``ResponseStreamEvent``) changes the response
it builds (``Response``), from a declarative merge map checked against the IR.

A map is YAML (shipped ones live in ``generator/maps/``, e.g. ``openai-responses.yaml``)::

    family: openai-responses          # a name for messages
    root: ResponseStreamEvent         # the union schema
    target: Response                  # the schema the events build
    tag: type                         # the field that names an event's type
    order: sequence_number            # repeats dropped, gaps reported (optional)
    unknown: keep                     # unknown event types: kept and reported (the only choice)
    events:
      response.output_text.delta:     # one entry (a mapping) or several (a list) per event type
        {op: append, at: "output[{output_index}].content[{content_index}].text", value: delta, id: item_id}

Entry keys: ``op`` (an ``Op``), ``at`` (a slot path: ``name[{event_field}]`` is a keyed slot,
``.name`` a field), ``value`` (an event field, ``=constant``, or ``*``: the whole event, for
lifecycle and side ops), ``id`` (an event field checked against the first slot's ``id``),
``check: fold`` (compare a final value with the fold), ``new`` (what a slot this event must
create starts as), ``channel``/``key``/``keep`` (side channels).

What the spec says is derived, not declared: the union's members and their tag values; a
lifecycle event's value (its field whose type is the target); a ``create``/``replace`` without
``at`` goes to the top-level keyed list whose items' type is one of the event's fields
(``item: OutputItem`` → ``output[{output_index}]``). The rest is declared, and checked against
the IR (``event_schema``): every member mapped or ignored, every path resolves in the target,
every placeholder names an integer or string field of the event (errors are ``SpecError``
naming the place and what to do).

What an op does is defined once: ``Action.call`` says which method of the fold runtime
(``runtime/events.py``, ``runtime/event_paths.py``) it calls with which values; the generated
handlers (``render_events``) write that call out, and ``new_fold`` makes the same calls
without generating code.

User overrides: ``x-merge`` on the union schema in the spec, and a dict (configuration / CLI),
each of the map's shape (family keys and/or ``events``); an override entry replaces the shipped
entry of that event type whole.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import SpecError, did_you_mean, join_pointer
from .event_schema import EventSchema
from .merge_maps import merged_map
from .model import Enum, ModelRef, Schemas, strip_null
from .runtime.event_paths import _path_steps, _Slot
from .runtime.events import _dig, _EventFold, _Handler


class Op(enum.Enum):
    """What one event does to the snapshot; its value, as maps write it, is also the method
    it calls (on the fold for lifecycle and side ops, on the action's ``_Slot`` for slot ops;
    ``error`` calls the fold's ``fail``)."""

    INIT = "init"  #: the snapshot starts from the value (``response.created``)
    REFRESH = "refresh"  #: top-level fields from the value, folded lists kept; may come first
    FINALIZE = "finalize"  #: terminal; the value wins, a null/absent/empty list is filled from the fold
    FINISH = "finish"  #: terminal, without a value (``message_stop``)
    CREATE = "create"  #: create the slot from the value (reported if it exists)
    REPLACE = "replace"  #: set the slot to the server's value; ``check: fold`` compares
    MERGE = "merge"  #: merge an object field by field (nested too); ``null`` keeps; no ``at``: the response
    APPEND = "append"  #: append text (an object appends field by field, its tags never joined)
    JSON = "json"  #: gather JSON text fragments, parsed once (``parse``, or at snapshot)
    PARSE = "parse"  #: parse the JSON text gathered for the slot (``content_block_stop``)
    EXTEND = "extend"  #: extend a list
    PUSH = "push"  #: push one item onto a list (a citation)
    SET = "set"  #: set a constant only the event's name carries (a status)
    SIDE = "side"  #: no snapshot change: collect into a named side channel
    ERROR = "error"  #: the stream's error event: kept, no snapshot change (the fold's ``fail``)
    IGNORE = "ignore"  #: nothing


_LIFECYCLE = {Op.INIT, Op.REFRESH, Op.FINALIZE}
#: ``value: "*"``: the whole event is the value (small families whose last event is the result)
WHOLE_EVENT = "*"
_SLOT_OPS = {Op.CREATE, Op.REPLACE, Op.MERGE, Op.APPEND, Op.JSON, Op.PARSE, Op.EXTEND, Op.PUSH, Op.SET}
#: ops that take no value
_NO_VALUE = {Op.FINISH, Op.PARSE, Op.ERROR, Op.IGNORE}
_ENTRY_KEYS = {"op", "at", "value", "id", "check", "new", "channel", "key", "keep", "when", "optional"}


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a path: ``name`` a field; with ``key`` (an event field) a keyed slot ``name[{key}]``."""

    name: str
    key: str | None = None

    def __str__(self) -> str:
        return f"{self.name}[{{{self.key}}}]" if self.key else self.name


@dataclass(frozen=True, slots=True)
class Slot:
    """Where a slot op lands (a ``_Slot`` of the runtime): its path from the target's root,
    the event field checked against the first keyed step's ``id``, JSON text of what a
    slot the event must create starts as, and the fields of an appended object never joined
    (those the schema types as enums: tags)."""

    at: tuple[Step, ...]
    ident: str | None = None
    new: str | None = None
    fixed: tuple[str, ...] = ()

    @property
    def path(self) -> str:
        """``output[{output_index}].content[{content_index}].text``."""
        return ".".join(str(s) for s in self.at)

    @property
    def walk(self) -> tuple[Step, ...]:
        """The steps to the object holding the slot: slots of one event with equal walks
        (paths that differ only in their last step) share the object the first one finds
        (its ``id`` check routes them all)."""
        return self.at[:-1]


@dataclass(frozen=True, slots=True)
class EventValue:
    """An argument of an op's call: the event field ``field`` (a dotted path for a nested
    value: ``delta.text``), the whole event (``field`` is ``"*"``), or, with ``field`` None,
    the constant whose JSON text is ``constant``."""

    field: str | None = None
    constant: str | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The field's path as names (``("delta", "text")``); ``()`` for a constant or the event."""
        return tuple(self.field.split(".")) if self.field not in (None, WHOLE_EVENT) else ()

    def of(self, event: Mapping[str, Any]) -> Any:
        """The value for one event (what the generated ``e.get(...)``/``_dig(e, ...)`` reads)."""
        if self.field == WHOLE_EVENT:
            return event
        if self.field is not None:
            return _dig(event, *self.names)
        return json.loads(self.constant) if self.constant is not None else None


@dataclass(frozen=True, slots=True)
class Call:
    """What an action does, as one call of the fold runtime: ``method`` of the action's
    ``slot`` (``slot.append(f, e, value)``) or, without a slot, of the fold
    (``f.init(value)``), with ``args`` and ``keywords`` (constants as JSON text)."""

    method: str
    slot: Slot | None
    args: tuple[EventValue, ...]
    keywords: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Action:
    """One operation of an event.

    Attributes:
        op: what it does.
        at: where, as steps from the target's root (``()`` for lifecycle, side, error, ignore).
        value: the event field the value comes from (``None``: none, or a constant; ``"*"``: the
            whole event).
        constant: the value for ``value: =constant`` (JSON text, else ``None``).
        ident: the event field checked against the first slot's ``id`` (``item_id``).
        check: a final value is compared with the fold (``check: fold``).
        new: JSON text of what a slot created by this event starts as, or ``None``.
        channel, key, keep_all: side channels: name, the event field keying the latest value
            (``keep: last``), or every value gathered (``keep: all``).
        derived: ``at``/``value`` came from the spec, not the map.
        when: ``(event field path, JSON text of a value)``: the action applies only to events
            whose field has that value (``delta.type`` is ``text_delta``).
        optional: an absent (or null) value does nothing (``create``/``replace``; the other
            slot ops ignore an absent value anyway).
        fixed: fields of an appended object never joined (see ``Slot``).
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
    derived: bool = False
    when: tuple[str, str] | None = None
    optional: bool = False
    fixed: tuple[str, ...] = ()

    @property
    def path(self) -> str:
        """``output[{output_index}].content[{content_index}].text``."""
        return ".".join(str(s) for s in self.at)

    @property
    def slot(self) -> Slot | None:
        """Where a slot op lands; None for the other ops (and ``merge`` into the response)."""
        return Slot(self.at, self.ident, self.new, self.fixed) if self.op in _SLOT_OPS and self.at else None

    def call(self) -> Call | None:
        """The one definition of what this action does: the runtime call it makes (None for
        ``ignore``). Generated handlers write it out; ``new_fold`` makes it."""
        value = EventValue(self.value, self.constant)
        if self.op is Op.IGNORE:
            return None
        if self.op is Op.ERROR:
            return Call("fail", None, (EventValue(WHOLE_EVENT),))
        if self.op is Op.FINISH:
            return Call("finish", None, ())
        if self.op is Op.SIDE:
            key = EventValue(self.key) if self.key else EventValue()
            channel = EventValue(constant=json.dumps(self.channel))
            return Call(self.op.value, None, (channel, value, key), (("keep_all", json.dumps(self.keep_all)),))
        if self.op is Op.MERGE and not self.at:
            return Call("merge_response", None, (value,))
        if self.op is Op.PARSE:
            return Call("parse", self.slot, ())
        keywords: tuple[tuple[str, str], ...] = (("check", "true"),) if self.check else ()
        if self.optional and self.op in (Op.CREATE, Op.REPLACE):
            keywords += (("optional", "true"),)
        return Call(self.op.value, self.slot, (value,), keywords)


@dataclass(frozen=True, slots=True)
class EventRule:
    """What an event type does: ``tag`` (the value of the tag field), ``member`` (its model;
    ``""`` for a type the spec does not list), its actions, and where the entry came from
    (``map:<file>``, ``x-merge``, ``override``)."""

    tag: str
    member: str
    actions: tuple[Action, ...]
    source: str

    @property
    def calls(self) -> tuple[Call, ...]:
        """The runtime calls of its actions without ``when``, in order (``ignore`` makes none)."""
        return tuple(c for a in self.actions if a.when is None and (c := a.call()) is not None)

    @property
    def dispatch(self) -> EventValue | None:
        """The nested field its ``when`` entries test (``delta.type``), or None: the checks
        make every ``when`` of one event type test the same field."""
        return next((EventValue(a.when[0]) for a in self.actions if a.when is not None), None)

    @property
    def cases(self) -> tuple[tuple[str, tuple[Call, ...]], ...]:
        """``(JSON text of a value of the dispatch field, the calls made for it)``, in the
        order the map first names each value; an event whose value is none of them is kept
        as unknown (the fold's ``unmatched``)."""
        found: dict[str, list[Call]] = {}
        for action in self.actions:
            if action.when is not None:
                calls = found.setdefault(action.when[1], [])
                if (call := action.call()) is not None:
                    calls.append(call)
        return tuple((value, tuple(calls)) for value, calls in found.items())


def shared_walks(calls: tuple[Call, ...]) -> frozenset[Any]:
    """Walks (``Slot.walk``) that several ``calls`` use: a handler finds each object they lead
    to once per event and passes it to every call below it."""
    walks = [c.slot.walk for c in calls if c.slot is not None]
    return frozenset(w for w in walks if walks.count(w) > 1)


@dataclass(frozen=True, slots=True)
class EventPlan:
    """The checked plan of one event union.

    Attributes:
        family, root, target, tag, order: from the map (see the module docstring); ``root``
            and ``target`` as the spec names them.
        collections: the target's top-level keyed lists (``("output",)``): refresh and finalize
            keep a non-empty fold of them.
        rules: one per event type, in the union's member order (then extra declared types).
        target_class: the target's class in the IR (``naming``'s name for ``target``).
        unmapped: ``(tag value, member)`` of members the map neither maps nor ignores (they
            fold as unknown events; ``gen-models --check`` names them when a spec bump adds one).
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

    def rule(self, tag: str) -> EventRule | None:
        """The rule of an event type, or None."""
        return next((r for r in self.rules if r.tag == tag), None)

    @property
    def slots(self) -> tuple[Slot, ...]:
        """Every slot the plan's actions address, once each, in order."""
        return tuple(dict.fromkeys(s for r in self.rules for a in r.actions if (s := a.slot) is not None))


def plan_events(
    schemas: Schemas,
    root: str,
    overrides: Mapping[str, Any] | None = None,
    *,
    spec_file: Path | None = None,
    base: Mapping[str, Any] | None = None,
    allow_unmapped: bool = False,
) -> EventPlan:
    """The checked plan for union ``root`` (named as in the spec) of the IR ``schemas``:
    ``base`` (default: the shipped map for ``root``, if any), then the union's ``x-merge``,
    then ``overrides``.

    Args:
        allow_unmapped: plan what is mapped and leave other members out (their events fold
            as unknown events: kept and reported); the plan's ``unmapped`` names them.
    Raises:
        SpecError: no map for ``root``; a member not mapped (naming its tag: add an entry, or
            ``{op: ignore}``) unless ``allow_unmapped``; a path, field or op that the IR or
            vocabulary does not have.
    """
    data, sources = merged_map(schemas, root, overrides, spec_file, base)
    plan = _build(EventSchema(schemas), root, data, sources, spec_file)
    if plan.unmapped and not allow_unmapped:
        where, pointer = sources.get("events", (spec_file, ""))
        names = ", ".join(f"{tag!r} ({member})" for tag, member in plan.unmapped)
        raise SpecError(
            f"{root}: event type(s) {names} not in the merge map; map each "
            f"(x-merge: {{events: {{<type>: {{op: ...}}}}}}) or ignore it ({{op: ignore}})",
            where,
            pointer,
        )
    return plan


# -- building and checking --------------------------------------------------------------------------


def _build(
    ir: EventSchema,
    root: str,
    data: dict[str, Any],
    sources: dict[str, tuple[Path | None, str]],
    spec_file: Path | None,
) -> EventPlan:
    """The plan; members the map lacks are listed in its ``unmapped``."""
    where = sources.get("events", (spec_file, ""))

    def at(key: str) -> tuple[Path | None, str]:
        return sources.get(f"key:{key}", where)

    for key in ("target", "tag"):
        if not isinstance(data.get(key), str):
            raise SpecError(f"{root}: the merge map needs '{key}: <name>'", *at(key))
    target, tag = str(data["target"]), str(data["tag"])
    target_class = ir.class_of(target)
    if target_class is None or target_class not in ir.schemas.models:
        raise SpecError(
            f"{root}: target {target!r} is not a schema of the spec{did_you_mean(target, ir.classes)}", *at("target")
        )
    if data.get("unknown", "keep") != "keep":
        raise SpecError(f"{root}: 'unknown: {data.get('unknown')}' is not supported (only 'keep')", *at("unknown"))
    order = data.get("order")
    if order is not None and not isinstance(order, str):
        raise SpecError(f"{root}: 'order' must be an event field name", *at("order"))
    union = ir.class_of(root)
    if union is None:
        raise SpecError(f"{root!r} is not a union schema (anyOf/oneOf) of the spec", spec_file, "")
    fields = ir.member_fields(union)
    if tag not in fields:
        raise SpecError(
            f"{root}: tag {tag!r}: no member of {root} has that field{did_you_mean(tag, fields)}", *at("tag")
        )
    members = ir.members(union, tag)
    if order is not None:  # members not mapped yet are reported as such, not here
        for member in dict.fromkeys(m for t, m in members.items() if t in data["events"]):
            if not ir.is_kind(_type_of(ir.fields(member).get(order)), "integer"):
                raise SpecError(
                    f"{root}: order {order!r} is not an integer field of {member}; remove 'order' or fix it",
                    *at("order"),
                )
    origin: dict[str, str] = data.get("_origin", {})
    declared: dict[str, Any] = data["events"]
    extra: set[str] = data.get("_extra", set())
    for value in declared:
        _check_listed(value, members, value in extra, origin.get(value, ""), sources.get(value, where), union)
    rules: list[EventRule] = []
    for value, member in [*members.items(), *((v, "") for v in declared if v not in members)]:
        # a declared type the spec does not list (`extra_events`: an error event outside the
        # union, a type servers send before the spec has it) is checked for shape only
        if value in declared:
            actions = _Checker(ir, member, target_class, sources.get(value, where)).actions(declared[value])
            rules.append(EventRule(value, member, actions, origin.get(value, "map")))
    collections = tuple(dict.fromkeys(a.at[0].name for r in rules for a in r.actions if a.at and a.at[0].key))
    return EventPlan(
        family=str(data.get("family", root)),
        root=root,
        target=target,
        tag=tag,
        order=order,
        collections=collections,
        rules=tuple(rules),
        target_class=target_class,
        unmapped=tuple((v, m) for v, m in members.items() if v not in declared),
    )


def _kinds_text(kinds: frozenset[str]) -> str:
    return " or ".join(sorted(kinds))


def _type_of(field: Any) -> Any:
    return field.value_type if field is not None else None


def _check_listed(
    value: str, members: Mapping[str, str], extra: bool, origin: str, place: tuple[Path | None, str], union: str
) -> None:
    """An entry under ``events`` names a member of the union; one under ``extra_events`` a
    type the union does not list. Shipped maps cover several versions of a vendor's spec, so
    their ``events`` may name types an older version lacks (taken as extra)."""
    if extra and value in members:
        raise SpecError(
            f"event type {value!r} is a member of {union} ({members[value]}): move it from 'extra_events' to 'events'",
            *place,
        )
    if not extra and value not in members and not origin.startswith("map:"):
        hint = did_you_mean(value, members)
        raise SpecError(
            f"event type {value!r} is not a member of {union}{hint}{' ' if hint else '. '}An event type "
            "the spec does not list (an error event, a type newer servers send) goes under 'extra_events'",
            *place,
        )


class _Checker:
    """Reads one event type's entries into actions, checked against its member's fields and
    the target (``member`` is ``""`` for a type the spec does not list: shape checks only)."""

    def __init__(self, ir: EventSchema, member: str, target: str, place: tuple[Path | None, str]) -> None:
        self.ir, self.member, self.target, self.place = ir, member, target, place
        self.fields = ir.fields(member) if member else {}

    def actions(self, entry: Any) -> tuple[Action, ...]:
        entries = entry if isinstance(entry, list) else [entry]
        if not entries:
            raise SpecError("an empty entry: give an op ({op: ignore} to skip the event)", *self.place)
        file, pointer = self.place
        actions = tuple(
            _Checker(
                self.ir,
                self.member,
                self.target,
                (file, join_pointer(pointer, i) if isinstance(entry, list) else pointer),
            ).action(e)
            for i, e in enumerate(entries)
        )
        tested = sorted({a.when[0] for a in actions if a.when is not None})
        if len(tested) > 1:
            raise self.error(
                f"the entries' 'when' test {' and '.join(tested)}: the entries of one event type test one field"
            )
        return actions

    def error(self, message: str) -> SpecError:
        return SpecError(message, *self.place)

    def event_field(self, name: Any, what: str, kind: str | None = None) -> str:
        """``name``, checked to be a field of the event (of JSON ``kind`` when given)."""
        if not isinstance(name, str) or not name:
            raise self.error(f"{what} must name a field of the event")
        if self.member:
            if name not in self.fields:
                raise self.error(f"{what} {name!r}: {self.member} has no such field{did_you_mean(name, self.fields)}")
            kinds = ("integer", "string") if kind == "key" else (kind,) if kind else ()
            if kinds and not any(self.ir.is_kind(self.fields[name].value_type, k) for k in kinds):
                wanted = "a string" if kinds == ("string",) else "an integer or string"
                raise self.error(f"{what} {name!r}: {self.member}.{name} must be {wanted} field")
        return name

    def action(self, entry: Any) -> Action:
        if not isinstance(entry, dict):
            raise self.error("a merge-map entry must be a mapping such as {op: append, at: ..., value: ...}")
        unknown = set(entry) - _ENTRY_KEYS
        if unknown:
            key = min(unknown)
            raise self.error(f"unknown entry key {key!r}{did_you_mean(key, _ENTRY_KEYS)}")
        try:
            op = Op(entry.get("op"))
        except ValueError:
            ops = [o.value for o in Op]
            raise self.error(
                f"op {entry.get('op')!r} is not one of {', '.join(ops)}{did_you_mean(str(entry.get('op')), ops)}"
            ) from None
        when = self.when(entry["when"]) if "when" in entry else None
        raw_value = entry.get("value")
        if raw_value is not None and op in _NO_VALUE:
            raise self.error(f"op {op.value!r} takes no 'value'")
        value, constant = self.value(op, raw_value, when)
        at = self.path(entry["at"]) if "at" in entry else ()
        if at and op not in _SLOT_OPS:
            raise self.error(f"op {op.value!r} takes no 'at'")
        if op is Op.MERGE and not at and value is None:
            raise self.error("op 'merge' needs 'value' (an event field holding an object)")
        optional = entry.get("optional", False)
        if not isinstance(optional, bool):
            raise self.error(f"optional {optional!r}: true or false")
        derived = False
        if op in _LIFECYCLE and value is None and self.member:
            value = next((n for n, f in self.fields.items() if self.ir.holds(f.value_type, self.target)), None)
            if value is None:
                raise self.error(f"{self.member} has no field whose schema is {self.target}: declare 'value'")
            derived = True
        if op in (Op.CREATE, Op.REPLACE) and not at and self.member:
            at, value = self.derived_slot()
            derived = True
        fixed: tuple[str, ...] = ()
        if op is Op.PARSE and at and at[-1].key is not None:
            raise self.error("op 'parse' parses a field: its 'at' ends in a name, not name[{key}]")
        if op in _SLOT_OPS and (at or op is not Op.MERGE):
            fixed = self.check_slot(op, at, value, constant, raw_value, when)
        if op is Op.SIDE and (value is None or not isinstance(entry.get("channel"), str)):
            raise self.error("op 'side' needs 'channel' (a name) and 'value' (an event field)")
        keep = entry.get("keep", "all")
        if keep not in ("all", "last"):
            raise self.error(f"keep {keep!r}: 'all' or 'last'")
        if entry.get("check") not in (None, "fold"):
            raise self.error(f"check {entry.get('check')!r}: only 'fold'")
        new = entry.get("new")
        if new is not None and not isinstance(new, dict):
            raise self.error("'new' must be an object (what a slot created by this event starts as)")
        try:  # the generated module holds it as JSON: no inf or nan (they would not import)
            new_json = json.dumps(new, sort_keys=True, allow_nan=False) if new is not None else None
        except ValueError:
            raise self.error("'new' holds inf or nan, which JSON has not; write a finite number or a string") from None
        except RecursionError:
            raise self.error("'new' nests too deeply (over several hundred levels)") from None
        return Action(
            op=op,
            at=at,
            value=value,
            constant=constant,
            ident=self.event_field(entry["id"], "id", "string") if "id" in entry else None,
            check=entry.get("check") == "fold",
            new=new_json,
            channel=entry.get("channel"),
            key=self.event_field(entry["key"], "key", "key") if "key" in entry else None,
            keep_all=keep == "all",
            derived=derived,
            when=when,
            optional=optional,
            fixed=fixed,
        )

    def value(self, op: Op, raw: Any, when: tuple[str, str] | None) -> tuple[str | None, str | None]:
        """``(event field path or "*", JSON text of a constant)`` of an entry's ``value``."""
        if isinstance(raw, str) and raw.startswith("="):
            return None, json.dumps(raw[1:])
        if raw == WHOLE_EVENT:
            if op not in _LIFECYCLE and op is not Op.SIDE:
                raise self.error(
                    f"value '*' (the whole event) is for init, refresh, finalize and side, not {op.value!r}"
                )
            return WHOLE_EVENT, None
        if raw is None:
            return None, None
        if isinstance(raw, str) and "." in raw:
            self.value_types(raw, "value", when)
            return raw, None
        return self.event_field(raw, "value"), None

    def value_types(self, text: str, what: str, when: tuple[str, str] | None = None) -> list[Any]:
        """The types the event's nested field ``text`` (``delta.text``) may have; with
        ``when``, only the union members its tag selects are read (``delta.type`` is
        ``text_delta``: ``delta`` is a ``TextContentBlockDelta``)."""
        names = text.split(".")
        if any(not n for n in names):
            raise self.error(f"{what} {text!r}: a path of event fields such as delta.text")
        if not self.member:
            return []
        current = [self.fields[self.event_field(names[0], what)].value_type]
        for i, name in enumerate(names[1:], 1):
            shapes = [x for t in current for x in self.ir.shapes(t)]
            if when is not None and tuple(when[0].split("."))[:-1] == tuple(names[:i]):
                tag, wanted = when[0].rsplit(".", 1)[-1], json.loads(when[1])
                shapes = [x for x in shapes if self._has_value(x, tag, wanted)]
            found = [self.ir.fields(x.name) for x in shapes if isinstance(x, ModelRef)]
            following = [f[name].value_type for f in found if name in f]
            if not following:
                known = sorted({n for f in found for n in f})
                head = ".".join(names[:i])
                raise self.error(
                    f"{what} {text!r}: {self.member}.{head} has no field {name!r}{did_you_mean(name, known)}"
                )
            current = following
        return current

    def _has_value(self, shape: Any, tag: str, wanted: Any) -> bool:
        field = self.ir.fields(shape.name).get(tag) if isinstance(shape, ModelRef) else None
        return field is not None and self.ir.allows([field.value_type], wanted)

    def when(self, raw: Any) -> tuple[str, str]:
        """``{delta.type: text_delta}`` → ``("delta.type", '"text_delta"')``, checked: one
        nested field, and a value some member of the field's schema allows."""
        if not isinstance(raw, dict) or len(raw) != 1:
            raise self.error("'when' must be one field and its value, such as {delta.type: text_delta}")
        ((path, wanted),) = raw.items()
        if not isinstance(path, str) or isinstance(wanted, (dict, list)) or wanted is None:
            raise self.error("'when' must be one field and its value, such as {delta.type: text_delta}")
        types = self.value_types(path, "when")
        if types and not self.ir.allows(types, wanted):
            raise self.error(f"when {path} = {wanted!r}: no schema of {self.member}.{path} allows that value")
        if types and not self.is_tag(path, types):
            raise self.error(
                f"when {path}: {self.member}.{path} is not a tag (an enum, or the discriminator of a union); "
                "'when' branches on the field that names what kind of value an event carries"
            )
        return path, json.dumps(wanted)

    def is_tag(self, path: str, types: list[Any]) -> bool:
        """Whether the event field ``path`` of types ``types`` names a kind: an enum (a
        const), or the discriminator property of the union holding it."""
        if any(isinstance(x, Enum) for t in types for x in self.ir.shapes(t)):
            return True
        head, _, name = path.rpartition(".")
        parents = self.value_types(head, "when") if head else [ModelRef(self.member)]
        return any(self.ir.discriminated_by(t, name) for t in parents)

    def path(self, text: Any) -> tuple[Step, ...]:
        """``output[{output_index}].content[{content_index}].text`` → steps (the runtime's grammar)."""
        if not isinstance(text, str) or not text:
            raise self.error("'at' must be a path such as output[{output_index}].text")
        try:
            return tuple(Step(name, key) for name, key in _path_steps(text))
        except ValueError as exc:
            raise self.error(str(exc)) from None

    def check_slot(
        self,
        op: Op,
        at: tuple[Step, ...],
        value: str | None,
        constant: str | None,
        raw: Any,
        when: tuple[str, str] | None,
    ) -> tuple[str, ...]:
        """Check a slot op: its path resolves in the target, its value can go there (by JSON
        kind: text is appended to text, a list extends a list...). Returns the fields of an
        appended object never joined (the enum-typed fields of the slot's objects)."""
        if not at:
            raise self.error(f"op {op.value!r} needs 'at' (a path such as output[{{output_index}}].text)")
        if value is None and constant is None and op is not Op.PARSE:
            raise self.error(f"op {op.value!r} needs 'value' (an event field, or =constant)")
        for step in at:
            if step.key:
                self.event_field(step.key, f"placeholder {{{step.key}}}", "key")
        path = ".".join(map(str, at))
        leaves = self.ir.resolve(self.target, tuple((s.name, s.key is not None) for s in at))
        if not leaves:
            raise self.error(f"path {path!r} does not resolve in {self.target}")
        if constant is not None and not self.ir.allows(leaves, json.loads(constant)):
            raise self.error(f"{raw!r}: no schema that {path} reaches allows it")
        if value is None or value == WHOLE_EVENT or not self.member:
            return ()
        values = self.value_types(value, "value", when)
        self.check_kinds(op, value, values, path, leaves)
        if op is Op.APPEND and "object" in self.ir.json_kinds(values):
            return self.ir.enum_fields(leaves)
        return ()

    def check_kinds(self, op: Op, value: str, values: list[Any], path: str, leaves: list[Any]) -> None:
        """The value's JSON kinds against the slot's: text or an object is appended to its
        kind, JSON text is text, a list extends a list, an object merges into an object, an
        item is pushed onto a list of its kind, other values share a kind with the slot.
        ``any`` (or a schema that says nothing) fits all."""
        have, slot = self.ir.json_kinds(values) - {"null"}, self.ir.json_kinds(leaves) - {"null"}
        if op is Op.PUSH:
            if slot and "any" not in slot and "array" not in slot:
                raise self.error(f"op 'push' at {path!r}: {self.target}.{path} is not a list")
            slot = self.ir.json_kinds(self.ir.items(leaves)) - {"null"}
        if op is Op.JSON:
            fits = "any" in have or have <= {"string"}
        elif not have or not slot or "any" in have or "any" in slot:
            return
        elif op is Op.APPEND:
            fits = bool(have & slot & {"string", "object"})
        elif op is Op.EXTEND:
            fits = "array" in have and "array" in slot
        elif op is Op.MERGE:
            fits = "object" in have and "object" in slot
        else:
            fits = bool(have & slot)
        if not fits:
            raise self.error(
                f"op {op.value!r}: value {value!r} ({_kinds_text(have)}) cannot go to {path!r} ({_kinds_text(slot)})"
            )

    def derived_slot(self) -> tuple[tuple[Step, ...], str]:
        """For ``create``/``replace`` without ``at``: the event field whose type is the items
        of a top-level list of the target, and the integer ``<list>_index`` field addressing it."""
        for name, items in self.ir.top_lists(self.target).items():
            for field_name, f in self.fields.items():
                if strip_null(f.value_type) == items:
                    index = f"{name}_index" if f"{name}_index" in self.fields else f"{name.rstrip('s')}_index"
                    if index in self.fields:
                        return (Step(name, index),), field_name
        raise self.error(f"no field of the event is an item of a list of {self.target}: declare 'at' and 'value'")


# -- showing a plan -----------------------------------------------------------------------------------


def explain(plan: EventPlan) -> str:
    """The plan as a table for ``--explain-merge``: one line per action (event type, op, path,
    value, identity check, source)."""
    header = (
        f"{plan.root} -> {plan.target}  (family {plan.family}; tag {plan.tag!r}; "
        f"order {plan.order or '-'}; keyed lists: {', '.join(plan.collections) or '-'}; unknown types kept)"
    )
    rows = [("event type", "op", "at", "value", "id", "source")]
    for rule in plan.rules:
        for action in rule.actions:
            value = action.value or (f"={json.loads(action.constant)}" if action.constant else "")
            if action.op is Op.SIDE:
                latest = f" (latest per {action.key})" if action.key else " (latest)"
                value = f"{value} -> {action.channel}" + ("" if action.keep_all else latest)
            extras = " (check)" if action.check else ""
            extras += " (derived)" if action.derived else ""
            extras += " (optional)" if action.optional else ""
            if action.when is not None:
                extras += f" when {action.when[0]}={json.loads(action.when[1])}"
            source = rule.source + ("" if rule.member else ", not in spec")
            rows.append((rule.tag, action.op.value + extras, action.path, value, action.ident or "", source))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    lines = [header]
    for row in rows:
        lines.append("  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  " + row[-1])
    return "\n".join(line.rstrip() for line in lines) + "\n"


# -- folding with a plan (no generated code) ------------------------------------------------------------


def fold_handlers(plan: EventPlan) -> dict[str, _Handler]:
    """``{event type: handler}`` making each action's ``call()`` at run time: the calls the
    generated handlers write out (``render_events``)."""
    slots = {
        slot: _Slot(slot.path, ident=slot.ident, new=json.loads(slot.new) if slot.new else None, fixed=slot.fixed)
        for slot in plan.slots
    }
    return {rule.tag: _rule_handler(rule, slots) for rule in plan.rules}


def new_fold(plan: EventPlan, *, strict: bool = False) -> _EventFold:
    """An empty fold for ``plan``'s stream: ``fold.add(event)`` each event, ``fold.snapshot()``."""
    return _EventFold(fold_handlers(plan), tag=plan.tag, collections=plan.collections, order=plan.order, strict=strict)


def _rule_handler(rule: EventRule, slots: Mapping[Slot, _Slot]) -> _Handler:
    calls, dispatch = (rule.calls, shared_walks(rule.calls)), rule.dispatch
    cases = {json.loads(value): (case, shared_walks(case)) for value, case in rule.cases}

    def handle(fold: _EventFold, event: dict[str, Any]) -> None:
        _make_calls(*calls, fold, event, slots)
        if dispatch is not None:
            tag = dispatch.of(event)
            case = cases.get(tag) if isinstance(tag, (str, int, float, bool)) else None
            if case is None:
                fold.unmatched(str(dispatch.field), tag)
            else:
                _make_calls(*case, fold, event, slots)

    return handle


def _make_calls(
    calls: tuple[Call, ...],
    shared: frozenset[Any],
    fold: _EventFold,
    event: dict[str, Any],
    slots: Mapping[Slot, _Slot],
) -> None:
    parents: dict[Any, Any] = {}
    for call in calls:
        args = [a.of(event) for a in call.args]
        keywords = {name: json.loads(text) for name, text in call.keywords}
        if call.slot is None:
            getattr(fold, call.method)(*args, **keywords)
            continue
        slot = slots[call.slot]
        if call.slot.walk in shared and call.slot.walk not in parents:
            parents[call.slot.walk] = slot.parent(fold, event)
        getattr(slot, call.method)(fold, event, *args, parents.get(call.slot.walk), **keywords)
