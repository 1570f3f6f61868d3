# gen-models 0.1.0: generator/runtime/parts.py, copied verbatim. Do not edit; regenerate instead.
"""Lists of content parts that arrive a part at a time (Mistral's ``content``: ``[{"type":
"thinking", "thinking": [...]}, {"type": "text", "text": ...}]``), for the chunk merge and the
event fold. The rule (``_add_part``): a part joins the one before when both have one ``type``,
both hold text to join (``text``, or a list of nested parts, joined by the same rule) and no
other field differs; a string is a text part; an empty text part adds nothing.
"""

from __future__ import annotations

from typing import Any

from .anomalies import _joined


class _PartText(list[str]):
    """The text of a part that adjacent parts add to: fragments, joined once (``_part_built``)."""


class _Part(dict[str, Any]):
    """A copy of a part that the next adjacent part of its kind may join."""


def _part_texts(part: dict[str, Any], tag: str) -> list[str]:
    """The fields of ``part`` that hold text to join: ``text``, and lists of nested parts."""
    return [
        name
        for name, value in part.items()
        if name != tag
        and (
            (name == "text" and (type(value) is str or type(value) is _PartText))
            or (type(value) is list and value and all(type(x) is dict or type(x) is _Part for x in value))
        )
    ]


def _joins(last: _Part, part: dict[str, Any], tag: str) -> bool:
    """Whether ``part`` joins ``last`` (see the module docstring)."""
    kind = part.get(tag)
    if kind is None or last.get(tag) != kind:
        return False
    texts = _part_texts(part, tag)
    for name in texts:  # each held by both, in the same form (text, or nested parts)
        if name not in last or (type(part[name]) is str) != (type(last[name]) is _PartText):
            return False
    if not texts:
        return False
    return all(name in texts or name not in last or last[name] == value for name, value in part.items())


def _empty(part: _Part, tag: str) -> bool:
    """A part that holds nothing: its text (or nested parts) empty and no other field."""
    rest = [part[name] for name in part if name != tag]
    return bool(rest) and all(value == [] or (type(value) is _PartText and not any(value)) for value in rest)


def _opened(part: dict[str, Any], tag: str) -> _Part:
    """A copy of ``part`` that later parts may join: its text gathered, nested parts joined."""
    opened = _Part(part)
    for name in _part_texts(part, tag):
        value = part[name]
        if type(value) is str:
            opened[name] = _PartText((value,))
        else:
            nested: list[Any] = []
            for item in value:
                _add_part(nested, item, tag)
            opened[name] = nested
    return opened


def _add_part(parts: list[Any], value: Any, tag: str = "type") -> None:
    """Add ``value`` (a part, text, or a list of them) to ``parts``; anything else is appended
    as it came (the caller reports it)."""
    if type(value) is list:
        for item in value:
            _add_part(parts, item, tag)
        return
    if type(value) is str:
        if not value:
            return
        value = {tag: "text", "text": value}
    elif type(value) is not dict:
        parts.append(value)
        return
    last = parts[-1] if parts else None
    if type(last) is _Part and _joins(last, value, tag):
        for name, piece in value.items():
            held = last.get(name)
            if type(held) is _PartText:
                held.append(piece)
            elif name != tag and type(held) is list and type(piece) is list:
                for item in piece:
                    _add_part(held, item, tag)
            elif name not in last:
                last[name] = piece
        return
    opened = _opened(value, tag)
    if not _empty(opened, tag):
        parts.append(opened)


def _part_built(value: Any) -> Any:
    """Plain JSON of parts gathered by ``_add_part``: text joined, nested parts built."""
    t = type(value)
    if t is _PartText:
        return _joined(value)
    if t is _Part:
        return {name: _part_built(piece) for name, piece in value.items()}
    if t is list:
        return [_part_built(item) for item in value]
    return value
