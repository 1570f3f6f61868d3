"""The base of the dataclass style's classes (``_Dataclass``): ``to_dict`` by the class's
table of fields. Laid out before the classes (the rest of the style's parsing, ``_Fields``
and ``_from_dict`` among it, comes after them: ``parsing_dataclass``).

Real Python, imported and tested as it is; inlined into generated modules without this
docstring and the import lines (see the package docstring).
"""

from __future__ import annotations

from typing import Any, ClassVar

from .parsing_dataclass import _dump, _Fields


class _Dataclass:
    """The base of the module's dataclasses: ``to_dict`` by the class's ``_Fields`` table
    (``_fields``, set once the parsers it names exist; ``from_dict`` reads it too)."""

    __slots__ = ()
    _fields: ClassVar[_Fields]
    extra_fields: dict[str, Any]  # every dataclass of the module declares these two
    null_fields: frozenset[str]  # (this one, those with a null-only field)

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        table = self._fields
        d: dict[str, Any] = {}
        # a null-only field is written back when the payload sent it, models and tuples
        # through _dump, the unknown fields after the others
        for (wire, optional, dump, null_only), value in zip(table.writes, table.values_of(self)):
            if null_only:
                if wire in self.null_fields:
                    d[wire] = None
            elif value is not None or not optional:
                d[wire] = _dump(value) if dump else value
        d.update(_dump(self.extra_fields) if table.extra_fields is not None else self.extra_fields)
        return d
