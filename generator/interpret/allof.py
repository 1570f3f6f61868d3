"""``allOf``: flattening a list of schemas (through ``$ref``s) into one object schema.

Properties are merged in order (a later branch's keys override an earlier one's),
``required`` united, ``nullable`` and ``deprecated`` or-ed, ``enum``s intersected; each
property keeps the location it was written at (for naming and messages).
"""

from __future__ import annotations

from typing import Any

from ..errors import SpecError
from ..naming import Key, location_key
from ..resolve import Location, RefResolver
from .keywords import STRUCTURAL, json_kind, properties, truthy

Origins = dict[str, Location]


def flatten(
    resolver: RefResolver, schema: dict[str, Any], loc: Location, seen: frozenset[Key]
) -> tuple[dict[str, Any], Origins]:
    """Merge an ``allOf`` (recursively, through ``$ref``s) into one schema dict, keeping
    where each property was written (for naming and messages)."""
    merged: dict[str, Any] = {}
    origins: dict[str, Location] = {}
    for i, member in enumerate(schema.get("allOf") or []):
        merge_schema(merged, origins, *_flatten_node(resolver, member, loc.child("allOf", i), seen))
    own = {k: v for k, v in schema.items() if k != "allOf"}
    merge_schema(merged, origins, own, {p: loc.child("properties", p) for p in properties(own, loc)})
    return merged, origins


def _flatten_node(
    resolver: RefResolver, node: Any, loc: Location, seen: frozenset[Key]
) -> tuple[dict[str, Any], Origins]:
    if isinstance(node, bool):
        return {}, {}
    if not isinstance(node, dict):
        raise loc.error(f"an allOf member must be a schema mapping, not {json_kind(node)}")
    if "$ref" in node:
        target = resolver.resolve(node["$ref"], loc.child("$ref"))
        key = location_key(target)
        if key in seen:
            raise loc.error(f"allOf includes {node['$ref']!r}, which includes this schema again (an allOf cycle)")
        parent = resolver.node(target)
        if isinstance(parent, dict) and _lists_any_of(resolver, parent, target, seen):
            # a polymorphic base whose oneOf lists its children: a child inherits the
            # base's properties, not the list of its siblings (that would be a cycle)
            parent = {k: v for k, v in parent.items() if k not in ("oneOf", "anyOf", "discriminator")}
        part, origins = _flatten_node(resolver, parent, target, seen | {key})
        rest = {k: v for k, v in node.items() if k != "$ref"}
        if rest:
            part = dict(part)
            merge_schema(part, origins, rest, {p: loc.child("properties", p) for p in properties(rest, loc)})
        return part, origins
    if "allOf" in node:
        return flatten(resolver, node, loc, seen)
    return node, {p: loc.child("properties", p) for p in properties(node, loc)}


def _lists_any_of(resolver: RefResolver, parent: dict[str, Any], loc: Location, keys: frozenset[Key]) -> bool:
    """True when a oneOf/anyOf member of ``parent`` is a $ref to one of ``keys``."""
    return any(
        location_key(resolver.resolve(member["$ref"], loc.child(word, i, "$ref"))) in keys
        for word in ("oneOf", "anyOf")
        for i, member in enumerate(parent.get(word) or [])
        if isinstance(member, dict) and isinstance(member.get("$ref"), str)
    )


def merge_schema(merged: dict[str, Any], origins: Origins, part: dict[str, Any], part_origins: Origins) -> None:
    """Merge one allOf member into the accumulated schema (later keys override, see module
    docstring); ``properties`` are merged key by key, and each property's schema too."""
    for key, value in part.items():
        if key == "properties" and isinstance(value, dict):
            props = dict(merged.get("properties") or {})
            for name, schema in value.items():
                if name in props and isinstance(props[name], dict) and isinstance(schema, dict):
                    props[name] = {**props[name], **schema}
                    if not (STRUCTURAL & set(schema)) and "$ref" not in schema:
                        continue  # an override that only annotates: $refs stay where they were written
                else:
                    props[name] = schema
                if name in part_origins:
                    origins[name] = part_origins[name]
            merged["properties"] = props
        elif key == "required" and isinstance(value, list):
            merged["required"] = list(dict.fromkeys([*(merged.get("required") or []), *value]))
        elif key in ("nullable", "deprecated"):
            merged[key] = truthy(merged.get(key)) or truthy(value)
        elif key == "enum" and isinstance(merged.get("enum"), list) and isinstance(value, list):
            common = [v for v in merged["enum"] if v in value]
            merged["enum"] = common or value
        else:
            merged[key] = value


def allof_bases(resolver: RefResolver, node: Any, loc: Location) -> set[Key]:
    """The schemas ``node`` builds on through ``allOf`` (or a ``$ref`` with a shape beside it),
    transitively (``Husky`` on ``Dog`` on ``Pet``: ``{Dog, Pet}``); an unresolved ``$ref`` is skipped."""
    found: set[Key] = set()
    stack: list[tuple[Any, Location]] = [(node, loc)]
    while stack:
        schema, at = stack.pop()
        if not isinstance(schema, dict):
            continue
        members: list[Any] = schema["allOf"] if isinstance(schema.get("allOf"), list) else []
        refs = [(m, at.child("allOf", i)) for i, m in enumerate(members)]
        if isinstance(schema.get("$ref"), str) and STRUCTURAL & set(schema):
            refs.append((schema, at))
        for member, mloc in refs:
            if not isinstance(member, dict):
                continue
            if not isinstance(member.get("$ref"), str):
                stack.append((member, mloc))  # an inline allOf member may hold its own allOf
                continue
            try:
                target = resolver.resolve(member["$ref"], mloc.child("$ref"))
            except SpecError:
                continue
            key = location_key(target)
            if key not in found:
                found.add(key)
                stack.append((resolver.node(target), target))
    return found
