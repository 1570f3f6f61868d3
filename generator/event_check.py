"""A merge map's entries read into ``Action``s, each op, path, value and ``when`` checked against
the IR (``event_schema``); a ``SpecError`` names the map's file, line and entry and what to do."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from typing import Any

from .errors import SpecError, did_you_mean, join_pointer
from .event_schema import EventSchema
from .event_vocabulary import (
    LIFECYCLE_OPS,
    NO_VALUE_OPS,
    SLOT_OPS,
    WHEN_KINDS,
    WHOLE_EVENT,
    WHOLE_EVENT_OPS,
    Action,
    Op,
    Step,
    When,
)
from .event_words import event_name
from .merge_maps import Where
from .model import Enum, ModelRef, Type, strip_null
from .runtime.event_paths import _path_steps

_ENTRY_KEYS = {"op", "at", "value", "id", "check", "new", "channel", "key", "keep", "when", "optional"}
#: the kinds a value must share with its slot, by op (``_kinds_fit``; other ops: any kind)
_SHARED_KINDS = {Op.APPEND: {"string", "object"}, Op.EXTEND: {"array"}, Op.MERGE: {"object"}}


def _kinds_text(kinds: frozenset[str]) -> str:
    return " or ".join(sorted(kinds))


def check_listed(value: str, members: Mapping[str, str], extra: bool, origin: str, place: Where, union: str) -> None:
    """An entry under ``events`` names a member of the union, one under ``extra_events`` a type it
    does not list (a shipped map's ``events`` may name types an older spec lacks)."""
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


def _entry_options(entry: dict[str, Any], error: Callable[[str], SpecError]) -> tuple[bool, bool, bool, str | None]:
    """An entry's ``optional``, ``keep`` (all: True), ``check`` (``fold``: True), ``new`` (JSON text or None)."""
    for key, ok, allowed in (
        ("optional", isinstance(entry.get("optional", False), bool), "true or false"),
        ("keep", entry.get("keep", "all") in ("all", "last"), "'all' or 'last'"),
        ("check", entry.get("check") in (None, "fold"), "only 'fold'"),
    ):
        if not ok:
            raise error(f"{key} {entry.get(key)!r}: {allowed}")
    new = entry.get("new")
    if new is not None and not isinstance(new, dict):
        raise error("'new' must be an object (what a slot created by this event starts as)")
    try:  # the generated module holds it as JSON: no inf or nan (they would not import)
        new_json = json.dumps(new, sort_keys=True, allow_nan=False) if new is not None else None
    except ValueError:
        raise error("'new' holds inf or nan, which JSON has not; write a finite number or a string") from None
    except RecursionError:
        raise error("'new' nests too deeply (over several hundred levels)") from None
    return entry.get("optional", False), entry.get("keep", "all") == "all", entry.get("check") == "fold", new_json


class EntryChecker:
    """Reads one event type's entries into actions, checked against its member's fields and
    the target (``member`` ``""``: a type the spec does not list, shape checks only)."""

    def __init__(self, ir: EventSchema, member: str, target: str, place: Where, event: tuple[str, str]) -> None:
        self.ir, self.member, self.target, self.place = ir, member, target, place
        self.fields = ir.fields(member) if member else {}
        self.tag_field, self.tag_value = event  # the union's tag field, this type's value of it

    def actions(self, entry: Any) -> tuple[Action, ...]:
        if not isinstance(entry, list):
            return (self.action(entry),)
        if not entry:
            raise self.error("an empty entry: give an op ({op: ignore} to skip the event)")
        (file, pointer), event = self.place, (self.tag_field, self.tag_value)
        actions = tuple(
            EntryChecker(self.ir, self.member, self.target, (file, join_pointer(pointer, i)), event).action(e)
            for i, e in enumerate(entry)
        )
        tested = sorted({a.when[0] for a in actions if a.when is not None})
        if len(tested) > 1:
            raise self.error(
                f"the entries' 'when' test {' and '.join(tested)}: the entries of one event type test one field"
            )
        if len({a.kind for a in actions if a.when is not None}) > 1:
            raise self.error("the entries' 'when' test both values and kinds of one field: test one or the other")
        return tuple(_unpicked(a, actions) for a in actions)

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
        if unknown := set(entry) - _ENTRY_KEYS:
            key = min(unknown)
            raise self.error(f"unknown entry key {key!r}{did_you_mean(key, _ENTRY_KEYS)}")
        try:
            op = Op(entry.get("op"))
        except ValueError:
            ops = [o.value for o in Op]
            raise self.error(
                f"op {entry.get('op')!r} is not one of {', '.join(ops)}{did_you_mean(str(entry.get('op')), ops)}"
            ) from None
        when, kind = self.when(entry["when"]) if "when" in entry else (None, False)
        selects = None if kind else when  # a value test picks members of a nested union, a kind test none
        raw_value = entry.get("value")
        if raw_value is not None and op in NO_VALUE_OPS:
            raise self.error(f"op {op.value!r} takes no 'value'")
        value, constant = self.value(op, raw_value, selects)
        at = self.path(entry["at"]) if "at" in entry else ()
        if at and op not in SLOT_OPS:
            raise self.error(f"op {op.value!r} takes no 'at'")
        whole = op in LIFECYCLE_OPS or (op is Op.MERGE and not at)  # the value goes into the target itself
        if whole and constant is not None:
            raise self.error(
                f"op {op.value!r}{'' if at or op is not Op.MERGE else ' without at'} takes an event field holding "
                f"an object, not the constant {raw_value!r}"
            )
        if op is Op.MERGE and not at and value is None:
            raise self.error("op 'merge' needs 'value' (an event field holding an object)")
        optional, keep_all, check, new_json = _entry_options(entry, self.error)
        if op in LIFECYCLE_OPS and value is None and self.member:
            value = next((n for n, f in self.fields.items() if self.ir.holds(f.value_type, self.target)), None)
            if value is None:
                raise self.error(f"{self.member} has no field whose schema is {self.target}: declare 'value'")
        if whole:  # a value derived above holds the target: it passes
            self.check_object(op, value, selects)
        if op in (Op.CREATE, Op.REPLACE) and not at and self.member:
            given = value
            at, value = self.derived_slot()
            if given is not None and given != value:
                raise self.error(
                    f"op {op.value!r} without 'at' takes the event field {value!r} (an item of "
                    f"{self.target}.{at[0].name}), not {given!r}: give 'at' with 'value', or neither"
                )
        picks, tags = self.whole_event(op, at) if value == WHOLE_EVENT else ((), None)
        if op is Op.PARSE and at and at[-1].key is not None:
            raise self.error("op 'parse' parses a field: its 'at' ends in a name, not name[{key}]")
        fixed: tuple[str, ...] = ()
        if op in SLOT_OPS and (at or op is not Op.MERGE):
            fixed = self.check_slot(op, at, value, constant, raw_value, selects)
        kinds = self.ir.slot_kinds(self.target, at) if op in (Op.CREATE, Op.REPLACE) and at else ()
        if op is Op.SIDE and (value is None or not isinstance(entry.get("channel"), str)):
            raise self.error("op 'side' needs 'channel' (a name) and 'value' (an event field)")
        return Action(
            op=op,
            at=at,
            value=value,
            constant=constant,
            ident=self.event_field(entry["id"], "id", "string") if "id" in entry else None,
            check=check,
            new=new_json,
            channel=entry.get("channel"),
            key=self.event_field(entry["key"], "key", "key") if "key" in entry else None,
            keep_all=keep_all,
            when=when,
            optional=optional,
            fixed=fixed,
            picks=picks,
            tags=tags,
            kind=kind,
            kinds=kinds,
        )

    def value(self, op: Op, raw: Any, when: When | None) -> tuple[str | None, str | None]:
        """``(event field path or "*", JSON text of a constant)`` of an entry's ``value``."""
        if isinstance(raw, str) and raw.startswith("="):
            return None, json.dumps(raw[1:])
        if raw == WHOLE_EVENT:
            if op not in WHOLE_EVENT_OPS:
                ops = ", ".join(sorted(o.value for o in WHOLE_EVENT_OPS))
                raise self.error(f"value '*' (the whole event) is for {ops}, not {op.value!r}")
            return WHOLE_EVENT, None
        if raw is None:
            return None, None
        if isinstance(raw, str) and "." in raw:
            self.value_types(raw, "value", when)
            return raw, None
        return self.event_field(raw, "value"), None

    def check_object(self, op: Op, value: str | None, when: When | None) -> None:
        """The value of an op into the target itself (lifecycle, ``merge`` without ``at``) is an object."""
        if value is None or value == WHOLE_EVENT or not self.member:
            return
        have = self.ir.json_kinds(self.value_types(value, "value", when)) - {"null"}
        if have and "any" not in have and "object" not in have:
            into = "merges into" if op is Op.MERGE else "starts or replaces"
            raise self.error(
                f"op {op.value!r}: value {value!r} is {_kinds_text(have)}, not an object: the op {into} the "
                f"{self.target} itself (name an event field holding an object, or give 'at' for a field of it)"
            )

    def value_types(self, text: str, what: str, when: When | None = None) -> list[Any]:
        """The types event field ``text`` (``delta.text``) may have; with ``when`` (a value test), of
        the union members its tag selects only (``delta.type`` ``text_delta``)."""
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
                where = f"{self.member}.{'.'.join(names[:i])}"
                raise self.error(f"{what} {text!r}: {where} has no field {name!r}{did_you_mean(name, known)}")
            current = following
        return current

    def whole_event(self, op: Op, at: tuple[Step, ...]) -> tuple[tuple[str, ...], str | None]:
        """``value: "*"`` as the type it goes to (the target, else the slot's, a ``push``ed list's
        items): ``(its fields that type has, JSON text of its tags)``; ``((), None)`` as it came."""
        if op is Op.SIDE or not self.member:
            return (), None
        if op in LIFECYCLE_OPS or not at:
            types: list[Type] = [ModelRef(self.target)]
        else:
            leaves = self.ir.resolve(self.target, at)
            types = self.ir.items(leaves) if op is Op.PUSH else leaves
        stem = event_name(self.tag_value).stem if self.tag_value else ()
        model = self.ir.model_like(types, self.fields, stem)
        if model is None:
            raise self.error(f"value '*' (the event as an object): {'.'.join(map(str, at)) or self.target} is not one")
        if model == self.member:
            return (), None
        tags = self.ir.tags(model)
        picks = tuple(n for n in self.fields if n in self.ir.fields(model) and n not in tags and n != self.tag_field)
        if not picks and not tags:
            raise self.error(f"value '*': {self.member} shares no field with {model}")
        return picks, json.dumps(tags, sort_keys=True) if tags else None

    def _has_value(self, shape: Any, tag: str, wanted: Any) -> bool:
        field = self.ir.fields(shape.name).get(tag) if isinstance(shape, ModelRef) else None
        return field is not None and self.ir.allows([field.value_type], wanted)

    def when(self, raw: Any) -> tuple[tuple[str, str], bool]:
        """``{delta.type: text_delta}`` → ``(("delta.type", '"text_delta"'), False)``: a tag and a value
        its schema allows, or another field and a JSON kind it admits (``{content: string}``: True)."""
        ((path, wanted),) = raw.items() if isinstance(raw, dict) and len(raw) == 1 else ((None, None),)
        if not isinstance(path, str) or isinstance(wanted, (dict, list)) or wanted is None:
            raise self.error("'when' must be one field and its value, such as {delta.type: text_delta}")
        types = self.value_types(path, "when")
        if types and not self.is_tag(path, types):
            if wanted in WHEN_KINDS:
                kinds = self.ir.json_kinds(types) | {"null"}
                if "any" not in kinds and str(wanted) not in kinds:
                    article = "an" if str(wanted)[:1] in "aeiou" else "a"
                    raise self.error(f"when {path} = {wanted}: {self.member}.{path} is never {article} {wanted}")
                return (path, json.dumps(wanted)), True
            raise self.error(
                f"when {path}: {self.member}.{path} is not a tag (an enum, or the discriminator of a union); "
                "'when' branches on the field that names what kind of value an event carries, or on the JSON "
                f"kind of another ({', '.join(WHEN_KINDS)})"
            )
        if types and not self.ir.allows(types, wanted):
            raise self.error(f"when {path} = {wanted!r}: no schema of {self.member}.{path} allows that value")
        return (path, json.dumps(wanted)), False

    def is_tag(self, path: str, types: list[Any]) -> bool:
        """Whether event field ``path`` is an enum (a const) or the discriminator of its union."""
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
        self, op: Op, at: tuple[Step, ...], value: str | None, constant: str | None, raw: Any, when: When | None
    ) -> tuple[str, ...]:
        """A slot op's path resolves in the target and its value's kind can go there; returns the
        fields of an appended object never joined (the slot's enum-typed fields)."""
        if not at:
            raise self.error(f"op {op.value!r} needs 'at' (a path such as output[{{output_index}}].text)")
        if value is None and constant is None and op is not Op.PARSE:
            raise self.error(f"op {op.value!r} needs 'value' (an event field, or =constant)")
        for step in at:
            if step.key:
                self.event_field(step.key, f"placeholder {{{step.key}}}", "key")
        path = ".".join(map(str, at))
        leaves = self.ir.resolve(self.target, at)
        if not leaves:
            raise self.error(f"path {path!r} does not resolve in {self.target}")
        if constant is not None and not self.ir.allows(leaves, json.loads(constant)):
            raise self.error(f"{raw!r}: no schema that {path} reaches allows it")
        if value is None or value == WHOLE_EVENT or not self.member:
            return ()
        values = self.value_types(value, "value", when)
        self.check_kinds(op, value, values, path, leaves)
        return self.ir.enum_fields(leaves) if op is Op.APPEND and "object" in self.ir.json_kinds(values) else ()

    def check_kinds(self, op: Op, value: str, values: list[Any], path: str, leaves: list[Any]) -> None:
        """The value's JSON kinds against the slot's (``_kinds_fit``; ``push``: its items')."""
        have, slot = self.ir.json_kinds(values) - {"null"}, self.ir.json_kinds(leaves) - {"null"}
        if op is Op.PARTS:
            if slot and "any" not in slot and not {"string", "array"} <= slot:
                raise self.error(
                    f"op 'parts' at {path!r}: {self.target}.{path} is {_kinds_text(slot)}, not text or a list of parts"
                )
            if have and "any" not in have and not have & {"string", "object", "array"}:
                raise self.error(f"op 'parts': value {value!r} ({_kinds_text(have)}) is neither text nor parts")
            return
        if op is Op.PUSH:
            if slot and "any" not in slot and "array" not in slot:
                raise self.error(f"op 'push' at {path!r}: {self.target}.{path} is not a list")
            slot = self.ir.json_kinds(self.ir.items(leaves)) - {"null"}
        if not _kinds_fit(op, have, slot):
            raise self.error(
                f"op {op.value!r}: value {value!r} ({_kinds_text(have)}) cannot go to {path!r} ({_kinds_text(slot)})"
            )

    def derived_slot(self) -> tuple[tuple[Step, ...], str]:
        """``create``/``replace`` without ``at``: the field holding an item of a top-level list, at ``<list>_index``."""
        for name, items in self.ir.top_lists(self.target).items():
            for field_name, f in self.fields.items():
                if strip_null(f.value_type) == items:
                    index = f"{name}_index" if f"{name}_index" in self.fields else f"{name.rstrip('s')}_index"
                    if index in self.fields:
                        return (Step(name, index),), field_name
        raise self.error(f"no field of the event is an item of a list of {self.target}: declare 'at' and 'value'")


def _kinds_fit(op: Op, have: frozenset[str], slot: frozenset[str]) -> bool:
    """Whether a value of JSON kinds ``have`` can go by ``op`` to a slot of kinds ``slot``
    (``_SHARED_KINDS``; ``json`` takes text; ``any``, or no kinds, fits all)."""
    if op is Op.JSON:
        return "any" in have or have <= {"string"}
    if not have or not slot or "any" in have or "any" in slot:
        return True
    return bool(have & slot & _SHARED_KINDS.get(op, have))


def _unpicked(action: Action, actions: tuple[Action, ...]) -> Action:
    """``action`` without the picks its event's other actions write (``content`` joined by ``parts``)."""
    if not action.picks:
        return action
    taken = {a.value.split(".")[0] for a in actions if a is not action and a.value and a.value != WHOLE_EVENT}
    return dataclasses.replace(action, picks=tuple(n for n in action.picks if n not in taken))
