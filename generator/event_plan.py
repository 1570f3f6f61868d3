"""Event plans: how each member of an event union (``ResponseStreamEvent``) changes the object it
builds (``Response``), from a merge map checked against the IR. Layers, each event type's entry
replacing the one below whole: the fold inferred from the schema (``event_infer``), the shipped map
(``generator/maps/*.yaml``), ``x-merge`` on the union, the user's maps and overrides (``merge_maps``).
``event_check`` checks each entry (through ``event_schema``); ``event_vocabulary`` defines what an op
does (``Action.call``), which ``render_events`` writes out (the tests' ``event_fold.new_fold`` makes
the same calls without generated code). The map format and its checks: docs/events.md.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .errors import SpecError, did_you_mean
from .event_check import EntryChecker, check_listed
from .event_infer import choose_target, infer_fold, tag_field
from .event_schema import EventSchema
from .event_vocabulary import Action, EventPlan, EventRule, Op
from .event_words import CONTENT_WORDS, SSE_FIELDS, TEXT_WORDS, words
from .merge_maps import Where, map_target, merged_map, x_merge
from .model import Schemas
from .warning_kinds import CONTENT_NOT_FOLDED, EVENT_NOT_FOLDED, SpecWarning


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
    """The checked plan for union ``root`` (as the spec names it) of the IR ``schemas``: the
    inferred fold (if ``infer``), ``base`` (default: the shipped map, if ``shipped``), the
    union's ``x-merge``, ``overrides``; each layer's entry for an event type replaces the one below.

    Args:
        allow_unmapped: leave unmapped members out (folded as unknown events; the plan's ``unmapped``).
    Raises:
        NoFold: no layer at all for ``root`` (no map, no target to infer a fold into).
        SpecError: a member not mapped (unless ``allow_unmapped``); a path, field or op the IR
            or vocabulary does not have.
    """
    ir = EventSchema(schemas)
    layer, reasons = _inferred(ir, schemas, root, overrides, shipped) if infer else (None, {})
    try:
        data, sources = merged_map(schemas, root, overrides, spec_file, base, layer, shipped)
    except SpecError as exc:
        if exc.message.startswith("no merge map"):
            raise NoFold(exc.message, exc.file, exc.pointer) from None
        raise
    plan = _build(ir, root, data, sources, spec_file, reasons)
    if plan.unmapped and not allow_unmapped:
        names = ", ".join(f"{tag!r} ({member})" for tag, member in plan.unmapped)
        raise SpecError(
            f"{root}: event type(s) {names} not in the merge map; map each "
            f"(x-merge: {{events: {{<type>: {{op: ...}}}}}}) or ignore it ({{op: ignore}})",
            *sources.get("events", (spec_file, "")),
        )
    return plan


def _inferred(
    ir: EventSchema, schemas: Schemas, root: str, overrides: Mapping[str, Any] | None, shipped: bool
) -> tuple[dict[str, Any] | None, dict[str, str]]:
    """``infer_fold``'s layer and reasons for ``root`` (or ``(None, {})``), into the target a map names,
    else the best one its operation answers, else the object most of its events build."""
    union = ir.classes.get(root)
    if union is None or union not in schemas.aliases:
        return None, {}
    named = map_target(root, x_merge(schemas, root)[0], overrides, shipped)
    candidates = [named] if named is not None else list(schemas.union_targets.get(root, ()))
    classes = [c for name in candidates if (c := ir.classes.get(name)) is not None and c in schemas.models]
    if len(classes) > 1:
        tag = tag_field(ir, union)
        chosen = choose_target(ir, ir.members(union, tag), tag, classes) if tag else None
        classes = [chosen] if chosen else classes[:1]
    try:
        return infer_fold(ir, union, classes[0] if classes else None) or (None, {})
    except SpecError:  # a union whose members the fold cannot tell apart: no inferred layer
        return None, {}


def undecided_warnings(plan: EventPlan) -> list[SpecWarning]:
    """A warning per event type no layer decides (kept as unknown events), per content field no action reads."""
    found = [SpecWarning(EVENT_NOT_FOLDED, f"{plan.root} event {tag!r}", why) for tag, why in plan.undecided]
    return found + [SpecWarning(CONTENT_NOT_FOLDED, f"{plan.root} event {tag!r}", name) for tag, name in plan.unread]


def _build(
    ir: EventSchema,
    root: str,
    data: dict[str, Any],
    sources: dict[str, Where],
    spec_file: Path | None,
    reasons: dict[str, str],
) -> EventPlan:
    """The plan (``reasons``: ``infer_fold``'s); members the map lacks are listed in its ``unmapped``."""
    where = sources.get("events", (spec_file, ""))

    def error(key: str, message: str) -> SpecError:
        return SpecError(f"{root}: {message}", *sources.get(f"key:{key}", where))

    for key in ("target", "tag"):
        if not isinstance(data.get(key), str):
            raise error(key, f"the merge map needs '{key}: <name>'")
    target, tag, order = str(data["target"]), str(data["tag"]), data.get("order")
    target_class = ir.classes.get(target)
    if target_class is None or target_class not in ir.schemas.models:
        raise error("target", f"target {target!r} is not a schema of the spec{did_you_mean(target, ir.classes)}")
    if not isinstance(data.get("family", root), str):
        raise error("family", "'family' must be a name (a string, for messages)")
    if data.get("unknown", "keep") != "keep":
        raise error("unknown", f"'unknown: {data.get('unknown')}' is not supported (only 'keep')")
    if order is not None and not isinstance(order, str):
        raise error("order", "'order' must be an event field name")
    union = ir.classes.get(root)
    if union is None:
        raise SpecError(f"{root!r} is not a union schema (anyOf/oneOf) of the spec", spec_file, "")
    fields = ir.member_fields(union)
    if tag not in fields:
        raise error("tag", f"tag {tag!r}: no member of {root} has that field{did_you_mean(tag, fields)}")
    members = ir.members(union, tag)
    if order is not None:  # members not mapped yet are reported as such, not here
        for member in dict.fromkeys(m for t, m in members.items() if t in data["events"]):
            field = ir.fields(member).get(order)
            if field is None or not ir.is_kind(field.value_type, "integer"):
                raise error("order", f"order {order!r} is not an integer field of {member}; remove 'order' or fix it")
    origin: dict[str, str] = data.get("_origin", {})
    declared: dict[str, Any] = data["events"]
    extra: set[str] = data.get("_extra", set())
    for value in declared:
        check_listed(value, members, value in extra, origin.get(value, ""), sources.get(value, where), union)
    rules: list[EventRule] = []
    undecided: list[tuple[str, str]] = []
    for value, member in [*members.items(), *((v, "") for v in declared if v not in members)]:
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
    keyed = [a.at for r in rules for a in r.actions if a.at and (a.at[0].key or (a.op is Op.PUSH and len(a.at) == 1))]
    collections = tuple(dict.fromkeys(at[0].name for at in keyed))
    unmapped = tuple((v, m) for v, m in members.items() if v not in declared and v not in reasons)
    extras = tuple(sorted(extra & set(declared)))
    frames = tag == "event" and "data" in fields and set(fields) <= SSE_FIELDS  # the events are frames
    plan = (str(data.get("family", root)), root, target, tag, order, collections, tuple(rules), target_class)
    unread = tuple((r.tag, name) for r in rules for name in _unread(ir, r))
    return EventPlan(*plan, unmapped, tuple(undecided), extras, frames, unread)


def _unread(ir: EventSchema, rule: EventRule) -> list[str]:
    """The content fields (named in ``CONTENT_WORDS``, ending in ``TEXT_WORDS``) of ``rule``'s event no action reads."""
    whole = any(a.op in (Op.IGNORE, Op.ERROR, Op.FINISH) or a.value == "*" and not a.picks for a in rule.actions)
    if not rule.member or whole:  # ignored, kept as the error, the end, or taken whole
        return []
    names = [(a.value, a.key, a.ident, *a.picks, *(a.when or ())[:1], *(s.key for s in a.at)) for a in rule.actions]
    read = {name.split(".")[0] for some in names for name in some if name}  # a step's key addresses a slot
    return [
        n for n in ir.fields(rule.member) if n not in read and (n in CONTENT_WORDS or {*words(n)[-1:]} & TEXT_WORDS)
    ]


#: ops that make the slot they land on (a later event addressing inside it finds it there)
_MAKERS = {Op.CREATE, Op.REPLACE, Op.MERGE, Op.SET, Op.APPEND, Op.PARTS, Op.JSON}


def _opened(rules: list[EventRule]) -> list[EventRule]:
    """``opens`` set on actions whose keyed steps before the last no action lands on: a delta makes them."""
    made = {a.at for r in rules for a in r.actions if a.op in _MAKERS}

    def opens(action: Action) -> bool:
        keyed = [i for i, step in enumerate(action.at[:-1]) if step.key]
        return bool(keyed) and not any(action.at[: i + 1] in made for i in keyed)

    return [
        dataclasses.replace(r, actions=tuple(dataclasses.replace(a, opens=True) if opens(a) else a for a in r.actions))
        for r in rules
    ]


def explain(plan: EventPlan) -> str:
    """The plan as a merge map for ``--explain-merge`` (YAML, entries in JSON flow form), each event
    type commented with its source (``# inferred: <why>``, ``# map: <file>``), undecided ones last as
    comments; passed back with ``--merge-map``, it gives the same plan."""
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
    lines += [f"# {_scalar(tag)}: not decided ({why}); kept as an unknown event" for tag, why in plan.undecided]
    lines += [f"# {_scalar(tag)}: not in any map ({member}); kept as an unknown event" for tag, member in plan.unmapped]
    return "\n".join(lines) + "\n"


def _scalar(text: str) -> str:
    """A YAML scalar for a name: plain when it reads back as that string, else quoted."""
    reserved = ("true", "false", "null", "yes", "no", "on", "off")
    plain = text and all(c.isalnum() or c in "_.-/" for c in text) and not text[0].isdigit() and text[0] not in "-."
    return text if plain and text.lower() not in reserved else json.dumps(text)


def _entry_lines(rule: EventRule) -> list[str]:
    """An event type's entry (or list of entries), with where it came from."""
    note = f"inferred: {rule.reason}" if rule.source == "inferred" else rule.source.replace("map:", "map: ", 1)
    key = f"  {_scalar(rule.tag)}:"
    if not isinstance(rule.entry, list):
        return [f"{key} {json.dumps(rule.entry, ensure_ascii=False)}  # {note}"]
    return [f"{key}  # {note}", *(f"    - {json.dumps(e, ensure_ascii=False)}" for e in rule.entry)]
