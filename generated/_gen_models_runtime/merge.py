# gen-models 0.1.0: generator/runtime/merge.py, copied verbatim. Do not edit; regenerate instead.
"""The chunk merger every generated accumulator shares (``_Merger``: a field's value off the
fast path, unknown fields, text and keyed lists), the merge state of one object (``_State``)
and the accumulator base (``_ChunkAccumulator``). What varies per schema is generated as state
classes that call in here with named rules (``_KeyedList``, ``_ResponseRule``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from .anomalies import _as_is, _json_kind_of, _rebuilt, _said, _shown
from .bookkeeping import _join
from .keyed import _Entries, _entry_order, _KeyedMerge
from .loose import _built, _merge_loose, _Merged
from .parts import _part_built
from .sse import _loads
from .text import _Runs, _TextMerge
from .typed import _READERS, _as_json, _model_data

#: the kind of a scalar type as a message names it (``anomalies._KIND_NOUNS``)
_KIND_OF_TYPE = {str: "string", int: "integer", float: "number", bool: "boolean"}


def _fits(value: Any, expected: type) -> bool:
    """``value`` is JSON of the scalar type ``expected`` (an integer is a number too)."""
    return type(value) is expected or (expected is float and type(value) is int)


def _plain(value: Any) -> Any:
    """Decoded JSON with other mappings (``object_pairs_hook=OrderedDict``) as dicts and
    sequences as lists, at any depth (past the recursion limit, without recursion)."""
    try:
        return _nested_plain(value)
    except RecursionError:
        return _rebuilt(value, _plain_opened, _as_is)


def _nested_plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _nested_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_nested_plain(v) for v in value]
    return value


def _plain_opened(value: Any) -> Any:
    """``_rebuilt``'s opener for ``_plain``."""
    if isinstance(value, Mapping):
        return dict.fromkeys(value), value.items()
    if isinstance(value, (list, tuple)):
        return [None] * len(value), enumerate(value)
    return None


class _State:
    """The merge state of one object; a generated subclass per schema adds a slot per field,
    ``_known`` (wire names), ``_add`` (merge a fragment) and ``_build``. ``_extra``: unknown
    fields; ``_alt``: a text field's fragments of another form (a list of parts)."""

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
                out[wire] = _part_built(parts) if type(parts) is list else _built(parts)
        if self._extra is not None:
            out.update(_built(self._extra))
        return out


class _EntryState(_State):
    """The merge state of one entry of a ``by_key`` list: its key and arrival order, which
    ``_KeyedMerge._new_entry`` sets as it makes the entry."""

    __slots__ = ("_key", "_seq")


