# gen-models 0.1.0: generator/runtime/event_ops.py, copied verbatim. Do not edit; regenerate instead.
"""What an event does to the slot it addresses (``_SlotOps``, the part of ``_EventFold`` a
handler calls once ``item``/``child`` found the slot): create, replace, merge, append, gather
and parse JSON text, extend, push, set. Numbers are never added up.

Who wins (``docs/anomalies.md`` has every rule): a settled value (``create``, ``replace``, the
final list) wins where it fits the slot's schema (``kinds``), also over another JSON kind
(``done_differs``); the fold's is kept where the server's is empty (``emptied``) or does not
fit (``wrong_type``). A delta never changes the kind of a filled value (``wrong_type``).
"""

from typing import Any

from .anomalies import _json_kind_of, _own, _said, _shown
from .event_slots import (
    _Addressing,
    _event_path,
    _filled,
    _Fragments,
    _JsonFragments,
    _parsed,
    _Slots,
    _thaw,
)
from .parts import _add_part

#: what the fold says of gathered JSON text that does not parse (by ``_parsed``'s problem)
_NOT_PARSED = {
    "invalid_json": "JSON text that does not parse: kept as text",
    "too_deep": "JSON text nested too deeply to parse: kept as text",
}
#: the JSON kind of a fold value as its snapshot shows it
_KINDS = {
    dict: "object",
    list: "array",
    _Slots: "array",
    str: "string",
    _Fragments: "string",
    _JsonFragments: "string",
    bool: "boolean",
}


def _json_kind(value: Any) -> str:
    return _KINDS.get(type(value)) or _json_kind_of(value)


def _fits_kinds(value: Any, kinds: tuple[str, ...]) -> bool:
    """Whether ``value`` is of a JSON kind in ``kinds`` (``()``: any)."""
    return not kinds or _json_kind(value) in kinds


