"""What every style emitter answers, and the answers most styles share: render asks the
style's ``Emitter`` and decides nothing per style; a style (``dataclass``, ``pydantic``,
``typeddict``, ``msgspec`` beside this module) overrides only where it differs.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from .. import pytypes
from ..model import (
    Alias,
    AliasRef,
    Array,
    Enum,
    Field,
    Map,
    Model,
    ModelRef,
    Nullable,
    Prim,
    Schemas,
    Tuple,
    Type,
    UnionType,
    strip_null,
)
from ..naming import code as naming_code

#: One ``(since Python, text)`` per target Python a style's needs change at (oldest first).
Needs = tuple[tuple[tuple[int, int], str], ...]


@dataclass(frozen=True, slots=True)
class Traits:
    """What sets a style apart, for rendering (facts the templates and plans read).

    Attributes:
        label: the style in prose (``Dataclass stream models for ...``).
        error_name: the exception its parse functions raise, as documented.
        own_parse_error: the module defines and exports ``ParseError``.
        needs: what the module needs installed, per target Python (oldest first).
        keys_for_extra: a model with typed extra fields keeps its wire names (``_KEYS_<Model>``).
        resolves_string_aliases: before Python 3.12, recursive aliases are ``TypeAliasType``
            with a string value whose names all get imported; the others keep a ``TypeAlias``
            string (``Emitter.annotation``'s ``strings``).
        model_extras: the attribute holding a model instance's unknown fields, for the merge
            states' ``_add_model``; None when a chunk is a dict (TypedDict).
        dict_models: ``_add_model`` reads declared fields from ``__dict__`` (pydantic: faster).
        reads_wire_names: a merge state finds its class's wire names in the class
            (``_wire_names``: pydantic's ``model_fields``), not in ``_KEYS_<Model>``.
    """

    label: str
    error_name: str
    own_parse_error: bool
    needs: Needs
    keys_for_extra: bool = False
    resolves_string_aliases: bool = False
    model_extras: str | None = None
    dict_models: bool = False
    reads_wire_names: bool = False

    def dependency(self, target_python: tuple[int, int]) -> str:
        """What a module for ``target_python`` needs installed (``pydantic >= 2.11``)."""
        return next(text for since, text in reversed(self.needs) if target_python >= since)


class Emitter(ABC):
    """One style's source text (subclassed once per style; instances hold no state): its
    ``name`` (``--style``, and its template's ``<name>.py.jinja``) and ``traits``."""

    name: ClassVar[str]
    traits: ClassVar[Traits]

    def annotation(
        self, t: Type, nullable: bool = False, target: tuple[int, int] = (3, 10), strings: frozenset[str] = frozenset()
    ) -> str:
        """The annotation of a value of type ``t`` for Python ``target``, ``| None`` when ``t``
        is ``Nullable`` or ``nullable``. ``strings``: aliases held as strings at run time; as
        ``"..." | None`` cannot be evaluated, a union holding one is ``typing.Optional[...]``
        or ``typing.Union[...]``, which ``typing.get_type_hints`` evaluates."""
        if isinstance(t, Nullable):
            t, nullable = t.inner, True
        text = self._annotation(t, target, strings)
        if not nullable or text in ("Any", "None"):
            return text
        return f"typing.Optional[{text}]" if text in strings else f"{text} | None"

    def _annotation(self, t: Type, target: tuple[int, int], strings: frozenset[str]) -> str:
        if isinstance(t, Prim):
            return pytypes.PRIM_ANNOTATION[t.kind]
        if isinstance(t, Enum):
            if t.closed:  # a tagged union member's tag: its Literal alone (``union_fallbacks``)
                return self.literal_text(t) or " | ".join(t.bases)
            closed = self._closed_enum(t)
            return " | ".join([closed, *t.bases] if closed else t.bases)
        if isinstance(t, (ModelRef, AliasRef)):
            return t.name
        if isinstance(t, Array):
            return f"list[{self.annotation(t.items, target=target, strings=strings)}]"
        if isinstance(t, Tuple):
            parts = [self.annotation(p, target=target, strings=strings) for p in t.prefix]
            rest = self.annotation(t.rest, target=target, strings=strings) if t.rest is not None else None
            return " | ".join(self.tuple_shapes(t, parts, rest, target, strings))
        if isinstance(t, Map):
            return f"dict[str, {self.annotation(t.values, target=target, strings=strings)}]"
        if isinstance(t, UnionType):
            # enums add their open base types once, at the end (``A | Literal["x"] | str``)
            bases = [b for o in t.options if isinstance(o, Enum) for b in o.bases]
            options = [
                self._closed_enum(o) if isinstance(o, Enum) else self._annotation(o, target, strings) for o in t.options
            ]
            options = [o for o in options if o]
            options += [
                pytypes.PRIM_ANNOTATION[b] for b in dict.fromkeys(bases) if pytypes.PRIM_ANNOTATION[b] not in options
            ]
            if t.discriminator is not None and t.discriminator.fallback:
                options.append(t.discriminator.fallback)  # the member the spec does not list
            return self.union_annotation(t, options, strings)
        raise TypeError(t)  # pragma: no cover - closed set

    def union_annotation(self, t: UnionType, options: list[str], strings: frozenset[str]) -> str:
        """A union's annotation from its options' (``A | B``)."""
        return f"typing.Union[{', '.join(options)}]" if strings & set(options) else " | ".join(options)

    def tuple_shapes(
        self, t: Tuple, parts: list[str], rest: str | None, target: tuple[int, int], strings: frozenset[str]
    ) -> list[str]:
        """A tuple's annotation (joined by ``|``) from its positions' (``parts``) and its rest's:
        the ``tuple[...]`` of each length a tuple may have, the longest ending in
        ``*tuple[Rest, ...]`` when more items may follow; before Python 3.11 that is a
        ``tuple[A | B | Rest, ...]`` (the parsers check, ``tuple_positions`` documents)."""
        if rest is not None and target < (3, 11):
            return [f"tuple[{any_of([*parts, rest], strings)}, ...]"]
        shapes = [f"tuple[{', '.join(parts[:k])}]" if k else "tuple[()]" for k in range(t.min_items, len(parts) + 1)]
        if rest is not None:
            shapes[-1] = f"tuple[{', '.join(parts)}, *tuple[{rest}, ...]]"
        return shapes

    def tuple_spelled_out(self, t: Tuple, target: tuple[int, int]) -> bool:
        """True when a tuple's annotation says what each position holds."""
        return t.rest is None or target >= (3, 11)

    def tuple_positions(self, t: Type, target: tuple[int, int] = (3, 10)) -> str | None:
        """The docstring's sentence spelling out a tuple's positions where its annotation does
        not; ``None`` otherwise."""
        t = strip_null(t)
        if not isinstance(t, Tuple) or self.tuple_spelled_out(t, target):
            return None
        where = ", ".join(f"{i}: ``{self.annotation(p, target=target)}``" for i, p in enumerate(t.prefix))
        rest = "no more items" if t.rest is None else f"then any number of ``{self.annotation(t.rest, target=target)}``"
        least = f"; at least {t.min_items} item{'s' if t.min_items > 1 else ''}" if t.min_items else ""
        return f"Items by position (checked): {where}; {rest}{least}."

    def _closed_enum(self, t: Enum) -> str:
        """The ``Literal`` part of an open enum (or its alias), ``""`` when there is none."""
        if t.alias:
            return t.alias if self.literal_values(t) else ""
        return self.literal_text(t)

    def literal_values(self, t: Enum) -> tuple[object, ...]:
        """The values an enum's ``Literal`` lists (its open base types admit the others)."""
        return t.values

    def literal_text(self, t: Enum) -> str:
        """The ``Literal[...]`` of an enum's values, ``""`` when it lists none."""
        values = self.literal_values(t)
        return f"Literal[{', '.join(pytypes.literal(v) for v in values)}]" if values else ""

    @abstractmethod
    def field(self, f: Field, ann: str, wire: str) -> dict[str, str]:
        """``decl`` (the declaration) and what else the template reads of a field, given its
        annotation and wire name as a literal."""

    def model_view(self, m: Model) -> dict[str, Any]:
        """What the style's template reads of a model beyond the shared view."""
        return {}

    def model_parser(self, name: str) -> str:
        """The parser callable of the model ``name`` (``Any -> model``)."""
        return naming_code.model_parser(name)

    def public_parser(self, name: str, alias: Alias | None, parsers: pytypes.Parsers) -> tuple[str, str]:
        """The public parse function of the component ``name`` (a model, or ``alias``) as
        ``(annotation, expression)`` of its assignment (``""``: the expression's type says it;
        ``Cat.from_dict``, ``_parse_Part``, ``_str`` for an open string enum)."""
        if alias is None:
            return "", self.model_parser(name)
        if isinstance(alias.type, Enum):
            return "", parsers.of(alias.reference)
        return "", naming_code.model_parser(name)  # its function, defined for every other alias

    def validate_function(self, name: str, parse_fn: str) -> str:
        """What an accumulator passes to ``_built_anyway`` to validate a ``name``."""
        return parse_fn

    def declares(self, f: Field) -> bool:
        """True when ``f`` is an attribute of its model (else it is kept in its extras)."""
        return True

    def public_names(self, parse_functions: list[str]) -> list[str]:
        """Public names the style adds, given the chunk roots' parse functions."""
        return []

    def annotation_names(self, t: Type) -> set[str]:
        """The names an annotation of ``t`` needs imported (``Any``, ``Literal`` ...)."""
        return pytypes.uses(t)

    def names_in_strings(self, models: list[Model]) -> set[str]:
        """Names the models use only inside annotations held as strings (imported still)."""
        return set()

    def context(self, schemas: Schemas, lazy: set[str], views: dict[str, Any]) -> dict[str, Any]:
        """What the style's template needs beyond the shared context so far (``views``, whose
        model and root views it may add to), given the IR and the aliases written as strings."""
        return {}


def field_default(f: Field, wire: str, call: str, keyword: str) -> str:
    """What follows a field's annotation: ``= None`` when optional and, when the attribute is
    not its wire name, a ``call`` naming it (``= Field(default=None, alias="x-id")``)."""
    if f.py_name == f.wire_name:
        return "" if f.required else " = None"
    return f" = {call}({'' if f.required else 'default=None, '}{keyword}={wire})"


def library_parser(e: Emitter, name: str, alias: Alias | None, parsers: pytypes.Parsers) -> tuple[str, str]:
    """``Emitter.public_parser`` of the styles whose library validates (pydantic, msgspec): a
    model's ``_parser(Model)``, any other type's ``_parser_of(annotation)`` (an enum's with its
    open base types)."""
    if alias is None:
        return "", f"_parser({name})"
    ann = e.annotation(alias.reference, target=parsers.target)
    return f"Callable[[Any], {ann}]", f"_parser_of({ann})"


def any_of(options: list[str], strings: frozenset[str]) -> str:
    """``A | B`` of annotation texts, each once (``Any`` when one of them is; see
    ``Emitter.annotation`` for ``strings``)."""
    unique = list(dict.fromkeys(options))
    if "Any" in unique or len(unique) == 1:
        return "Any" if "Any" in unique else unique[0]
    return f"typing.Union[{', '.join(unique)}]" if strings & set(unique) else " | ".join(unique)
