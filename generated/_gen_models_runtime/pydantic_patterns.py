# gen-models 0.1.0: generator/runtime/pydantic_patterns.py, copied verbatim. Do not edit; regenerate instead.
"""Extra fields checked by key (``patternProperties``) in the pydantic style, from a model's
wrap validator.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, TypeAdapter

#: Per model class: its patterns' adapters, the rest's adapter, and whether closed.
_PATTERN_CHECKS: dict[type, tuple[tuple[tuple[str, TypeAdapter[Any]], ...], TypeAdapter[Any] | None, bool]] = {}


def _by_pattern(
    model: BaseModel, data: Any, rules: Callable[[], tuple[tuple[tuple[str, Any], ...], Any, bool]]
) -> None:
    """Validate ``model``'s extra fields again from ``data``, in place: by the type of every
    pattern its key matches (``re.search``; the first one's value kept), else the rest's
    (``None``: any), or refused when closed. ``rules()`` gives ``(patterns, rest, closed)`` as
    annotations (called once per class). Raises ``ValueError`` naming the key."""
    extra = model.__pydantic_extra__
    if not extra or not isinstance(data, dict):
        return
    checks = _PATTERN_CHECKS.get(type(model))
    if checks is None:
        patterns, rest, closed = rules()
        adapted = tuple((pattern, TypeAdapter(t)) for pattern, t in patterns)
        checks = _PATTERN_CHECKS[type(model)] = (adapted, None if rest is None else TypeAdapter(rest), closed)
    patterns_, rest_, closed_ = checks
    for key in extra:
        adapters = [adapter for pattern, adapter in patterns_ if re.search(pattern, key)]
        if not adapters and closed_:
            raise ValueError(f"{key}: not allowed: the key matches no pattern and additionalProperties is false")
        if not adapters:
            if rest_ is None:
                continue
            adapters = [rest_]
        try:
            built = [adapter.validate_python(data.get(key), strict=True) for adapter in adapters]
        except ValueError as exc:
            raise ValueError(f"{key}: {exc}") from None
        extra[key] = built[0]
