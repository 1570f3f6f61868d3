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

import dataclasses
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .errors import SpecError, did_you_mean
from .event_check import EntryChecker, check_listed, type_of
from .event_infer import InferredMap, choose_target, infer_fold, tag_field
from .event_schema import EventSchema
from .event_vocabulary import Action, Call, EventPlan, EventRule, Op, Slot, shared_walks
from .merge_maps import map_target, merged_map, x_merge
from .model import Schemas
from .runtime.event_paths import _Slot
from .runtime.events import _EventFold, _Handler
from .warning_kinds import EVENT_NOT_FOLDED, SpecWarning


class NoFold(SpecError):
    """A union that no map covers and whose fold the schema does not give (no target)."""


def plan_events(
    schemas: Schemas,
    root: str,
    overrides: Mapping[str, Any] | None = None,
    *,
    spec_file: Path | None = None,
    base: Mapping[str, Any] | None = None,
    allow_unmapped: bool = False,
    shipped: bool = True,
    infer: bool = True,
) -> EventPlan:
    """The checked plan for union ``root`` (named as in the spec) of the IR ``schemas``: the
    fold inferred from the schema (``event_infer``; unless not ``infer``), then ``base``
    (default: the shipped map for ``root``, if any and ``shipped``), then the union's
    ``x-merge``, then ``overrides``: each layer's entry for an event type replaces the one
    below it, whole.

    Args:
        allow_unmapped: plan what is mapped and leave other members out (their events fold
            as unknown events: kept and reported); the plan's ``unmapped`` names them.
    Raises:
        NoFold: no layer at all for ``root`` (no map, and no target to infer a fold into).
        SpecError: a member not mapped (naming its tag: add an entry, or ``{op: ignore}``)
            unless ``allow_unmapped``; a path, field or op that the IR or vocabulary does not
            have.
    """
    ir = EventSchema(schemas)
    inferred = _inferred(ir, schemas, root, overrides, shipped) if infer else None
    try:
        data, sources = merged_map(
            schemas, root, overrides, spec_file, base, inferred.layer() if inferred else None, shipped
        )
    except SpecError as exc:
        if exc.message.startswith("no merge map"):
            raise NoFold(exc.message, exc.file, exc.pointer) from None
        raise
    if inferred is not None:
        data["_reasons"] = inferred.reasons()
    plan = _build(ir, root, data, sources, spec_file)
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


def _inferred(
    ir: EventSchema, schemas: Schemas, root: str, overrides: Mapping[str, Any] | None, shipped: bool
) -> InferredMap | None:
    """The fold inferred for ``root``, into the target a map names, else one its operation
    answers (the best of several), else the object most of its events build."""
    union = ir.class_of(root)
    if union is None or union not in schemas.aliases:
        return None
    named = map_target(root, x_merge(schemas, root)[0], overrides, shipped)
    candidates = [named] if named is not None else list(schemas.union_targets.get(root, ()))
    classes = [c for name in candidates if (c := ir.class_of(name)) is not None and c in schemas.models]
    if len(classes) > 1:
        tag = tag_field(ir, union)
        chosen = choose_target(ir, ir.members(union, tag), tag, classes) if tag else None
        classes = [chosen] if chosen else classes[:1]
    try:
        return infer_fold(ir, union, classes[0] if classes else None)
    except SpecError:  # a union whose members the fold cannot tell apart: no inferred layer
        return None


def undecided_warnings(plan: EventPlan) -> list[SpecWarning]:
    """One warning per event type of ``plan`` that no layer decides (kept as unknown events)."""
    return [SpecWarning(EVENT_NOT_FOLDED, f"{plan.root} event {tag!r}", why) for tag, why in plan.undecided]


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
    reasons: dict[str, str] = data.get("_reasons", {})
    rules: list[EventRule] = []
    undecided: list[tuple[str, str]] = []
    for value, member in [*members.items(), *((v, "") for v in declared if v not in members)]:
        # a declared type the spec does not list (`extra_events`: an error event outside the
        # union, a type servers send before the spec has it) is checked for shape only
        source = origin.get(value, "map")
        if value in declared:
            checker = EntryChecker(ir, member, target_class, sources.get(value, where), (tag, value))
            try:
                actions = checker.actions(declared[value])
            except SpecError as exc:
                if source != "inferred":
                    raise
                undecided.append((value, f"the checks refuse what inference gave: {exc.message}"))
                continue
            reason = reasons.get(value, "") if source == "inferred" else ""
            rules.append(EventRule(value, member, actions, source, declared[value], reason))
        elif value in reasons:
            undecided.append((value, reasons[value].removeprefix("undecided: ")))
    rules = _opened(rules)
    collections = tuple(
        dict.fromkeys(
            a.at[0].name
            for r in rules
            for a in r.actions
            if a.at and (a.at[0].key or (a.op is Op.PUSH and len(a.at) == 1))
        )
    )
    return EventPlan(
        family=str(data.get("family", root)),
        root=root,
        target=target,
        tag=tag,
        order=order,
        collections=collections,
        rules=tuple(rules),
        target_class=target_class,
        unmapped=tuple((v, m) for v, m in members.items() if v not in declared and v not in reasons),
        undecided=tuple(undecided),
        extra=tuple(sorted(extra & set(declared))),
    )


