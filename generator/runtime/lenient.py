"""An accumulator's result in the dataclass and TypedDict styles, built even when it does
not fit its schema (``_built_anyway``). Only in modules with an accumulator.

Real Python, imported and tested as it is; inlined into generated modules without this
docstring and the import lines (see the package docstring).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .parsing import _LENIENT, _T, ParseError


def _built_anyway(parse: Callable[[Any], _T], data: dict[str, Any], acc: Any) -> _T:
    """``parse(data)``, for an accumulator's result. With ``acc.strict``, its ``ParseError``;
    otherwise a result that does not fit its schema (a server that omits a field the spec
    requires) is reported once as a ``schema_drift`` anomaly and built anyway, missing
    required fields read as absent (``None`` in a dataclass, keys left out of a TypedDict).
    A value of another type still raises.
    ``acc``: the accumulator's state (its ``strict`` flag and ``drift``)."""
    try:
        return parse(data)
    except ParseError as exc:
        if acc.strict:
            raise
        acc.drift(exc.where, f"does not fit its schema ({exc.message}); built anyway")
    token = _LENIENT.set([])
    try:
        return parse(data)
    finally:
        _LENIENT.reset(token)
