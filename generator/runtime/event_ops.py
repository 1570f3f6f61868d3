"""What an event does to the slot it addresses: create, replace, merge an object, append
text, gather JSON text and parse it, extend a list, push an item, set (``_SlotOps``, the part
of ``_EventFold`` a generated handler calls after ``item``/``child`` found the slot). Numbers
are never added up: a value is set, replaced or left alone.

Who wins where the server's value and the fold's differ (``docs/anomalies.md`` lists every
rule): a settled value (``create``, ``replace``, the final list) wins where it fits the slot's
schema (``kinds``), also over a fold's value of another JSON kind (``done_differs``); the fold's
is kept where the server's is empty (``emptied``) or does not fit (``wrong_type``). A delta
(``merge``, an appended object's field) never changes the kind of a filled value
(``wrong_type``: the fold's kept).

Real Python, imported and tested as it is; inlined into generated modules without this
docstring and the import lines (see the package docstring).
"""

from typing import Any

from .anomalies import _json_kind_of, _said
from .event_slots import (
    _Addressing,
    _event_path,
    _filled,
    _Fragments,
    _JsonFragments,
    _own,
    _parsed,
    _Slots,
    _thaw,
)
from .parts import _add_part

#: what the fold says of gathered JSON text that does not parse, by the kind ``_parsed`` gives
_NOT_PARSED = {
    "invalid_json": "JSON text that does not parse: kept as text",
    "too_deep": "JSON text nested too deeply to parse: kept as text",
}
#: the JSON kind of a fold value as its snapshot shows it (text gathered in fragments is a
#: string, a keyed slot a list), for the rules on a value of another kind
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
    """Whether ``value`` is of a JSON kind the slot's schema allows (``kinds``; ``()``: the
    schema says nothing, every kind fits; an integer is a number)."""
    return not kinds or _json_kind(value) in kinds


