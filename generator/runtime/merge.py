"""The merge runtime: anomalies, the per-stream bookkeeping and the rare paths every
generated accumulator shares.

Real Python, imported and tested as it is; ``render`` inlines it verbatim into each
generated module (or once per package, ``--runtime package``), dropping this docstring and
the import lines. What varies per schema (which fields a chunk has and how each merges)
is generated as small state classes that call into this module with named rules
(``_KeyedList``, ``_ResponseRule``): no chat-completion field name appears here.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, ClassVar

from .anomalies import Anomaly, StreamMergeError, _joined
from .sse import _loads


# ---------------------------------------------------------------------------
# Merging a stream: the accumulator folds decoded chunks into one snapshot.
# Each field merges by its policy (`gen-models SPEC --explain-merge` lists
# them); text is gathered in lists and joined once, so time is linear.
class _Text(list[str]):
    """Fragments of an unknown text field inside a delta, joined when a snapshot is built.
    While every fragment is the same value (a label the server repeats on each chunk, Groq's
    ``channel: "analysis"``) the field is that one value; the first different fragment shows
    that the text grows (``grows``), and from then on every fragment counts, the repeats too."""

    __slots__ = ("grows",)

    def __init__(self, first: str, grows: bool = False) -> None:
        super().__init__((first,))
        self.grows = grows

    def add(self, fragment: str) -> None:
        if not self.grows and fragment != self[0]:
            self.grows = True
        self.append(fragment)

    def text(self) -> str:
        return _joined(self) if self.grows else _joined(self[:1])


class _JsonText(list[str]):
    """Fragments of a field that holds JSON text (a tool call's ``arguments``), joined when
    a snapshot is built, and ``size``, their total length: what ``_Merger.json_text`` checks
    before it reads them (see there)."""

    __slots__ = ("size",)

    def __init__(self) -> None:
        super().__init__()
        self.size = 0


def _repeats(text: list[str], value: str, size: int) -> bool:
    """True when ``value`` repeats all of ``text`` (``size`` characters, JSON text of an
    object or list) and perhaps more: the whole text so far re-sent. Reads ``text`` only when
    ``value`` is at least as long, so a check costs at most ``len(value)``."""
    # JSON text of an object or list: a true continuation never starts with all of it
    return len(value) >= size and value[:1] in ("{", "[") and value.startswith("".join(text))


class _Items(list[Any]):
    """An unknown list inside a choice or delta whose items carry their own integer
    ``index`` (OpenRouter's ``reasoning_details``): items merge by that index, like tool
    calls, each an unknown object; items without one are appended."""

    __slots__ = ("by_index",)

    def __init__(self) -> None:
        super().__init__()
        self.by_index: dict[int, _Merged] = {}


def _indexed(items: list[Any]) -> bool:
    """True when some item is an object with an integer ``index``."""
    return any(type(item) is dict and type(item.get("index")) is int for item in items)


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _entry_order(state: Any) -> tuple[int, int]:
    return (state._key, state._seq)


class _Merged(dict[str, Any]):
    """An unknown object the merge builds (copied into each snapshot)."""


#: Unknown objects nested deeper than this are kept whole (the last one), not merged.
_MAX_DEPTH = 32


def _built(value: Any) -> Any:
    """An unknown field as plain JSON data: text fragments joined, merged objects and lists
    copied; values kept as they came are shared, not copied."""
    if type(value) is _Text:
        return value.text()
    if type(value) is _Merged:
        return {k: _built(v) for k, v in value.items()}
    if type(value) is _Items:
        return [_built(v) for v in value]
    if type(value) is list:
        return list(value)
    return value


def _copied(value: Any) -> Any:
    """JSON data copied: new dicts and lists all the way down, other values as they are."""
    if type(value) is dict:
        return {k: _copied(v) for k, v in value.items()}
    if type(value) is list:
        return [_copied(v) for v in value]
    return value


_TYPE_NAMES = {str: "a string", int: "an integer", float: "a number", bool: "a boolean"}


def _fits(value: Any, expected: type) -> bool:
    """``value`` is JSON of the scalar type ``expected`` (an integer is a number too)."""
    return type(value) is expected or (expected is float and type(value) is int)


def _plain(value: Any) -> Any:
    """Decoded JSON with mappings of other types (``OrderedDict`` from ``object_pairs_hook``)
    as dicts and sequences as lists, as the merge reads them."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _form(value: Any) -> str:
    """The form of an unknown field's value, for the rule that its first form wins."""
    if value is None:
        return "null"
    if type(value) is str or type(value) is _Text:
        return "text"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "list"
    return "scalar"


def _merge_loose(
    acc: _Merger, target: dict[str, Any], path: str, key: str, value: Any, context: str, depth: int
) -> None:
    """Merge a field the schema does not know: text concatenates inside a delta once it
    grows (a value repeated on each chunk stays one value, see ``_Text``), other scalars
    take the last non-null value (numbers are never added), objects merge recursively,
    lists append, and merge by ``index`` where their items carry one (``_Items``; at the top
    level of a chunk a list is the last one). The first form a field takes wins: a value
    of another form is reported, not merged."""
    old = target.get(key)
    if value is None:
        target.setdefault(key, None)
        return
    if old is not None and _form(old) != _form(value):
        acc.anomaly(
            _join(path, key),
            "mixed_fragments",
            f"a {_form(value)} where a {_form(old)} came first; kept the first",
            _built(old),
            value,
        )
        return
    if type(value) is str:
        if context != "delta":
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
    elif type(value) is list:
        target[key] = list(value)
    else:
        target[key] = value


def _merge_items(acc: _Merger, items: _Items, path: str, value: list[Any], context: str, depth: int) -> None:
    """Merge a fragment's list into ``items`` by each item's own ``index`` (see ``_Items``)."""
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


class _State:
    """The merge state of one object of the stream; a generated subclass per object schema
    adds a slot per field, ``_known`` (their wire names), ``_add`` (merge one fragment) and
    ``_build`` (the object so far).
    ``_extra`` holds fields the schema does not know, ``_alt`` fragments of a text field
    that came in another form (a list of parts)."""

    __slots__ = ("_alt", "_extra", "_path")
    _known: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, path: str) -> None:
        self._path = path
        self._extra: dict[str, Any] | None = None
        self._alt: dict[str, Any] | None = None

    def _finish(self, out: dict[str, Any]) -> dict[str, Any]:
        """``out`` (the known fields, built) with the other forms and unknown fields added."""
        if self._alt is not None:
            for wire, parts in self._alt.items():
                out[wire] = [_built(p) for p in parts] if type(parts) is list else parts
        if self._extra is not None:
            out.update(_built(self._extra))
        return out


class _EntryState(_State):
    """The merge state of one entry of a ``by_key`` list: its key and arrival order."""

    __slots__ = ("_key", "_seq")

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self._key = 0
        self._seq = 0


class _Merger:
    """Anomaly bookkeeping and the rare paths shared by every accumulator."""

    __slots__ = ("_keyless_merged", "_next_keys", "_reported", "anomalies", "chunks", "strict")

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.anomalies: list[Anomaly] = []
        self.chunks = 0
        self._next_keys: dict[str, int] = {}  # list path -> one past its largest key
        self._keyless_merged: set[str] = set()  # entries already reported for keyless items
        self._reported: set[str] = set()  # fields already reported for re-sent text

    def anomaly(self, path: str, kind: str, message: str, kept: Any = None, dropped: Any = None) -> None:
        found = Anomaly(self.chunks, path, kind, message, kept, dropped)
        if self.strict:
            raise StreamMergeError(found)
        self.anomalies.append(found)

    def drift(self, path: str, message: str) -> None:
        """Record, once, that a result does not fit its schema and was built anyway
        (``schema_drift``); the caller raises instead under ``strict``."""
        found = Anomaly(self.chunks, path, "schema_drift", message)
        if found not in self.anomalies:
            self.anomalies.append(found)

    def decode(self, chunk: Any) -> dict[str, Any] | None:
        """A chunk given as JSON text or bytes (read by orjson when it is installed, see
        ``_loads``), or as a typed model (see ``_model_data``), as decoded JSON."""
        kind = type(chunk)
        if kind is str or kind is bytes or kind is bytearray or isinstance(chunk, (str, bytes, bytearray)):
            try:
                chunk = _loads(chunk)
            except (ValueError, UnicodeDecodeError, RecursionError) as exc:
                text = chunk if isinstance(chunk, str) else bytes(chunk).decode("utf-8", "replace")
                self.anomaly("", "invalid_json", f"not valid JSON ({exc}); chunk dropped", dropped=text)
                return None
        elif kind in _READERS or not isinstance(chunk, Mapping):
            chunk = _model_data(chunk)
        if type(chunk) is dict:
            return chunk
        if isinstance(chunk, Mapping):
            # a dict subclass (object_pairs_hook=OrderedDict) at every level: read as dicts
            plain: dict[str, Any] = _plain(chunk)
            return plain
        self.anomaly(
            "", "not_object", f"a chunk must be a JSON object, not {type(chunk).__name__}; dropped", dropped=chunk
        )
        return None

    def set_value(self, state: Any, name: str, old: Any, new: Any, expected: type | None = None) -> Any:
        """An identity field's value: the first non-empty one (``""`` and ``0`` are the
        placeholders some servers send first); a different one is reported, and so is a
        value not of the ``expected`` type (kept only while there is no other)."""
        if expected is not None and not _fits(new, expected):
            return self.misfit(state, name, old, new, expected)
        if (
            old is None
            or ((old == "" or old == 0) and type(old) is not bool)
            or (expected is not None and not _fits(old, expected))
        ):
            return new
        if (new == "" or new == 0) and type(new) is not bool:
            return old
        self.anomaly(
            _join(state._path, name),
            "conflict",
            f"{new!r} differs from the first value {old!r}; kept the first",
            old,
            new,
        )
        return old

    def last_value(self, state: Any, name: str, old: Any, new: Any, expected: type) -> Any:
        """A ``last`` field's new value off the fast path: ``""`` (a placeholder) never
        replaces a value; a value not of the ``expected`` type is reported, and kept only
        while there is no other."""
        if not _fits(new, expected):
            return self.misfit(state, name, old, new, expected)
        if new == "" and old is not None and _fits(old, expected):
            return old
        return new

    def misfit(self, state: Any, name: str, old: Any, new: Any, expected: type) -> Any:
        what = f"expected {_TYPE_NAMES[expected]}, got {type(new).__name__}"
        if old is None:
            self.anomaly(_join(state._path, name), "wrong_type", f"{what}; kept it, as nothing else came yet", new)
            return new
        self.anomaly(_join(state._path, name), "wrong_type", f"{what}; kept the earlier value", old, new)
        return old

    def wrong_type(self, state: Any, name: str, value: Any, expected: str) -> None:
        """A value of field ``name`` that is not of the ``expected`` kind: reported, not
        merged. A typed value (a model of another class, a tuple) is no such stray: it
        merges as its JSON (``_as_json``) instead."""
        data = _as_json(value)
        if type(data) is not type(value):
            state._add({name: data}, self)
            return
        kind = "null" if value is None else type(value).__name__
        self.anomaly(
            _join(state._path, name), "wrong_type", f"expected {expected}, got {kind}; value not merged", dropped=value
        )

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
            text = json.dumps(value, ensure_ascii=False, default=repr)
            self.anomaly(
                _join(state._path, wire),
                "wrong_type",
                f"expected text, got {type(value).__name__}; appended its JSON text",
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
        list in order (see ``fragment``): text joins the text part it follows."""
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
                gathered.append(_Merged(type="text", text=_Text("".join(text), grows=True)))
                text.clear()
        for part in parts:
            if type(part) is str:
                part = {"type": "text", "text": part}
            last = gathered[-1] if gathered else None
            if type(part) is dict and set(part) == {"type", "text"} and part["type"] == "text":
                if type(last) is _Merged and type(part["text"]) is str:
                    last["text"].add(part["text"])
                    continue
                if type(part["text"]) is str:
                    part = _Merged(type="text", text=_Text(part["text"], grows=True))
            gathered.append(part)

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

    def unknown(self, state: Any, data: dict[str, Any], context: str, extra: dict[str, Any] | None = None) -> None:
        """What ``state``'s generated ``_add`` does not merge itself: the fields of ``data``
        (decoded JSON) that it does not know (``_known``), merged into its ``_extra`` by the
        rules for such fields in ``context`` (``_merge_loose``); or, when ``data`` is a
        model's field dict, ``extra``, the fields the model's class does not declare
        (pydantic's ``__pydantic_extra__``), merged as decoded JSON."""
        if extra:
            state._add(extra, self)
            return
        known = state._known
        if state._extra is None:
            state._extra = _Merged()
        for key, value in data.items():
            if key not in known:
                _merge_loose(self, state._extra, state._path, key, value, context, 0)

    def merge_object(self, owner: Any, wire: str, state: Any, make: Callable[[str], Any], value: Any) -> Any:
        """Merge an object fragment into ``state`` (made on first use); returns the state.
        A value that is not an object is reported and not merged; a model merges as its JSON."""
        if type(value) is not dict:
            value = _as_json(value)
        if type(value) is not dict:
            self.wrong_type(owner, wire, value, "an object")
            return state
        if state is None:
            state = make(_join(owner._path, wire))
        state._add(value, self)
        return state

    def extend(self, owner: Any, wire: str, items: list[Any] | None, value: Any) -> list[Any] | None:
        """An ``append`` list with a fragment's items added (a new list on first use); a
        value that is not a list is reported and not merged; typed items (a model's list,
        a tuple) are kept as their JSON."""
        if type(value) is not list or (value and type(value[0]) is not dict):
            value = _as_json(value)
        if type(value) is not list:
            self.wrong_type(owner, wire, value, "a list")
            return items
        if items is None:
            return list(value)
        items.extend(value)
        return items

    def last_list(self, owner: Any, wire: str, old: Any, value: Any) -> Any:
        """A ``last`` list field's new value (an empty list replaces one: a list may become
        empty); a value that is not a list is reported and not kept; a tuple or a list of
        models is kept as its JSON."""
        value = _as_json(value)
        if type(value) is not list:
            self.wrong_type(owner, wire, value, "a list")
            return old
        return value

    def last_object(self, owner: Any, wire: str, old: Any, value: Any) -> Any:
        """A ``last`` object field's new value: an empty object never replaces one; a
        value that is not an object is reported and not kept; a model is kept as its JSON
        (and a map of models, which the generated code reads through ``_as_json``)."""
        if type(value) is not dict:
            value = _as_json(value)
        if type(value) is not dict:
            self.wrong_type(owner, wire, value, "an object")
            return old
        return value if value or old is None else old

    def pick_entry(self, owner: Any, rule: _KeyedList, entries: _Entries, item: Any, key: Any) -> Any:
        """The entry of a ``by_key`` list that ``item`` merges into, new or existing; None
        (reported) for an item that is not an object.

        Rules (tool calls of real servers), as the README states them: a known key selects
        its entry; an item there with a different non-empty id goes back to an earlier
        entry of that key with that id, else starts a new entry if it brings a name or a
        ``type`` (else continues: ids changed mid-call); a different name without a matching
        id starts a new entry. An item without a key continues the newest entry unless it
        brings a new id (back to the entry that had it; completing a newest entry without
        one) or a name other than the newest entry's. Entries are never merged by content nor
        dropped.
        """
        where = _join(owner._path, rule.wire)
        if type(item) is not dict:
            self.anomaly(
                where, "not_object", f"a list item is {type(item).__name__}, not an object; dropped", dropped=item
            )
            return None
        if type(key) is float and key.is_integer():  # a key typed number: whole numbers on the wire
            key = int(key)
        if type(key) is not int or isinstance(key, bool):
            if key is not None:
                self.anomaly(where, "wrong_type", f"{rule.key} {key!r} is not an integer; read as missing", dropped=key)
            return self._keyless(owner, rule, entries, item)
        current = entries.by_key.get(key)
        if current is None or rule.id_wire is None:
            return current or self._new_entry(owner, rule, entries, key)
        new_id, old_id = item.get(rule.id_wire), rule.id_of(current)
        new_name = _wire_get(item, rule.name_wire) if rule.name_wire else None
        old_name = _state_get(current, rule.name_attr) if rule.name_wire else None
        if new_id and old_id and new_id != old_id:
            # a, b, a at one index: the third fragment goes back to a, not to a new entry
            for earlier in entries.order:
                if earlier._key == key and rule.id_of(earlier) == new_id:
                    entries.by_key[key] = earlier
                    return earlier
            if rule.name_wire and not new_name and not item.get("type"):
                # neither a name nor a type, which open an entry: a server that changes ids mid-call
                return current  # (the id conflict is reported)
            message = f"{rule.id_wire} {new_id!r} arrives at the {rule.key} of {old_id!r}; started a new entry"
            self.anomaly(f"{where}[{key}]", "reused_key", message, old_id, None)
            return self._new_entry(owner, rule, entries, key)
        if new_name and old_name and new_name != old_name and not (new_id and new_id == old_id):
            message = f"name {new_name!r} arrives at the {rule.key} of {old_name!r}; started a new entry"
            self.anomaly(f"{where}[{key}]", "reused_key", message, old_name, None)
            return self._new_entry(owner, rule, entries, key)
        return current

    def _keyless(self, owner: Any, rule: _KeyedList, entries: _Entries, item: dict[str, Any]) -> Any:
        newest = entries.order[-1] if entries.order else None
        starts = newest is None
        where = _join(owner._path, rule.wire)
        if newest is not None and rule.id_wire is not None:
            new_id, old_id = item.get(rule.id_wire), rule.id_of(newest)
            # a name starts a new entry only if it differs (Kimi repeats the name on every fragment)
            item_name = _wire_get(item, rule.name_wire) if rule.name_wire else None
            newest_name = _state_get(newest, rule.name_attr) if rule.name_wire else None
            new_name = bool(item_name) and bool(newest_name) and item_name != newest_name
            if new_id and new_id != old_id:
                earlier = next((e for e in entries.order if rule.id_of(e) == new_id), None)
                if earlier is not None:  # an id seen before: back to its entry
                    newest = earlier
                else:  # a new id starts an entry, or completes one that had none (name first, id later)
                    starts = bool(old_id) or new_name
            elif not new_id:
                starts = new_name
        if starts:
            key = self._next_keys.get(where, 0)
            self._keyless_merged.add(f"{where}[{key}]")
            self.anomaly(
                f"{where}[{key}]", "missing_key", f"an item without {rule.key}; started entry {rule.key}={key}"
            )
            return self._new_entry(owner, rule, entries, key)
        assert newest is not None
        path = f"{where}[{newest._key}]"
        if path not in self._keyless_merged:  # once per entry: servers that omit it omit it on every fragment
            self._keyless_merged.add(path)
            self.anomaly(
                path, "missing_key", f"an item without {rule.key}; merged into the newest entry (and so are later ones)"
            )
        return newest

    def _new_entry(self, owner: Any, rule: _KeyedList, entries: _Entries, key: int) -> Any:
        where = _join(owner._path, rule.wire)
        state = rule.make(f"{where}[{key}]")
        # one past the largest key: where an entry without a key goes next
        if key >= self._next_keys.get(where, 0):
            self._next_keys[where] = key + 1
        state._key = key
        state._seq = len(entries.order)
        setattr(state, rule.key_attr, key)
        entries.by_key[key] = state
        entries.order.append(state)
        return state


class _Entries:
    """The entries of a ``by_key`` list while streaming: by key (sparse and out-of-order
    keys are safe) and in order of arrival; ``built`` sorts them by key."""

    __slots__ = ("by_key", "order")

    def __init__(self) -> None:
        self.by_key: dict[int, Any] = {}
        self.order: list[Any] = []

    def built(self) -> list[dict[str, Any]]:
        return [entry._build() for entry in sorted(self.order, key=_entry_order)]


@dataclass(frozen=True, slots=True)
class _KeyedList:
    """How a ``by_key`` list field picks the entry each item merges into.

    Attributes:
        wire: the list's wire name (``tool_calls``).
        key: the key's wire name (``index``); ``key_attr`` its attribute on an entry.
        make: the merge-state class of an entry (called with the entry's path).
        id_wire, id_attr: the identity field (``id``) whose new non-empty value starts a
            new entry at a taken key; None when the entries have none.
        name_wire, name_attr: the path to a name (``function.name``) that does the same.

    The generated ``_add`` finds the entry at an item's key itself (the common case) and
    calls ``_Merger.pick_entry`` when there is none, or when ``may_split`` says the item
    may belong to another entry.
    """

    wire: str
    key: str
    key_attr: str
    make: Callable[[str], Any]
    id_wire: str | None = None
    id_attr: str | None = None
    name_wire: tuple[str, ...] = ()
    name_attr: tuple[str, ...] = ()

    def may_split(self, entry: Any, item: dict[str, Any]) -> bool:
        """True when ``item`` may belong to another entry than the one at its key: it
        brings another id, or a name (the full rules run in ``pick_entry`` then)."""
        new_id = item.get(self.id_wire) if self.id_wire is not None else None
        return self._splits(entry, new_id, _wire_get(item, self.name_wire) if self.name_wire else None)

    def may_split_model(self, entry: Any, item: Any) -> bool:
        """``may_split`` for an item given as a typed model (read by attribute)."""
        new_id = getattr(item, self.id_attr, None) if self.id_attr is not None else None
        return self._splits(entry, new_id, _state_get(item, self.name_attr) if self.name_attr else None)

    def _splits(self, entry: Any, new_id: Any, name: Any) -> bool:
        old = getattr(entry, self.id_attr) if self.id_attr is not None else None
        return bool(old and new_id not in (None, "", old)) or bool(name)

    def id_of(self, state: Any) -> str | None:
        """An entry's id, if it has a usable one (a wrong-typed id, reported when it came,
        names nothing)."""
        value = getattr(state, self.id_attr) if self.id_attr is not None else None
        return value if type(value) is str else None


def _wire_get(data: Any, path: tuple[str, ...]) -> Any:
    for step in path:
        data = data.get(step) if isinstance(data, dict) else None
    return data


def _state_get(state: Any, path: tuple[str, ...]) -> Any:
    for step in path:
        state = getattr(state, step, None)
    return state


#: The types of decoded JSON values (``_as_json`` keeps a dict of them as it is).
_JSON_TYPES = frozenset({str, int, float, bool, type(None), dict, list})


def _as_json(value: Any) -> Any:
    """A value of a typed model's field as decoded JSON: models read as ``_model_data``
    reads a chunk, lists and tuples item by item, anything else as it is. The rare path of
    typed merging: a value the generated code does not read as this module's model (another
    class, a tuple, a list of models) is merged in this form."""
    kind = type(value)
    if kind is str or kind is int or kind is float or kind is bool or value is None:
        return value
    if kind is dict:  # a map's values may be models: a new dict only where one is
        plain = all(type(v) in _JSON_TYPES for v in value.values())
        return value if plain else {k: _as_json(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [_as_json(item) for item in value]
    return _model_data(value)


def _model_data(chunk: Any) -> Any:
    """A typed chunk as decoded JSON, reading only the fields that were set: a pydantic
    model (this module's or another library's, such as openai-python's chunk objects) by
    its set fields and unknown ones, wire names (``model_dump(by_alias=True,
    exclude_unset=True)``, by pydantic-core's serializer itself when the class keeps
    pydantic's ``model_dump``); a dataclass of this module by its ``to_dict()`` (generated
    code that reads each attribute once), any other dataclass by its fields that are not
    ``None``; anything else as it is (``decode`` reports it). How a class is read is
    decided once per class (``_READERS``)."""
    reader = _READERS.get(type(chunk))
    if reader is None:
        reader = _READERS[type(chunk)] = _reader(type(chunk))
    return reader(chunk)


#: How ``_model_data`` reads an instance of each class it has seen.
_READERS: dict[type, Callable[[Any], Any]] = {}


def _reader(kind: type) -> Callable[[Any], Any]:
    """How ``_model_data`` reads an instance of class ``kind`` (see there)."""
    dump = getattr(kind, "model_dump", None)
    if callable(dump):
        serializer = getattr(kind, "__pydantic_serializer__", None)
        if serializer is not None and getattr(dump, "__qualname__", "") == "BaseModel.model_dump":
            to_python = serializer.to_python
            if not _renames_within(kind, set()):
                return lambda chunk: to_python(chunk, by_alias=True, exclude_unset=True)
            return lambda chunk: _without_phantoms(to_python(chunk, by_alias=True, exclude_unset=True), chunk)
        return lambda chunk: chunk.model_dump(by_alias=True, exclude_unset=True)
    if callable(getattr(kind, "to_dict", None)):
        return lambda chunk: chunk.to_dict()
    if is_dataclass(kind):  # another library's dataclass
        return _set_fields
    return lambda chunk: chunk


def _renamed(kind: Any) -> dict[str, str]:
    """A pydantic class's attributes whose wire name differs: attribute -> alias (read once
    per class: ``_without_phantoms`` asks for every model of a dump)."""
    found = _RENAMES.get(kind)
    if found is None:
        declared = getattr(kind, "model_fields", {})
        found = _RENAMES[kind] = {n: f.alias for n, f in declared.items() if f.alias is not None and f.alias != n}
    return found


#: Per pydantic class: ``_renamed``.
_RENAMES: dict[Any, dict[str, str]] = {}


def _renames_within(kind: Any, seen: set[Any]) -> bool:
    """True when a pydantic class or a model class its fields may hold has a renamed field
    (see ``_without_phantoms``); a reference not yet resolved counts as one."""
    if kind in seen:
        return False
    seen.add(kind)
    if _renamed(kind):
        return True
    stack = [f.annotation for f in getattr(kind, "model_fields", {}).values()]
    while stack:
        annotation = stack.pop()
        if isinstance(annotation, (str, typing.ForwardRef)):
            return True
        if isinstance(annotation, type) and hasattr(annotation, "model_fields") and _renames_within(annotation, seen):
            return True
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:  # the type, not its metadata
            stack.append(typing.get_args(annotation)[0])
        elif origin is not typing.Literal:  # a literal's values are no types
            stack.extend(typing.get_args(annotation))
        value = getattr(annotation, "__value__", None)  # a TypeAliasType
        if value is not None:
            stack.append(value)
    return False


def _without_phantoms(data: Any, model: Any) -> Any:
    """A pydantic dump (``data``, of ``model``) without the phantom nulls of renamed fields,
    at every depth: an unknown key spelled like a renamed field's attribute (``from_``
    beside the field ``from``) marks that field set (pydantic keeps one set of names for
    both), so ``exclude_unset`` dumps it as null. A null declared field merges as absent,
    so dropping it loses nothing."""
    if type(data) is not dict:
        return data
    renamed = _renamed(type(model))
    extra = model.__pydantic_extra__
    for name in renamed.keys() & extra.keys() if extra else ():
        if data.get(renamed[name], 0) is None:
            del data[renamed[name]]
    for name, value in model.__dict__.items():
        child = data.get(renamed.get(name, name))
        if hasattr(value, "__pydantic_extra__"):
            _without_phantoms(child, value)
        elif type(value) is list and type(child) is list:
            for item, dumped in zip(value, child):
                if hasattr(item, "__pydantic_extra__"):
                    _without_phantoms(dumped, item)
    return data


def _set_fields(value: Any) -> Any:
    """A dataclass's fields as decoded JSON, read attribute by attribute, leaving out those
    that are ``None`` (a dataclass cannot tell a field the server never sent from one it
    sent as null: absent is safer); nested dataclasses the same way, lists and dicts as
    new lists and dicts, other values as they are."""
    kind = type(value)
    if kind is dict:
        return {k: _set_fields(v) for k, v in value.items() if v is not None}
    if kind is list or kind is tuple:
        return [_set_fields(v) for v in value]
    if kind is str or kind is int or kind is float or kind is bool:
        return value
    if is_dataclass(value) and not isinstance(value, type):
        names = _FIELD_NAMES.get(kind)
        if names is None:
            names = _FIELD_NAMES[kind] = tuple(f.name for f in fields(value))
        out = {}
        for name in names:
            item = getattr(value, name)
            if item is not None:
                out[name] = _set_fields(item)
        return out
    return value


#: The field names of each dataclass ``_set_fields`` has read.
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


# ---------------------------------------------------------------------------
# The finished answer: a merged snapshot turned into the non-stream response.
@dataclass(frozen=True, slots=True)
class _ResponseRule:
    """How one snapshot object becomes its response counterpart (``to_response``).

    Attributes:
        renames: stream wire name -> response wire name (``delta`` -> ``message``).
        drop: stream-only fields (stream mechanics such as a tool call's ``index``).
        consts: required single-value response fields and their value.
        fills: fields whose stream schema allows one value, for a stream that never sent
            them (or sent ``""``).
        nulls: required nullable response fields, null when absent.
        required: required non-nullable response fields: one the stream never sent (a cut
            stream's ``finish_reason``) is left out, never invented.
        blank: required fields whose ``""`` means none was sent (Ollama's ``finish_reason``).
        suffixes: fields whose value, ending in the suffix, names the chunk's type: cut
            off, it names the response's (``chat.completion.chunk`` -> ``chat.completion``).

    A response's rules are a flat map from the path of an object (wire names from the top,
    without list positions: ``choices.message``; ``""`` for the top) to its rule; objects
    without a rule are kept as they are.
    """

    renames: tuple[tuple[str, str], ...] = ()
    drop: frozenset[str] = frozenset()
    consts: tuple[tuple[str, Any], ...] = ()
    fills: tuple[tuple[str, Any], ...] = ()
    nulls: tuple[str, ...] = ()
    required: tuple[str, ...] = ()
    blank: tuple[str, ...] = ()
    suffixes: tuple[tuple[str, str], ...] = ()


def _convert(data: dict[str, Any], rules: dict[str, _ResponseRule], at: str, path: str, acc: _Merger) -> dict[str, Any]:
    """The snapshot object ``data`` at rule path ``at`` (display path ``path``, with list
    positions) as its response counterpart (see ``to_response``).

    Raises:
        StreamMergeError: with ``strict``, a required field never arrived (otherwise it
            is left out, reported as ``incomplete``).
    """
    rule = rules[at]
    out: dict[str, Any] = {}
    renames = dict(rule.renames)
    taken = set(renames.values())
    for key, value in data.items():
        if key in rule.drop or (key in taken and key not in renames):
            continue  # stream mechanics, or a stray field the renamed one replaces
        key = renames.get(key, key)
        inner, where = _join(at, key), _join(path, key)
        if inner in rules and type(value) is dict:
            value = _convert(value, rules, inner, where, acc)
        elif inner in rules and type(value) is list:
            value = [
                _convert(v, rules, inner, f"{where}[{i}]", acc) if type(v) is dict else _copied(v)
                for i, v in enumerate(value)
            ]
        else:
            value = _copied(value)  # the response shares nothing with the chunks or the state
        out[key] = value
    out.update(rule.consts)
    for key, suffix in rule.suffixes:
        value = out.get(key)
        if type(value) is str and value.endswith(suffix):
            out[key] = value[: -len(suffix)]
    for key, value in rule.fills:
        if out.get(key) in (None, ""):  # never sent, or sent empty (Ollama's `type: ""`)
            out[key] = value
    for key in rule.nulls:
        out.setdefault(key, None)
    for key in rule.required:
        if out.get(key) is not None and not (out[key] == "" and key in rule.blank):
            continue
        what = "missing" if key not in out else "null" if out[key] is None else repr(out[key])
        # left out, never guessed: a cut stream must not look finished; built anyway (``_built_anyway``)
        out.pop(key, None)
        found = Anomaly(acc.chunks, _join(path, key), "incomplete", f"{what}, but the response requires it")
        if acc.strict:
            raise StreamMergeError(found)
        if found not in acc.anomalies:
            acc.anomalies.append(found)
    return out


class _ChunkAccumulator(_Merger):
    """What every generated ``<Root>Accumulator`` does: feed chunks to the root's merge
    state, count them, turn failures into anomalies; the subclass adds the typed results.

    ``_model``: the module's class of a chunk, whose instances the root's merge state
    merges as they are (``_add_model``: attributes read by generated code, or a pydantic
    model's field dict by ``_add``); None in the TypedDict style, whose chunks are dicts."""

    __slots__ = ("_root",)
    _model: ClassVar[type | None] = None

    def __init__(self, root: Any, strict: bool) -> None:
        super().__init__(strict)
        self._root = root

    def add(self, chunk: Any) -> None:
        """Merge one chunk: a decoded JSON object (fastest), its JSON text or bytes, or a
        typed model: this module's chunk class is merged as it is (``_add_model``, never
        dumped), another library's (openai-python's chunk objects) by its fields that were
        set (``_model_data``).

        Never raises unless ``strict=True`` (then ``StreamMergeError``): what does not fit
        is merged as far as it can be and reported in ``anomalies``."""
        try:
            kind = type(chunk)
            if kind is dict:
                self._root._add(chunk, self)
            elif kind is self._model:
                self._root._add_model(chunk, self)
            elif kind is bytes or kind is str:
                data = self.decode(chunk)
                if data is not None:
                    self._root._add(data, self)
            else:
                reader = _READERS.get(kind)  # a typed chunk of a class read before
                data = reader(chunk) if reader is not None else None
                if type(data) is not dict:
                    data = self.decode(chunk)
                if data is not None:
                    self._root._add(data, self)
        except RecursionError:
            self.anomaly(
                "", "too_deep", "nested too deeply to merge; the rest of this chunk was dropped", dropped=chunk
            )
        finally:
            self.chunks += 1

    def snapshot_dict(self) -> dict[str, Any]:
        """The merged stream so far as JSON data (wire names), built afresh, O(stream).

        Merged objects and lists are new; values the merge keeps as they came (a logprob
        entry, ``usage``) are the chunk's own objects, not copies: change a chunk after
        adding it and the next snapshot shows the change."""
        built: dict[str, Any] = self._root._build()
        return built
