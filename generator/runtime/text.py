"""Text fields off the fast path: fragments that come as a list of parts or as another
JSON value (``_TextMerge.fragment``) and JSON text that a server re-sends whole
(``_TextMerge.json_text``, gathered in a ``_JsonText``).

Real Python, imported and tested as it is; inlined into generated modules without this
docstring and the import lines (see the package docstring).
"""

from __future__ import annotations

import json
from typing import Any

from .anomalies import _joined, _json_kind_of, _said
from .bookkeeping import _Bookkeeping, _join
from .parts import _add_part
from .typed import _as_json


class _JsonText(list[str]):
    """Fragments of a field that holds JSON text (a tool call's ``arguments``), joined when
    a snapshot is built, and ``size``, their total length: what ``_Merger.json_text`` checks
    before it reads them (see there)."""

    __slots__ = ("size",)

    def __init__(self) -> None:
        super().__init__()
        self.size = 0


class _Runs:
    """The items of a ``join`` list (Gemini's ``parts``): every chunk's items in order, where
    an item of the same kind as the one before it (the same fields, all of the same value,
    but its text ``text_wire``) joins that one's text: its fragments gathered and joined once.
    A thought part after text, a part with a signature or a function call starts a new item;
    nothing is merged by content beyond that, nor dropped."""

    __slots__ = ("items", "pieces", "text_wire")

    def __init__(self, text_wire: str) -> None:
        self.text_wire = text_wire
        self.items: list[Any] = []
        # the newest item's text, while it may grow
        self.pieces: list[str] | None = None

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
    """Where ``new`` (a ``last`` field's value) drops or changes non-empty text that ``old``
    held: ``""`` for the value itself, ``.content`` for a field of an object; None when it
    keeps all of it."""
    if type(old) is str:
        return "" if old and old != new else None
    if type(old) is dict:
        for key, value in old.items():
            where = _lost_text(value, new.get(key) if type(new) is dict else None)
            if where is not None:
                return f".{key}{where}"
    return None


def _repeats(text: list[str], value: str, size: int) -> bool:
    """True when ``value`` repeats all of ``text`` (``size`` characters, JSON text of an
    object or list) and perhaps more: the whole text so far re-sent. Reads ``text`` only when
    ``value`` is at least as long, so a check costs at most ``len(value)``."""
    # JSON text of an object or list: a true continuation never starts with all of it
    return len(value) >= size and value[:1] in ("{", "[") and value.startswith("".join(text))


class _TextMerge(_Bookkeeping):
    """The merger's rare paths for text fields (a part of ``_Merger``): the generated code
    appends a string fragment itself and calls these for anything else."""

    __slots__ = ()

    def fragment(self, state: Any, attr: str, wire: str, value: Any, text_only: bool = False) -> None:
        """A text field's fragment off the fast path: a list of parts, another JSON value,
        or text after such fragments.

        A list of parts (Mistral's thinking and text parts): where the schema allows only
        text (``text_only``), the text of its text parts (``{"type": "text", "text": ...}``
        or plain strings) joins the field's text, so the answer's text stays clean, and its
        other parts are reported (``dropped``), never appended as JSON text. Where the schema
        allows a list, the field becomes its list of parts, in order: text that came before
        or comes after is a text part (adjacent text joins one part). Another JSON value
        (``arguments`` as an object): where the schema allows only text, reported and
        appended as its JSON text (it stays usable); else the last one is kept, and text and
        such a value are never mixed (the first form wins, the other is reported). Typed
        parts (models) are read as their JSON."""
        value = _as_json(value)
        if type(value) is list:
            if text_only:
                self._text_parts(state, attr, wire, value)
            else:
                self._parts(state, attr, wire, value)
            return
        if text_only and type(value) is not str:
            if value == {}:
                return
            try:
                text = json.dumps(value, ensure_ascii=False, default=repr)
            except RecursionError:  # nested past what json.dumps writes: dropped, the rest of the chunk kept
                where = _join(state._path, wire)
                self.anomaly(where, "too_deep", "a value nested too deeply to write as text: dropped", None, value)
                return
            self.anomaly(
                _join(state._path, wire),
                "wrong_type",
                _said("json_text", _json_kind_of(value)),
                text,
                value,
            )
            value = text
        text = getattr(state, attr)
        other = state._alt.get(wire) if state._alt is not None else None
        if type(value) is str:
            if type(other) is list:
                self._parts(state, attr, wire, [value])
            elif other is None:
                text.append(value)
            elif value:
                self.anomaly(
                    _join(state._path, wire), "mixed_fragments", "text after a non-text value; kept that", other, value
                )
            return
        if value == {}:
            return
        if any(text) or type(other) is list:
            kept = "".join(text) if any(text) else other
            self.anomaly(
                _join(state._path, wire), "mixed_fragments", "a non-text value after text; kept the text", kept, value
            )
            return
        if state._alt is None:
            state._alt = {}
        state._alt[wire] = value

    def _text_parts(self, state: Any, attr: str, wire: str, parts: list[Any]) -> None:
        """A list of parts for a field that holds only text: its text parts' text joins the
        text; the other parts are reported."""
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
            self.anomaly(
                _join(state._path, wire),
                "mixed_fragments",
                "parts that are not text where the schema allows only text; kept their text, not them",
                None,
                others,
            )

    def _parts(self, state: Any, attr: str, wire: str, parts: list[Any]) -> None:
        """Fragments of a field that the schema lets hold a list of parts, gathered as one
        list in order (see ``fragment``): text that came before is the first part; adjacent
        parts of one kind join (``parts._add_part``)."""
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
        """A ``last`` field that a stream could send in pieces got a value that drops or
        changes the text it held (``text_replaced``: a server that sends the text in pieces,
        which ``last`` keeps only the end of, may have changed the answer). The new value is
        kept, as ``last`` says; the old one is in the anomaly."""
        where = _lost_text(old, new)
        if where is not None:
            self.anomaly(
                _join(state._path, wire) + where,
                "text_replaced",
                "a different text replaced the one this field held (sent in pieces? merge it with concat or "
                "merge); kept the last",
                new,
                old,
            )

    def json_text(self, state: Any, attr: str, wire: str, value: Any) -> None:
        """A fragment of a field that holds JSON text (a tool call's ``arguments``, gathered
        in a ``_JsonText``). Some servers re-send the whole text so far on each fragment
        instead of what is new: where the text so far is JSON text of an object or list
        (``{...``: a true continuation never starts with all of it), a fragment that starts
        with everything gathered replaces it (one copy is kept), reported once per field.

        Linear in the stream for every input: the text so far is read only for a fragment at
        least as long as all of it (``_JsonText.size``), so each check reads no more
        characters than the fragment brings."""
        text = getattr(state, attr)
        if type(value) is not str or state._alt is not None:
            start = len(text)
            self.fragment(state, attr, wire, value, text_only=True)
            if len(text) <= start:
                return
            added = text[start:]
            text.size += sum(len(part) for part in added)
            if type(value) is dict and len(added) == 1 and start:
                # an object (reported, kept as its JSON text) may re-send the whole object so far
                last = text.pop()
                text.size -= len(last)
                if _repeats(text, last, text.size):
                    self._resent(state, attr, wire, last)
                else:
                    text.append(last)
                    text.size += len(last)
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