class _SlotOps(_Addressing):
    """Operations on one slot, ``container[key]`` (see the module docstring)."""

    def create(
        self,
        container: dict[Any, Any],
        key: Any,
        value: Any,
        path: str,
        collection: str | None = None,
        kinds: tuple[str, ...] = (),
    ) -> None:
        """Create the slot from ``value``; an existing one is merged (``exists`` unless an early
        delta made it): ``value`` wins except where it is empty and the fold is not, or where
        it does not fit the slot's schema (``kinds``: see ``_place``)."""
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
        """Set the slot to the server's ``value`` (``output_item.done``, ``*.done``) where it
        fits the slot's schema (``kinds``). With ``check``, a value other than the fold's is
        reported (``done_differs``; the server's is kept). An empty value never erases a
        non-empty fold (``emptied``); one that does not fit never replaces it (``wrong_type``)."""
        old = container.get(key)
        said = False
        if check and old is not None and _filled(value) and _fits_kinds(value, kinds):
            folded = _thaw(old)
            if folded != value:
                self.report(
                    path, "done_differs", "the final value differs from the fold: the server's kept", value, folded
                )
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
        """Put the server's ``value`` at ``container[key]``, where the fold holds ``old``.

        The server's wins, except: an empty value never erases a filled one (``emptied``,
        unless ``quiet``); a value of another JSON kind than a filled one replaces it only when
        it is ``settled`` (a final value, not a delta) and fits the slot's schema (``kinds``),
        reported ``done_differs`` (unless ``quiet``, or ``said``: the caller reported it);
        otherwise the fold's is kept (``wrong_type``). A server's object keeps what the fold
        holds where it leaves a field empty (``_keep_folded``)."""
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
            self._keep_folded(new, old, path, quiet)
        container[key] = new
        if collection is not None and type(new) is dict:
            ident = new.get(self.id_field)
            if type(ident) is str or type(ident) is int:
                self._ids.setdefault(collection, {})[ident] = key

    def _keep_folded(self, new: dict[Any, Any], old: dict[Any, Any], path: str, quiet: bool) -> None:
        """Into ``new`` (a server's object), what the fold holds and ``new`` leaves empty, at
        every depth (a tool's input gathered before its block's start)."""
        for name, was in old.items():
            now = new.get(name)
            if type(now) is dict and type(was) is dict:
                self._keep_folded(now, was, f"{path}.{name}", quiet)
            elif not _filled(now) and _filled(was):
                if now is not None and not quiet:
                    self.report(f"{path}.{name}", "emptied", "an empty final value: the fold's kept", _thaw(was), now)
                new[name] = was

    def merge(self, container: dict[Any, Any], key: Any, value: Any, path: str) -> None:
        """Merge an object into the slot field by field, into nested objects too; ``null``
        keeps the value held (a ``message_delta``'s usage: ``input_tokens: null`` keeps the
        count from ``message_start``); text is replaced, not joined. ``null`` merges nothing."""
        if not self._mergeable(value, path):
            return
        target = container.get(key)
        if type(target) is not dict:
            if _filled(target):
                self.report(
                    path, "wrong_type", "an object merged into a value that is not one: replaced", value, _thaw(target)
                )
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
        """Append text (``null`` counts as empty); an object delta appends field by field, into
        nested objects too (``{"function": {"arguments": ...}}``), except its ``fixed`` fields
        (the schema types them as enums: a tag such as ``type``), which are set once and never
        joined (a different value is reported ``tag_changed``, the held one kept)."""
        if type(delta) is str:
            old = container.get(key)
            if type(old) is _Fragments:
                old.append(delta)
            elif old is None or old == "":
                container[key] = _Fragments((delta,))
            elif type(old) is str:
                container[key] = _Fragments((old, delta))
            else:
                self.report(
                    path, "wrong_type", "text appended to a value that is not text: replaced", delta, _thaw(old)
                )
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
                        self.report(
                            f"{path}.{name}", "tag_changed", "a tag differs from the one held: kept", held, piece
                        )
                elif type(piece) is str or (type(piece) is dict and (held is None or type(held) is dict)):
                    self.append(target, name, piece, f"{path}.{name}", fixed)
                elif piece is not None:
                    self._place(target, name, piece, held, f"{path}.{name}", None, quiet=False, settled=False)
        elif delta is not None:
            self.report(path, "wrong_type", "a text delta that is not text: dropped", dropped=delta)

    def parts(self, container: dict[Any, Any], key: Any, value: Any, path: str) -> None:
        """Content that is text or a list of parts (``anyOf [string, list of parts]``): text
        joins text while only text came (the slot stays a string); a part (or a list of
        parts) makes the slot a list of parts, the text so far its first part, and later text
        a text part; adjacent parts of one kind join (``parts._add_part``). ``null`` adds
        nothing; another value is reported (``wrong_type``) and dropped."""
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
            self.report(
                path, "wrong_type", "an item pushed onto a value that is not a list: dropped", _thaw(held), item
            )

    def json(self, container: dict[Any, Any], key: Any, fragment: Any, path: str) -> None:
        """Gather a fragment of JSON text for the slot (``input_json_delta``); parsed once, by
        ``parse`` or at snapshot. Text that is only whitespace keeps the value held (the
        ``input: {}`` a tool-use block starts with)."""
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
        JSON is kept as text and reported (``invalid_json``). Nothing gathered: nothing done."""
        held = container.get(key)
        if type(held) is _JsonFragments:
            value, problem = _parsed(held)
            if not problem:
                container[key] = value
            else:  # kept as gathered: later fragments still join it; a snapshot shows the text
                self._bad_json.add(_event_path(path, self.event))
                self.report(path, problem, _NOT_PARSED[problem], value, held.before)

    def set(self, container: dict[Any, Any], key: Any, value: Any) -> None:
        """Set a value only the event carries (a status named by the event type); last wins."""
        container[key] = _own(value)