class _Merger(_TextMerge, _KeyedMerge):
    """The rare paths of every accumulator: a field's value off the fast path here, text in
    ``_TextMerge``, keyed lists in ``_KeyedMerge``, the log in ``_Bookkeeping``."""

    __slots__ = ()

    def decode(self, chunk: Any) -> dict[str, Any] | None:
        """A chunk given as JSON text or bytes (``_loads``) or a typed model (``_model_data``),
        as a decoded dict, or None (reported)."""
        kind = type(chunk)
        if kind is str or kind is bytes or kind is bytearray or isinstance(chunk, (str, bytes, bytearray)):
            try:
                chunk = _loads(chunk)
            except (ValueError, UnicodeDecodeError, RecursionError) as exc:
                self.invalid_json(chunk, exc)
                return None
        elif kind in _READERS or not isinstance(chunk, Mapping):
            chunk = _model_data(chunk)
        return self.json_object(chunk)

    def invalid_json(self, chunk: str | bytes | bytearray, exc: Exception) -> None:
        """A chunk given as text that is not JSON: reported, dropped."""
        text = chunk if isinstance(chunk, str) else bytes(chunk).decode("utf-8", "replace")
        self.anomaly("", "invalid_json", f"not valid JSON ({exc}); chunk dropped", dropped=text)

    def json_object(self, chunk: Any) -> dict[str, Any] | None:
        """A decoded chunk as a dict, or None for one that is not a JSON object (reported)."""
        if type(chunk) is dict:
            return chunk
        if isinstance(chunk, Mapping):
            # a dict subclass (object_pairs_hook=OrderedDict) at every level: read as dicts
            plain: dict[str, Any] = _plain(chunk)
            return plain
        self.anomaly("", "not_object", _said("chunk_not_object", _json_kind_of(chunk)), dropped=chunk)
        return None

    def set_value(self, state: Any, name: str, old: Any, new: Any, expected: type | None = None) -> Any:
        """An identity field's value: the first non-empty one (``""`` and ``0`` are placeholders);
        a different one is reported, as is one not of the ``expected`` type (kept only while
        there is no other)."""
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
        message = f"{_shown(new)} differs from the first value {_shown(old)}; kept the first"
        self.anomaly(_join(state._path, name), "conflict", message, old, new)
        return old

    def last_value(self, state: Any, name: str, old: Any, new: Any, expected: type) -> Any:
        """A ``last`` field's changed value: ``""`` never replaces a value; one not of the
        ``expected`` type is reported, kept only while there is no other."""
        if not _fits(new, expected):
            return self.misfit(state, name, old, new, expected)
        if new == "" and old is not None and _fits(old, expected):
            return old
        return new

    def last_text(self, state: Any, wire: str, old: Any, new: Any) -> Any:
        """A changed ``last`` string a stream could send in pieces: ``""`` never replaces a
        text, a different text is reported (``replaced``), a non-string as ``last_value``."""
        if type(new) is not str:
            return self.last_value(state, wire, old, new, str)
        if not new and old is not None:
            return old
        if type(old) is str and old:
            self.replaced(state, wire, old, new)
        return new

    def misfit(self, state: Any, name: str, old: Any, new: Any, expected: type) -> Any:
        fits, got = (_KIND_OF_TYPE[expected],), _json_kind_of(new)
        if old is None:
            self.anomaly(_join(state._path, name), "wrong_type", _said("misfit_kept", got, fits=fits), new)
            return new
        self.anomaly(_join(state._path, name), "wrong_type", _said("misfit_dropped", got, fits=fits), old, new)
        return old

    def wrong_type(self, state: Any, name: str, value: Any, expected: str) -> None:
        """A value of field ``name`` not of the ``expected`` kind: reported, not merged; a
        typed value (a model, a tuple) merges as its JSON (``_as_json``) instead."""
        data = _as_json(value)
        if type(data) is not type(value):
            state._add({name: data}, self)
            return
        message = _said("not_merged", _json_kind_of(value), fits=(expected,))
        self.anomaly(_join(state._path, name), "wrong_type", message, dropped=value)

    def unknown(self, state: Any, data: dict[str, Any], context: str) -> None:
        """Merge the fields of ``data`` that ``state`` does not know into its ``_extra``
        (``_merge_loose`` in ``context``)."""
        known = state._known
        if not state._path and data.get("error") and self.error is None and "error" not in known:
            self.error = dict(data)  # an error the stream carried (the reader raises at one: see ``sse``)
        if state._extra is None:
            state._extra = _Merged()
        for key, value in data.items():
            if key not in known:
                _merge_loose(self, state._extra, state._path, key, value, context, 0)

    def merge_object(self, owner: Any, wire: str, state: Any, make: Callable[[str], Any], value: Any) -> Any:
        """Merge an object fragment into ``state`` (made on first use) and return it; a value
        not an object is reported, not merged; a model merges as its JSON."""
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
        """An ``append`` list with a fragment's items added (new on first use); a non-list is
        reported, not merged; typed items are kept as their JSON."""
        if type(value) is not list or (value and type(value[0]) is not dict):
            value = _as_json(value)
        if type(value) is not list:
            self.wrong_type(owner, wire, value, "a list")
            return items
        if items is None:
            return list(value)
        items.extend(value)
        return items

    def join_items(self, state: Any, wire: str, runs: _Runs, value: Any) -> None:
        """A ``join`` list's fragment: its items added to ``runs``; a non-list is reported, not
        merged; typed items are read as their JSON."""
        if type(value) is not list or (value and type(value[0]) is not dict):
            value = _as_json(value)
        if type(value) is not list:
            self.wrong_type(state, wire, value, "a list")
            return
        for item in value:
            runs.add(item)

    def last_list(self, owner: Any, wire: str, old: Any, value: Any) -> Any:
        """A ``last`` list's new value: an empty list never replaces items, as ``""`` never replaces a
        text (``emptied``); a non-list is reported, not kept; a tuple or a list of models is kept as its JSON."""
        value = _as_json(value)
        if type(value) is not list:
            self.wrong_type(owner, wire, value, "a list")
            return old
        if not value and old:
            self.anomaly(_join(owner._path, wire), "emptied", _said("emptied_list"), old, value)
            return old
        return value

    def last_object(self, owner: Any, wire: str, old: Any, new: Any, pieces: bool = False, whole: bool = False) -> Any:
        """A ``last`` object's new value: the fields it states replace those held (Groq sends ``x_groq.seed``
        first only; ``whole``, a map: a non-empty value replaces it); a non-object is reported, not kept; a
        model is kept as its JSON. ``pieces`` (text a stream could send in pieces): a change to it is reported."""
        if type(new) is not dict:
            new = _as_json(new)
        if type(new) is not dict:
            self.wrong_type(owner, wire, new, "an object")
            return old
        value = new if old is None or (whole and new) else {**old, **new}
        if pieces and old is not None:
            self.replaced(owner, wire, old, value)
        return value


