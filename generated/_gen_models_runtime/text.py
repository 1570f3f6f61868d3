# gen-models 0.1.0: generator/runtime/text.py, copied verbatim. Do not edit; regenerate instead.
"""Text fields off the fast path: fragments that come as parts or another JSON value
(``_TextMerge.fragment``) and JSON text a server re-sends whole (``_TextMerge.json_text``).
"""

from __future__ import annotations

import json
from typing import Any

from .anomalies import _joined, _json_kind_of, _said
from .bookkeeping import _Bookkeeping, _join
from .loose import _merge_loose
from .parts import _add_part
from .typed import _as_json


class _JsonText(list[str]):
    """Fragments of a JSON text field (a tool call's ``arguments``), joined at snapshot, and
    ``size``, their total length (``_TextMerge.json_text``)."""

    __slots__ = ("size",)

    def __init__(self) -> None:
        super().__init__()
        self.size = 0


class _Runs:
    """The items of a ``join`` list (Gemini's ``parts``) in order; an item with the same
    fields and values as the one before, its text ``text_wire`` aside, joins that one's text
    (gathered, joined once). Nothing else is merged, nor dropped."""

    __slots__ = ("items", "pieces", "text_wire")

    def __init__(self, text_wire: str) -> None:
        self.text_wire = text_wire
        self.items: list[Any] = []
        self.pieces: list[str] | None = None  # the newest item's text, while it may grow

    def add(self, item: Any) -> None:
        """One item of a chunk's list, in order."""
        wire = self.text_wire
        text = item.get(wire) if type(item) is dict else None
        if type(text) is not str:
            self._close()
            self.pieces = None
            self.items.append(item)
            return
        newest = self.items[-1] if self.pieces is not None else None
        if newest is not None and len(newest) == len(item):
            for key, value in item.items():
                if key != wire and (key not in newest or newest[key] != value):
                    break
            else:
                assert self.pieces is not None
                self.pieces.append(text)
                return
        self._close()
        self.pieces = [text]
        self.items.append(dict(item))  # a copy: its text grows

    def _close(self) -> None:
        """The newest item's text joined once (when it grew)."""
        if self.pieces is not None and len(self.pieces) > 1:
            text = _joined(self.pieces)
            self.items[-1][self.text_wire] = text
            self.pieces[:] = [text]

    def built(self) -> list[Any]:
        """The items so far (a new list; text items are the merge's own copies)."""
        self._close()
        return list(self.items)


def _lost_text(old: Any, new: Any) -> str | None:
    """Where ``new`` (a ``last`` field's value) drops or changes ``old``'s non-empty text
    (``""``: the value itself, ``.content``: a field), or None."""
    if type(old) is str:
        return "" if old and old != new else None
    if type(old) is dict:
        for key, value in old.items():
            where = _lost_text(value, new.get(key) if type(new) is dict else None)
            if where is not None:
                return f".{key}{where}"
    return None


def _repeats(text: list[str], value: str, size: int) -> bool:
    """True when ``value`` starts with all of ``text`` (``size`` characters, JSON text of an
    object or list, which a true continuation never does); costs at most ``len(value)``."""
    return len(value) >= size and value[:1] in ("{", "[") and value.startswith("".join(text))


