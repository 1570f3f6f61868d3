"""Places in the object an event stream builds (its target), for ``event_infer``: a path of the
map vocabulary (``output[{output_index}].content``) with the types that may stand there; address
fields (``output_index``) lead to the lists they name. Reads the IR only, through ``event_schema``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .event_schema import EventSchema
from .event_vocabulary import Step
from .event_words import address_of, plural_of
from .model import Field, Map, ModelRef, Prim, Type

Names = frozenset[str]
#: how deep through objects an address looks for the list it names (``action.commands``)
_LIST_DEPTH = 2


@dataclass(frozen=True)
class Place:
    """A place in the target: ``steps`` from its root, ``types`` what may stand there."""

    steps: tuple[Step, ...]
    types: tuple[Type, ...]

    @property
    def path(self) -> str:
        """``output[{output_index}].content``, or ``""`` for the target itself."""
        return ".".join(str(s) for s in self.steps)

    @property
    def keyed(self) -> bool:
        """Whether the place is an entry of a list, picked by an address."""
        return bool(self.steps) and self.steps[-1].key is not None

    def down(self, name: str, types: Iterable[Type]) -> Place:
        """The place of field ``name`` below this one."""
        return Place((*self.steps, Step(name)), tuple(types))


class Target:
    """What the target offers a place: its fields, the lists below it, their kinds."""

    def __init__(self, ir: EventSchema, target: str) -> None:
        self.ir = ir
        self.root = Place((), (ModelRef(target),))
        self._lists: dict[tuple[Place, int, Names | None], list[tuple[Place, tuple[Type, ...]]]] = {}

    def fields(self, place: Place, model: str | None = None) -> dict[str, Field]:
        """``{wire name: field}`` of the models at ``place`` (only ``model``, if given), the first's per name."""
        found: dict[str, Field] = {}
        for name in [model] if model else self.ir.models_of(list(place.types)):
            for wire, f in self.ir.fields(name).items():
                found.setdefault(wire, f)
        return found

    def field_types(self, place: Place, name: str) -> list[Type]:
        """The types field ``name`` has in every model at ``place`` that has it."""
        return [
            own[name].value_type for m in self.ir.models_of(list(place.types)) if name in (own := self.ir.fields(m))
        ]

    def lists(self, place: Place, depth: int = 0, carried: Names | None = None) -> list[tuple[Place, tuple[Type, ...]]]:
        """``(place, items' types)`` of the lists at or below ``place`` (a few levels), nearest first; one
        that may be text (``anyOf [string, list]``) for an event (``carried``: its field names) without a
        field of its name (Llama Stack's ``content``; Mistral's event carries it, placed whole: ``parts``)."""
        if (place, depth, carried) in self._lists:
            return self._lists[place, depth, carried]
        found: list[tuple[Place, tuple[Type, ...]]] = []
        nested: list[Place] = []
        for name in self.fields(place):
            types = self.field_types(place, name)
            items = self.ir.items(types)
            if items and ("string" not in self.kinds(types) or (carried is not None and name not in carried)):
                found.append((place.down(name, types), tuple(items)))
            elif self.ir.models_of(types) and depth < _LIST_DEPTH:
                nested.append(place.down(name, types))
        for below in nested:
            found += self.lists(below, depth + 1, carried)
        self._lists[place, depth, carried] = found
        return found

    def addressed(self, place: Place, field: str, carried: Names | None = None) -> Place | None:
        """The entry of the nearest list an address field names (``command_index`` →
        ``action.commands[...]``); None for none, or a bare ``index``."""
        name = address_of(field)
        if not name:
            return None
        lists = self.lists(place, carried=carried)
        chosen = plural_of(name, [p.steps[-1].name for p, _ in lists])
        for found, items in lists:
            if found.steps[-1].name == chosen:
                return Place((*found.steps[:-1], Step(chosen, field)), items)
        return None

    def kinds(self, types: Iterable[Type]) -> frozenset[str]:
        """JSON kinds (``event_schema.json_kinds``), ``null`` aside."""
        return self.ir.json_kinds(list(types)) - {"null"}

    def free_form(self, types: Iterable[Type]) -> bool:
        """Whether ``types`` is an object of any fields (a map, or any JSON: a tool's ``input``)."""
        shapes = [x for t in types for x in self.ir.shapes(t)]
        return bool(shapes) and all(isinstance(x, Map) or (isinstance(x, Prim) and x.kind == "any") for x in shapes)

    def holds_items(self, types: Iterable[Type], items: Iterable[Type], some: bool = False) -> bool:
        """Whether values of ``types`` are entries of a list of ``items``: the same models (some), or scalar
        kind; with ``some`` (the event addresses an entry), models sharing a tag (``type: message``)
        too: OpenRouter's blocks and output items beside the result's own schemas of them."""
        mine, theirs = self.ir.models_of(list(types)), self.ir.models_of(list(items))
        if mine:
            tags = {tag for m in theirs for tag in self.ir.tags(m).items()} if some else set()
            return all(m in theirs or tags.intersection(self.ir.tags(m).items()) for m in mine)
        kinds = self.kinds(types)
        return bool(kinds) and kinds <= self.kinds(items) and "object" not in kinds
