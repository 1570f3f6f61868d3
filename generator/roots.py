"""Roots: which schemas to emit. Stream chunks found by shape, or the names asked for.

Decisions only: what a spec says is asked of ``interpret.spec_view`` (component shapes,
operations' answers), which reads the spec's keywords.
"""

from __future__ import annotations

from collections.abc import Collection

from .errors import SpecError, did_you_mean
from .interpret import Interpreter
from .interpret.spec_view import SpecView
from .merge_maps import shipped_maps
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
    view = SpecView.of(interp)
    found = []
    for name, loc in interp.components().items():
        props = view.properties(loc)
        items = view.list_items(props.get("choices"))
        if any(isinstance(v, str) and v.endswith(CHUNK_SUFFIX) for v in view.single_values(props.get("object"))) or (
            items is not None and "delta" in view.properties(items)
        ):
            found.append(name)
    return found


def declared_streams(interp: Interpreter) -> list[str]:
    """Spec names of the components the spec's operations stream (``text/event-stream``,
    ``application/x-ndjson``, JSON lines: ``SpecView.answers``), in document order: a chunk
    object (Ollama's ``ChatStreamEvent``, Gemini's ``GenerateContentResponse`` of
    ``streamGenerateContent``) or an event union (``ResponseStreamEvent``). Only a named
    schema (a ``$ref`` to a component) is taken: an inline one has no name to give it."""
    view = SpecView.of(interp)
    found: list[str] = []
    try:
        for answer in view.answers():
            for stream in answer.streams:
                name = _payload(view, stream)
                if name is not None and name not in found:
                    found.append(name)
    except SpecError:  # a response it cannot read (a remote $ref): the streams before it
        pass
    return found


#: The reader of each streamed media type: server-sent events, JSON lines.
STREAM_FORMATS = {
    "text/event-stream": "sse",
    "application/x-ndjson": "jsonl",
    "application/jsonl": "jsonl",
    "application/x-jsonlines": "jsonl",
}


def stream_formats(interp: Interpreter, names: Collection[str]) -> tuple[str, ...]:
    """How the spec's operations send the streams ``names`` (spec names of the roots), for
    the generated stream reader: ``sse`` (``text/event-stream``), ``jsonl`` (JSON lines:
    ``application/x-ndjson``...), and ``json`` where an operation that streams one also
    answers the same schema as ``application/json`` (a JSON array of the chunks: Gemini's
    ``streamGenerateContent`` without ``alt=sse``), in that order; ``()`` where the spec
    declares none of them (the reader then goes by the stream's first line)."""
    view = SpecView.of(interp)
    found: set[str] = set()
    try:
        for answer in view.answers():
            for stream, media in zip(answer.streams, answer.media):
                name = _payload(view, stream)
                if name is None or name not in names:
                    continue
                found.add(STREAM_FORMATS[media])
                if any(view.named(body) == name for body in answer.json):
                    found.add("json")
    except SpecError:  # a response it cannot read (a remote $ref): the streams before it
        pass
    return tuple(form for form in ("sse", "jsonl", "json") if form in found)


#: The fields of a server-sent event: a schema of only these describes the framing.
SSE_FIELDS = frozenset(("event", "data", "id", "retry"))


def _payload(view: SpecView, stream: Location) -> str | None:
    """The component a streamed schema carries: itself, or where it describes the SSE
    framing (only ``event``, ``data``, ``id``, ``retry``: Mistral's ``CompletionEvent``,
    whose ``data`` is the ``CompletionChunk``) its ``data``'s component (None for an
    inline one)."""
    props = view.properties(stream)
    if "data" in props and set(props) <= SSE_FIELDS:
        return view.named(props["data"])
    return view.named(stream)


