"""The state and operations shared by the reader's parts (``ReaderBase``): ``reader.Interpreter`` is
built from ``objects.ObjectReading`` (objects, arrays, maps) and ``choices.UnionReading`` (unions)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import naming
from ..model import Alias, Model
from ..resolve import Location, RefResolver
from ..warning_kinds import Kind, SpecWarning, at
from .keywords import Reading

Key = naming.Key
_key = naming.location_key


class ReaderBase:
    """The reader's state: the resolver, what has been read, and the recursion bookkeeping
    (which locations are open, inside how many objects and containers)."""

    def __init__(self, resolver: RefResolver) -> None:
        self.resolver = resolver
        self.root = resolver.root
        self.models: dict[str, Model] = {}  # by provisional id
        self.aliases: dict[str, Alias] = {}  # by provisional id
        self.warnings: list[SpecWarning] = []
        self.places: dict[str, naming.Place] = {}  # provisional id -> where it was read
        self.member_hints: dict[Key, tuple[str, ...]] = {}  # member of a union of several -> its name hints
        self._names: dict[Key, str] = {}  # location -> provisional id given to it
        self._refs: dict[Key, Reading] = {}  # memo of read_at
        self._active: set[Key] = set()  # locations being read right now
        self._open_refs: list[tuple[Key, Location]] = []  # read_at's open locations, in order
        self._unenforced: dict[str, dict[tuple[str, str], Location]] = {}  # keyword kind -> places, first first
        self._objects_open = 0  # models whose fields are being read right now
        self._containers_open = 0  # lists and maps whose items are being read right now
        self._opened_at: dict[Key, tuple[int, int]] = {}  # read_at key -> both counts when it began
        self._forced_aliases: set[Key] = set()  # non-object schemas reached again through a model
        self._model_keys: set[Key] = set()  # locations read as models
        self._reads = 0
        self._components: dict[str, Location] | None = None
        self._listed: set[Key] = set()  # the root document's named schemas
        self._variants: set[Key] = set()  # locations a discriminator mapping names
        self._scanned: set[str] = set()  # documents whose discriminator mappings are noted
        self._children: dict[Key, list[Location]] = {}  # allOf parent -> the named schemas built on it

    # defined by ``reader.Interpreter``
    read: Callable[[Any, Location], Reading]
    read_at: Callable[[Location], Reading]

    def components(self) -> dict[str, Location]:
        """The root document's named schemas (``components/schemas``, ``definitions``,
        ``$defs``), by spec name, in document order (found once: callers only read it)."""
        if self._components is not None:
            return self._components
        data, top = self.root.data, Location(self.root, "")
        found: dict[str, Location] = {}
        self._components = found
        if not isinstance(data, dict):
            return found
        if "openapi" not in data:
            # a bare JSON Schema document is itself a schema, named by its title or file
            found[self._component_at(top) or self.root.path.stem] = top
        for path in (("components", "schemas"), ("definitions",), ("$defs",)):
            section = (data.get("components") or {}).get("schemas") if len(path) == 2 else data.get(path[0])
            for name in section if isinstance(section, dict) else ():
                found.setdefault(name, top.child(*path, name))
        return found

    def _note_unenforced(self, kind: str, loc: Location) -> None:
        self._unenforced.setdefault(kind, {}).setdefault((str(loc.doc.path), loc.pointer), loc)

    def _component_at(self, loc: Location) -> str | None:
        """The spec name when ``loc`` is a named schema (``naming.component_at``)."""
        return naming.component_at(loc, self.root)

    def _claim(self, loc: Location, stands_for: Location | None = None) -> str:
        """Give ``loc`` a provisional id (``naming.name_schemas`` names what is emitted);
        ``stands_for``: the schema it is named as, if not ``loc`` (a discriminated parent's union)."""
        named = stands_for if stands_for is not None else loc
        pid = f"#{len(self.places)}"
        self.places[pid] = naming.Place(named, self._component_at(named), _key(named) in self._listed)
        self._names[_key(loc)] = pid
        return pid

    def _read_inside(self, schema: Any, loc: Location) -> Reading:
        """Read a list's items or a map's values (a recursion through them is fine)."""
        self._containers_open += 1
        try:
            return self.read(schema, loc)
        finally:
            self._containers_open -= 1

    def warn(self, loc: Location, kind: Kind, detail: str = "") -> None:
        """Note a problem tolerated while reading: its kind (``warning_kinds``) at ``loc``."""
        self.warnings.append(at(kind, loc.doc.path, loc.pointer, detail))
