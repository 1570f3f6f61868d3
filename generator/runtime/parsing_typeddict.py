"""Parsing for the TypedDict style, where a parser checks its input and returns it (the
same objects: a TypedDict is the decoded JSON); the rest of parsing: ``parsing``.

Real Python, imported and tested as it is; inlined into generated modules without this
docstring and the import lines (see the package docstring).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .parsing import _SCALARS, _T, ParseError, _Kept, _kind


def _float(value: Any) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    raise ParseError(f"expected a number, got {_kind(value)}")


def _list_of(parse: Callable[[Any], _T]) -> Callable[[Any], list[_T]]:
    scalar = _SCALARS.get(parse)

    def parse_list(value: Any) -> list[_T]:
        if not isinstance(value, list):
            raise ParseError(f"expected a list, got {_kind(value)}")
        if scalar is not None and scalar.issuperset(map(type, value)):
            return value  # the common case, checked in one pass
        for i, item in enumerate(value):  # TypedDict parsers check and return their input
            try:
                parsed = parse(item)
            except ParseError as exc:
                if type(item) is not _Kept:
                    raise exc.within(i) from None
                continue
            if parsed is not item and type(item) is not _Kept:
                # a tuple read from a list (prefixItems), in its place
                value[i] = parsed
        return value

    return parse_list
