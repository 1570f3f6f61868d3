# gen-models 0.1.0: generator/runtime/pydantic_patterns.py, copied verbatim. Do not edit; regenerate instead.
"""Extra fields checked by key (``patternProperties``) in the pydantic style: a model whose
schema has them validates its extra fields again in a wrap validator, each by the type of
every pattern its key matches, else by ``additionalProperties``. Only in modules whose
schemas have such an object (with ``--runtime package``, shared from ``_runtime_pydantic.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, TypeAdapter

#: Per model class: its patterns with their adapters, the adapter of the rest, and whether closed.
_PATTERN_CHECKS: dict[type, tuple[tuple[tuple[str, TypeAdapter[Any]], ...], TypeAdapter[Any] | None, bool]] = {}


def _by_pattern(
    model: BaseModel, data: Any, rules: Callable[[], tuple[tuple[tuple[str, Any], ...], Any, bool]]
) -> None:
    """Validate each extra field of ``model`` (validated from ``data``) again from its value
    in ``data``, in place: by the type of every pattern its key matches (``re.search``, as JSON
    Schema matches; the first one's value is kept), a key matching none by the rest's type
    (``None``: any value), or refused when closed (``additionalProperties: false``).
    ``rules()`` gives ``(patterns, rest, closed)``, the types as annotations (called once per
    model class, when the module's names are all defined). Raises ``ValueError`` naming the key."""
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
