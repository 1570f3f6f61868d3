"""What an event does to the slot it addresses: create, replace, append text, extend a
list, set (``_SlotOps``, the part of ``_EventFold`` a generated handler calls after
``item``/``child`` found the slot). Numbers are never added up: a value is set, replaced
or left alone.

Real Python, imported and tested as it is; inlined into generated modules without this
docstring and the import lines (see the package docstring).
"""

from typing import Any

from .event_slots import _Addressing, _filled, _Fragments, _own, _thaw


class _SlotOps(_Addressing):
    """Operations on one slot, ``container[key]`` (see the module docstring)."""

    def create(self, container: dict[Any, Any], key: Any, value: Any, path: str, collection: str | None = None) -> None:
        """Create the slot from ``value``; an existing one is merged (``exists`` unless an early
        delta made it): ``value`` wins except where it is empty and the fold is not."""
        old = container.get(key)
        if old is not None and id(old) not in self._placeholders:
            self.report(path, "exists", "created twice: merged", dropped=_thaw(old))
        self._place(container, key, value, old, path, collection, quiet=True)

    def replace(
        self,
        container: dict[Any, Any],
        key: Any,
        value: Any,
        path: str,
        check: bool = False,
        collection: str | None = None,
    ) -> None:
        """Set the slot to the server's ``value`` (``output_item.done``, ``*.done``). With
        ``check``, a value other than the fold's is reported (``done_differs``; the server's is
        kept). An empty value never erases a non-empty fold (``emptied``)."""
        old = container.get(key)
        if check and old is not None:
            folded = _thaw(old)
            if folded != value and _filled(value):
                self.report(
                    path, "done_differs", "the final value differs from the fold: the server's kept", value, folded
                )
        self._place(container, key, value, old, path, collection, quiet=False)

    def _place(
        self, container: dict[Any, Any], key: Any, value: Any, old: Any, path: str, collection: str | None, quiet: bool
    ) -> None:
        if not _filled(value) and _filled(old):
            if value is not None and not quiet:
                self.report(path, "emptied", "an empty final value: the fold's kept", _thaw(old), value)
            return
        new = _own(value)
        if type(new) is dict and type(old) is dict:
            for name, was in old.items():
                now = new.get(name)
                if not _filled(now) and _filled(was):
                    if now is not None and not quiet:
                        self.report(
                            f"{path}.{name}", "emptied", "an empty final value: the fold's kept", _thaw(was), now
                        )
                    new[name] = was
        container[key] = new
        if collection is not None and type(new) is dict:
            ident = new.get(self.id_field)
            if type(ident) is str or type(ident) is int:
                self._ids.setdefault(collection, {})[ident] = key

    def append(self, container: dict[Any, Any], key: Any, delta: Any, path: str) -> None:
        """Append text (``null`` counts as empty); an object delta appends field by field
        (``shell_call_output_content.delta``: ``{"stdout": ...}``)."""
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
                if type(piece) is str:
                    self.append(target, name, piece, f"{path}.{name}")
                else:
                    target[name] = _own(piece)
        elif delta is not None:
            self.report(path, "wrong_type", "a text delta that is not text: dropped", dropped=delta)

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

    def set(self, container: dict[Any, Any], key: Any, value: Any) -> None:
        """Set a value only the event carries (a status named by the event type); last wins."""
        container[key] = _own(value)
