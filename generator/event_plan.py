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
the IR (``event_check``, through ``event_schema``): every member mapped or ignored, every path resolves in the target,
every placeholder names an integer or string field of the event (errors are ``SpecError``
naming the place and what to do).

What an op does is defined once (``event_vocabulary``): ``Action.call`` says which method of the fold runtime
(``runtime/events.py``, ``runtime/event_paths.py``) it calls with which values; the generated
handlers (``render_events``) write that call out, and ``new_fold`` makes the same calls
without generating code.

User overrides: ``x-merge`` on the union schema in the spec, and a dict (configuration / CLI),
each of the map's shape (family keys and/or ``events``); an override entry replaces the shipped
entry of that event type whole.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .errors import SpecError, did_you_mean
from .event_check import EntryChecker, check_listed, type_of
from .event_schema import EventSchema
from .event_vocabulary import Call, EventPlan, EventRule, Op, Slot, shared_walks
from .merge_maps import merged_map
from .model import Schemas
from .runtime.event_paths import _Slot
from .runtime.events import _EventFold, _Handler


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
    if not isinstance(data.get("family", root), str):
        raise SpecError(f"{root}: 'family' must be a name (a string, for messages)", *at("family"))
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
            if not ir.is_kind(type_of(ir.fields(member).get(order)), "integer"):
                raise SpecError(
                    f"{root}: order {order!r} is not an integer field of {member}; remove 'order' or fix it",
                    *at("order"),
                )
    origin: dict[str, str] = data.get("_origin", {})
    declared: dict[str, Any] = data["events"]
    extra: set[str] = data.get("_extra", set())
    for value in declared:
        check_listed(value, members, value in extra, origin.get(value, ""), sources.get(value, where), union)
    rules: list[EventRule] = []
    for value, member in [*members.items(), *((v, "") for v in declared if v not in members)]:
        # a declared type the spec does not list (`extra_events`: an error event outside the
        # union, a type servers send before the spec has it) is checked for shape only
        if value in declared:
            actions = EntryChecker(ir, member, target_class, sources.get(value, where)).actions(declared[value])
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
