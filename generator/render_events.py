"""Render event folds: an ``EventPlan`` in, the view ``templates/_events.py.jinja`` lays out:
per union root its slots (``_Slot`` constants), one handler per event type whose lines are its
actions' ``call()``s written out (the tests' ``event_fold.new_fold`` makes the same calls without code), a
dispatch table and ``<Union>Accumulator`` (names: ``naming.EventNames``). Every string from the
spec or a map reaches the template as a literal built by ``pytypes.literal``.
"""

from __future__ import annotations

import json
import textwrap
from collections import Counter
from typing import Any

from . import pytypes
from .event_vocabulary import WHOLE_EVENT, Action, Call, EventPlan, EventRule, EventValue, Op, Slot, shared_walks
from .naming import EventNames, local_name


def events_view(
    plans: list[EventPlan], *, parse_functions: dict[str, str], class_names: dict[str, str]
) -> dict[str, Any]:
    """The context of ``_events.py.jinja``, ``{"unions": [...], "public": [accumulators]}``, from
    the plans (one per union root to fold), ``parse_functions`` (``{target class: what turns
    decoded JSON into it}``, for ``snapshot()``) and ``class_names`` (``{union: its class}``)."""
    taken: set[str] = set()  # the module's handler and slot names, one set for all unions
    unions = [_union_view(plan, parse_functions[plan.target_class], class_names[plan.root], taken) for plan in plans]
    return {"unions": unions, "public": [u["accumulator"] for u in unions]}


def _union_view(plan: EventPlan, parse_fn: str, union: str, taken: set[str]) -> dict[str, Any]:
    names = EventNames(union, taken)
    paths = Counter(tuple(step.name for step in slot.at) for slot in plan.slots)
    slots = {slot: _slot_name(names, slot, paths) for slot in plan.slots}
    return {
        "accumulator": names.accumulator,
        "union": union,
        "target": plan.target_class,
        "parse_fn": parse_fn,
        "table": names.table,
        "tag": pytypes.literal(plan.tag),
        "collections": pytypes.literal(plan.collections),
        "quiet": pytypes.literal(tuple(r.tag for r in plan.rules if r.quiet)),
        "order": pytypes.literal(plan.order),
        "slots": [{"name": name, "value": _slot_text(slot)} for slot, name in slots.items()],
        "handlers": [_handler_view(rule, names.handler(rule.tag), slots) for rule in plan.rules],
        "doc": pytypes.docstring(_accumulator_doc(plan, union), 4),
        "ends": any(a.op in (Op.FINALIZE, Op.FINISH) for r in plan.rules for a in r.actions),
    }


def _accumulator_doc(plan: EventPlan, union: str) -> str:
    """What the accumulator does, said from its plan."""
    target = plan.target_class
    keyed = ", ".join(f"``{k}``" for k in dict.fromkeys(str(s.at[0]) for s in plan.slots if s.at and s.at[0].key))
    terminal = [r.tag for r in plan.rules if any(a.op in (Op.FINALIZE, Op.FINISH) for a in r.actions)]
    channels = list(dict.fromkeys(a.channel for r in plan.rules for a in r.actions if a.op is Op.SIDE and a.channel))
    checked = any(a.check for r in plan.rules for a in r.actions)
    parts = [
        f"Folds a stream of ``{union}`` events into the ``{target}`` they build.",
        "``add(event)`` takes a decoded dict, JSON text or bytes, or an event object of this "
        f"module; ``snapshot_dict()`` is the ``{target}`` so far as plain JSON, ``snapshot()`` the typed one. "
        + (f"Keyed slots ({keyed}) are filled by key, sparse and out-of-order safe; " if keyed else "")
        + "text is gathered and joined once"
        + ("; final values are checked against the fold. " if checked else ". ")
        + (f"The stream ends with {' or '.join(f'``{t}``' for t in terminal)}. " if terminal else "")
        + "A stream may start without its first event.",
        "Attributes: ``anomalies`` (every stray, see ``_EventFold``), ``unknown_events`` (events of "
        "types this module does not know: kept), ``channels`` (side channels"
        + (f": {', '.join(f'``{c}``' for c in channels)}" if channels else ": none in this map")
        + "), ``error`` (the error event, if one came), ``finished`` (the terminal event's type or "
        "None). ``strict=True`` raises ``StreamMergeError`` at the first anomaly.",
    ]
    return "\n\n".join(textwrap.fill(part, 92) for part in parts)


