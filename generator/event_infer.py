"""Event folds inferred from the schema: with no map, what each member of an event union does to
the object the stream builds (its target), read from the union, its members' fields and names, and
the target. The result is a map layer, each event's entries with the reason (``Inferred``);
``merge_maps`` lays maps over it and ``event_check`` checks it as any map. The rules: docs/events.md,
"What is inferred"; words are ``event_words``', places ``event_places``'. An event the schema does
not decide is left out with the reason (``undecided``: generation warns, the fold keeps it as an
unknown event). No vendor's name is read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .event_fields import FieldPlacer, Undecided, join_path
from .event_places import Place, Target
from .event_schema import EventSchema
from .event_words import Stage, address_of, event_name, is_order, plural_of, words


@dataclass(frozen=True)
class Inferred:
    """One event type's map entries as inferred, and why; ``fields``: the event's own fields."""

    tag: str
    entries: tuple[dict[str, Any], ...]
    reason: str
    fields: tuple[str, ...] = ()


def infer_fold(ir: EventSchema, union: str, target: str | None = None) -> tuple[dict[str, Any], dict[str, str]] | None:
    """The fold of union ``union`` into ``target`` (IR names), else into ``choose_target``'s: a map
    layer (``target`` as the spec names it, ``tag``, ``order``, ``events``) and ``{event type: why}``
    of every member (``undecided: <why>`` where the schema does not decide); None when the members
    share no tag field or no target is found."""
    tag = tag_field(ir, union)
    if tag is None:
        return None
    members = ir.members(union, tag)
    chosen = target or choose_target(ir, members, tag)
    name = {v: k for k, v in ir.classes.items()}.get(chosen) if chosen else None
    if chosen is None or name is None:
        return None
    fold = _Fold(ir, members, tag, chosen)
    decided, undecided = fold.infer()
    layer: dict[str, Any] = {"target": name, "tag": tag, **({"order": fold.order} if fold.order else {})}
    layer["events"] = {e.tag: list(e.entries) if len(e.entries) > 1 else e.entries[0] for e in decided}
    return layer, {**{e.tag: e.reason for e in decided}, **{t: f"undecided: {why}" for t, why in undecided}}


def tag_field(ir: EventSchema, union: str) -> str | None:
    """The field naming each member's type: the union's discriminator, else the field every
    member holds one value of (``type``)."""
    alias = ir.schemas.aliases.get(union)
    t = alias.type if alias is not None else None
    discriminator = getattr(t, "discriminator", None)
    if discriminator is not None:
        return str(discriminator.property)
    models = ir.models_of([t]) if t is not None else []
    shared = set.intersection(*(set(ir.tags(m)) for m in models)) if models else set()
    return min(shared) if len(shared) == 1 else ("type" if "type" in shared else None)


def choose_target(
    ir: EventSchema, members: dict[str, str], tag: str, candidates: list[str] | None = None
) -> str | None:
    """The object a union builds, the one most members fold into: of ``candidates`` (an operation's
    answers), else of the objects its members carry whole and its ending members themselves."""
    carried: list[str] = list(candidates or ())
    by: dict[str, list[Stage]] = {}
    finals: list[str] = []
    for value, member in members.items() if not candidates else ():
        stage = event_name(value).stage
        for f in ir.fields(member).values():
            for m in ir.models_of([f.value_type]):
                if stage is not Stage.OTHER and m not in members.values():
                    by.setdefault(m, []).append(stage)
        if stage is Stage.FINAL and set(ir.fields(member)) - set(ir.tags(member)):
            finals.append(member)  # an ending event that carries more than its tag: the result itself
    # an object the stream starts, or carries more than once, is what it builds; an ending
    # event that carries such an object is not the result: what it carries is
    objects = [m for m, stages in by.items() if Stage.START in stages or len(stages) > 1]
    finals = [f for f in finals if not any(ir.holds(g.value_type, m) for g in ir.fields(f).values() for m in objects)]
    # the outermost: an object another candidate holds (an item of a response's output) is a part of it
    places = {m: Target(ir, m) for m in objects}
    held = {n for m in objects for _, items in places[m].lists(places[m].root) for n in ir.models_of(list(items))}
    carried += [m for m in objects if m not in held] + finals

    def score(candidate: str) -> tuple[int, int]:
        decided = _Fold(ir, members, tag, candidate).infer()[0]
        return sum(1 for e in decided if any(_builds(x) for x in e.entries)), int(candidate not in finals)

    return max(dict.fromkeys(carried), key=score, default=None)


def _builds(entry: dict[str, Any]) -> bool:
    """Whether an entry builds the target: starts or ends it with an object, lands in an entry of
    a list, or gathers text (the ids every event repeats say little about what it builds)."""
    op, value = entry.get("op"), entry.get("value")
    if op in ("init", "refresh", "finalize"):
        return value != "*"
    return "[" in str(entry.get("at", "")) or op in ("append", "parts", "json", "push")


class _Fold:
    """Inference over one union and target (see the module docstring)."""

    def __init__(self, ir: EventSchema, members: dict[str, str], tag: str, target: str) -> None:
        self.ir, self.members, self.tag, self.target = ir, members, tag, target
        self.places = Target(ir, target)
        self.envelope = frozenset.intersection(*(frozenset(ir.fields(m)) for m in members.values()))  # on every event
        ends = [(n.stem, m) for v, m in members.items() if (n := event_name(v)).stage is Stage.FINAL]
        self.settled = {s: tuple(f for t, m in ends if t == s for f in ir.fields(m)) for s, _ in ends}  # by stem

    def infer(self) -> tuple[list[Inferred], list[tuple[str, str]]]:
        """The members decided (``_settled``), and ``(event type, why)`` of the others."""
        decided: list[Inferred] = []
        undecided: list[tuple[str, str]] = []
        for value, member in self.members.items():
            try:
                entries, reason = _Event(self, value, member).infer()
            except Undecided as why:
                undecided.append((value, str(why)))
                continue
            decided.append(Inferred(value, tuple(entries), reason, tuple(self.ir.fields(member))))
        return _settled(decided), undecided

    @cached_property
    def top_stems(self) -> set[tuple[str, ...]]:
        """The stems of the events carrying the target whole, else of those starting without an address."""
        carriers, starts = set(), set()
        for value, member in self.members.items():
            name, fields = event_name(value), self.ir.fields(member)
            if any(self.ir.holds(f.value_type, self.target) for f in fields.values()):
                carriers.add(name.stem)
            elif name.stage is Stage.START and not any(address_of(n) is not None for n in fields):
                starts.add(name.stem)
        return carriers or starts

    @cached_property
    def order(self) -> str | None:
        """An integer field every member has that numbers the stream's events."""
        found = [
            {n for n, f in self.ir.fields(m).items() if is_order(n) and self.ir.is_kind(f.value_type, "integer")}
            for m in self.members.values()
        ]
        shared = set.intersection(*found) if found else set()
        return min(shared) if shared else None


