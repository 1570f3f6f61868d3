"""Map files: user merge maps (``--merge-map FILE``, ``merge-maps``) in, one merged map per event-union
root out, read by the spec's loader (``load.load_document``); errors are ``SpecError`` naming the
file, line and JSON pointer (``located`` adds the line to ``event_check``'s errors).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .errors import SpecError, join_pointer
from .load import Document, load_document

#: A map's sections of entries: the union's members, and event types the spec does not list (``error``).
ENTRY_SECTIONS = ("events", "extra_events")


class MapLayer(dict[str, Any]):
    """The user maps of one union root merged (later files' entries win), with ``places``: the file and
    JSON pointer of ``("root",)``, a family key ``(key,)``, ``("events",)`` or ``("events", tag)``."""

    def __init__(self) -> None:
        super().__init__()
        self.places: dict[tuple[str, ...], tuple[Path, str]] = {}

    def place(self, *key: str) -> tuple[Path, str] | None:
        """Where ``key`` came from (file, pointer), or None."""
        return self.places.get(key)


def read_map_files(paths: Sequence[Path]) -> dict[str, MapLayer]:
    """User merge maps (YAML mappings with ``root: <union schema>``) by root, later files' entries winning.

    Raises:
        SpecError: a file the loader refuses, or that is not a map with ``root``.
    """
    found: dict[str, MapLayer] = {}
    for path in paths:
        doc = load_document(path)
        data = doc.data
        if not isinstance(data, dict) or not isinstance(data.get("root"), str):
            raise doc.error("", "a merge map must be a mapping with 'root: <union schema>'")
        merged = found.setdefault(data["root"], MapLayer())
        merged.places.setdefault(("root",), (path, "/root"))
        for key, value in data.items():
            if key == "root":
                continue
            entries = key in ENTRY_SECTIONS and isinstance(value, dict)
            merged[key] = {**merged[key], **value} if entries and isinstance(merged.get(key), dict) else value
            merged.places[(key,)] = (path, join_pointer("", key))
            for tag in value if entries else ():
                merged.places[(key, str(tag))] = (path, join_pointer("", key, tag))
    return found


def located(error: SpecError, spec: Document) -> SpecError:
    """``error`` with its file's line and column added when it has a pointer and no line (no
    file: the spec's); unchanged when the place cannot be found."""
    if error.pointer is None or error.line is not None:
        return error
    file = error.file if error.file is not None else spec.path
    try:
        doc = spec if file == spec.path else load_document(file)
    except SpecError:
        return error
    line, column = doc.locate(error.pointer)
    return dataclasses.replace(error, file=file, line=line, column=column)