def default_roots(interp: Interpreter, user_maps: Collection[str] = ()) -> list[str]:
    """The roots of a run without ``--schema``: the stream chunks found by shape
    (``stream_roots``), then every stream the spec's operations declare (``declared_streams``)
    that gen-models can fold: a chunk object, or an event union with a merge map (shipped, its
    ``x-merge``, or one of ``user_maps``, the unions the user gives a map for). A declared
    union without a map is left out with a warning saying how to get it (OpenAI's
    ``BetaResponseStreamEvent``: a second Responses closure as large as the first, types
    without an accumulator). A spec with nothing else gets its declared unions, else the
    unions a shipped merge map names whose target the spec has (``mapped_unions``:
    Anthropic's and Cohere's published specs declare no stream an operation answers).
    """
    view = SpecView.of(interp)
    components = interp.components()
    unions = event_unions(interp)
    folded = [
        name
        for name in unions
        if name in user_maps or name in shipped_maps() or view.merge_map(components[name]) is not None
    ]
    chunks = [name for name in declared_streams(interp) if not view.is_union(components[name])]
    found = list(dict.fromkeys(stream_roots(interp) + chunks + folded))
    if not found:
        return unions or mapped_unions(interp)
    for name in unions:
        if name not in folded:
            interp.warn(
                components[name],
                f"{name} is streamed but no merge map folds it: left out of the default roots "
                f"(--schema {name} gives its types; --merge-map FILE an accumulator, docs/events.md)",
            )
    return found


def mapped_unions(interp: Interpreter) -> list[str]:
    """Union components that a shipped merge map names as its ``root`` and whose map's
    ``target`` is a component of the spec too (in the order of the spec's components)."""
    view = SpecView.of(interp)
    components = interp.components()
    maps = shipped_maps()
    return [
        name
        for name, loc in components.items()
        if name in maps and maps[name][1].get("target") in components and view.is_union(loc)
    ]


def response_for(interp: Interpreter, chunk_name: str) -> str | None:
    """Spec name of the non-stream response a chunk assembles into, if the spec has one.

    The response's ``object`` value is the chunk's without ``.chunk`` (``chat.completion``);
    among several, the one named like the chunk without ``Stream`` wins. Otherwise a schema
    named that way that has ``choices``. Otherwise the one an operation answers with JSON
    beside an event stream of the chunk (``_answered_beside``: Mistral's ``/v1/chat/completions``
    answers ``application/json`` ``ChatCompletionResponse`` or ``text/event-stream``
    ``CompletionEvent``, whose ``data`` is the chunk; Ollama's ``/api/chat`` ``ChatResponse``
    beside ``application/x-ndjson`` ``ChatStreamEvent``). None where the operation answers
    the stream's own schema (Gemini's ``GenerateContentResponse``): the snapshot is the
    finished answer.
    """
    view = SpecView.of(interp)
    components = interp.components()
    values = view.single_values(view.properties(components[chunk_name]).get("object"))
    wanted = {v[: -len(CHUNK_SUFFIX)] for v in values if isinstance(v, str) and v.endswith(CHUNK_SUFFIX)}
    by_name = chunk_name.replace("Stream", "", 1)
    candidates = []
    for name, loc in components.items():
        props = view.properties(loc)
        if name == chunk_name or not props:
            continue
        if (
            wanted
            and wanted & set(view.single_values(props.get("object")))
            or not wanted
            and name == by_name
            and "choices" in props
        ):
            candidates.append(name)
    if by_name in candidates:
        return by_name
    return candidates[0] if candidates else _answered_beside(view, chunk_name)


def _answered_beside(view: SpecView, chunk_name: str) -> str | None:
    """The component an operation answers as JSON in a response whose streamed media holds
    ``chunk_name`` (as its schema, or within a few steps of it: a property, list items, a
    union member); first in document order. Only a named schema (a ``$ref`` to a component)
    is taken: an inline one has no component to read."""
    chunk = view.interp.components()[chunk_name]
    for answer in view.answers():
        if any(view.reaches(stream, chunk) for stream in answer.streams):
            for body in answer.json:
                name = view.named(body)
                if name is not None and name != chunk_name:
                    return name
    return None


def event_unions(interp: Interpreter) -> list[str]:
    """Union components that operations stream (in document order): the event streams a
    spec declares (``ResponseStreamEvent``)."""
    view = SpecView.of(interp)
    found: list[str] = []
    try:
        for answer in view.answers():
            for stream in answer.streams:
                name = view.named(stream)
                if name is not None and name not in found and view.is_union(stream):
                    found.append(name)
    except SpecError:  # a response it cannot read (a remote $ref): the streams before it
        pass
    return found


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
