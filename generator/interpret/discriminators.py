"""Discriminators: which member of a union a payload's tag selects.

Decided over the finished IR (``settle``), so the result never depends on the order the spec was
read in; until then a union carries a ``Pending`` one. Explicit (OpenAPI 3.1 section 4.8.25): the
mapping as written, then each member's own tags. Implied: every object member requires one same
property holding ``const``/``enum`` values, no value shared by two members.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..model import Alias, AliasRef, Discriminator, Enum, Field, Model, ModelRef, Type, UnionType, map_parts
from ..naming import Place
from .unions import union


@dataclass(frozen=True, slots=True)
class Pending(Discriminator):
    """A discriminator not decided yet: ``explicit`` when the spec wrote one (``property`` and
    ``mapping`` as written), else the object members may imply one."""

    explicit: bool = False
    #: tags the reader added for schemas that only name another (``Cat: allOf [$ref Pet]``
    #: selects ``Pet``'s class): not written in a mapping, so they hide no member's own tags
    synonyms: tuple[Any, ...] = ()
    #: members that take only the tags written for them, none of their own (an allOf parent)
    quiet: tuple[str, ...] = ()


#: The stand-in of a union whose discriminator, if any, is implied by its members.
IMPLIED = Pending("", ())


def settle(models: dict[str, Model], aliases: dict[str, Alias], places: Mapping[str, Place]) -> None:
    """Replace every ``Pending`` discriminator in ``models`` and ``aliases`` (in place) by the
    discriminator it stands for, or by none."""
    finished = dict(models)
    pass_ = _Settle(finished, places, dict(aliases))
    models.update({name: m.map_types(pass_.type) for name, m in finished.items()})
    aliases.update({name: replace(a, value_type=pass_.type(a.value_type)) for name, a in aliases.items()})


class _Settle:
    def __init__(self, models: Mapping[str, Model], places: Mapping[str, Place], aliases: Mapping[str, Alias]) -> None:
        self.models, self.places, self.aliases = models, places, aliases

    def type(self, t: Type) -> Type:
        if not isinstance(t, UnionType):
            return map_parts(t, self.type)
        options = [self.type(o) for o in t.options]
        d = t.discriminator
        if isinstance(d, Pending):
            return union(options, self.explicit(d, options)) if d.explicit else union(self.with_implied(options))
        # a member settled: normalise again (it may flatten)
        return union(options, d) if options != list(t.options) else t

    def explicit(self, d: Pending, options: list[Type]) -> Discriminator:
        """The mapping as written, then each member's own tags (a member mapped explicitly
        by its schema name alone adds none)."""
        mapping = dict(d.mapping)
        written = {name for tag, name in d.mapping if tag not in d.synonyms}
        for option in options:
            assert isinstance(option, ModelRef)  # checked while reading
            tags = self.implied_tags(option.name, d.property)
            if option.name in d.quiet or (option.name in written and tags == [self.places[option.name].component]):
                continue  # mapped explicitly: its schema name is no tag (its own const/enum values are)
            for tag in tags:
                mapping.setdefault(tag, option.name)
        return Discriminator(d.property, tuple(mapping.items()))

    def with_implied(self, options: list[Type]) -> list[Type]:
        """The options with their object members as one discriminated union where they imply one; others stay
        (``ToolChoiceParam``). Unions of objects among them (``AssistantStreamEvent``'s) give theirs where all do."""
        flat = [m for o in options for m in self.members(o)]
        nested = [o for o in flat if isinstance(o, ModelRef)]
        if flat != options and len(nested) == len(flat) and (implied := self.implied_discriminator(nested)):
            return [UnionType(tuple(nested), implied)]
        objects = [o for o in options if isinstance(o, ModelRef)]
        implied = self.implied_discriminator(objects)
        if implied is None:
            return options
        first = options.index(objects[0])
        rest: list[Type] = [o for o in options if not isinstance(o, ModelRef)]
        return rest[:first] + [UnionType(tuple(objects), implied)] + rest[first:]

    def members(self, t: Type) -> list[Type]:
        """The members of a union alias (one level), else ``[t]``."""
        alias = self.aliases.get(t.name) if isinstance(t, AliasRef) else None
        return list(alias.value_type.options) if alias and isinstance(alias.value_type, UnionType) else [t]

    def implied_discriminator(self, options: list[ModelRef]) -> Discriminator | None:
        """A discriminator the members imply (see the module docstring; ``ResponseStreamEvent``'s
        50+ events). Without it, open enums and kept extras would let the first member whose
        required fields are present take any payload."""
        models = [m for o in options if (m := self.models.get(o.name)) is not None]
        if len(models) < 2 or len(models) != len(options):
            return None
        for candidate in models[0].fields:
            mapping: dict[Any, str] = {}
            for model in models:
                field = next((f for f in model.fields if f.wire_name == candidate.wire_name and f.required), None)
                values = tag_values(field) if field is not None else []
                every = field is not None and isinstance(field.type, Enum) and len(values) == len(field.type.values)
                if not values or not every or any(v in mapping for v in values):
                    break  # a member without tags, or with a null/boolean value or one another member has
                mapping.update((v, model.name) for v in values)
            else:
                return Discriminator(candidate.wire_name, tuple(mapping.items()))
        return None

    def implied_tags(self, model_name: str, prop: str) -> list[Any]:
        """A model's tags: the ``const``/``enum`` values of its discriminating property (every
        value of a multi-value enum: servers send them all), else its schema name (OpenAPI 3.1
        section 4.8.25.4, implicit mapping)."""
        model = self.models.get(model_name)
        for f in model.fields if model else ():
            if f.wire_name == prop and tag_values(f):
                return tag_values(f)
        place = self.places.get(model_name)
        return [place.component] if place is not None and place.component is not None else []


def tag_values(field: Field) -> list[Any]:
    """A field's const/enum values that can be tags: strings and integers (not null, booleans)."""
    values = field.type.values if isinstance(field.type, Enum) else ()
    return [v for v in values if v is not None and type(v) is not bool]
