# gen-models 0.1.0: generator/runtime/event_paths.py, copied verbatim. Do not edit; regenerate instead.
"""Where an event's action lands: a slot path of the response, parsed once, and the slot
operations a handler calls (``_OUTPUT_TEXT.append(f, e, e.get("delta"))``): this module finds
the slot, ``_EventFold`` carries the operation out.

A path is ``name`` and ``name[{event_field}]`` (a keyed slot the event's field picks) steps
joined by dots: ``output[{output_index}].content[{content_index}].text``. The first keyed step
is a top-level item, checked against the event's ``ident``; the innermost keyed step before
the last is created from ``new`` when no event made it.
"""

import re
from collections.abc import Mapping
from typing import Any

from .event_slots import _Slots
from .events import _EventFold

#: an event, and the object holding a slot when a handler found it already (else None)
_Event = Mapping[str, Any]
_Parent = dict[Any, Any] | None
#: one step of a slot path: ``name`` or ``name[{event_field}]``
_STEP = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[\{([A-Za-z_][A-Za-z0-9_]*)\}\])?")


def _path_steps(path: str) -> tuple[tuple[str, str | None], ...]:
    """``output[{output_index}].text`` -> ``(("output", "output_index"), ("text", None))``;
    ``ValueError`` for a part that is not ``name`` or ``name[{event_field}]``."""
    steps = []
    for part in path.split("."):
        m = _STEP.fullmatch(part)
        if m is None:
            raise ValueError(f"path {path!r}: {part!r} is not 'name' or 'name[{{event_field}}]'")
        steps.append((m.group(1), m.group(2)))
    return tuple(steps)


