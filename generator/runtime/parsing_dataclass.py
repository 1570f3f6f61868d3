"""Parsing for the dataclass style, where a parser builds new values: a number is a
``float``, a list a new list of parsed items (the rest of parsing: ``parsing``).

Real Python, imported and tested as it is; inlined into generated modules without this
docstring and the import lines (see the package docstring).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .parsing import _SCALARS, _T, ParseError, _Kept, _kind


def _float(value: Any) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    raise ParseError(f"expected a number, got {_kind(value)}")


def _list_of(parse: Callable[[Any], _T]) -> Callable[[Any], list[_T]]:
    scalar = _SCALARS.get(parse)

    def parse_list(value: Any) -> list[_T]:
        if not isinstance(value, list):
            raise ParseError(f"expected a list, got {_kind(value)}")
        if scalar is not None and scalar.issuperset(map(type, value)):
            return list(value)  # the common case, checked in one pass
        items = []
        for i, item in enumerate(value):
            try:
                items.append(parse(item))
            except ParseError as exc:
                if type(item) is not _Kept:
                    raise exc.within(i) from None
                items.append(item.value)
        return items

    return parse_list
