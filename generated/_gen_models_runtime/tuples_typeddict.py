# gen-models 0.1.0: generator/runtime/tuples_typeddict.py, copied verbatim. Do not edit; regenerate instead.
"""Lists read by position (``prefixItems``) in the typeddict style: a ``tuple`` of the items,
which the parser of the field (or list item, map value) that holds it puts in place of the
list (the only place a TypedDict's parse changes the decoded JSON; ``json.dumps`` writes a
list again). Only in modules whose schemas have such a list.

Real Python, imported and tested as it is; inlined into generated modules without this
docstring and the import lines (see the package docstring).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from .parsing import _LENIENT, ParseError, _kind, _strictly


def _tuple_of(
    prefix: tuple[Callable[[Any], Any], ...], rest: Callable[[Any], Any] | None, least: int
) -> Callable[[Any], tuple[Any, ...]]:
    """A list read by position (``prefixItems``): item ``i`` by ``prefix[i]``, those after
    by ``rest`` (``None``: no more allowed); at least ``least`` items. A tuple (what an
    earlier parse put there) is read as the list it was. In a lenient build its items are
    read strictly (``_strictly``): a list read by position fits or is kept whole, as in the
    other styles."""

    def parse_tuple(value: Any) -> tuple[Any, ...]:
        if _LENIENT.get() is not None:
            return _strictly(parse_tuple, value)
        if not isinstance(value, (list, tuple)):
            raise ParseError(f"expected a list, got {_kind(value)}")
        if len(value) < least or (rest is None and len(value) > len(prefix)):
            most = f"at most {len(prefix)}" if rest is None else "more"
            raise ParseError(f"expected at least {least} and {most} items, got {len(value)}")
        items = []
        for i, item in enumerate(value):
            try:
                items.append((prefix[i] if i < len(prefix) else cast(Callable[[Any], Any], rest))(item))
            except ParseError as exc:
                raise exc.within(i) from None
        return tuple(items)

    return parse_tuple


def _put(data: dict[str, Any], key: str, value: Any) -> None:
    """Put a checked value back under ``key`` (a field that holds a tuple), when there is one:
    an absent key stays absent."""
    if key in data:
        data[key] = value
