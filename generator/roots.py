"""Roots: which schemas to emit. Stream chunks found by shape, or the names asked for."""

from __future__ import annotations

from typing import Any

from .errors import SpecError, did_you_mean
from .interpret import Interpreter
from .naming import class_name
from .resolve import Location

CHUNK_SUFFIX = ".chunk"


def stream_roots(interp: Interpreter) -> list[str]:
    """Spec names of the stream-chunk schemas among the root document's components.

    A component is a stream chunk when its ``object`` property is a single-value ``enum``
    or ``const`` ending in ``.chunk`` (OpenAI, Azure: ``chat.completion.chunk``), or when it
    has a ``choices`` array whose items have a ``delta`` property (Mistral's
    ``CompletionChunk``, whose ``object`` is a plain string).
    """
    found = []
    for name, loc in interp.components().items():
        schema = _deref(interp, interp.resolver.node(loc), loc)
        if not isinstance(schema, dict):
            continue
        props = schema.get("properties")
        if not isinstance(props, dict):
            continue
        if any(
            isinstance(v, str) and v.endswith(CHUNK_SUFFIX) for v in _single_values(interp, props.get("object"), loc)
        ) or _choices_have_delta(interp, props.get("choices"), loc):
            found.append(name)
    return found


def response_for(interp: Interpreter, chunk_name: str) -> str | None:
    """Spec name of the non-stream response a chunk assembles into, if the spec has one.

    The response's ``object`` value is the chunk's without ``.chunk`` (``chat.completion``);
    among several, the one named like the chunk without ``Stream`` wins. Otherwise a schema
    named that way that has ``choices[].message``.
    """
    components = interp.components()
    chunk = _deref(interp, interp.resolver.node(components[chunk_name]), components[chunk_name])
    values = _single_values(interp, (chunk.get("properties") or {}).get("object"), components[chunk_name])
    wanted = {v[: -len(CHUNK_SUFFIX)] for v in values if isinstance(v, str) and v.endswith(CHUNK_SUFFIX)}
    by_name = chunk_name.replace("Stream", "", 1)
    candidates = []
    for name, loc in components.items():
        schema = _deref(interp, interp.resolver.node(loc), loc)
        if not isinstance(schema, dict) or name == chunk_name:
            continue
        props = schema.get("properties")
        if not isinstance(props, dict):
            continue
        if (
            wanted
            and wanted & set(_single_values(interp, props.get("object"), loc))
            or not wanted
            and name == by_name
            and "choices" in props
        ):
            candidates.append(name)
    if by_name in candidates:
        return by_name
    return candidates[0] if candidates else None


def check_names(interp: Interpreter, names: list[str]) -> list[str]:
    """Validate ``--schema`` names (spec names or their Python class names).

    Raises:
        SpecError: a name the spec does not define, with the closest names.
    """
    components = interp.components()
    by_class = {class_name(n): n for n in components}
    chosen = []
    for name in names:
        if name in components:
            chosen.append(name)
        elif name in by_class:
            chosen.append(by_class[name])
        else:
            raise SpecError(
                f"--schema {name!r}: no such schema in the spec{did_you_mean(name, list(components))}",
                interp.root.path,
            )
    return list(dict.fromkeys(chosen))


def _deref(interp: Interpreter, schema: Any, loc: Location) -> Any:
    """Follow a schema that is only a ``$ref`` (a few hops), or an ``allOf`` of one."""
    for _ in range(8):
        if not isinstance(schema, dict):
            return schema
        if "$ref" in schema:
            loc = interp.resolver.resolve(schema["$ref"], loc.child("$ref"))
            schema = interp.resolver.node(loc)
        else:
            return schema
    return schema


def _single_values(interp: Interpreter, prop: Any, loc: Location) -> list[Any]:
    prop = _deref(interp, prop, loc)
    if not isinstance(prop, dict):
        return []
    if "const" in prop:
        return [prop["const"]]
    values = prop.get("enum")
    if isinstance(values, list):
        values = [v for v in values if v is not None]
        return values if len(values) == 1 else []
    return []


def _choices_have_delta(interp: Interpreter, prop: Any, loc: Location) -> bool:
    prop = _deref(interp, prop, loc)
    if not isinstance(prop, dict) or prop.get("type") != "array":
        return False
    items = _deref(interp, prop.get("items"), loc)
    return isinstance(items, dict) and isinstance(items.get("properties"), dict) and "delta" in items["properties"]