class _SlotOps(_Addressing):
    """Operations on one slot, ``container[key]``; ``tag`` (the events'), an item's kind too."""

    tag: str

    def create(
        self,
        container: dict[Any, Any],
        key: Any,
        value: Any,
        path: str,
        collection: str | None = None,
        kinds: tuple[str, ...] = (),
    ) -> None:
        """Create the slot from ``value``; an existing one (``exists``, unless an early delta
        made it) is merged as ``_place`` says."""
        old = container.get(key)
        if old is not None and id(old) not in self._placeholders:
            self.report(path, "exists", "created twice: the new value wins where it is filled", _own(value), _thaw(old))
        self._place(container, key, value, old, path, collection, quiet=True, kinds=kinds)

    def replace(
        self,
        container: dict[Any, Any],
        key: Any,
        value: Any,
        path: str,
        check: bool = False,
        collection: str | None = None,
        kinds: tuple[str, ...] = (),
    ) -> None:
        """Set the slot to the server's ``value`` (``*.done``) as ``_place`` says; with
        ``check``, one other than the fold's is reported (``done_differs``)."""
        old = container.get(key)
        said = False
        if check and old is not None and _filled(value) and _fits_kinds(value, kinds):
            folded = _thaw(old)
            if folded != value:
                message = "the final value differs from the fold: the server's kept"
                self.report(path, "done_differs", message, value, folded)
                said = True
        self._place(container, key, value, old, path, collection, quiet=False, kinds=kinds, said=said)

    def _place(
        self,
        container: dict[Any, Any],
        key: Any,
        value: Any,
        old: Any,
        path: str,
        collection: str | None,
        quiet: bool,
        kinds: tuple[str, ...] = (),
        settled: bool = True,
        said: bool = False,
    ) -> None:
        """Put the server's ``value`` at ``container[key]``, where the fold holds ``old``. The
        server's wins, except: an empty value never erases a filled one (``emptied``, unless
        ``quiet``); one of another JSON kind replaces a filled one only when ``settled`` (not a
        delta) and fitting ``kinds`` (``done_differs`` unless ``quiet`` or ``said``), else the
        fold's is kept (``wrong_type``). An object keeps the fold's where it leaves a field empty."""
        if not _filled(value) and _filled(old):
            if value is not None and not quiet:
                self.report(path, "emptied", "an empty final value: the fold's kept", _thaw(old), value)
            return
        if _filled(old) and type(old) is not _JsonFragments:
            have, held = _json_kind(value), _json_kind(old)
            if have != held:
                if not settled or not _fits_kinds(value, kinds):
                    message = _said("kept_fold", have, held, kinds) if settled else _said("kept_fold_open", have, held)
                    self.report(path, "wrong_type", message, _thaw(old), value)
                    return
                if not quiet and not said:
                    self.report(path, "done_differs", _said("kept_server", have, held), _own(value), _thaw(old))
        new = _own(value)
        if type(new) is dict and type(old) is dict:
            was = old.get(self.tag)  # another kind of object (its tag): none of the fold's fields
            if was is None or new.get(self.tag, was) == was:
                self._keep_folded(new, old, path, quiet)
            elif not quiet and not said:
                message = (
                    f"{self.tag} {_shown(new[self.tag])} where the fold holds {_shown(was)}: the server's kept whole"
                )
                self.report(path, "done_differs", message, _own(value), _thaw(old))
        container[key] = new
        if collection is not None and type(new) is dict:
            ident = new.get(self.id_field)
            if type(ident) is str or type(ident) is int:
                self._ids.setdefault(collection, {})[ident] = key

    def _keep_folded(self, new: dict[Any, Any], old: dict[Any, Any], path: str, quiet: bool) -> None:
        """Into ``new`` (a server's object), what the fold holds and ``new`` leaves empty (list items by address)."""
        for name, was in old.items():
            now = new.get(name)
            if type(now) is dict and type(was) is dict:
                self._keep_folded(now, was, f"{path}.{name}", quiet)
            elif type(now) is list and now and type(was) in (list, _Slots):
                held = was if type(was) is _Slots else dict(enumerate(was))
                for i, item in enumerate(now):
                    kept, tag = held.get(i), self.tag
                    if type(item) is dict and type(kept) is dict and item.get(tag, kept.get(tag)) == kept.get(tag):
                        self._keep_folded(item, kept, f"{path}.{name}[{i}]", quiet)
            elif not _filled(now) and _filled(was):
                if now is not None and not quiet:
                    self.report(f"{path}.{name}", "emptied", "an empty final value: the fold's kept", _thaw(was), now)
                new[name] = was

    def merge(self, container: dict[Any, Any], key: Any, value: Any, path: str) -> None:
        """Merge an object into the slot field by field, nested objects too; a ``null`` field
        keeps the held value (``message_delta``'s ``input_tokens: null``); text is replaced."""
        if not self._mergeable(value, path):
            return
        target = container.get(key)
        if type(target) is not dict:
            if _filled(target):
                message = "an object merged into a value that is not one: replaced"
                self.report(path, "wrong_type", message, value, _thaw(target))
            target = container[key] = {}
        self._merge_into(target, value, path)

    def _mergeable(self, value: Any, path: str) -> bool:
        """An object to merge; ``null`` merges nothing, anything else is reported and dropped."""
        if type(value) is not dict:
            if value is not None:
                self.report(path, "wrong_type", "a value to merge that is not an object: dropped", dropped=value)
            return False
        return True

    def _merge_into(self, target: dict[Any, Any], value: dict[Any, Any], path: str) -> None:
        for name, piece in value.items():
            if piece is None:
                continue
            held = target.get(name)
            if type(piece) is dict and type(held) is dict:
                self._merge_into(held, piece, f"{path}.{name}")
            else:
                self._place(target, name, piece, held, f"{path}.{name}", None, quiet=False, settled=False)

    def append(self, container: dict[Any, Any], key: Any, delta: Any, path: str, fixed: tuple[str, ...] = ()) -> None:
        """Append text (``null``: empty); an object delta appends field by field, nested too,
        except ``fixed`` fields (enum tags such as ``type``): set once, never joined (a
        different value reported ``tag_changed``)."""
        if type(delta) is str:
            old = container.get(key)
            if type(old) is _Fragments:
                old.append(delta)
            elif old is None or old == "":
                container[key] = _Fragments((delta,))
            elif type(old) is str:
                container[key] = _Fragments((old, delta))
            else:
                message = "text appended to a value that is not text: replaced"
                self.report(path, "wrong_type", message, delta, _thaw(old))
                container[key] = _Fragments((delta,))
        elif type(delta) is dict:
            target = container.get(key)
            if target is None:  # no event opens these (shell output per command): the first delta does
                target = container[key] = {}
            elif type(target) is not dict:
                target = self.child(container, key, path)
            for name, piece in delta.items():
                held = target.get(name)
                if name in fixed and held is not None:
                    if piece is not None and piece != held:
                        message = "a tag differs from the one held: kept"
                        self.report(f"{path}.{name}", "tag_changed", message, held, piece)
                elif type(piece) is str or (type(piece) is dict and (held is None or type(held) is dict)):
                    self.append(target, name, piece, f"{path}.{name}", fixed)
                elif piece is not None:
                    self._place(target, name, piece, held, f"{path}.{name}", None, quiet=False, settled=False)
        elif delta is not None:
            self.report(path, "wrong_type", "a text delta that is not text: dropped", dropped=delta)

    def parts(self, container: dict[Any, Any], key: Any, value: Any, path: str) -> None:
        """Content that is text or a list of parts: text joins text while only text came; a
        part (or list) makes the slot a list of parts, the text so far its first, and adjacent
        parts of one kind join (``parts._add_part``). Any other value is reported, dropped."""
        held = container.get(key)
        if type(value) is str and type(held) is not list:
            self.append(container, key, value, path)
            return
        if type(value) is not str and type(value) is not dict and type(value) is not list:
            if value is not None:
                self.report(path, "wrong_type", "content that is neither text nor parts: dropped", dropped=value)
            return
        if type(held) is not list:
            if held is not None and type(held) is not str and type(held) is not _Fragments:
                self.report(path, "wrong_type", "parts where the fold holds another value: replaced", _thaw(held))
                held = None
            text = _thaw(held) if held is not None else ""
            held = container[key] = []
            _add_part(held, text)
        _add_part(held, _own(value))

    def extend(self, container: dict[Any, Any], key: Any, items: Any, path: str) -> None:
        """Extend a list (``logprobs``); ``null`` adds nothing."""
        if items is None:
            return
        if type(items) is not list:
            self.report(path, "wrong_type", "a list delta that is not a list: dropped", dropped=items)
            return
        old = container.get(key)
        if not items and type(old) is list:  # most text deltas carry `logprobs: []`
            return
        if type(old) is list:
            old.extend(_own(items))
        else:
            container[key] = _own(items)

    def push(self, container: dict[Any, Any], key: Any, item: Any, path: str) -> None:
        """Push one item onto a list (a ``citations_delta``'s citation); ``null`` pushes nothing."""
        if item is None:
            return
        held = container.get(key)
        if type(held) is list:
            held.append(_own(item))
        elif held is None:
            container[key] = [_own(item)]
        else:
            message = "an item pushed onto a value that is not a list: dropped"
            self.report(path, "wrong_type", message, _thaw(held), item)

    def json(self, container: dict[Any, Any], key: Any, fragment: Any, path: str) -> None:
        """Gather a fragment of JSON text (``input_json_delta``), parsed once by ``parse`` or at
        snapshot; blank text keeps the held value (a tool-use block's ``input: {}``)."""
        if fragment is None:
            return
        if type(fragment) is not str:
            self.report(path, "wrong_type", "a JSON fragment that is not text: dropped", dropped=fragment)
            return
        held = container.get(key)
        if type(held) is _JsonFragments:
            held.append(fragment)
            return
        text = _JsonFragments((fragment,))
        text.before, text.path = held, _event_path(path, self.event)
        container[key] = text

    def parse(self, container: dict[Any, Any], key: Any, path: str) -> None:
        """Parse the JSON text gathered for the slot (``content_block_stop``); text that is not
        JSON is kept and reported (``invalid_json``)."""
        held = container.get(key)
        if type(held) is _JsonFragments:
            value, problem = _parsed(held)
            if not problem:
                container[key] = value
            else:  # kept as gathered: later fragments still join it; a snapshot shows the text
                self._bad_json.add(_event_path(path, self.event))
                self.report(path, problem, _NOT_PARSED[problem], value, held.before)

    def set(self, container: dict[Any, Any], key: Any, value: Any) -> None:
        """Set a value only the event carries (a status); last wins."""
        container[key] = _own(value)