class _Event(FieldPlacer):
    """Inference for one member (see the module docstring)."""

    def __init__(self, fold: _Fold, value: str, member: str) -> None:
        super().__init__(fold.ir, fold.places, fold.tag, fold.target, value, member)
        self.fold, self.value, self.member, self.order = fold, value, member, fold.order
        self.settled = fold.settled.get(self.name.stem, ())  # what its stem's ending events carry
        tops = fold.top_stems or {self.name.stem}  # ``session.created`` beside the ``response.*`` carrying the target
        self.foreign = (
            self.name.stem not in tops and not self.keys and self.name.stage not in (Stage.DELTA, Stage.ERROR)
        )

    def infer(self) -> tuple[list[dict[str, Any]], str]:
        if self.name.stage is Stage.ERROR:
            return [{"op": "error"}], f"its name says {self.name.last}: the stream's error"
        whole = [n for n, f in self.fields.items() if self.ir.holds(f.value_type, self.fold.target)]
        if len(whole) > 1:
            raise Undecided(f"{' and '.join(whole)} both hold a whole {self.target}")
        word = self.name.last or "its name"
        if whole:
            op = {Stage.START: "init", Stage.FINAL: "finalize"}.get(self.name.stage, "refresh")
            return [{"op": op, "value": whole[0]}], f"{whole[0]} is a whole {self.target}; {word!r}: {op}"
        if self.member == self.fold.target or self._is_the_answer():
            op = "init" if self.name.stage is Stage.START else "finalize"
            return [{"op": op, "value": "*"}], f"the event is the finished {self.target} ({word}): {op}"
        if (entry := self._as_entry() or self._as_field()) is not None:
            return entry
        home = self._home()
        self.ident = self._ident(home)
        skipped = (self.fold.tag, self.order, self.ident, *self.keys)
        start = self.name.stage is Stage.START
        payload = [n for n in self.fields if n not in skipped and (start or "created" not in words(n))]
        placed = self._place_all(payload, home)
        entries = [e for p in placed.values() for e in p.entries]
        why = list(dict.fromkeys(p.why for p in placed.values() if p.entries))
        own = [n for n in payload if n not in self.fold.envelope]  # what tells this event apart
        if not home.steps and 2 * sum(1 for n in own if placed[n].entries) < len(own):
            entries = []  # most of its fields are of something the target does not hold (a segment, a file)
        if not entries:
            return self._nothing_placed(home, own or payload)
        gathered = self._gathered(entries, home)
        if gathered is not entries:  # the plain values became one ``value: "*"``: say so once
            plain = [w.removesuffix(": set") for w in why if w.endswith(": set")]
            where = f"the entry at {home.path}" if home.steps else self.target
            rest = [w for w in why if not w.endswith(": set")]
            why = [f"{', '.join(plain)}: the event's own fields of {where}, set", *rest]
        entries = gathered
        if self._ends_stream():
            entries.append({"op": "finish"})
            why.append(f"{self.name.last!r} with no address: the stream ends")
        return entries, "; ".join(why)

    def _ends_stream(self) -> bool:
        """An ending event with no address, of the stem of the events starting the target (if any) or none: ``done``."""
        tops = self.fold.top_stems
        return self.name.stage is Stage.FINAL and not self.keys and (not tops or self.name.stem in (*tops, ()))

    def _is_the_answer(self) -> bool:
        """An ending event without an address whose fields cover the target's required ones."""
        if self.name.stage is not Stage.FINAL or self.keys:
            return False
        required = [n for n, f in self.ir.fields(self.fold.target).items() if f.required]
        return bool(required) and all(n in self.fields for n in required)

    def _as_entry(self) -> tuple[list[dict[str, Any]], str] | None:
        """An event that is an entry of the list its name names (``transcription.segment``): pushed whole."""
        if not self.name.stem:
            return None
        last = self.name.stem[-1]
        for found, items in self.places.lists(self.places.root):
            list_name = found.steps[-1].name
            if plural_of(last, [list_name]) != list_name or list_name == last:
                continue
            model = self.ir.model_like(list(items), self.fields)
            payload = {n for n in self.fields if n not in (self.fold.tag, self.order)}
            if model and payload and payload <= set(self.ir.fields(model)) | set(self.ir.tags(self.member)):
                why = f"the event is an entry of {found.path} (its name says {last})"
                return [{"op": "push", "at": found.path, "value": "*"}], why
        return None

    def _as_field(self) -> tuple[list[dict[str, Any]], str] | None:
        """An event that is the type of one of the target's fields (Letta's ``stop_reason``): it sets it, whole."""
        root = self.ir.fields(self.target).items()
        found = [n for n, f in root if self.ir.models_of([f.value_type]) == [self.member]]
        if len(found) != 1:
            return None
        return [{"op": "replace", "at": found[0], "value": "*"}], f"the event is a {self.member}: {found[0]}, set"

    def _home(self) -> Place:
        """The entry the event's named addresses lead to (``output[..].content[..]``)."""
        place = self.places.root
        carried = frozenset(self.fields)
        moved = True
        while moved:
            moved = False
            for key in self.keys:
                found = None if key in self.used else self.places.addressed(place, key, carried)  # None: not an address
                if found is not None:
                    place, moved = found, True
                    self.used.add(key)
        return place

    def _ident(self, home: Place) -> str | None:
        """The field checked against the addressed entry's ``id``: ``item_id``, or ``id`` if the entry has one."""
        if not home.keyed:
            return None
        entry = self.places.fields(home)
        for name in ("item_id", "id"):
            f = self.fields.get(name)
            if f is not None and self.ir.is_kind(f.value_type, "string") and (name != "id" or "id" in entry):
                return name
        return None

    def _nothing_placed(self, home: Place, payload: list[str]) -> tuple[list[dict[str, Any]], str]:
        """An event none of whose fields has a place: a status, JSON to parse (``_settled``), a side channel."""
        status = self._status(home)
        if status is not None:
            return [status], f"{self.name.tag!r}: a status its name carries"
        content = [n for n in payload if self._content(n)]
        if content and self.name.stage is Stage.DELTA:
            channel = self._channel() or content[0]
            entries = [{"op": "side", "channel": channel, "value": n, "keep": "all"} for n in content]
            return entries, f"{', '.join(content)}: content no field of {self.target} holds (side channel)"
        rest = [n for n in payload if n != "created_at"]  # an entry's end with more than ids: kept below
        if self.keys and self.name.stage is Stage.FINAL and all(words(n)[-1:] == ("id",) for n in rest):
            return [{"op": "ignore", "_ends": tuple(self.keys)}], "an entry ends: nothing to settle"
        if self._ends_stream():
            return [{"op": "finish"}], f"{self.name.last!r} with no address: the stream ends"
        if rest:
            entries = [{"op": "side", "channel": self._channel() or rest[0], "value": "*", "keep": "all"}]
            return entries, f"{', '.join(rest)}: nothing of {self.target} holds them (side channel)"
        return [{"op": "ignore"}], "carries nothing the target holds"

    def _channel(self) -> str:
        """The event's stem without the first word most event types share (``audio_transcript``)."""
        stem = self.name.stem
        firsts = [words(v)[:1] for v in self.fold.members]
        if len(stem) > 1 and 2 * firsts.count(tuple(stem[:1])) > len(firsts):
            stem = stem[1:]
        return "_".join(stem)

    def _status(self, home: Place) -> dict[str, Any] | None:
        """``set`` a status only the event's name carries (``searching``) that the addressed entry has."""
        found = words(self.value)
        word = self.name.last or (found[-1] if found else "")
        stem = self.name.stem if self.name.last else found[:-1]
        if not home.keyed or not word:
            return None
        model = self.ir.model_like(list(home.types), (), stem)
        for name, f in self.places.fields(home, model).items():
            if name != self.fold.tag and any(word in getattr(x, "values", ()) for x in self.ir.shapes(f.value_type)):
                return self._entry("set", f"{home.path}.{name}", f"={word}", None)
        return None

    def _gathered(self, entries: list[dict[str, Any]], home: Place) -> list[dict[str, Any]]:
        """Entries setting the event's own fields of the same names where it addresses become one
        ``value: "*"`` merge (``create`` starting an entry); an ending event keeps them apart."""
        if self.name.stage is Stage.FINAL:
            return entries
        plain = [e for e in entries if e.get("op") == "replace" and "when" not in e and isinstance(e.get("value"), str)]
        plain = [e for e in plain if e.get("at") == join_path(home.path, e["value"])]
        if not plain:
            return entries
        rest = [e for e in entries if not any(e is p for p in plain)]
        op = "create" if home.keyed and self.name.stage is Stage.START else "merge"
        whole = self._entry(op, home.path, "*", None)  # ``home``: the root or an entry (``_home``)
        starts = [e for e in rest if e.get("op") == "init"]  # the start first: the rest merges into it
        return [*starts, whole, *(e for e in rest if e.get("op") != "init")]


