"""Styles: the kinds of module gen-models emits, and what sets each apart, decided here once.

``Style`` names them; ``TRAITS`` holds each style's facts that rendering asks about (what a
model is called in prose, the error its parsers raise, what a module needs installed, how an
accumulator validates its result, whether models keep their field-name sets). How an IR
type is written in each style lives in ``pytypes``; the layout of each in ``templates/``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Style(str, enum.Enum):
    """A kind of generated module (a ``str``, so it compares equal to its name)."""

    DATACLASS = "dataclass"
    PYDANTIC = "pydantic"
    TYPEDDICT = "typeddict"
    MSGSPEC = "msgspec"

    def __str__(self) -> str:
        return self.value


#: The styles generated when none is asked for, in the order modules are generated and listed.
STYLES: tuple[str, ...] = (Style.DATACLASS.value, Style.PYDANTIC.value, Style.TYPEDDICT.value)
#: Every style (``--style msgspec`` is opt-in: its modules need msgspec installed).
ALL_STYLES: tuple[str, ...] = tuple(s.value for s in Style)


@dataclass(frozen=True, slots=True)
class Traits:
    """What sets a style apart, for rendering.

    Attributes:
        label: the style in prose (``Dataclass stream models for ...``).
        error_name: the exception its parse functions raise, as documented.
        own_parse_error: the module defines and exports ``ParseError``.
        needs: what the module needs installed, per target Python (oldest first).
        validates_by_model: accumulators validate with the model's ``model_validate``
            (pydantic: the lenient path builds that model) instead of the parse function.
        keeps_keys: every model keeps its set of wire names (``_KEYS_<Model>``; the
            dataclass parsers use it to find unknown fields).
        keys_for_extra: a model with typed extra fields keeps its wire names.
        resolves_string_aliases: before Python 3.12, recursive aliases are written as
            ``TypeAliasType`` with a string value whose names all get imported (pydantic
            validates through them; ``typing.get_type_hints`` evaluates them in both):
            the styles that may use ``typing_extensions``. The others keep a
            ``TypeAlias`` string (``pytypes.annotation``'s ``strings``).
        validates_by_class: accumulators give ``_built_anyway`` the class (or checker) to
            build, not a parse function (msgspec).
        model_extras: the attribute of a model instance that holds its unknown fields, for
            the merge states' ``_add_model`` (which reads a typed chunk by attribute); None
            when a chunk is a dict (TypedDict: it is merged as decoded JSON).
        odd_names_in_extras: a field whose wire name the library refuses (msgspec: ``\\``,
            ``"``, control characters) is no attribute but kept in the model's extras.
        dict_models: a model instance keeps its declared fields in ``__dict__`` by
            attribute name (pydantic), so the merge states' ``_add`` merges that dict as it
            merges decoded JSON (``_merge_model`` in the runtime) and reads a merged object
            or list item of the module's classes as such; no ``_add_model`` is generated
            per class. Otherwise ``_add_model`` reads each attribute (slots).
        reads_wire_names: a merge state finds the wire names of its class's fields in the
            class itself (``_wire_names``: pydantic's ``model_fields``), so they are not
            spelled out as ``_KEYS_<Model>`` for it.
    """

    label: str
    error_name: str
    own_parse_error: bool
    needs: tuple[tuple[tuple[int, int], str], ...]
    validates_by_model: bool = False
    keeps_keys: bool = False
    keys_for_extra: bool = False
    resolves_string_aliases: bool = False
    validates_by_class: bool = False
    model_extras: str | None = None
    odd_names_in_extras: bool = False
    dict_models: bool = False
    reads_wire_names: bool = False

    def dependency(self, target_python: tuple[int, int]) -> str:
        """What a module for ``target_python`` needs installed (``pydantic >= 2.11``)."""
        return next(text for since, text in reversed(self.needs) if target_python >= since)


TRAITS: dict[str, Traits] = {
    Style.DATACLASS: Traits(
        label="Dataclass",
        error_name="ParseError",
        own_parse_error=True,
        needs=(((3, 10), "only the standard library"),),
        keeps_keys=True,
        model_extras="extra_fields",
    ),
    Style.PYDANTIC: Traits(
        label="Pydantic",
        error_name="pydantic.ValidationError",
        own_parse_error=False,
        needs=(((3, 10), "pydantic >= 2.11"),),
        validates_by_model=True,
        resolves_string_aliases=True,
        model_extras="__pydantic_extra__",
        dict_models=True,
        reads_wire_names=True,
    ),
    Style.TYPEDDICT: Traits(
        label="TypedDict",
        error_name="ParseError",
        own_parse_error=True,
        needs=(((3, 10), "typing_extensions"), ((3, 12), "only the standard library")),
        keys_for_extra=True,
        resolves_string_aliases=True,
    ),
    Style.MSGSPEC: Traits(
        label="msgspec",
        error_name="msgspec.ValidationError",
        own_parse_error=False,
        needs=(((3, 10), "msgspec >= 0.18"),),
        validates_by_class=True,
        model_extras="extra_fields",
        odd_names_in_extras=True,
    ),
}