#: ops that make the slot they land on (a later event addressing inside it finds it there)
_MAKERS = {Op.CREATE, Op.REPLACE, Op.MERGE, Op.SET, Op.APPEND, Op.PARTS, Op.JSON}


def _opened(rules: list[EventRule]) -> list[EventRule]:
    """The rules with ``opens`` set on the actions whose slots no event makes on the way: the
    keyed steps before their last (``content[{index}]`` of ``content[{index}].text``) that no
    action of any event lands on. The first delta then makes them, by design: unreported."""
    made = {a.at for r in rules for a in r.actions if a.op in _MAKERS}

    def opens(action: Action) -> bool:
        keyed = [i for i, step in enumerate(action.at[:-1]) if step.key]
        return bool(keyed) and not any(action.at[: i + 1] in made for i in keyed)

    return [
        dataclasses.replace(r, actions=tuple(dataclasses.replace(a, opens=True) if opens(a) else a for a in r.actions))
        for r in rules
    ]


def explain(plan: EventPlan) -> str:
    """The plan as a merge map (YAML; each entry in JSON's flow form, which YAML reads) for
    ``--explain-merge``: family keys, then one line (or one list) per event type, each with a
    comment saying where it came from (``# inferred: <why>``, ``# map: <file>``...). Saved to
    a file, edited and passed back with ``--merge-map``, it gives the same plan: each entry
    is the one the plan was checked from. Event types no layer decides are listed last, as
    comments."""
    lines = [
        f"# {plan.root} -> {plan.target}: the fold of each event type (--merge-map FILE takes this back;",
        "# an entry you write replaces the one here, whole; docs/events.md has the vocabulary)",
        f"root: {_scalar(plan.root)}",
        f"target: {_scalar(plan.target)}",
        f"tag: {_scalar(plan.tag)}",
    ]
    if plan.family != plan.root:
        lines.append(f"family: {_scalar(plan.family)}")
    if plan.order:
        lines.append(f"order: {_scalar(plan.order)}")
    for section, rules in (
        ("events", [r for r in plan.rules if r.tag not in plan.extra]),
        ("extra_events", [r for r in plan.rules if r.tag in plan.extra]),
    ):
        if rules:
            lines.append(f"{section}:")
            lines += [line for rule in rules for line in _entry_lines(rule)]
    for tag, why in plan.undecided:
        lines.append(f"# {_scalar(tag)}: not decided ({why}); kept as an unknown event")
    for tag, member in plan.unmapped:
        lines.append(f"# {_scalar(tag)}: not in any map ({member}); kept as an unknown event")
    return "\n".join(lines) + "\n"


def _scalar(text: str) -> str:
    """A YAML scalar for a name: plain when it reads back as that string, else quoted."""
    plain = text and all(c.isalnum() or c in "_.-/" for c in text) and not text[0].isdigit() and text[0] not in "-."
    return (
        text if plain and text.lower() not in ("true", "false", "null", "yes", "no", "on", "off") else json.dumps(text)
    )


def _entry_lines(rule: EventRule) -> list[str]:
    """An event type's entry (or list of entries), with where it came from."""
    note = f"inferred: {rule.reason}" if rule.source == "inferred" else rule.source.replace("map:", "map: ", 1)
    entries = rule.entry if isinstance(rule.entry, list) else [rule.entry]
    key = f"  {_scalar(rule.tag)}:"
    if len(entries) == 1 and not isinstance(rule.entry, list):
        return [f"{key} {json.dumps(entries[0], ensure_ascii=False)}  # {note}"]
    return [f"{key}  # {note}", *(f"    - {json.dumps(e, ensure_ascii=False)}" for e in entries)]


# -- folding with a plan (no generated code) ------------------------------------------------------------


def fold_handlers(plan: EventPlan) -> dict[str, _Handler]:
    """``{event type: handler}`` making each action's ``call()`` at run time: the calls the
    generated handlers write out (``render_events``)."""
    slots = {
        slot: _Slot(
            slot.path,
            ident=slot.ident,
            new=json.loads(slot.new) if slot.new else None,
            fixed=slot.fixed,
            opens=slot.opens,
            kinds=slot.kinds,
        )
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
            tag = rule.case_of(event)
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