def _settled(decided: list[Inferred]) -> list[Inferred]:
    """The ending events, knowing every event: a value a delta appends to is replaced with ``check: fold``
    (by the finished answer too); one with nothing but its address parses the JSON gathered there."""
    appended = {e["at"] for d in decided for e in d.entries if e.get("op") == "append"}
    gathered = {e["at"] for d in decided for e in d.entries if e.get("op") == "json"}
    found: list[Inferred] = []
    for d in decided:
        entries = [
            dict(e, check="fold") if e.get("op") == "replace" and e.get("at") in appended else e for e in d.entries
        ]
        if entries == [{"op": "finalize", "value": "*"}]:  # the finished answer: what deltas joined, checked
            checks = [
                {"op": "replace", "at": a, "value": a, "check": "fold"} for a in sorted(appended) if a in d.fields
            ]
            entries = checks + entries
        ends = entries[0].get("_ends") if len(entries) == 1 else None
        why = d.reason
        if ends:
            parse = sorted(g for g in gathered if set(re.findall(r"\{(\w+)\}", g)) == set(ends))
            entries = [{"op": "parse", "at": g} for g in parse] or [{"op": "ignore"}]
            why = f"the entry ends: its JSON parsed ({', '.join(parse)})" if parse else d.reason
        found.append(Inferred(d.tag, tuple(entries), why, d.fields))
    return found
