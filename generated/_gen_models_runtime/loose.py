# gen-models 0.1.0: generator/runtime/loose.py, copied verbatim. Do not edit; regenerate instead.
"""Fields the schema does not know, merged by shape (``_Text``, ``_Merged``, ``_Items``) and
built as plain JSON (``_built``).
"""

from __future__ import annotations

from typing import Any

from .anomalies import _joined, _json_kind_of, _said
from .bookkeeping import _Bookkeeping, _join


class _Text(list[str]):
    """Fragments of an unknown text field inside a choice or delta, joined at snapshot. While
    every fragment is the same (a label sent with each chunk: Groq's ``channel: "analysis"``) it
    is that value, and the last where each value comes in runs (``_relabelled``: ``analysis``
    then ``final``); else (``grows``) every fragment counts, the repeats before too."""

    __slots__ = ("grows",)

    def __init__(self, first: str) -> None:
        super().__init__((first,))
        self.grows = False

    def add(self, fragment: str) -> None:
        if not self.grows and fragment != self[0]:
            self.grows = True
        self.append(fragment)

    def text(self) -> str:
        return self[-1] if not self.grows or _relabelled(self) else _joined(self)


def _relabelled(fragments: list[str]) -> bool:
    """Every fragment repeats a neighbour: a label that changed, which streamed text never is."""
    last = len(fragments) - 1
    return all(
        (i > 0 and f == fragments[i - 1]) or (i < last and f == fragments[i + 1]) for i, f in enumerate(fragments)
    )


class _Items(list[Any]):
    """An unknown list whose items carry an integer ``index`` (OpenRouter's
    ``reasoning_details``): merged by it, as tool calls; items without one are appended."""

    __slots__ = ("by_index",)

    def __init__(self) -> None:
        super().__init__()
        self.by_index: dict[int, _Merged] = {}


def _indexed(items: list[Any]) -> bool:
    """True when some item is an object with an integer ``index``."""
    return any(type(item) is dict and type(item.get("index")) is int for item in items)


class _Merged(dict[str, Any]):
    """An unknown object the merge builds (copied into each snapshot)."""


#: Unknown objects nested deeper than this are kept whole (the last one), not merged.
_MAX_DEPTH = 32


def _built(value: Any) -> Any:
    """An unknown field as plain JSON: text joined, merged objects and lists copied, values
    kept as they came shared."""
    if type(value) is _Text:
        return value.text()
    if type(value) is _Merged:
        return {k: _built(v) for k, v in value.items()}
    if type(value) is _Items:
        return [_built(v) for v in value]
    if type(value) is list:
        return list(value)
    return value


def _form(value: Any) -> str:
    """The form of an unknown field's non-null value, for the rule that its first form wins."""
    if type(value) is str or type(value) is _Text:
        return "text"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "list"
    return "scalar"


def _merge_loose(
    acc: _Bookkeeping, target: dict[str, Any], path: str, key: str, value: Any, context: str, depth: int
) -> None:
    """Merge a field the schema does not know: text concatenates below the top (``_Text``),
    other scalars take the last non-null value, objects merge recursively, lists append or
    merge by ``index`` (``_Items``; at a chunk's top level the last list wins, never an empty one). The first form
    wins: a value of another form is reported, not merged."""
    old = target.get(key)
    if value is None:
        target.setdefault(key, None)
        return
    if old is not None and _form(old) != _form(value):
        kept = _built(old)
        said = _said("first_form", _json_kind_of(value), _json_kind_of(kept))
        acc.anomaly(_join(path, key), "mixed_fragments", said, kept, value)
        return
    if type(value) is str:
        if context == "root":
            target[key] = value
        elif type(old) is _Text:
            old.add(value)
        else:
            target[key] = _Text(value)
    elif type(value) is dict and depth < _MAX_DEPTH:
        if type(old) is not _Merged:
            old = target[key] = _Merged()
        for k, v in value.items():
            _merge_loose(acc, old, _join(path, key), k, v, context, depth + 1)
    elif type(value) is list and context != "root" and (type(old) is _Items or (not old and _indexed(value))):
        if type(old) is not _Items:
            old = target[key] = _Items()
        _merge_items(acc, old, _join(path, key), value, context, depth)
    elif type(value) is list and context != "root" and type(old) is list:
        old.extend(value)
    elif type(value) is list and (value or not old):
        target[key] = list(value)
    elif type(value) is list:
        acc.anomaly(_join(path, key), "emptied", _said("emptied_list"), _built(old), value)
    else:
        target[key] = value


def _merge_items(acc: _Bookkeeping, items: _Items, path: str, value: list[Any], context: str, depth: int) -> None:
    """Merge a fragment's list into ``items`` by each item's ``index``."""
    for item in value:
        index = item.get("index") if type(item) is dict else None
        if type(index) is not int or depth >= _MAX_DEPTH:
            items.append(item)
            continue
        entry = items.by_index.get(index)
        if entry is None:
            entry = items.by_index[index] = _Merged()
            items.append(entry)
        for k, v in item.items():
            if k == "index":
                entry[k] = v
            else:
                _merge_loose(acc, entry, f"{path}[{index}]", k, v, context, depth + 1)
