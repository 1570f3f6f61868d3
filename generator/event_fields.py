"""Where an event's fields land in the object its stream builds (``event_infer``'s rules for
fields): a field of the same name, an entry of a list at an address, text a delta adds to, JSON
text for a free-form object, a wrapper of the target's fields, one case per kind of a nested
tagged union. Reads the IR only (``event_schema``, ``event_places``), no vendor's name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .event_places import Place, Target
from .event_schema import EventSchema
from .event_vocabulary import Step, When
from .event_words import (
    CONTENT_WORDS,
    IDENTITY_WORDS,
    EventName,
    Stage,
    address_of,
    event_name,
    plural_of,
    says_piece,
    words,
)
from .model import ModelRef, Type

#: the order of a nested union's cases, by what their entries do (see ``FieldPlacer._cases``)
_CASE_ORDER = {"append": 0, "parts": 0, "json": 1, "extend": 2}


class Undecided(Exception):
    """The schema does not decide what an event does (the message says why)."""


@dataclass
class Placed:
    """What placing one field gave: entries, and why."""

    entries: list[dict[str, Any]]
    why: str


class FieldPlacer:
    """Places the fields of event type ``value`` (of model ``member``) in ``target``; the event's
    inference (``event_infer._Event``) subclasses it. ``keys``: its address fields; ``used``:
    those bound to a list; ``ident``: the field its entry's ``id`` is checked by (set once the
    event's entry is found); ``tag``: the union's tag field."""

    def __init__(self, ir: EventSchema, places: Target, tag: str, target: str, value: str, member: str) -> None:
        self.ir, self.places, self.tag, self.target = ir, places, tag, target
        self.name = event_name(value)
        self.fields = ir.fields(member)
        self.keys = [
            n for n, f in self.fields.items() if address_of(n) is not None and ir.is_kind(f.value_type, "integer")
        ]
        self.used, self.foreign = set[str](), False  # foreign: an event of another object, none of it the target's
        self.ident: str | None = None
        self.settled: tuple[str, ...] = ()  # the fields the ending event of its stem carries (``.done``'s ``text``)

    def _place_all(self, payload: list[str], home: Place) -> dict[str, Placed]:
        """Each field placed, by name; whole entries of lists last (the rest may take the bare ``index`` first)."""
        lists = self.places.lists(home)
        items_last = sorted(
            payload, key=lambda n: any(self.places.holds_items([self.fields[n].value_type], i) for _, i in lists)
        )
        return {name: self._place_one(name, home) for name in items_last}

    def _place_one(self, name: str, home: Place) -> Placed:
        """A field placed at ``home``, or first in the entry a bare ``index`` not bound yet picks there."""
        types = self.fields[name].value_type
        piece = says_piece(self.fields[name].description)
        if "index" in self.keys and "index" not in self.used:
            for found, items in self.places.lists(home):
                entry = Place((*found.steps[:-1], Step(found.steps[-1].name, "index")), items)
                self.used.add("index")
                placed = self._place(name, types, name, entry, None, piece)
                if placed.entries:
                    return placed
                self.used.discard("index")
        return self._place(name, types, name, home, None, piece)

    def _place(self, name: str, types: Type, path: str, place: Place, when: When | None, piece: bool) -> Placed:
        """Place event field ``path`` (named ``name``; ``piece``: described as a piece) at ``place``."""
        mine = [types]
        if there := self.places.field_types(place, name):
            return self._same_name(name, mine, there, path, place, when, piece)
        if self.ir.models_of(mine):
            return self._object(name, mine, path, place, when)
        kinds = self.places.kinds(mine)
        entry_name = place.steps[-1].name if place.keyed else ""
        fits = kinds and kinds == self.places.kinds(place.types) and not self.ir.models_of(list(place.types))
        if fits and entry_name and (plural_of(name, [entry_name]) == entry_name or self._content(name)):
            op = {Stage.START: "create", Stage.DELTA: "append", Stage.FINAL: "replace"}.get(self.name.stage, "replace")
            if op != "append" or kinds == {"string"}:
                return Placed([self._entry(op, place.path, path, when)], f"{name}: the entry at {place.path}")
        if kinds == {"string"}:
            return self._text(name, path, place, when)
        return Placed([], "")

    def _entry(self, op: str, at: str, path: str | None, when: When | None, **more: Any) -> dict[str, Any]:
        """A map entry of the keys given (None: not given; no ``new`` for an entry that exists)."""
        ident = self.ident if at and "[{" in at else None
        given = {"at": at or None, "value": path, "id": ident, "when": {when[0]: when[1]} if when else None, **more}
        return {"op": op, **{k: v for k, v in given.items() if v is not None}}

    def _same_name(
        self, name: str, mine: list[Type], there: list[Type], path: str, place: Place, when: When | None, piece: bool
    ) -> Placed:
        """A field of the same name where it lands."""
        at = f"{place.path}.{name}" if place.steps else name
        have, slot = self.places.kinds(mine), self.places.kinds(there)
        stage = self.name.stage
        if {"string", "array"} <= slot and have & {"string", "object", "array"} and stage is not Stage.FINAL:
            return Placed([self._entry("parts", at, path, when)], f"{name}: text or parts, joined")
        if self.ir.items(there) and "array" not in have:
            return self._into_list(mine, path, place.down(name, there), when)
        if "any" in have or "any" in slot:
            return Placed([self._entry("replace", at, path, when, optional=True)], f"{name}: set")
        if have <= {"string"} and "string" in slot:
            if (stage is Stage.DELTA and self._content(name)) or piece:
                new = self._new(place, name)
                return Placed([self._entry("append", at, path, when, new=new)], f"{name}: text a delta adds to")
            return Placed([self._entry("replace", at, path, when, optional=True)], f"{name}: set")
        if have <= {"string"} and self.places.free_form(there) and stage is Stage.DELTA:
            return Placed([self._entry("json", at, path, when)], f"{name}: JSON text in fragments")
        if "array" in have and "array" in slot:
            op, done = ("extend", "extended") if stage is Stage.DELTA else ("replace", "set")
            return Placed([self._entry(op, at, path, when)], f"{name}: a list, {done}")
        if "object" in have and "object" in slot:
            if self._fragmentary(mine, there):
                return self._fields_of(mine, path, place.down(name, there), when)
            return Placed([self._entry("merge", at, path, when)], f"{name}: merged")
        if have and have <= slot:
            return Placed([self._entry("replace", at, path, when, optional=True)], f"{name}: set")
        return Placed([], "")

    def _into_list(self, mine: list[Type], path: str, place: Place, when: When | None) -> Placed:
        """A value for list field ``place`` that is not a list: an entry, or part of one."""
        name, items = place.steps[-1].name, self.ir.items(place.types)
        key = self._key_for(place)
        stage = self.name.stage
        whole = self.places.holds_items(mine, items)
        if key is None:
            if whole:
                return Placed([self._entry("push", place.path, path, when)], f"{name}: an item, pushed")
            return Placed([], "")
        entry = Place((*place.steps[:-1], Step(name, key)), tuple(items))
        if stage is Stage.DELTA and not whole:
            return self._fields_of(mine, path, entry, when)
        op = "replace" if stage is Stage.FINAL else "create"
        return Placed([self._entry(op, entry.path, path, when)], f"{name}: an entry of {place.path} at {key}")

    def _key_for(self, place: Place) -> str | None:
        """The address of an entry of list ``place``: the field naming it, else an unbound ``index``."""
        name = place.steps[-1].name
        for key in self.keys:
            stem = address_of(key)
            if key not in self.used and stem and plural_of(stem, [name]) == name:
                self.used.add(key)
                return key
        if "index" in self.keys and "index" not in self.used:
            self.used.add("index")
            return "index"
        return None

    def _fragmentary(self, mine: list[Type], there: Iterable[Type], depth: int = 0) -> bool:
        """Whether an object value goes field by field (text a delta adds to, entries of lists), not whole."""
        place = Place((), tuple(there))
        for model in self.ir.models_of(mine):
            for name, f in self.ir.fields(model).items():
                kinds = self.places.kinds([f.value_type])
                if self.name.stage is Stage.DELTA and kinds == {"string"} and self._content(name):
                    return True
                below = self.places.field_types(place, name)
                if below and self.ir.items(below) and "array" not in kinds:
                    return True
                nested = below and depth < 4 and self.ir.models_of([f.value_type])
                if nested and self._fragmentary([f.value_type], below, depth + 1):
                    return True
        return False

    def _fields_of(self, mine: list[Type], path: str, place: Place, when: When | None) -> Placed:
        """Each field of an object value placed below ``place``."""
        entries: list[dict[str, Any]] = []
        why: list[str] = []
        for model in self.ir.models_of(mine):
            for sub, f in self.ir.fields(model).items():
                if sub in self.ir.tags(model):  # a kind's own tag: the entry's is set where it is made
                    continue
                placed = self._place(sub, f.value_type, f"{path}.{sub}", place, when, says_piece(f.description))
                entries += placed.entries
                why += [placed.why] if placed.entries else []
        return Placed(entries, "; ".join(dict.fromkeys(why)))

    def _object(self, name: str, mine: list[Type], path: str, place: Place, when: When | None) -> Placed:
        """An object field with no field of its name at ``place``: the whole entry the event addresses,
        an entry of a list below, a tagged union of deltas (one case each), or a wrapper of its fields."""
        if self.foreign and not place.steps:
            return Placed([], "")
        if place.keyed and self.places.holds_items(mine, place.types, some=True):  # the event addresses it
            op = {Stage.FINAL: "replace", Stage.DELTA: "merge"}.get(self.name.stage, "create")
            return Placed([self._entry(op, place.path, path, when)], f"{name}: the whole entry at {place.path}")
        for found, items in self.places.lists(place):  # by tag only below an entry the event addresses:
            if self.places.holds_items(mine, items, some=place.keyed):  # OpenRouter's message is no usage iteration
                return self._into_list(mine, path, found, when)
        if when is None and (cases := self._cases(name, mine, path, place)) is not None:
            return cases
        fields, own = self.places.fields(place), {n for m in self.ir.models_of(mine) for n in self.ir.fields(m)}
        if own & set(fields) and not self._another_kind(mine, place):  # a wrapper of its fields (of this kind)
            if self._fragmentary(mine, place.types):
                return self._fields_of(mine, path, place, when)
            at = place.path
            if not at and when is None and self.name.stage is Stage.START:  # the answer's start: init
                return Placed([self._entry("init", at, path, when)], f"{name}: fields of {self.target}, its start")
            return Placed([self._entry("merge", at, path, when)], f"{name}: fields of {at or self.target}, merged")
        held = [n for n, f in fields.items() if own <= {*self.ir.fields(self.ir.model_like([f.value_type], own) or "")}]
        if self.name.stage is Stage.DELTA and own and len(held) == 1:  # a delta of the one object here with its fields
            return self._fields_of(mine, path, place.down(held[0], [fields[held[0]].value_type]), when)
        return Placed([], "")

    def _another_kind(self, mine: list[Type], place: Place) -> bool:
        """Whether each object of ``mine`` has a tag of another kind than each at ``place`` (``thread.message``)."""
        tags, here = (
            [{k: event_name(str(v)).stem for k, v in self.ir.tags(m).items()} for m in self.ir.models_of(types)]
            for types in (mine, list(place.types))
        )
        return bool(tags and here) and all(any(a[k] != b[k] for k in a.keys() & b.keys()) for a in tags for b in here)

    def _cases(self, name: str, mine: list[Type], path: str, place: Place) -> Placed | None:
        """A field holding a tagged union: one ``when`` case per member, its fields placed; else None."""
        models = self.ir.models_of(mine)
        shared = set.intersection(*(set(self.ir.tags(m)) for m in models)) if models else set()
        field = self.tag if self.tag in shared else min(shared) if len(shared) == 1 else None
        tags = {m: self.ir.tags(m).get(field) for m in models} if field else {}
        if len(models) < 2 or not all(isinstance(v, str) for v in tags.values()):
            return None
        entries: list[dict[str, Any]] = []
        for model, tag in tags.items():
            outer = self.name
            self.name = EventName(outer.tag, outer.stage, event_name(str(tag)).stem, outer.last)
            try:
                entries += self._fields_of([ModelRef(model)], path, place, (f"{path}.{field}", str(tag))).entries
            finally:
                self.name = outer
        # the handler tests cases in order: text fragments, the most frequent, first (a stable sort)
        entries.sort(key=lambda e: _CASE_ORDER.get(e["op"], len(_CASE_ORDER)))
        return Placed(entries, f"{path}.{field}: one case per kind of {name}") if entries else None

    def _text(self, name: str, path: str, place: Place, when: When | None) -> Placed:
        """Text with no field of its name: of the field a delta's stem names, or JSON of a free-form one."""
        if self.name.stage is not Stage.DELTA:
            return Placed([], "")
        fields = self.places.fields(place)
        if "json" in words(name):
            free = [n for n, f in fields.items() if self.places.free_form([f.value_type])]
            if len(set(free)) == 1:
                at = join_path(place.path, free[0])
                return Placed([self._entry("json", at, path, when)], f"{name}: JSON text of {free[0]}")
            if len(free) > 1:
                raise Undecided(f"{name}: JSON text for {' or '.join(free)}")
            return Placed([], "")
        if not self._content(name) or "base64" in (getattr(self.fields.get(path), "description", "") or "").lower():
            return Placed([], "")  # base64 pieces, each padded, do not join as text: a side channel keeps them
        # the field its stem names, else the one its ``.done`` settles (Open Responses' ``reasoning.delta``: ``text``)
        for wanted in [c for c in (self.name.field, *self.name.stem[-1:], *filter(self._content, self.settled)) if c]:
            f = fields.get(wanted)
            if f is not None and "string" in self.places.kinds([f.value_type]):
                new = self._new(place, wanted)
                at = join_path(place.path, wanted)
                return Placed([self._entry("append", at, path, when, new=new)], f"{name}: text of {wanted}")
        if place.keyed and "string" in self.places.kinds(place.types) and not self.ir.models_of(list(place.types)):
            return Placed([self._entry("append", place.path, path, when)], f"{name}: text of {place.path}")
        return Placed([], "")

    def _new(self, place: Place, field: str) -> dict[str, Any] | None:
        """What an entry a delta creates starts as: the tags of the kind its stem names, its
        required text and lists (not nullable) empty."""
        if not place.keyed or len(self.ir.models_of(list(place.types))) < 2:
            return None
        model = self.ir.model_like(list(place.types), (field,), self.name.stem)
        if model is None or not self.ir.named_by(model, self.name.stem):
            return None
        new: dict[str, Any] = dict(self.ir.tags(model))
        for name, f in self.ir.fields(model).items():
            kinds = self.places.kinds([f.value_type])
            if f.required and not f.nullable and name not in new and kinds in ({"string"}, {"array"}):
                new[name] = "" if kinds == {"string"} else []
        new.setdefault(field, "")
        return new

    def _content(self, name: str) -> bool:
        """Whether text in field ``name`` of a delta is content a delta adds to."""
        last = words(name)[-1:]
        if name in IDENTITY_WORDS or any(w in ("id", "at", "name", "type", "status") for w in last):
            return False
        named = name in (self.name.field, *self.name.stem[-1:])  # what the event's name is about
        return named or name in CONTENT_WORDS or any(w in CONTENT_WORDS for w in last)


def join_path(path: str, name: str) -> str:
    """``path.name``, or ``name`` at the target itself."""
    return f"{path}.{name}" if path else name