class _Slot:
    """A slot of the response that events address.

    Args:
        path: the slot's path (its keyed steps name event fields).
        ident: the event field checked against the first keyed step's ``id`` (``item_id``).
        new: what the innermost keyed step before the last starts as when an event creates
            it (``{"type": "summary_text"}``).
        fixed: fields of an appended object never joined (tags: ``type``).
        opens: no event creates the objects on the way: the first addressing one does, unreported.
        kinds: the JSON kinds the schema allows (``()``: any), which a settled value
            (``create``, ``replace``) must have to replace the fold's.
    """

    __slots__ = ("_first", "_fixed", "_ident", "_key", "_kinds", "_name", "_opens", "_rest", "collection", "path")

    def __init__(
        self,
        path: str,
        *,
        ident: str | None = None,
        new: Mapping[str, Any] | None = None,
        fixed: tuple[str, ...] = (),
        opens: bool = False,
        kinds: tuple[str, ...] = (),
    ) -> None:
        steps = _path_steps(path)
        self.path = path
        self._fixed = fixed
        self._opens = opens
        self._kinds = kinds
        #: the top-level keyed list when the slot is its item (``output[{output_index}]``)
        self.collection = steps[0][0] if len(steps) == 1 and steps[0][1] else None
        self._ident = ident
        innermost = max((i for i, (_, key) in enumerate(steps[:-1]) if key), default=-1)  # the last keyed step
        # (name, key, its path for messages, what it starts as) for each step before the last
        parts = path.split(".")  # each step's text, as ``_path_steps`` matched it
        walk = [
            (name, key, ".".join(parts[: i + 1]), new if i == innermost else None)
            for i, (name, key) in enumerate(steps[:-1])
        ]
        self._first = walk[0] if walk else None
        self._rest = tuple(walk[1:])
        self._name, self._key = steps[-1]

    def parent(self, f: _EventFold, e: _Event) -> dict[Any, Any]:
        """The object holding this slot for event ``e`` (made where missing; ``_Skip`` where
        the event cannot be applied). A handler's slots that differ only in the last step share it."""
        if self._first is None:
            return f.response
        name, key, path, new = self._first
        if key is None:
            parent = f.field(f.response, name, path)
        else:  # a top-level item: checked against the event's id
            parent = f.item(name, e, key, self._ident, path, new, self._opens)
        for name, key, path, new in self._rest:
            if key is None:
                parent = f.field(parent, name, path)
            else:
                parent = f.child(f.slots(parent, name, path), f.key(e, key, path), path, new, self._opens)
        return parent

    def locate(self, f: _EventFold, e: _Event, parent: _Parent = None) -> tuple[dict[Any, Any], Any]:
        """``(container, key)`` of this slot for event ``e``, below ``parent`` if found already
        (``_Skip`` where the event cannot be applied)."""
        if parent is None:
            parent = self.parent(f, e)
        if self._key is None:
            return parent, self._name
        return f.slots(parent, self._name, self.path), f.key(e, self._key, self.path)

    def create(self, f: _EventFold, e: _Event, value: Any, parent: _Parent = None, *, optional: bool = False) -> None:
        """Create the slot from ``value`` (``_EventFold.create``); ``optional``: None does nothing."""
        if optional and value is None:
            return
        container, key = self.locate(f, e, parent)
        f.create(container, key, value, self.path, self.collection, self._kinds)

    def replace(
        self,
        f: _EventFold,
        e: _Event,
        value: Any,
        parent: _Parent = None,
        *,
        check: bool = False,
        optional: bool = False,
    ) -> None:
        """Set the slot to the server's ``value`` (``_EventFold.replace``; ``check``: compare
        with the fold); ``optional``: None does nothing."""
        if optional and value is None:
            return
        container, key = self.locate(f, e, parent)
        f.replace(container, key, value, self.path, check, self.collection, self._kinds)

    def append(self, f: _EventFold, e: _Event, value: Any, parent: _Parent = None) -> None:
        """Append text, or an object field by field (``_EventFold.append``); None does nothing."""
        if value is None:
            return
        if self._key is None:  # inline ``locate``: the hot path of every delta
            container, key = (self.parent(f, e) if parent is None else parent), self._name
        else:
            container, key = self.locate(f, e, parent)
        f.append(container, key, value, self.path, self._fixed)

    def merge(self, f: _EventFold, e: _Event, value: Any, parent: _Parent = None) -> None:
        """Merge an object field by field, ``null`` keeping what is held (``_EventFold.merge``)."""
        if value is not None:
            container, key = self.locate(f, e, parent)
            f.merge(container, key, value, self.path)

    def json(self, f: _EventFold, e: _Event, value: Any, parent: _Parent = None) -> None:
        """Gather a fragment of JSON text (``_EventFold.json``)."""
        if value is not None:
            container, key = self.locate(f, e, parent)
            f.json(container, key, value, self.path)

    def parse(self, f: _EventFold, e: _Event, parent: _Parent = None) -> None:
        """Parse the JSON text gathered for the slot (``_EventFold.parse``); nothing is created
        (``_Skip`` for an address that is none)."""
        container = parent if parent is not None else self._find(f, e)
        if container is not None and self._key is None:
            f.parse(container, self._name, self.path)

    def _find(self, f: _EventFold, e: _Event) -> dict[Any, Any] | None:
        """The object holding this slot for event ``e`` if events made it, else None (nothing
        created); an address that is no integer or string raises ``_Skip`` as ``key`` does."""
        node: Any = f.response
        for name, key, path, _new in ((self._first,) if self._first else ()) + self._rest:
            node = node.get(name) if type(node) is dict or type(node) is _Slots else None
            if key is not None:
                index = f.key(e, key, path)
                if type(node) is _Slots or type(node) is dict:
                    node = node.get(index)
                elif type(node) is list and type(index) is int and 0 <= index < len(node):
                    node = node[index]
                else:
                    node = None
            if type(node) is not dict:
                return None
        found: dict[Any, Any] = node
        return found

    def push(self, f: _EventFold, e: _Event, value: Any, parent: _Parent = None) -> None:
        """Push one item onto a list (``_EventFold.push``)."""
        if value is not None:
            container, key = self.locate(f, e, parent)
            f.push(container, key, value, self.path)

    def parts(self, f: _EventFold, e: _Event, value: Any, parent: _Parent = None) -> None:
        """Text or parts into content that may be either (``_EventFold.parts``); None does nothing."""
        if value is None:
            return
        if self._key is None:  # inline ``locate``: the hot path of every delta
            container, key = (self.parent(f, e) if parent is None else parent), self._name
        else:
            container, key = self.locate(f, e, parent)
        f.parts(container, key, value, self.path)

    def extend(self, f: _EventFold, e: _Event, value: Any, parent: _Parent = None) -> None:
        """Extend a list (``_EventFold.extend``); None does nothing."""
        if value is None:
            return
        if self._key is None:  # inline ``locate``: the hot path of every delta
            container, key = (self.parent(f, e) if parent is None else parent), self._name
        else:
            container, key = self.locate(f, e, parent)
        f.extend(container, key, value, self.path)

    def set(self, f: _EventFold, e: _Event, value: Any, parent: _Parent = None) -> None:
        """Set a value only the event carries (``_EventFold.set``)."""
        container, key = self.locate(f, e, parent)
        f.set(container, key, value)