class _TextMerge(_Bookkeeping):
    """The merger's rare paths for text fields (a part of ``_Merger``): generated code appends
    a string itself and calls these for anything else."""

    __slots__ = ()

    def fragment(self, state: Any, attr: str, wire: str, value: Any, text_only: bool = False) -> None:
        """A text field's fragment off the fast path: a list of parts, another JSON value, or
        text after such fragments (typed parts read as their JSON).

        A list of parts: with ``text_only`` (the schema allows only text), its text parts'
        text joins the field's text and the other parts are reported (``dropped``); else the
        field becomes its list of parts, text before or after a text part. Another JSON value
        (``arguments`` as an object): with ``text_only``, reported and appended as its JSON
        text; else merged as an unknown field in a delta is (objects field by field, their text
        gathered), never mixed with text (the first form wins, reported)."""
        value = _as_json(value)
        if type(value) is list:
            (self._text_parts if text_only else self._parts)(state, attr, wire, value)
            return
        if value == {}:
            return
        where = _join(state._path, wire)
        if text_only and type(value) is not str:
            try:
                text = json.dumps(value, ensure_ascii=False, default=repr)
            except RecursionError:  # nested past what json.dumps writes: dropped, the rest of the chunk kept
                self.anomaly(where, "too_deep", "a value nested too deeply to write as text: dropped", None, value)
                return
            self.anomaly(where, "wrong_type", _said("json_text", _json_kind_of(value)), text, value)
            value = text
        text = getattr(state, attr)
        other = state._alt.get(wire) if state._alt is not None else None
        if type(value) is str:
            if type(other) is list:
                self._parts(state, attr, wire, [value])
            elif other is None:
                text.append(value)
            elif value:
                self.anomaly(where, "mixed_fragments", "text after a non-text value; kept that", other, value)
            return
        if any(text) or type(other) is list:
            kept = "".join(text) if any(text) else other
            self.anomaly(where, "mixed_fragments", "a non-text value after text; kept the text", kept, value)
            return
        if state._alt is None:
            state._alt = {}
        _merge_loose(self, state._alt, state._path, wire, value, "delta", 0)

    def _text_parts(self, state: Any, attr: str, wire: str, parts: list[Any]) -> None:
        """Parts for a text-only field: text parts' text joins; the others are reported."""
        text = getattr(state, attr)
        others = []
        for part in parts:
            if type(part) is str:
                text.append(part)
            elif type(part) is dict and part.get("type", "text") == "text" and type(part.get("text")) is str:
                text.append(part["text"])
            else:
                others.append(part)
        if others:
            message = "parts that are not text where the schema allows only text; kept their text, not them"
            self.anomaly(_join(state._path, wire), "mixed_fragments", message, None, others)

    def _parts(self, state: Any, attr: str, wire: str, parts: list[Any]) -> None:
        """Parts for a field that may hold a list of parts, gathered in order (earlier text the
        first part; adjacent parts of one kind join: ``parts._add_part``)."""
        if state._alt is None:
            state._alt = {}
        gathered: Any = state._alt.get(wire)
        if type(gathered) is not list:
            if gathered is not None:  # an object came first: the first form wins
                self.anomaly(
                    _join(state._path, wire), "mixed_fragments", "parts after a non-text value; kept that", None, parts
                )
                return
            gathered = state._alt[wire] = []
            text = getattr(state, attr)
            if any(text):  # text so far: the first part
                _add_part(gathered, "".join(text))
                text.clear()
        _add_part(gathered, parts)

    def replaced(self, state: Any, wire: str, old: Any, new: Any) -> None:
        """Report (``text_replaced``) a ``last`` field's new value that drops or changes its
        text (sent in pieces, the answer may have changed); the new value is kept."""
        where = _lost_text(old, new)
        if where is not None:
            message = (
                "a different text replaced the one this field held (sent in pieces? merge it with concat or "
                "merge); kept the last"
            )
            self.anomaly(_join(state._path, wire) + where, "text_replaced", message, new, old)

    def json_text(self, state: Any, attr: str, wire: str, value: Any) -> None:
        """A fragment of a JSON text field (``arguments``, in a ``_JsonText``). Some servers
        re-send the whole text so far: a fragment starting with all of an object's or list's
        JSON text replaces it (one copy kept, ``repeated_text`` once per field). Linear: the
        text is read only for a fragment at least as long (``_JsonText.size``)."""
        text = getattr(state, attr)
        if type(value) is not str or state._alt is not None:
            start = len(text)
            self.fragment(state, attr, wire, value, text_only=True)
            if len(text) <= start:
                return
            added = text[start:]
            del text[start:]
            # an object (reported, kept as its JSON text) may re-send the whole object so far
            if type(value) is dict and len(added) == 1 and start and _repeats(text, added[0], text.size):
                self._resent(state, attr, wire, added[0])
            else:
                text.extend(added)
                text.size += sum(len(part) for part in added)
            return
        if not text.size:
            if value or not text:
                text[:] = [value]
                text.size = len(value)
            return
        if _repeats(text, value, text.size):
            self._resent(state, attr, wire, value)
        elif value:
            text.append(value)
            text.size += len(value)

    def _resent(self, state: Any, attr: str, wire: str, value: str) -> None:
        text = getattr(state, attr)
        where = _join(state._path, wire)
        if where not in self._reported:
            self._reported.add(where)
            message = "a fragment repeats all the text so far (the whole text re-sent); kept one copy (once per field)"
            self.anomaly(where, "repeated_text", message, value, "".join(text))
        text[:] = [value]
        text.size = len(value)
