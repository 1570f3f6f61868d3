"""Roots: which schemas to emit. Stream chunks found by shape, or the names asked for.
Decisions only: ``interpret.spec_view`` reads the spec's keywords (shapes, operations' answers).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Collection
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from .errors import SpecError, did_you_mean
from .event_words import SSE_FIELDS
from .interpret import Interpreter
from .interpret.spec_view import STREAM_FORMATS, SpecView
from .merge_maps import shipped_maps
from .naming import class_name
from .resolve import Location
from .warning_kinds import VARIANT_STREAM

CHUNK_SUFFIX = ".chunk"


def stream_roots(interp: Interpreter) -> list[str]:
    """Spec names of the stream-chunk components: an ``object`` of one value ending in ``.chunk``, or
    ``choices`` whose items have a ``delta`` (Mistral's ``CompletionChunk``: ``object`` a plain string)."""
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
    """Spec names of the components the operations stream (``SpecView.answers``), in document
    order: chunk objects or event unions (an inline schema has no name to give it)."""
    view = SpecView.of(interp)
    found: list[str] = []
    with suppress(SpecError):  # a response it cannot read (a remote $ref): the streams before it
        for answer in view.answers():
            for stream in answer.streams:
                name = _payload(view, stream)
                if name is not None and name not in found:
                    found.append(name)
    return found


def stream_formats(interp: Interpreter, names: Collection[str]) -> tuple[str, ...]:
    """How the operations send the streams ``names``, for the reader: ``sse``, ``jsonl``, and ``json``
    where one also answers it as JSON (an array of chunks: Gemini without ``alt=sse``), in that
    order; ``()``: none declared (the reader goes by the first line)."""
    view = SpecView.of(interp)
    found: set[str] = set()
    with suppress(SpecError):  # a response it cannot read (a remote $ref): the streams before it
        for answer in view.answers():
            for stream, media in zip(answer.streams, answer.media):
                name = _payload(view, stream)
                if name is None or name not in names:
                    continue
                found.add(STREAM_FORMATS[media])
                if any(view.named(body) == name for body in answer.json):
                    found.add("json")
    return tuple(form for form in ("sse", "jsonl", "json") if form in found)


def _payload(view: SpecView, stream: Location) -> str | None:
    """The component a streamed schema carries: itself, its SSE envelope's ``data``, or the one every
    member of a union carries so (Together's ``oneOf [{data: Chunk}, {data: "[DONE]"}]``); None if inline."""
    carried = {view.named(d) for m in view.options(stream) if view.properties(d := _data(view, m))}
    if len(carried) == 1 and None not in carried and not carried & {view.named(stream)}:
        return carried.pop()
    return view.named(_data(view, stream))


def _data(view: SpecView, loc: Location) -> Location:
    """What an SSE envelope (Mistral's ``CompletionEvent``) carries in ``data``, or ``loc`` itself."""
    props = view.properties(loc)
    return props["data"] if "data" in props and set(props) <= SSE_FIELDS else loc


def default_roots(interp: Interpreter, shipped: bool = True) -> list[str]:
    """The roots of a run without ``--schema``: chunks found by shape (``stream_roots``), other objects
    the operations stream (``declared_streams``), and event unions they stream (``stream_unions``),
    but those of a variant operation (``_plain``: warned). Else the event unions found by shape
    (``found_unions``), else, with ``shipped``, those a shipped merge map names (``mapped_unions``)."""
    view = SpecView.of(interp)
    components = interp.components()
    chunks = [name for name in declared_streams(interp) if not view.is_union(components[name])]
    unions = _plain(interp, stream_unions(interp))
    found = list(dict.fromkeys(stream_roots(interp) + chunks + [u.name for u in unions]))
    if found:
        return found
    found = [u.name for u in _plain(interp, found_unions(interp))]
    return found or (mapped_unions(interp) if shipped else [])


@dataclass(frozen=True)
class UnionStream:
    """An event union a spec streams: its name as maps write it (a component's, or ``<Envelope>Data``),
    where it is, the components the operation answers as JSON (the fold's targets), its path."""

    name: str
    location: Location
    targets: tuple[str, ...] = ()
    path: str = ""


#: ``stream_unions`` of each interpreter, found once.
_STREAM_UNIONS: weakref.WeakKeyDictionary[Interpreter, list[UnionStream]] = weakref.WeakKeyDictionary()


def stream_unions(interp: Interpreter) -> list[UnionStream]:
    """The event unions the operations stream, in document order (``_answered``: targets); found once."""
    if interp in _STREAM_UNIONS:
        return _STREAM_UNIONS[interp]
    view = SpecView.of(interp)
    found: dict[str, UnionStream] = {}
    with suppress(SpecError):  # a response it cannot read (a remote $ref): the streams before it
        for answer in view.answers():
            for stream in answer.streams:
                named = _stream_union(view, stream)
                if named is not None and named[0] not in found:
                    targets = _answered(view, answer, named[1])
                    found[named[0]] = UnionStream(named[0], named[1], targets, answer.path)
    _STREAM_UNIONS[interp] = list(found.values())
    return _STREAM_UNIONS[interp]


def _stream_union(view: SpecView, stream: Location) -> tuple[str, Location] | None:
    """``(name, location)`` of the union a streamed schema is or carries in its SSE envelope's ``data``."""
    data = _data(view, stream)
    if data is not stream:  # an SSE envelope
        if not view.is_union(data):
            return None
        named = view.named(data)
        envelope = view.named(stream)
        if named is None and envelope is None:
            return None
        return (named, view.schema(data)[1]) if named is not None else (f"{envelope}Data", data)
    name = view.named(stream)
    if name is None or not view.is_union(stream) or _payload(view, stream) != name:
        return None  # not a union, or one that only wraps a chunk (``_payload``)
    return name, view.schema(stream)[1]


def inline_hint(interp: Interpreter) -> str:
    """What to do where operations stream a schema written inline, named by no component (TypeSpec's), or ``""``."""
    view, found = SpecView.of(interp), []
    with suppress(SpecError):  # a response it cannot read: the operations before it
        found = [f"{a.method.upper()} {a.path}" for a in view.answers() if any(not view.named(s) for s in a.streams)]
    return f"; {', '.join(found)} stream an inline schema: move it to components/schemas, $ref it" * bool(found)


def _answered(view: SpecView, answer: Any, union: Location) -> tuple[str, ...]:
    """The object components an operation answers as JSON but the union; else those of its path
    without the ``#fragment`` (Mistral's ``/v1/conversations#stream``)."""
    found = _json_objects(view, answer.json, union)
    if found or "#" not in answer.path:
        return found
    plain = answer.path.split("#", 1)[0]
    others = (o for o in view.answers() if o.path == plain and o.method == answer.method)
    return next((found for o in others if (found := _json_objects(view, o.json, union))), ())


def _json_objects(view: SpecView, bodies: tuple[Location, ...], union: Location) -> tuple[str, ...]:
    found: list[str] = []
    for body in bodies:
        for option in view.options(body) or [body]:
            name = view.named(option)
            at = view.schema(option)[1]
            if name is not None and at.pointer != union.pointer and not view.is_union(option):
                found.append(name)
    return tuple(dict.fromkeys(found))


def found_unions(interp: Interpreter) -> list[UnionStream]:
    """Event unions no operation says it streams, found by shape, with the object as target: a union
    an operation answers beside an object (Cohere's ``/v2/chat``); a union of tagged objects one of
    which carries an object an operation answers (Anthropic's ``message_start``). Found once."""
    view = SpecView.of(interp)
    found: dict[str, UnionStream] = {}
    answered: dict[str, str] = {}  # component an operation answers -> the operation's path
    try:
        answers = list(view.answers())
    except SpecError:
        answers = []
    for answer in answers:
        for body in answer.json:  # the objects it answers; where it is either one or a union of events, the union
            try:  # a body it cannot read (a dangling $ref) is reported where a run reads it, if one does
                options = view.options(body)
                for option in options or [body]:
                    name = view.named(option)
                    if name is not None and not view.is_union(option):
                        answered.setdefault(name, answer.path)
                unions = [view.named(o) for o in options if view.is_union(o) and _tagged(view, o)]
                objects = _json_objects(view, (body,), body)
                for union in unions:
                    if union is not None and objects and union not in found:
                        found[union] = UnionStream(union, interp.components()[union], objects, answer.path)
            except SpecError:
                continue
    for name, loc in interp.components().items():
        try:
            carried = [] if name in found else _carried(view, loc, answered)
        except SpecError:
            continue
        if carried:
            found[name] = UnionStream(name, loc, (carried[0],), answered[carried[0]])
    return list(found.values())


def _carried(view: SpecView, loc: Location, answered: dict[str, str]) -> list[str]:
    """The answered components a union of tagged objects' members carry whole."""
    if not view.is_union(loc) or not _tagged(view, loc):
        return []
    return [
        target
        for member in view.options(loc)
        for prop in view.properties(member).values()
        if (target := view.named(prop)) is not None and target in answered
    ]


def _tagged(view: SpecView, loc: Location) -> bool:
    """A union of two or more objects told apart by a ``discriminator`` or a one-value field in each."""
    members = view.options(loc)
    if len(members) >= 2 and view.discriminated(loc):
        return True
    tags = [{n for n, p in view.properties(m).items() if view.single_values(p)} for m in members]
    return len(members) >= 2 and bool(set.intersection(*tags))


def _plain(interp: Interpreter, unions: list[UnionStream]) -> list[UnionStream]:
    """``unions`` but those a variant (``/responses?beta=true``) of another's operation streams, warned."""
    paths = {u.path for u in unions}
    kept = []
    for union in unions:
        plain = union.path.split("?", 1)[0]
        if union.path != plain and plain in paths:
            interp.warn(
                union.location,
                VARIANT_STREAM,
                f"by {union.path}, a variant of {plain}; --schema {union.name} gives them",
            )
            continue
        kept.append(union)
    return kept


def mapped_unions(interp: Interpreter) -> list[str]:
    """Union components a shipped merge map names as ``root`` (its ``target`` a component too), in order."""
    view = SpecView.of(interp)
    components = interp.components()
    maps = shipped_maps()
    return [
        name
        for name, loc in components.items()
        if name in maps and maps[name][1].get("target", name) in components and view.is_union(loc)
    ]


def union_targets(interp: Interpreter, name: str) -> tuple[str, ...]:
    """The components union root ``name`` folds into (``stream_unions``, ``found_unions``); may be empty."""
    finders = (stream_unions, found_unions)  # the second reads every component: only when needed
    return next((u.targets for find in finders for u in find(interp) if u.name == name), ()) or _beside_text(interp)


def _beside_text(interp: Interpreter) -> tuple[str, ...]:
    """The objects operations answer as JSON beside a stream whose schema names no object (Dify's ``type:
    string``, "read the ``event`` field of each data object"; Letta's none): what a union that no operation
    names may build."""
    view = SpecView.of(interp)
    blank = [
        a
        for a in view.answers()
        if a.unschemed or any(not view.properties(s) and not view.is_union(s) for s in a.streams)
    ]
    found = (view.named(o) for a in blank for b in a.json for o in view.options(b) or [b] if not view.is_union(o))
    return tuple(dict.fromkeys(n for n in found if n is not None))


def stream_locations(interp: Interpreter) -> dict[str, Location]:
    """Where each nameable root is: components, and unions inline in an envelope's ``data``."""
    components = interp.components()
    return {**components, **{u.name: u.location for u in stream_unions(interp) if u.name not in components}}


def response_for(interp: Interpreter, chunk_name: str) -> str | None:
    """Spec name of the non-stream response of a chunk: the one whose ``object`` is the chunk's without
    ``.chunk`` (the chunk's name without ``Stream`` or a ``Chunk`` suffix, else one an operation answers
    with the chunk: ``_paired``), else one so named with ``choices``, else one answered beside the chunk's
    stream (``_answered_beside``: Mistral's, Ollama's). None where the operation answers the stream's own
    schema (Gemini's): the snapshot is the answer, its ``delta`` the ``message`` where both are declared."""
    view = SpecView.of(interp)
    components = interp.components()
    values = view.single_values(view.properties(components[chunk_name]).get("object"))
    wanted = {v[: -len(CHUNK_SUFFIX)] for v in values if isinstance(v, str) and v.endswith(CHUNK_SUFFIX)}
    by_name = (chunk_name.replace("Stream", "", 1), chunk_name.removesuffix("Chunk"))  # xAI's ``ChatResponseChunk``
    candidates = []
    for name, loc in components.items():
        props = view.properties(loc)
        if name == chunk_name or not props:
            continue
        if (
            wanted & {v for v in view.single_values(props.get("object")) if isinstance(v, str)}
            if wanted
            else (name in by_name and "choices" in props)
        ):
            candidates.append(name)
    for name in by_name:
        if name in candidates:
            return name
    paired = [c for c in candidates if len(candidates) > 1 and _paired(view, components[c], components[chunk_name])]
    if candidates:
        return (paired or candidates)[0]
    return _answered_beside(view, chunk_name) or (chunk_name if _both_forms(view, components[chunk_name]) else None)


def _both_forms(view: SpecView, chunk: Location) -> bool:
    """The chunk's list entries declare ``message`` beside ``delta`` (Perplexity's choice: "Complete
    message (non-streaming)"): the chunk is its own answer, its folded ``delta`` the ``message``."""
    lists = [view.list_items(p) for p in view.properties(chunk).values()]
    return any(items is not None and {"delta", "message"} <= set(view.properties(items)) for items in lists)


def _paired(view: SpecView, answer: Location, chunk: Location) -> bool:
    """An operation answers ``answer`` as JSON and ``chunk`` too, as JSON or streamed (Llama
    Stack's POST answers the completion, not the stored one its GET lists, declared first)."""
    return any(
        any(view.reaches(b, answer) for b in a.json) and any(view.reaches(b, chunk) for b in (*a.json, *a.streams))
        for a in view.answers()
    )


def _answered_beside(view: SpecView, chunk_name: str) -> str | None:
    """The first named component an operation answers as JSON beside a stream of ``chunk_name`` (or in one
    JSON union with it: AI21's ``anyOf [ChatCompletion, array of the chunk]``): one that is the chunk
    (``_payload``) first, then one that holds it (TGI's ``/invocations`` streams a union of chunk kinds first)."""
    chunk = view.interp.components()[chunk_name]
    tests: tuple[Callable[[Location], bool], ...] = (
        lambda stream: _payload(view, stream) == chunk_name,
        lambda stream: view.reaches(stream, chunk),
    )
    for holds in tests:
        for answer in view.answers():
            members = tuple(m for body in answer.json for m in view.options(body))
            if any(holds(stream) for stream in (*answer.streams, *members)):
                for name in map(view.named, (*answer.json, *members)):
                    if name is not None and name != chunk_name:
                        return name
    return None


def check_names(interp: Interpreter, names: list[str]) -> list[str]:
    """Validate ``--schema`` names (spec or class names; an envelope's ``data`` union is
    ``<Envelope>Data`` or the envelope's name).

    Raises:
        SpecError: a name the spec does not define, with the closest names.
    """
    locations = stream_locations(interp)
    envelopes = {u.name[: -len("Data")]: u.name for u in stream_unions(interp) if u.name not in interp.components()}
    by_class = {class_name(n): n for n in locations}
    chosen = []
    for name in names:
        if name in envelopes:
            chosen.append(envelopes[name])
        elif name in locations:
            chosen.append(name)
        elif name in by_class:
            chosen.append(envelopes.get(by_class[name], by_class[name]))
        else:
            raise SpecError(
                f"--schema {name!r}: no such schema in the spec{did_you_mean(name, list(locations))}", interp.root.path
            )
    return list(dict.fromkeys(chosen))
