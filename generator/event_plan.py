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
from .model import Schemas, strip_null
from .runtime.event_paths import _path_steps, _Slot
from .runtime.events import _EventFold, _Handler


class Op(enum.Enum):
    """What one event does to the snapshot; its value, as maps write it, is also the method
    it calls (on the fold for lifecycle and side ops, on the action's ``_Slot`` for slot ops;
    ``error`` calls the fold's ``fail``)."""

    INIT = "init"  #: the snapshot starts from the value (``response.created``)
    REFRESH = "refresh"  #: top-level fields from the value, folded lists kept; may come first
    FINALIZE = "finalize"  #: terminal; the value wins, a null/absent/empty list is filled from the fold
    CREATE = "create"  #: create the slot from the value (reported if it exists)
    REPLACE = "replace"  #: set the slot to the server's value; ``check: fold`` compares
    APPEND = "append"  #: append text (an object appends field by field)
    EXTEND = "extend"  #: extend a list
    SET = "set"  #: set a constant only the event's name carries (a status)
    SIDE = "side"  #: no snapshot change: collect into a named side channel
    ERROR = "error"  #: the stream's error event: kept, no snapshot change (the fold's ``fail``)
    IGNORE = "ignore"  #: nothing


_LIFECYCLE = {Op.INIT, Op.REFRESH, Op.FINALIZE}
#: ``value: "*"``: the whole event is the value (small families whose last event is the result)
WHOLE_EVENT = "*"
_SLOT_OPS = {Op.CREATE, Op.REPLACE, Op.APPEND, Op.EXTEND, Op.SET}
_ENTRY_KEYS = {"op", "at", "value", "id", "check", "new", "channel", "key", "keep"}


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
    the event field checked against the first keyed step's ``id``, and JSON text of what a
    slot the event must create starts as."""

    at: tuple[Step, ...]
    ident: str | None = None
    new: str | None = None

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
    """An argument of an op's call: the event field ``field``, the whole event (``field`` is
    ``"*"``), or, with ``field`` None, the constant whose JSON text is ``constant``."""

    field: str | None = None
    constant: str | None = None

    def of(self, event: Mapping[str, Any]) -> Any:
        """The value for one event (what the generated ``e.get(...)`` reads)."""
        if self.field == WHOLE_EVENT:
            return event
        if self.field is not None:
            return event.get(self.field)
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

    @property
    def path(self) -> str:
        """``output[{output_index}].content[{content_index}].text``."""
        return ".".join(str(s) for s in self.at)

    @property
    def slot(self) -> Slot | None:
        """Where a slot op lands; None for the other ops."""
        return Slot(self.at, self.ident, self.new) if self.op in _SLOT_OPS else None

    def call(self) -> Call | None:
        """The one definition of what this action does: the runtime call it makes (None for
        ``ignore``). Generated handlers write it out; ``new_fold`` makes it."""
        value = EventValue(self.value, self.constant)
        if self.op is Op.IGNORE:
            return None
        if self.op is Op.ERROR:
            return Call("fail", None, (EventValue(WHOLE_EVENT),))
        if self.op is Op.SIDE:
            key = EventValue(self.key) if self.key else EventValue()
            channel = EventValue(constant=json.dumps(self.channel))
            return Call(self.op.value, None, (channel, value, key), (("keep_all", json.dumps(self.keep_all)),))
        check = (("check", "true"),) if self.check else ()
        return Call(self.op.value, self.slot, (value,), check)


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
        """The runtime calls its actions make, in order (``ignore`` makes none)."""
        return tuple(c for a in self.actions if (c := a.call()) is not None)

    @property
    def shared_walks(self) -> frozenset[Any]:
        """Walks (``Slot.walk``) that several of its calls use: a handler finds each object
        they lead to once per event and passes it to every call below it."""
        walks = [c.slot.walk for c in self.calls if c.slot is not None]
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
    for key in ("target", "tag"):
        if not isinstance(data.get(key), str):
            raise SpecError(f"{root}: the merge map needs '{key}: <name>'", *where)
    target, tag = str(data["target"]), str(data["tag"])
    target_class = ir.class_of(target)
    if target_class is None or target_class not in ir.schemas.models:
        raise SpecError(
            f"{root}: target {target!r} is not a schema of the spec{did_you_mean(target, ir.classes)}", *where
        )
    if data.get("unknown", "keep") != "keep":
        raise SpecError(f"{root}: 'unknown: {data.get('unknown')}' is not supported (only 'keep')", *where)
    order = data.get("order")
    if order is not None and not isinstance(order, str):
        raise SpecError(f"{root}: 'order' must be an event field name", *where)
    union = ir.class_of(root)
    if union is None:
        raise SpecError(f"{root!r} is not a union schema (anyOf/oneOf) of the spec", spec_file, "")
    members = ir.members(union, tag)
    if order is not None:  # members not mapped yet are reported as such, not here
        for member in dict.fromkeys(m for t, m in members.items() if t in data["events"]):
            if not ir.is_kind(_type_of(ir.fields(member).get(order)), "integer"):
                raise SpecError(
                    f"{root}: order {order!r} is not an integer field of {member}; remove 'order' or fix it", *where
                )
    origin: dict[str, str] = data.get("_origin", {})
    declared: dict[str, Any] = data["events"]
    rules: list[EventRule] = []
    for value, member in [*members.items(), *((v, "") for v in declared if v not in members)]:
        # a declared type the spec does not list yet (servers send them: apply_patch_call_operation_diff)
        # is allowed, checked for shape only
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


def _type_of(field: Any) -> Any:
    return field.value_type if field is not None else None


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
        return tuple(
            _Checker(
                self.ir,
                self.member,
                self.target,
                (file, join_pointer(pointer, i) if isinstance(entry, list) else pointer),
            ).action(e)
            for i, e in enumerate(entries)
        )

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
        raw_value = entry.get("value")
        value, constant = self.value(op, raw_value)
        at = self.path(entry["at"]) if "at" in entry else ()
        if at and op not in _SLOT_OPS:
            raise self.error(f"op {op.value!r} takes no 'at'")
        derived = False
        if op in _LIFECYCLE and value is None and self.member:
            value = next((n for n, f in self.fields.items() if self.ir.holds(f.value_type, self.target)), None)
            if value is None:
                raise self.error(f"{self.member} has no field whose schema is {self.target}: declare 'value'")
            derived = True
        if op in (Op.CREATE, Op.REPLACE) and not at and self.member:
            at, value = self.derived_slot()
            derived = True
        if op in _SLOT_OPS:
            self.check_slot(op, at, value, constant, raw_value)
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
        )

    def value(self, op: Op, raw: Any) -> tuple[str | None, str | None]:
        """``(event field or "*", JSON text of a constant)`` of an entry's ``value``."""
        if isinstance(raw, str) and raw.startswith("="):
            return None, json.dumps(raw[1:])
        if raw == WHOLE_EVENT:
            if op not in _LIFECYCLE and op is not Op.SIDE:
                raise self.error(
                    f"value '*' (the whole event) is for init, refresh, finalize and side, not {op.value!r}"
                )
            return WHOLE_EVENT, None
        return (self.event_field(raw, "value"), None) if raw is not None else (None, None)

    def path(self, text: Any) -> tuple[Step, ...]:
        """``output[{output_index}].content[{content_index}].text`` → steps (the runtime's grammar)."""
        if not isinstance(text, str) or not text:
            raise self.error("'at' must be a path such as output[{output_index}].text")
        try:
            return tuple(Step(name, key) for name, key in _path_steps(text))
        except ValueError as exc:
            raise self.error(str(exc)) from None

    def check_slot(self, op: Op, at: tuple[Step, ...], value: str | None, constant: str | None, raw: Any) -> None:
        if not at:
            raise self.error(f"op {op.value!r} needs 'at' (a path such as output[{{output_index}}].text)")
        if value is None and constant is None:
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
        slot: _Slot(slot.path, ident=slot.ident, new=json.loads(slot.new) if slot.new else None) for slot in plan.slots
    }
    return {rule.tag: _rule_handler(rule, slots) for rule in plan.rules}


def new_fold(plan: EventPlan, *, strict: bool = False) -> _EventFold:
    """An empty fold for ``plan``'s stream: ``fold.add(event)`` each event, ``fold.snapshot()``."""
    return _EventFold(fold_handlers(plan), tag=plan.tag, collections=plan.collections, order=plan.order, strict=strict)


def _rule_handler(rule: EventRule, slots: Mapping[Slot, _Slot]) -> _Handler:
    calls, shared = rule.calls, rule.shared_walks

    def handle(fold: _EventFold, event: dict[str, Any]) -> None:
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

    return handle
