"""Lists read by position (``prefixItems``) in the TypedDict style: a ``tuple`` of the items,
which the parser holding it puts in place of the list (the only change a TypedDict's parse
makes to the decoded JSON; ``json.dumps`` writes a list again). Only in modules whose
schemas have such a list.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .parsing import _by_position


def _tuple_of(
    prefix: tuple[Callable[[Any], Any], ...], rest: Callable[[Any], Any] | None, least: int
) -> Callable[[Any], tuple[Any, ...]]:
    """A list read by position (``prefixItems``; a tuple an earlier parse put there reads as
    that list): see ``parsing._by_position``."""
    return _by_position(prefix, rest, least, (list, tuple))
