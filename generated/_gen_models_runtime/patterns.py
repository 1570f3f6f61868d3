# gen-models 0.1.0: generator/runtime/patterns.py, copied verbatim. Do not edit; regenerate instead.
"""Extra fields checked by key (``patternProperties``) in the dataclass and TypedDict styles."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .parsing import ParseError, _keep


def _pattern_extras(
    data: dict[str, Any],
    known: frozenset[str],
    patterns: tuple[tuple[str, Callable[[Any], Any]], ...],
    rest: Callable[[Any], Any] | None,
    closed: bool,
) -> dict[str, Any]:
    """The fields of ``data`` not in ``known``, each checked (dataclass: built) by the parser
    of every pattern its key matches (``re.search``, as JSON Schema does; the first one's value
    kept), else by ``rest`` (``None``: any), or refused when ``closed``
    (``additionalProperties: false``). A lenient build keeps a misfit as it came."""
    extras = {}
    for key, value in data.items():
        if key in known:
            continue
        try:
            parsed = [parse(value) for pattern, parse in patterns if re.search(pattern, key)]
            if parsed:
                extras[key] = parsed[0]
            elif closed:
                raise ParseError("not allowed: the key matches no pattern and additionalProperties is false")
            else:
                extras[key] = value if rest is None else rest(value)
        except (ParseError, RecursionError) as exc:
            _keep(exc, data, key)
            extras[key] = value
    return extras
