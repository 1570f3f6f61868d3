"""The state and operations shared by the reader's parts (``ReaderBase``): ``reader.Interpreter`` is
built from ``objects.ObjectReading`` (objects, arrays, maps) and ``choices.UnionReading`` (unions)."""

from __future__ import annotations

from typing import Any

from .. import naming
from ..load import Document
from ..model import Alias, Model
from ..resolve import Location, RefResolver
from ..warning_kinds import Kind, SpecWarning, at
from .keywords import Reading

Key = naming.Key
_key = naming.location_key


class ReaderBase:
    """What the parts of the reader share: the resolver, what has been read, and the
    recursion bookkeeping (which locations are open, inside how many objects and containers)."""

    resolver: RefResolver
    root: Document
    models: dict[str, Model]  # by provisional id
    aliases: dict[str, Alias]  # by provisional id
    warnings: list[SpecWarning]
    places: dict[str, naming.Place]  # provisional id -> where it was read
    member_hints: dict[Key, tuple[str, ...]]  # member of a union of several -> its name hints
    _names: dict[Key, str]  # location -> provisional id given to it
    _listed: set[Key]  # the root document's named schemas
    _active: set[Key]  # locations being read right now
    _model_keys: set[Key]  # locations read as models
    _variants: set[Key]  # locations a discriminator mapping names
    _objects_open: int  # models whose fields are being read right now
    _containers_open: int  # lists and maps whose items are being read right now
    _unenforced: dict[str, dict[tuple[str, str], Location]]  # keyword kind -> its places, first first

    # defined by ``reader.Interpreter`` (``_read_union``: ``choices.UnionReading``)
    def read(self, schema: Any, loc: Location) -> Reading:
        raise NotImplementedError

    def read_at(self, loc: Location, *, want_alias: bool = False) -> Reading:
        raise NotImplementedError

    def _note_unenforced(self, kind: str, loc: Location) -> None:
        raise NotImplementedError

    def components(self) -> dict[str, Location]:
        raise NotImplementedError

    def _read_union(self, schema: dict[str, Any], loc: Location, types: list[str]) -> Reading:
        raise NotImplementedError

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

    def warn(self, loc: Location, kind: Kind, detail: str = "") -> None:
        """Note a problem tolerated while reading: its kind (``warning_kinds``) at ``loc``."""
        self.warnings.append(at(kind, loc.doc.path, loc.pointer, detail))
