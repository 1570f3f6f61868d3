"""What root selection (``roots``) asks of a spec before its schemas are read: each component's
shape and each operation's answers (the schemas it streams or answers as JSON). Reading a whole
spec into the IR to find its roots would take seconds on a 1,400-schema spec.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..resolve import Location
from .reader import Interpreter

#: The media types of a streamed answer, and the reader of each: server-sent events, JSON lines.
STREAM_FORMATS = {
    "text/event-stream": "sse",
    "application/x-ndjson": "jsonl",
    "application/jsonl": "jsonl",
    "application/x-jsonlines": "jsonl",
}
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


@dataclass(frozen=True, slots=True)
class Answer:
    """One response of an operation (``path``, ``method``): the schemas of its streamed media
    (``STREAM_FORMATS``; ``media``: the type of each) and of its JSON media, in document order (``unschemed``: a
    streamed media type declares none, as Letta's)."""

    streams: tuple[Location, ...]
    json: tuple[Location, ...]
    path: str = ""
    method: str = ""
    media: tuple[str, ...] = ()
    unschemed: bool = False


class SpecView:
    """Read-only questions about an interpreter's spec (see the module docstring)."""

    def __init__(self, interp: Interpreter) -> None:
        self.interp = interp
        self.resolver = interp.resolver
        self._names: dict[tuple[int, str], str] | None = None
        self._properties: dict[tuple[int, str], dict[str, Location]] = {}
        self._answers: list[Answer] | None = None

    @classmethod
    def of(cls, interp: Interpreter) -> SpecView:
        """The view of ``interp``'s spec, made once per interpreter (its answers are cached)."""
        return _VIEWS.get(interp) or _VIEWS.setdefault(interp, cls(interp))

    def schema(self, loc: Location) -> tuple[Any, Location]:
        """The schema at ``loc``, following a bare ``$ref`` a few hops."""
        node = self.resolver.node(loc)
        for _ in range(8):
            if not isinstance(node, dict) or "$ref" not in node:
                break
            loc = self.resolver.resolve(node["$ref"], loc.child("$ref"))
            node = self.resolver.node(loc)
        return node, loc

    def properties(self, loc: Location) -> dict[str, Location]:
        """``{name: location}`` of an object schema's own ``properties`` (empty otherwise)."""
        key = (id(loc.doc), loc.pointer)
        found = self._properties.get(key)
        if found is None:
            node, at = self.schema(loc)
            props = node.get("properties") if isinstance(node, dict) else None
            found = {name: at.child("properties", name) for name in props} if isinstance(props, dict) else {}
            self._properties[key] = found
        return found

    def single_values(self, loc: Location | None) -> list[Any]:
        """The one value a schema allows (``const``, or an ``enum`` of one non-null value)."""
        node, _ = self.schema(loc) if loc is not None else (None, None)
        if not isinstance(node, dict):
            return []
        if "const" in node:
            return [node["const"]]
        values = node.get("enum")
        values = [v for v in values if v is not None] if isinstance(values, list) else []
        return values if len(values) == 1 else []

    def list_items(self, loc: Location | None) -> Location | None:
        """The items' location of an ``array`` schema, else None."""
        node, at = self.schema(loc) if loc is not None else (None, None)
        if not isinstance(node, dict) or node.get("type") != "array" or at is None:
            return None
        return at.child("items") if isinstance(node.get("items"), dict) else None

    def is_union(self, loc: Location) -> bool:
        """Whether a schema is a ``oneOf``/``anyOf``."""
        node, _ = self.schema(loc)
        return isinstance(node, dict) and ("anyOf" in node or "oneOf" in node)

    def named(self, loc: Location) -> str | None:
        """The component a schema is a ``$ref`` to (following hops), or None for an inline one."""
        node = self.resolver.node(loc)
        if not isinstance(node, dict) or "$ref" not in node:
            return None
        _, at = self.schema(loc)
        if self._names is None:  # {(id of its document, pointer): name} of every component
            self._names = {(id(loc.doc), loc.pointer): name for name, loc in self.interp.components().items()}
        return self._names.get((id(at.doc), at.pointer))

    def options(self, loc: Location) -> list[Location]:
        """The members of a ``oneOf``/``anyOf`` schema (empty for another schema)."""
        node, at = self.schema(loc)
        words = [w for w in ("oneOf", "anyOf") if isinstance(node, dict) and isinstance(node.get(w), list)]
        return [at.child(words[0], i) for i in range(len(node[words[0]]))] if words else []

    def discriminated(self, loc: Location) -> bool:
        """Whether a union schema names the field telling its members apart (``discriminator``)."""
        node, _ = self.schema(loc)
        found = node.get("discriminator") if isinstance(node, dict) else None
        return isinstance(found, dict) and isinstance(found.get("propertyName"), str)

    def reaches(self, loc: Location, target: Location, depth: int = 0) -> bool:
        """True when the schema at ``loc`` is ``target`` or holds it within a few steps
        (``$ref`` hops, a property, list items, a union or ``allOf`` member)."""
        node = self.resolver.node(loc)
        if depth > 6 or not isinstance(node, dict):
            return False
        if "$ref" in node:
            at = self.resolver.resolve(node["$ref"], loc.child("$ref"))
            return (at.doc is target.doc and at.pointer == target.pointer) or self.reaches(at, target, depth + 1)
        steps = [loc.child("properties", k) for k in node.get("properties") or {}]
        steps += [loc.child("items")] if isinstance(node.get("items"), dict) else []
        for word in ("oneOf", "anyOf", "allOf"):
            steps += [loc.child(word, i) for i in range(len(node[word]))] if isinstance(node.get(word), list) else []
        return any(self.reaches(step, target, depth + 1) for step in steps)

    def answers(self) -> Iterator[Answer]:
        """Every response of every operation of the root document, in document order.

        Raises:
            SpecError: a response it cannot read (a remote ``$ref``); the answers before it
                come first, as they are found.
        """
        if self._answers is not None:
            yield from self._answers
            return
        found = []
        for answer in self._find_answers():
            found.append(answer)
            yield answer
        self._answers = found

    def _find_answers(self) -> Iterator[Answer]:
        data = self.interp.root.data
        paths = data.get("paths") if isinstance(data, dict) else None
        top = Location(self.interp.root, "")
        for path, item in paths.items() if isinstance(paths, dict) else ():
            for method in HTTP_METHODS if isinstance(item, dict) else ():
                operation = item.get(method)
                responses = operation.get("responses") if isinstance(operation, dict) else None
                for code in responses if isinstance(responses, dict) else ():
                    yield self._answer(top.child("paths", path, method, "responses", code), str(path), method)

    def _answer(self, at: Location, path: str, method: str) -> Answer:
        response, at = self.schema(at)  # a $ref to components/responses
        content = response.get("content") if isinstance(response, dict) else None
        streams: list[Location] = []
        json: list[Location] = []
        kinds, unschemed = list[str](), False
        for media, body in content.items() if isinstance(content, dict) else ():
            kind = str(media).split(";")[0].strip()
            if not isinstance(body, dict) or not isinstance(body.get("schema"), dict):
                unschemed |= kind in STREAM_FORMATS
                continue
            if kind in STREAM_FORMATS:
                streams.append(at.child("content", media, "schema"))
                kinds.append(kind)
            elif kind == "application/json" or kind.endswith("+json"):
                json.append(at.child("content", media, "schema"))
        return Answer(tuple(streams), tuple(json), path, method, tuple(kinds), unschemed)


_VIEWS: weakref.WeakKeyDictionary[Interpreter, SpecView] = weakref.WeakKeyDictionary()
