"""Render event folds: an ``EventPlan`` in, the view ``templates/_events.py.jinja`` lays out.

For each union root with a plan the template emits one small handler per event type (the calls
``event_plan.fold_handlers`` makes at run time, written out: no generic walk over the plan on the
hot path), a dispatch table ``{event type: handler}`` and ``<Union>Accumulator``. The handlers call
the runtime in ``generator/runtime/events.py`` (``_EventFold``), inlined into the module.

Every string from the spec or a map reaches the template as a literal built by ``pytypes.literal``.
"""

from __future__ import annotations

import json
import keyword
import re
from typing import Any

from . import pytypes
from .event_plan import WHOLE_EVENT, Action, EventPlan, EventRule, Op


def events_view(
    plans: list[EventPlan],
    *,
    parse_functions: dict[str, str],
    class_names: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The context of ``_events.py.jinja``.

    Args:
        plans: one per union root to fold.
        parse_functions: ``{target schema: name of the module's function that turns decoded JSON
            into the typed target}`` (``{"Response": "parse_response"}``), used by ``snapshot()``.
        class_names: ``{spec name: class name}`` for the union and target (default: the same).
    Returns:
        ``{"unions": [...], "public": [accumulator names]}`` (the fold runtime is inlined by
        ``render`` with the rest of the runtime).
    """
    names = class_names or {}
    unions = [_union_view(plan, parse_functions[plan.target], names) for plan in plans]
    return {"unions": unions, "public": [u["accumulator"] for u in unions]}


def _union_view(plan: EventPlan, parse_fn: str, names: dict[str, str]) -> dict[str, Any]:
    union = names.get(plan.root, plan.root)
    target = names.get(plan.target, plan.target)
    prefix = "_" + re.sub(r"(?<!^)(?=[A-Z])", "_", union).upper()
    taken: set[str] = set()
    constants: list[dict[str, str]] = []
    handlers = []
    for rule in plan.rules:
        name = _unique("_on_" + _identifier(rule.tag), taken)
        handlers.append(_handler_view(rule, name, constants, prefix))
    return {
        "accumulator": f"{union}Accumulator",
        "union": union,
        "target": target,
        "parse_fn": parse_fn,
        "table": f"{prefix}_HANDLERS",
        "tag": pytypes.literal(plan.tag),
        "collections": pytypes.literal(plan.collections),
        "order": pytypes.literal(plan.order),
        "handlers": handlers,
        "constants": constants,
        "doc": pytypes.docstring(_accumulator_doc(plan, union, target), 4),
    }


def _accumulator_doc(plan: EventPlan, union: str, target: str) -> str:
    return (
        f"Folds a stream of ``{union}`` events into the ``{target}`` they build.\n\n"
        "``add(event)`` takes a decoded dict, JSON text or bytes, or an event object of this module;\n"
        f"``snapshot_dict()`` is the ``{target}`` so far as plain JSON, ``snapshot()`` the typed one.\n"
        "Keyed slots (``output[{output_index}]``...) are filled by index, sparse and out-of-order\n"
        "safe; text is gathered and joined once; ``.done`` values are checked against the fold.\n"
        f"Terminal events ({', '.join(r.tag for r in plan.rules if any(a.op is Op.FINALIZE for a in r.actions))})\n"
        "all give the final response; a resumed stream may start without the initial event.\n\n"
        "Attributes: ``anomalies`` (every stray, see ``_EventFold``), ``unknown_events`` (events of\n"
        "types this module does not know: kept), ``channels`` (side channels: audio, partial images),\n"
        "``error`` (the error event, if one came), ``finished`` (the terminal event's type or None).\n"
        "``strict=True`` raises ``StreamMergeError`` at the first anomaly."
    )


def _identifier(text: str) -> str:
    name = re.sub(r"\W+", "_", text).strip("_").lower() or "event"
    return name if name.isidentifier() and not keyword.iskeyword(name) else f"t_{name}"


def _unique(name: str, taken: set[str]) -> str:
    candidate, n = name, 2
    while candidate in taken:
        candidate, n = f"{name}_{n}", n + 1
    taken.add(candidate)
    return candidate


def _handler_view(rule: EventRule, name: str, constants: list[dict[str, str]], prefix: str) -> dict[str, Any]:
    lines: list[str] = []
    variables: dict[str, str] = {}  # path prefix -> variable holding that slot
    for action in rule.actions:
        lines += _action_lines(action, variables, constants, prefix, rule.tag)
    summary = "; ".join(_describe(a) for a in rule.actions)
    return {
        "name": name,
        "tag": pytypes.literal(rule.tag),
        "doc": pytypes.docstring(f"``{rule.tag}``: {summary}.", 4),
        "lines": lines,  # an ignored event: the docstring is the body
    }


def _describe(action: Action) -> str:
    value = action.value or (json.loads(action.constant) if action.constant else "")
    where = f" at {action.path}" if action.at else ""
    if action.op is Op.SIDE:
        return f"side channel {action.channel!r} gets {value}" + ("" if action.keep_all else " (latest)")
    if action.op is Op.IGNORE:
        return "ignored"
    return f"{action.op.value} {value}{where}".rstrip()


def _value(action: Action) -> str:
    if action.value == WHOLE_EVENT:
        return "e"
    if action.value is not None:
        return f"e.get({pytypes.literal(action.value)})"
    return pytypes.literal(json.loads(action.constant)) if action.constant is not None else "None"


def _action_lines(
    action: Action, variables: dict[str, str], constants: list[dict[str, str]], prefix: str, tag: str
) -> list[str]:
    op, lit = action.op, pytypes.literal
    if op is Op.IGNORE:
        return []
    if op is Op.INIT:
        return [f"f.init({_value(action)})"]
    if op is Op.REFRESH:
        return [f"f.refresh({_value(action)})"]
    if op is Op.FINALIZE:
        return [f"f.finalize({_value(action)})"]
    if op is Op.ERROR:
        return ["f.fail(e)"]
    if op is Op.SIDE:
        key = f"e.get({lit(action.key)})" if action.key else "None"
        return [f"f.side({lit(action.channel)}, {_value(action)}, {key}, keep_all={action.keep_all})"]
    lines: list[str] = []
    at = action.at
    new_name = "None"
    if action.new:
        # what a slot this event creates starts as: _<UNION>_NEW_<EVENT TYPE>
        new_name = _unique(f"{prefix}_NEW_{_identifier(tag).upper()}", {c["name"] for c in constants})
        constants.append({"name": new_name, "value": lit(json.loads(action.new))})
    keyed_before_last = [i for i, s in enumerate(at[:-1]) if s.key]
    innermost = keyed_before_last[-1] if keyed_before_last else -1
    parent = "f.response"
    for i, step in enumerate(at[:-1]):
        template = ".".join(str(s) for s in at[: i + 1])
        if template in variables:
            parent = variables[template]
            continue
        var = _unique(
            _identifier(step.name) if _identifier(step.name) not in ("f", "e") else step.name + "_",
            set(variables.values()),
        )
        fresh = new_name if i == innermost else None
        new_arg = f", {fresh}" if fresh and fresh != "None" else ""
        if step.key is None:
            lines.append(f"{var} = f.field({parent}, {lit(step.name)}, {lit(template)})")
        elif i == 0:
            lines.append(
                f"{var} = f.item({lit(step.name)}, e, {lit(step.key)}, {lit(action.ident)}, {lit(template)}{new_arg})"
            )
        else:
            lines.append(
                f"{var} = f.child(f.slots({parent}, {lit(step.name)}, {lit(template)}), "
                f"f.key(e, {lit(step.key)}, {lit(template)}), {lit(template)}{new_arg})"
            )
        variables[template] = var
        parent = var
    last, path = at[-1], lit(action.path)
    if last.key is None:
        target = f"{parent}, {lit(last.name)}"
    else:
        target = f"f.slots({parent}, {lit(last.name)}, {path}), f.key(e, {lit(last.key)}, {path})"
    collection = lit(at[0].name) if len(at) == 1 and at[0].key else None
    value = _value(action)
    if op is Op.CREATE:
        lines.append(f"f.create({target}, {value}, {path}" + (f", {collection})" if collection else ")"))
    elif op is Op.REPLACE:
        extra = (", check=True" if action.check else "") + (f", collection={collection}" if collection else "")
        lines.append(f"f.replace({target}, {value}, {path}{extra})")
    elif op is Op.APPEND:
        lines.append(f"f.append({target}, {value}, {path})")
    elif op is Op.EXTEND:
        lines.append(f"f.extend({target}, {value}, {path})")
    else:
        lines.append(f"f.set({target}, {value})")
    return lines
