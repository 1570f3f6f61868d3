"""The chunk merger: the per-stream bookkeeping every generated accumulator shares
(``_Merger``: a field's value off the fast path, unknown fields, the parts for text and
keyed lists), the merge state of one object (``_State``) and the accumulator base
(``_ChunkAccumulator``).

Real Python, imported and tested as it is; ``render`` inlines it verbatim into each
generated module (or once per package, ``--runtime package``), dropping this docstring and
the import lines. What varies per schema (which fields a chunk has and how each merges)
is generated as small state classes that call into this module with named rules
(``_KeyedList``, ``_ResponseRule``): no chat-completion field name appears here.
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
    """Decoded JSON with mappings of other types (``OrderedDict`` from ``object_pairs_hook``)
    as dicts and sequences as lists, as the merge reads them (at any depth: past the
    recursion limit, without recursion)."""
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
    """``_rebuilt``'s opener for ``_plain``: any mapping a dict, any list or tuple a list."""
    if isinstance(value, Mapping):
        return dict.fromkeys(value), value.items()
    if isinstance(value, (list, tuple)):
        return [None] * len(value), enumerate(value)
    return None


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
                out[wire] = _part_built(parts) if type(parts) is list else parts
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


class _Merger(_TextMerge, _KeyedMerge):
    """Anomaly bookkeeping and the rare paths shared by every accumulator: a field's value
    off the fast path here, text fields' in ``_TextMerge``, keyed lists' in ``_KeyedMerge``,
    the log in ``_Bookkeeping``."""

    __slots__ = ()

    def decode(self, chunk: Any) -> dict[str, Any] | None:
        """A chunk given as JSON text or bytes (read by orjson when it is installed, see
        ``_loads``), or as a typed model (see ``_model_data``), as decoded JSON."""
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
            f"{_shown(new)} differs from the first value {_shown(old)}; kept the first",
            old,
            new,
        )
        return old

    def last_value(self, state: Any, name: str, old: Any, new: Any, expected: type) -> Any:
        """A ``last`` field's new value (generated code calls it only when the value
        changed, so a value repeated in every chunk costs no call): ``""`` (a placeholder)
        never replaces a value; a value not of the ``expected`` type is reported, and kept only
        while there is no other."""
        if not _fits(new, expected):
            return self.misfit(state, name, old, new, expected)
        if new == "" and old is not None and _fits(old, expected):
            return old
        return new

    def last_text(self, state: Any, wire: str, old: Any, new: Any) -> Any:
        """A ``last`` string field that a stream could send in pieces (called when the
        value changed): ``""`` never replaces a text; a different text replacing one is reported
        (``replaced``); a value that is not a string as ``last_value`` says."""
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
        """A value of field ``name`` that is not of the ``expected`` kind: reported, not
        merged. A typed value (a model of another class, a tuple) is no such stray: it
        merges as its JSON (``_as_json``) instead."""
        data = _as_json(value)
        if type(data) is not type(value):
            state._add({name: data}, self)
            return
        message = _said("not_merged", _json_kind_of(value), fits=(expected,))
        self.anomaly(_join(state._path, name), "wrong_type", message, dropped=value)

    def unknown(self, state: Any, data: dict[str, Any], context: str) -> None:
        """What ``state``'s generated ``_add`` does not merge itself: the fields of ``data``
        (decoded JSON) that it does not know (``_known``), merged into its ``_extra`` by the
        rules for such fields in ``context`` (``_merge_loose``)."""
        known = state._known
        if not state._path and data.get("error") and self.error is None and "error" not in known:
            self.error = dict(data)  # an error the stream carried (the reader raises at one: see ``sse``)
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

    def join_items(self, state: Any, wire: str, runs: _Runs, value: Any) -> None:
        """A ``join`` list's fragment: its items added to ``runs``; a value that is not a
        list is reported and not merged; typed items are read as their JSON."""
        if type(value) is not list or (value and type(value[0]) is not dict):
            value = _as_json(value)
        if type(value) is not list:
            self.wrong_type(state, wire, value, "a list")
            return
        for item in value:
            runs.add(item)

    def last_list(self, owner: Any, wire: str, old: Any, value: Any) -> Any:
        """A ``last`` list field's new value (an empty list replaces one: a list may become
        empty); a value that is not a list is reported and not kept; a tuple or a list of
        models is kept as its JSON."""
        value = _as_json(value)
        if type(value) is not list:
            self.wrong_type(owner, wire, value, "a list")
            return old
        return value

    def last_object(self, owner: Any, wire: str, old: Any, value: Any, pieces: bool = False) -> Any:
        """A ``last`` object field's new value: an empty object never replaces one; a
        value that is not an object is reported and not kept; a model is kept as its JSON
        (and a map of models, which the generated code reads through ``_as_json``). Where
        the object holds text a stream could send in pieces (``pieces``), a new value that
        drops or changes that text is reported (``replaced``)."""
        if type(value) is not dict:
            value = _as_json(value)
        if type(value) is not dict:
            self.wrong_type(owner, wire, value, "an object")
            return old
        if not value and old is not None:
            return old
        if pieces and old is not None:
            self.replaced(owner, wire, old, value)
        return value


class _ChunkAccumulator(_Merger):
    """What every generated ``<Root>Accumulator`` does: feed chunks to the root's merge
    state, count them, turn failures into anomalies; the subclass adds the typed results
    (``snapshot()``, and ``to_response()``: the finished answer). ``add`` each chunk in
    order: decoded JSON (fastest), JSON text or bytes, or a typed chunk. A chunk that
    strays from the schema is merged as far as it can be and reported in ``anomalies``
    (``strict=True``: ``StreamMergeError`` at the first stray instead).

    ``_model``: the module's class of a chunk, whose instances the root's merge state
    merges as they are (``_add_model``: attributes read by generated code, a pydantic
    model's from its field dict); None in the TypedDict style, whose chunks are dicts."""

    __slots__ = ("_root",)
    _model: ClassVar[type | None] = None
    #: the fields that say the stream has ended, as attribute paths through the merge states,
    #: reasons first (``(("choices", "finish_reason"),)``; ``response_plan.finish_fields``)
    _finish: ClassVar[tuple[tuple[str, ...], ...]] = ()

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

    @property
    def finished(self) -> str | None:
        """How the stream ended, once it has: the reason its chunks gave (``finish_reason``
        once every choice has one: the first choice's), or the name of a flag that says so
        (``done``); None while the stream is open (and for a schema that names no such
        field)."""
        for path in self._finish:
            values = _values_at(self._root, path)
            if values and all(v is not None and v != "" and v is not False for v in values):
                first = values[0]
                return first if type(first) is str else path[-1]
        return None


def _values_at(state: Any, path: tuple[str, ...]) -> list[Any]:
    """The values at ``path`` (attribute names through merge states) below ``state``: one per
    entry of each keyed list on the way, in key order; ``[]`` where an object is missing."""
    value = getattr(state, path[0], None)
    if len(path) == 1:
        return [value]
    if type(value) is _Entries:
        return [v for entry in sorted(value.order, key=_entry_order) for v in _values_at(entry, path[1:])]
    return _values_at(value, path[1:]) if isinstance(value, _State) else []
