"""``new_fold``: an event plan's fold made without generated code, the calls each action's
``call()`` gives, made in turn: the tests check generated handlers against it (they are the same calls
written out by ``render_events``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from generator.event_vocabulary import Call, EventPlan, EventRule, Slot, shared_walks
from generator.runtime.event_paths import _Slot
from generator.runtime.events import _EventFold, _Handler, _kind_of


def new_fold(plan: EventPlan, *, strict: bool = False) -> _EventFold:
    """An empty fold for ``plan``'s stream: ``fold.add(event)`` each event, ``fold.snapshot()``.
    Its handlers make each action's ``call()``: the calls the generated handlers write out."""
    slots = {
        s: _Slot(
            s.path, ident=s.ident, new=json.loads(s.new) if s.new else None, fixed=s.fixed, opens=s.opens, kinds=s.kinds
        )
        for s in plan.slots
    }
    handlers = {rule.tag: _rule_handler(rule, slots) for rule in plan.rules}
    quiet = tuple(r.tag for r in plan.rules if r.quiet)
    return _EventFold(
        handlers, tag=plan.tag, collections=plan.collections, order=plan.order, quiet=quiet, strict=strict
    )


def _rule_handler(rule: EventRule, slots: Mapping[Slot, _Slot]) -> _Handler:
    plain, dispatch = (rule.calls, shared_walks(rule.calls)), rule.dispatch
    cases = {json.loads(value): (case, shared_walks(case)) for value, case in rule.cases}

    def make(calls: tuple[Call, ...], shared: frozenset[Any], fold: _EventFold, event: dict[str, Any]) -> None:
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

    def handle(fold: _EventFold, event: dict[str, Any]) -> None:
        make(*plain, fold, event)
        if dispatch is not None:
            found = dispatch.of(event)  # what the cases are compared with: its value, or its kind
            tag = _kind_of(found) if rule.by_kind else found
            case = cases.get(tag) if isinstance(tag, (str, int, float, bool)) else None
            if case is None:
                fold.unmatched(str(dispatch.field), tag)
            else:
                make(*case, fold, event)

    return handle
