# gen-models 0.1.0: generator/runtime/tuples_dataclass.py, copied verbatim. Do not edit; regenerate instead.
"""Lists read by position (``prefixItems``) in the dataclass style: a tuple of parsed items.
Only in modules whose schemas have such a list.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .parsing import _by_position


def _tuple_of(
    prefix: tuple[Callable[[Any], Any], ...], rest: Callable[[Any], Any] | None, least: int
) -> Callable[[Any], tuple[Any, ...]]:
    """A list read by position (``prefixItems``): see ``parsing._by_position``."""
    return _by_position(prefix, rest, least, list)
