"""Unions: normalising the options of a ``oneOf``/``anyOf`` (or a ``type`` list)."""

from __future__ import annotations

from typing import Any

from ..model import ANY, Discriminator, Enum, Prim, Type, UnionType


def union(options: list[Type], discriminator: Discriminator | None = None) -> Type:
    """Normalise a union: flatten nested unions, merge inline enums, drop a base type an
    open enum already admits, drop duplicates; one option is that option."""
    flat = [o for x in options for o in (x.options if isinstance(x, UnionType) and x.discriminator is None else (x,))]
    if any(o == ANY for o in flat):
        return ANY
    merged: list[Type] = []
    inline_values: list[Any] = []
    enum_at = -1
    for option in flat:
        if isinstance(option, Prim) and any(isinstance(m, Prim) and m.kind == option.kind for m in merged):
            continue  # str (format: binary) | str is one type in Python
        if isinstance(option, Enum) and option.alias is None:
            if enum_at < 0:
                enum_at = len(merged)
                merged.append(option)
            inline_values.extend(v for v in option.values if v not in inline_values)
        elif option not in merged:
            merged.append(option)
    if enum_at >= 0:
        merged[enum_at] = Enum(tuple(inline_values))
    open_bases = {b for o in merged if isinstance(o, Enum) for b in o.bases}
    merged = [o for o in merged if not (isinstance(o, Prim) and o.kind in open_bases)]
    return merged[0] if len(merged) == 1 and discriminator is None else UnionType(tuple(merged), discriminator)