def _slot_name(names: EventNames, slot: Slot, paths: Counter[tuple[str, ...]]) -> str:
    """A slot's constant, named for its path and, if another slot shares it, what it starts as."""
    fields = [step.name for step in slot.at]
    starts = json.loads(slot.new) if slot.new and paths[tuple(fields)] > 1 else None
    kind = starts.get("type") if isinstance(starts, dict) else None
    return names.slot(
        fields,
        item=bool(slot.at and slot.at[-1].key),
        starts_as=kind if isinstance(kind, str) else "new" if starts is not None else None,
    )


def _slot_text(slot: Slot) -> str:
    """``_Slot("output[{output_index}].text", ident="item_id")``: the fields that are set."""
    args = [pytypes.literal(slot.path)]
    for name in ("ident", "new", "fixed", "opens", "kinds"):
        if value := getattr(slot, name):
            args.append(f"{name}={pytypes.literal(json.loads(value) if name == 'new' else value)}")
    return f"_Slot({', '.join(args)})"


def _handler_view(rule: EventRule, name: str, slots: dict[Slot, str]) -> dict[str, Any]:
    summary = "; ".join(_describe(a) for a in rule.actions if not a.when)
    lines = _calls_lines(rule.calls, slots, ())
    if rule.dispatch is not None:  # one branch per value of a nested tag (or kind); others kept as unknown
        values = ", ".join(str(json.loads(value)) for value, _ in rule.cases)  # named, not retold
        kind = "the kind of " if rule.by_kind else ""
        summary += f"{'; ' if summary else ''}a case for each {kind}{rule.dispatch.field!s} ({values})"
        tag = local_name(str(rule.dispatch.field) + ("_kind" if rule.by_kind else ""), ())
        read = _value_text(rule.dispatch)
        lines.append(f"{tag} = {f'_kind_of({read})' if rule.by_kind else read}")
        for i, (value, calls) in enumerate(rule.cases):
            lines.append(f"{'el' if i else ''}if {tag} == {pytypes.literal(json.loads(value))}:")
            lines += ["    " + line for line in _calls_lines(calls, slots, (tag,))] or ["    pass"]
        lines += ["else:", f"    f.unmatched({pytypes.literal(rule.dispatch.field)}, {tag})"]
    return {
        "name": name,
        "tag": pytypes.literal(rule.tag),
        "doc": pytypes.docstring(textwrap.fill(f"``{rule.tag}``: {summary}.", 84), 4),
        "lines": lines,  # an ignored event: the docstring is the body
    }


def _calls_lines(calls: tuple[Call, ...], slots: dict[Slot, str], taken: tuple[str, ...]) -> list[str]:
    """The calls written out; a walk several calls share is found once, into a local."""
    lines: list[str] = []
    parents: dict[Any, str] = {}  # a shared walk -> the local holding its object
    shared = shared_walks(calls)
    for call in calls:
        walk = call.slot.walk if call.slot is not None else None
        if call.slot is not None and walk in shared and walk not in parents:
            parents[walk] = local_name(
                call.slot.at[-2].name if len(call.slot.at) > 1 else "response", [*taken, *parents.values()]
            )
            lines.append(f"{parents[walk]} = {slots[call.slot]}.parent(f, e)")
        lines.append(_call_text(call, slots, parents.get(walk)))
    return lines


def _describe(action: Action) -> str:
    value = action.value or (json.loads(action.constant) if action.constant else "")
    where = f" at {action.path}" if action.at else ""
    if action.op is Op.SIDE:
        return f"side channel {action.channel!r} gets {value}" + ("" if action.keep_all else " (latest)")
    if action.op is Op.IGNORE:
        return "ignored"
    when = f" when {action.when[0]} is {json.loads(action.when[1])}" if action.when else ""
    return f"{' '.join(str(p) for p in (action.op.value, value) if p != '')}{where}{when}"


def _call_text(call: Call, slots: dict[Slot, str], parent: str | None) -> str:
    """One action's call written out: ``_SLOT.append(f, e, e.get("delta"))``, ``f.init(...)``."""
    args = [_value_text(a) for a in call.args] + ([parent] if parent else [])
    args += [f"{name}={pytypes.literal(json.loads(text))}" for name, text in call.keywords]
    if call.slot is None:
        return f"f.{call.method}({', '.join(args)})"
    return f"{slots[call.slot]}.{call.method}({', '.join(['f', 'e', *args])})"


def _value_text(value: EventValue) -> str:
    if value.field == WHOLE_EVENT:
        if value.picks:
            return f"_picked(e, {pytypes.literal(value.picks)}, {pytypes.literal(json.loads(value.tags or '{}'))})"
        return "e"
    if len(value.names) > 1:
        return f"_dig(e, {', '.join(pytypes.literal(n) for n in value.names)})"
    if value.field is not None:
        return f"e.get({pytypes.literal(value.field)})"
    return pytypes.literal(json.loads(value.constant)) if value.constant is not None else "None"
