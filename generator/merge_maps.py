"""Merge maps: an event union's map, layered: the shipped map (``generator/maps/*.yaml``), the
union's ``x-merge``, the user's files (``--merge-map``) and overrides; ``event_plan`` checks it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from .errors import SpecError, did_you_mean, join_pointer
from .load import load_document
from .map_files import ENTRY_SECTIONS, MapLayer
from .model import Schemas
from .naming import stream_name

MAPS_DIR = Path(__file__).resolve().parent / "maps"
#: the keys of a map (``events`` and ``extra_events`` hold the entries, checked by ``event_plan``)
FAMILY_KEYS = {"family", "root", "target", "tag", "order", "unknown", "events", "extra_events"}
#: where something of a map is: its file (None: the spec's, or none) and JSON pointer
Where = tuple[Path | None, str]


@cache
def shipped_maps() -> dict[str, tuple[Path, dict[str, Any]]]:
    """The shipped maps: ``{root schema: (file, map)}``, read once per process; never changed.

    Raises:
        SpecError: a shipped map that is not a mapping with ``root`` (a packaging bug).
    """
    found: dict[str, tuple[Path, dict[str, Any]]] = {}
    for path in sorted(MAPS_DIR.glob("*.yaml")):
        data = load_document(path).data  # the loader every map and spec goes through
        if not isinstance(data, dict) or not isinstance(data.get("root"), str):
            raise SpecError("a merge map must be a mapping with 'root: <union schema>'", path, "")
        found[data["root"]] = (path, data)
    return found


def map_target(root: str, declared: Any, user_map: Mapping[str, Any] | None, shipped: bool = True) -> str | None:
    """The ``target`` of union ``root``'s map from the topmost layer setting it (user's, ``x-merge``,
    shipped if ``shipped``); None: inferred."""
    ship = shipped_maps().get(root, (None, None))[1] if shipped else None
    layers = (user_map, declared, ship)
    return next((str(x["target"]) for x in layers if isinstance(x, Mapping) and isinstance(x.get("target"), str)), None)


def x_merge(schemas: Schemas, root: str) -> tuple[Any, str]:
    """The union's ``x-merge`` (None when it has none) and its pointer."""
    alias = next((a for a in schemas.aliases.values() if stream_name(a.pointer) == root), None)
    if alias is None:
        return None, ""
    return alias.merge_map, join_pointer(alias.pointer, "x-merge")


def merged_map(
    schemas: Schemas,
    root: str,
    overrides: Mapping[str, Any] | None,
    spec_file: Path | None,
    base: Mapping[str, Any] | None = None,
    inferred: Mapping[str, Any] | None = None,
    shipped_ok: bool = True,
) -> tuple[dict[str, Any], dict[str, Where]]:
    """The map: ``overrides`` over x-merge over the shipped map (``base`` instead, if given; none
    unless ``shipped_ok``) over ``inferred``; with ``sources``, ``{"events"|tag|"key:<family
    key>": (file, pointer)}``. ``data["events"]`` holds both sections' entries, ``"_extra"``
    the types under ``extra_events``, ``"_origin"`` each type's layer (``inferred``,
    ``map:<file>``, ``x-merge``, ``file:<name>``, ``override``)."""
    shipped = (Path("<base map>"), dict(base)) if base is not None else shipped_maps().get(root) if shipped_ok else None
    ship_file, ship_map = shipped if shipped is not None else (Path(), None)
    declared, pointer = x_merge(schemas, root)
    first = overrides.place("root") if isinstance(overrides, MapLayer) else None
    layers = [  # (map, file, pointer, source), bottom to top; a layer not given is left out
        (dict(inferred) if inferred is not None else None, None, "", "inferred"),
        (ship_map, ship_file, "", f"map:{ship_file.name}"),
        (declared, spec_file, pointer, "x-merge"),
        (overrides or None, None, "", f"file:{first[0].name}" if first else "override"),
    ]
    layers = [layer for layer in layers if layer[0] is not None]
    if not layers:
        raise SpecError(
            f"no merge map for event union {root!r}: declare one with 'x-merge' on the schema "
            "(family keys and events: {<type>: {op: ...}})",
            spec_file,
            pointer.removesuffix("/x-merge"),
        )
    data: dict[str, Any] = {}
    sources: dict[str, Where] = {}
    events: dict[str, Any] = {}
    origin: dict[str, str] = {}
    extra: set[str] = set()
    for layer, file, pointer, source in layers:
        if not isinstance(layer, dict):
            raise SpecError("a merge map must be a mapping (family keys and 'events')", file, pointer)
        for key, value in layer.items():
            at = _place(layer, file, pointer, key)
            if key not in FAMILY_KEYS:
                raise SpecError(f"unknown merge-map key {key!r}{did_you_mean(key, FAMILY_KEYS)}", *at)
            if key not in ENTRY_SECTIONS:
                data[key] = value
                sources[f"key:{key}"] = at
                continue
            if not isinstance(value, dict):
                raise SpecError(f"'{key}' must map event types to entries", *at)
            other = ENTRY_SECTIONS[key == "events"]
            both = sorted(str(t) for t in value if t in layer[other]) if isinstance(layer.get(other), dict) else []
            if both:
                raise SpecError(
                    f"event type {both[0]!r} is under both 'events' and 'extra_events'; keep one entry",
                    *_place(layer, file, pointer, key, both[0]),
                )
            if key == "events" or "events" not in sources:  # where errors about the entries point
                sources["events"] = at
            for tag, entry in value.items():
                events[str(tag)] = entry
                origin[str(tag)] = source
                sources[str(tag)] = _place(layer, file, pointer, key, str(tag))
                (extra.add if key == "extra_events" else extra.discard)(str(tag))
    data |= {"events": events, "_origin": origin, "_extra": extra}
    data.setdefault("root", root)
    return data, sources


def _place(layer: Mapping[str, Any], file: Path | None, pointer: str, *key: str) -> Where:
    """Where ``key`` of a map layer is: a map file's entries know their file (``MapLayer``)."""
    known = layer.place(*key) if isinstance(layer, MapLayer) else None
    return known if known is not None else (file, join_pointer(pointer, *key))
