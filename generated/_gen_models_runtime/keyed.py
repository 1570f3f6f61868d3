# gen-models 0.1.0: generator/runtime/keyed.py, copied verbatim. Do not edit; regenerate instead.
"""Keyed lists (``by_key``, a tool call's ``index``): the entries (``_Entries``), a list's rule
(``_KeyedList``) and how an item finds its entry (``_KeyedMerge.pick_entry``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .anomalies import _json_kind_of, _said, _shown
from .bookkeeping import _Bookkeeping, _join


def _entry_order(state: Any) -> tuple[int, int]:
    return (state._key, state._seq)


class _Entries:
    """The entries of a ``by_key`` list: by key (sparse, out of order) and in arrival order;
    ``built`` sorts them by key; ``with_id`` finds them by id (amortised constant time)."""

    __slots__ = ("_by_id", "_indexed", "_pending", "by_key", "order")

    def __init__(self) -> None:
        self.by_key: dict[int, Any] = {}
        self.order: list[Any] = []
        self._by_id: dict[Any, list[Any]] = {}  # id -> its entries, in order of arrival
        self._indexed = 0  # entries of ``order`` looked at so far
        self._pending: list[Any] = []  # entries looked at before they had an id

    def built(self) -> list[dict[str, Any]]:
        return [entry._build() for entry in sorted(self.order, key=_entry_order)]

    def with_id(self, rule: _KeyedList, ident: Any) -> list[Any]:
        """The entries whose id is ``ident`` (a string), in arrival order."""
        if type(ident) is not str:
            return []
        order, by_id = self.order, self._by_id
        # the entries not yet indexed: those new, and those made without an id (a later item may bring it)
        looked, self._pending = self._pending + order[self._indexed :], []
        for entry in looked:
            found = rule.id_of(entry)
            if found is None:
                self._pending.append(entry)
            else:
                by_id.setdefault(found, []).append(entry)
        self._indexed = len(order)
        entries = by_id.get(ident, ())
        if len(entries) > 1:
            entries.sort(key=lambda entry: entry._seq)
        return list(entries)


@dataclass(frozen=True, slots=True)
class _KeyedList:
    """How a ``by_key`` list field picks the entry each item merges into (generated code
    finds the entry at an item's key itself, and calls ``pick_entry`` when there is none or
    ``may_split``).

    Attributes:
        wire: the list's wire name (``tool_calls``).
        key: the key's wire name (``index``); ``key_attr`` its attribute on an entry.
        make: the merge-state class of an entry (called with the entry's path).
        id_wire, id_attr: the identity field (``id``) whose new non-empty value starts a
            new entry at a taken key; None when the entries have none.
        name_wire, name_attr: the path to a name (``function.name``) that does the same.
        required: False for a key the schema does not require or declare (its absence: no anomaly).
    """

    wire: str
    key: str
    key_attr: str
    make: Callable[[str], Any]
    id_wire: str | None = None
    id_attr: str | None = None
    name_wire: tuple[str, ...] = ()
    name_attr: tuple[str, ...] = ()
    required: bool = True

    def hints(self, item: dict[str, Any]) -> tuple[Any, Any]:
        """``item``'s id and name (None where the entries have none)."""
        new_id = item.get(self.id_wire) if self.id_wire else None
        return new_id, _wire_get(item, self.name_wire) if self.name_wire else None

    def may_split(self, entry: Any, item: dict[str, Any]) -> bool:
        """True when ``item`` brings another id or a name (it may belong to another entry)."""
        return self._splits(entry, *self.hints(item))

    def may_split_model(self, entry: Any, item: Any) -> bool:
        """``may_split`` for an item given as a typed model (read by attribute)."""
        new_id = getattr(item, self.id_attr, None) if self.id_attr is not None else None
        return self._splits(entry, new_id, _state_get(item, self.name_attr) if self.name_attr else None)

    def _splits(self, entry: Any, new_id: Any, name: Any) -> bool:
        old = getattr(entry, self.id_attr) if self.id_attr is not None else None
        return bool(old and new_id not in (None, "", old)) or bool(name)

    def id_of(self, state: Any) -> str | None:
        """An entry's id, if a string."""
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


class _KeyedMerge(_Bookkeeping):
    """The merger's choice of entry for an item of a keyed list (a part of ``_Merger``)."""

    __slots__ = ()

    def pick_entry(self, owner: Any, rule: _KeyedList, entries: _Entries, item: Any, key: Any, items: Any = ()) -> Any:
        """The entry ``item`` merges into, new or existing; None (reported) for a non-object.

        Rules (real servers' tool calls, as the README states them): a known key selects its
        entry; a different non-empty id there goes back to an earlier entry of that key with
        that id, else starts a new entry if it brings a name or ``type`` (else continues: ids
        changed mid-call); a different name without a matching id starts one. An item without a key continues
        the newest entry (several of one list's ``items`` with no key, id or name: the newest entries, in order)
        unless it brings a new id (back to its entry, or completing one without) or another name. Entries are
        never merged nor dropped.
        """
        where = _join(owner._path, rule.wire)
        if type(item) is not dict:
            self.anomaly(where, "not_object", _said("item_not_object", _json_kind_of(item)), dropped=item)
            return None
        if type(key) is float and key.is_integer():  # a key typed number: whole numbers on the wire
            key = int(key)
        if type(key) is not int or isinstance(key, bool):
            if key is not None:
                message = f"{rule.key} {_shown(key)} is not an integer; read as missing"
                self.anomaly(where, "wrong_type", message, dropped=key)
            return self._keyless(where, rule, entries, item, items)
        current = entries.by_key.get(key)
        if current is None or rule.id_wire is None:
            return current or self._new_entry(where, rule, entries, key)
        (new_id, new_name), old_id = rule.hints(item), rule.id_of(current)
        old_name = _state_get(current, rule.name_attr) if rule.name_wire else None
        if new_id and old_id and new_id != old_id:
            # a, b, a at one index: the third fragment goes back to a, not to a new entry
            for earlier in entries.with_id(rule, new_id):
                if earlier._key == key:
                    entries.by_key[key] = earlier
                    return earlier
            if rule.name_wire and not new_name and not item.get("type"):
                # neither a name nor a type, which open an entry: a server that changes ids mid-call
                return current  # (the id conflict is reported)
            message = f"{rule.id_wire} {_shown(new_id)} arrives at the {rule.key} of {old_id!r}; started a new entry"
            self.anomaly(f"{where}[{key}]", "reused_key", message, old_id, None)
            return self._new_entry(where, rule, entries, key)
        if new_name and old_name and new_name != old_name and not (new_id and new_id == old_id):
            message = f"name {_shown(new_name)} arrives at the {rule.key} of {_shown(old_name)}; started a new entry"
            self.anomaly(f"{where}[{key}]", "reused_key", message, old_name, None)
            return self._new_entry(where, rule, entries, key)
        return current

    def _keyless(self, where: str, rule: _KeyedList, entries: _Entries, item: dict[str, Any], items: Any) -> Any:
        # the newest entry; of several fragments with no key, id or name in one list, the newest entries in order
        bare = [i for i in items if type(i) is dict and i.get(rule.key) is None and not any(rule.hints(i))]
        at = next((n - len(bare) for n, i in enumerate(bare) if i is item and 1 < len(bare) <= len(entries.order)), -1)
        newest = entries.order[at] if entries.order else None
        starts = newest is None
        if newest is not None and rule.id_wire is not None:
            (new_id, item_name), old_id = rule.hints(item), rule.id_of(newest)
            # a name starts a new entry only if it differs (Kimi repeats the name on every fragment)
            newest_name = _state_get(newest, rule.name_attr) if rule.name_wire else None
            new_name = bool(item_name) and bool(newest_name) and item_name != newest_name
            if new_id and new_id != old_id:
                earlier = next(iter(entries.with_id(rule, new_id)), None)
                if earlier is not None:  # an id seen before: back to its entry
                    newest = earlier
                else:  # a new id starts an entry, or completes one that had none (name first, id later)
                    starts = bool(old_id) or new_name
            elif not new_id:
                starts = new_name
        if starts:
            key = self._next_keys.get(where, 0)
            self._keyless_merged.add(f"{where}[{key}]")
            message = f"an item without {rule.key}; started entry {rule.key}={key}"
            if rule.required:
                self.anomaly(f"{where}[{key}]", "missing_key", message)
            return self._new_entry(where, rule, entries, key)
        assert newest is not None
        path = f"{where}[{newest._key}]"
        # once per entry: servers that omit it omit it on every fragment
        if path not in self._keyless_merged and rule.required:
            self._keyless_merged.add(path)
            message = f"an item without {rule.key}; merged into the newest entry (and so are later ones)"
            self.anomaly(path, "missing_key", message)
        return newest

    def _new_entry(self, where: str, rule: _KeyedList, entries: _Entries, key: int) -> Any:
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