class _ChunkAccumulator(_Merger):
    """The base of every generated ``<Root>Accumulator``: ``add`` each chunk in order (decoded
    JSON is fastest); a stray is merged as far as it can be and reported in ``anomalies``
    (``strict=True``: ``StreamMergeError`` instead). The subclass adds ``snapshot()`` and
    ``to_response()``. ``_model``: the module's chunk class, merged as it is (``_add_model``);
    None in the TypedDict style."""

    __slots__ = ("_root",)
    _model: ClassVar[type | None] = None
    #: attribute paths of the fields that say the stream ended, reasons first
    #: (``(("choices", "finish_reason"),)``; ``response_plan.finish_fields``)
    _finish: ClassVar[tuple[tuple[str, ...], ...]] = ()

    def __init__(self, root: Any, strict: bool) -> None:
        super().__init__(strict)
        self._root = root

    def add(self, chunk: Any) -> None:
        """Merge one chunk: a decoded JSON object (fastest), JSON text or bytes, this module's
        chunk model (merged as it is), or another library's (its set fields: ``_model_data``).
        Raises only with ``strict=True`` (``StreamMergeError`` at a stray)."""
        try:
            kind = type(chunk)
            if kind is dict:
                self._root._add(chunk, self)
            elif kind is self._model:
                self._root._add_model(chunk, self)
            elif kind is bytes or kind is str:
                try:
                    data = _loads(chunk)
                except (ValueError, UnicodeDecodeError, RecursionError) as exc:
                    self.invalid_json(chunk, exc)
                else:
                    if type(data) is dict or (data := self.json_object(data)) is not None:
                        self._root._add(data, self)
            else:
                reader = _READERS.get(kind)  # a typed chunk of a class read before
                data = reader(chunk) if reader is not None else None
                if type(data) is not dict:
                    data = self.decode(chunk)
                if data is not None:
                    self._root._add(data, self)
        except RecursionError:
            message = "nested too deeply to merge; the rest of this chunk was dropped"
            self.anomaly("", "too_deep", message, dropped=chunk)
        finally:
            self.chunks += 1

    def _ended(self) -> None:
        """``to_response()`` asked before a chunk said the stream ended (``finished``), where the
        schema names a field that says so: reported once, ``incomplete`` (unless a required
        field of the response already says the answer is cut short); ``strict``: raised."""
        if self._finish and self.finished is None and all(a.kind != "incomplete" for a in self.anomalies):
            message = "the stream has not ended (no chunk said it finished): the answer may be cut short"
            self.anomaly("", "incomplete", message)

    def snapshot_dict(self) -> dict[str, Any]:
        """The merged stream so far as JSON data (wire names), built afresh, O(stream). Values
        kept as they came (a logprob entry, ``usage``) are the chunks' own objects, not copies."""
        built: dict[str, Any] = self._root._build()
        return built

    @property
    def finished(self) -> str | None:
        """How the stream ended: the reason its chunks gave (``finish_reason`` once every
        choice has one: the first's), or a flag's name (``done``), also where the server sends
        the field one level off (``_sent_aside``); None while open (or where the schema names
        no such field)."""
        for path in self._finish:
            for values in (_values_at(self._root, path), _sent_aside(self._root, path[-1])):
                if values and all(v is not None and v != "" and v is not False for v in values):
                    first = values[0]
                    return first if type(first) is str else path[-1]
        return None


def _sent_aside(root: Any, name: str) -> list[Any]:
    """``name`` sent where the schema does not declare it: an unknown field of the top, else of
    each entry of the top's first keyed list (Together's and SiliconFlow's specs declare
    ``finish_reason`` at the top; their servers send it in each choice)."""
    if root._extra is not None and name in root._extra:
        return [_built(root._extra[name])]
    for attr in type(root).__slots__:
        entries = getattr(root, attr, None)
        if type(entries) is _Entries and entries.order:
            return [_built((e._extra or {}).get(name)) for e in sorted(entries.order, key=_entry_order)]
    return []


def _values_at(state: Any, path: tuple[str, ...]) -> list[Any]:
    """The values at attribute ``path`` below ``state``, one per entry of each keyed list on
    the way (key order); ``[]`` where an object is missing."""
    value = getattr(state, path[0], None)
    if len(path) == 1:
        return [value]
    if type(value) is _Entries:
        return [v for entry in sorted(value.order, key=_entry_order) for v in _values_at(entry, path[1:])]
    return _values_at(value, path[1:]) if isinstance(value, _State) else []
