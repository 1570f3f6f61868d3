"""Chunk maps: merge-plan overrides shipped for a vendor's chunk stream (``generator/maps/chunks/``),
found by the root's spec name: ``root``, ``family`` and ``policies`` (``{path: policy}`` as
``--merge-policy`` writes them); the user's overrides are layered over it.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

from .errors import SpecError
from .load import load_document
from .merge_maps import MAPS_DIR
from .merge_plan import NodePlan, plan_merge
from .model import Schemas
from .naming import component_name
from .policy import parse_policy
from .warning_kinds import MAP_MISFIT, SpecWarning

CHUNK_MAPS_DIR = MAPS_DIR / "chunks"
#: the keys of a chunk map
CHUNK_MAP_KEYS = frozenset(("family", "root", "policies"))


@cache
def shipped_chunk_maps() -> dict[str, tuple[Path, dict[str, str]]]:
    """The chunk maps shipped with gen-models: ``{root schema: (file, {path: policy})}``.

    Raises:
        SpecError: a shipped map that is not ``root`` and ``policies`` a user may write (a packaging bug).
    """
    found: dict[str, tuple[Path, dict[str, str]]] = {}
    for path in sorted(CHUNK_MAPS_DIR.glob("*.yaml")):
        data = load_document(path).data
        if (
            not isinstance(data, dict)
            or not isinstance(data.get("root"), str)
            or not isinstance(data.get("policies"), dict)
            or set(data) - CHUNK_MAP_KEYS
        ):
            raise SpecError(
                f"a chunk map must be a mapping of {', '.join(sorted(CHUNK_MAP_KEYS))} (root: <schema>, "
                "policies: {path: policy})",
                path,
                "",
            )
        policies = {str(k): str(v) for k, v in data["policies"].items()}
        for key, text in policies.items():
            parse_policy(text, f"{path.name}: {key!r}")
        found[data["root"]] = (path, policies)
    return found


def plan_stream(
    schemas: Schemas, root: str, overrides: dict[str, str], *, shipped: bool = True
) -> tuple[NodePlan, list[SpecWarning]]:
    """The merge plan of chunk root ``root``: its shipped chunk map (if ``shipped``) under ``overrides``
    (which replace the map's paths at and below them); a map that does not fit is left out, warned.

    Raises:
        SpecError: an override of the user's that does not fit (as ``plan_merge``).
    """
    name = component_name(schemas.models[root].pointer)
    found = shipped_chunk_maps().get(name) if shipped and name is not None else None
    if found is None:
        return plan_merge(schemas, root, overrides), []
    path, policies = found
    kept = {
        p: text
        for p, text in policies.items()
        if not any(p == mine or p.startswith((mine + ".", mine + "[]")) for mine in overrides)
    }
    try:
        node = plan_merge(schemas, root, {**kept, **overrides})
    except SpecError as exc:
        return plan_merge(schemas, root, overrides), [SpecWarning(MAP_MISFIT, root, f"{path.name}: {exc}")]
    return _relabel(node, set(kept), f"map:{path.name}"), []  # ``kept``: paths the user does not override


def _relabel(node: NodePlan, paths: set[str], label: str) -> NodePlan:
    """``node`` with ``label`` as the source of fields in ``paths`` or whose items' field is (``parts[].text``)."""
    fields = []
    for f in node.fields:
        child = _relabel(f.node, paths, label) if f.node is not None else None
        mapped = f.source == "override" and (f.path in paths or any(p.startswith(f.path + "[].") for p in paths))
        fields.append(replace(f, node=child, source=label if mapped else f.source))
    return replace(node, fields=tuple(fields))
