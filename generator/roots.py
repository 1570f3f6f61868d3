"""Roots: which schemas to emit. Stream chunks found by shape, or the names asked for."""

from __future__ import annotations

from collections.abc import Mapping
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
    named that way that has ``choices``. Otherwise the one an operation answers with JSON
    beside an event stream of the chunk (``_answered_beside``: Mistral's ``/v1/chat/completions``
    answers ``application/json`` ``ChatCompletionResponse`` or ``text/event-stream``
    ``CompletionEvent``, whose ``data`` is the chunk).
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
    return candidates[0] if candidates else _answered_beside(interp, chunk_name)


#: Media types of a streamed answer (server-sent events, JSON lines), and of a JSON one.
STREAM_MEDIA = ("text/event-stream", "application/x-ndjson", "application/jsonl", "application/x-jsonlines")
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def _answered_beside(interp: Interpreter, chunk_name: str) -> str | None:
    """The component an operation answers as JSON (``application/json`` or ``...+json``) in
    a response whose event stream (``STREAM_MEDIA``) holds ``chunk_name`` (as its schema, or
    within a few steps of it: a property, list items, a union member); first in document
    order. Only a named schema (a ``$ref`` to a component) is taken: an inline one has no
    component to read."""
    data = interp.root.data
    paths = data.get("paths") if isinstance(data, dict) else None
    if not isinstance(paths, dict):
        return None
    components = interp.components()
    names = {(id(loc.doc), loc.pointer): name for name, loc in components.items()}
    chunk = components[chunk_name]
    top = Location(interp.root, "")
    for path, item in paths.items():
        if not isinstance(item, dict):
            continue
        for method in HTTP_METHODS:
            operation = item.get(method)
            responses = operation.get("responses") if isinstance(operation, dict) else None
            if not isinstance(responses, dict):
                continue
            for code, response in responses.items():
                at = top.child("paths", path, method, "responses", code)
                content, at = _content(interp, response, at)
                streams = [m for m in content if isinstance(m, str) and m.split(";")[0].strip() in STREAM_MEDIA]
                if not any(
                    _reaches(interp, content[m].get("schema"), at.child("content", m, "schema"), chunk)
                    for m in streams
                    if isinstance(content[m], dict)
                ):
                    continue
                for media, body in content.items():
                    kind = str(media).split(";")[0].strip()
                    if (kind == "application/json" or kind.endswith("+json")) and isinstance(body, dict):
                        name = _component_of(interp, body.get("schema"), at.child("content", media, "schema"), names)
                        if name is not None and name != chunk_name:
                            return name
    return None


def _content(interp: Interpreter, response: Any, at: Location) -> tuple[dict[str, Any], Location]:
    """A response object's ``content`` (through a ``$ref`` to ``components/responses``)."""
    for _ in range(8):
        if isinstance(response, dict) and "$ref" in response:
            at = interp.resolver.resolve(response["$ref"], at.child("$ref"))
            response = interp.resolver.node(at)
    content = response.get("content") if isinstance(response, dict) else None
    return (content if isinstance(content, dict) else {}), at


def _component_of(interp: Interpreter, schema: Any, at: Location, names: dict[tuple[int, str], str]) -> str | None:
    """The component a schema is, following ``$ref`` hops: the last component reached."""
    found = None
    for _ in range(8):
        if not isinstance(schema, dict) or "$ref" not in schema:
            break
        at = interp.resolver.resolve(schema["$ref"], at.child("$ref"))
        schema = interp.resolver.node(at)
        found = names.get((id(at.doc), at.pointer), found)
    return found


def _reaches(interp: Interpreter, schema: Any, at: Location, target: Location, depth: int = 0) -> bool:
    """True when ``schema`` is ``target`` or holds it within a few steps (``$ref`` hops, a
    property, list items, a union or ``allOf`` member)."""
    if depth > 6 or not isinstance(schema, dict):
        return False
    if "$ref" in schema:
        at = interp.resolver.resolve(schema["$ref"], at.child("$ref"))
        if at.doc is target.doc and at.pointer == target.pointer:
            return True
        return _reaches(interp, interp.resolver.node(at), at, target, depth + 1)
    steps: list[tuple[Any, Location]] = []
    props = schema.get("properties")
    if isinstance(props, dict):
        steps += [(v, at.child("properties", k)) for k, v in props.items()]
    if isinstance(schema.get("items"), dict):
        steps.append((schema["items"], at.child("items")))
    for word in ("oneOf", "anyOf", "allOf"):
        if isinstance(schema.get(word), list):
            steps += [(v, at.child(word, i)) for i, v in enumerate(schema[word])]
    return any(_reaches(interp, v, where, target, depth + 1) for v, where in steps)


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


def event_unions(spec: Mapping[str, Any]) -> list[str]:
    """Union schemas that operations answer as ``text/event-stream`` (in path order): the
    event streams a spec declares (``ResponseStreamEvent``)."""
    found: list[str] = []
    components = (spec.get("components") or {}).get("schemas") or {}
    for ops in (spec.get("paths") or {}).values():
        for op in (ops or {}).values() if isinstance(ops, dict) else ():
            for response in ((op or {}).get("responses") or {}).values() if isinstance(op, dict) else ():
                media = (
                    ((response or {}).get("content") or {}).get("text/event-stream")
                    if isinstance(response, dict)
                    else None
                )
                ref = ((media or {}).get("schema") or {}).get("$ref") if isinstance(media, dict) else None
                name = (
                    ref.rsplit("/", 1)[-1] if isinstance(ref, str) and ref.startswith("#/components/schemas/") else None
                )
                schema = components.get(name) if name else None
                if name and isinstance(schema, dict) and ("anyOf" in schema or "oneOf" in schema) and name not in found:
                    found.append(name)
    return found
