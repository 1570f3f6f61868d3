"""Load: a spec file's bytes (YAML or JSON) in, a ``Document`` of plain Python data out.

YAML is built into dicts and lists here from libyaml's event stream, not by ``yaml.load``:

* speed: ~0.15 s for the 3 MB OpenAI spec, against ~0.8 s (``CSafeLoader``'s constructor is Python);
* meaning: plain scalars follow the YAML 1.2 core schema (``on``, ``no``, bare dates, ``1_000``
  stay strings), and a number whose text ``repr`` would change (``1.10``, ``0x1F``) keeps it,
  for a schema that says ``type: string``;
* safety: no tags construct objects, recursive aliases are refused, anchors may be redefined
  (YAML 1.2 section 3.2.2.2), and alias expansion is budgeted ("billion laughs").
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import yaml
from yaml import events as ev

from .errors import SpecError, closest

#: Refuse documents larger than this many bytes (the OpenAI spec is ~3 MB).
MAX_FILE_BYTES = 200 * 1024 * 1024
#: Refuse YAML whose nodes, counted with every alias expanded, exceed this many.
MAX_EXPANDED_NODES = 5_000_000

try:  # libyaml's parser when PyYAML was built with it; the same events either way
    from yaml import CSafeLoader as _EventLoader
except ImportError:  # pragma: no cover - depends on the PyYAML build
    from yaml import SafeLoader as _EventLoader  # type: ignore[assignment]


class SourceInt(int):
    """An integer that keeps the text it was written as (``0x1F``), for string schemas."""

    source: str


class SourceFloat(float):
    """A float that keeps the text it was written as (``1.10``), for string schemas."""

    source: str


def scalar_text(value: Any) -> str | None:
    """The source text of a YAML number or bool read where a string was meant, else None."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (SourceInt, SourceFloat)):
        return value.source
    if isinstance(value, (int, float)):
        return repr(value)
    return None


@dataclass
class Document:
    """One loaded input file: where it was read from, its parsed content, bytes and their sha256."""

    path: Path
    data: Any  # dicts, lists, str, int, float, bool, None
    raw: bytes  # kept to locate a JSON pointer's line on error
    sha256: str  # hex digest of ``raw``, printed in generated headers

    def locate(self, pointer: str) -> tuple[int, int] | tuple[None, None]:
        """1-based (line, column) of the node at ``pointer``, or of its nearest parent; ``(None,
        None)`` when the text cannot be composed (on demand: only error paths need it)."""
        try:
            node = yaml.compose(self.raw, Loader=_EventLoader)
        except yaml.YAMLError:
            return None, None
        if node is None:
            return None, None
        for token in pointer.lstrip("/").split("/") if pointer else []:
            child = _child_node(node, token.replace("~1", "/").replace("~0", "~"))
            if child is None:
                break
            node = child
        return node.start_mark.line + 1, node.start_mark.column + 1

    @property
    def title_and_version(self) -> tuple[str, str]:
        """The spec's ``info.title`` (a bare JSON Schema's own ``title``) and ``info.version``,
        ``""`` when absent: the generated header shows them."""
        data: dict[str, Any] = self.data if isinstance(self.data, dict) else {}
        info: dict[str, Any] = data["info"] if isinstance(data.get("info"), dict) else {}
        title = info.get("title") if isinstance(info.get("title"), str) else data.get("title")
        version = info.get("version")  # a string by the spec; unquoted, ``1.10`` is a float
        shown = "" if version is None else scalar_text(version) or str(version)
        return (title if isinstance(title, str) else ""), shown

    def error(self, pointer: str, message: str) -> SpecError:
        """A ``SpecError`` at ``pointer`` in this document, with its line when known."""
        return SpecError(message, self.path, pointer, *self.locate(pointer))


def _child_node(node: yaml.Node, token: str) -> yaml.Node | None:
    children: list[Any] = node.value
    if isinstance(node, yaml.MappingNode):
        return next((v for k, v in children if isinstance(k, yaml.ScalarNode) and k.value == token), None)
    if isinstance(node, yaml.SequenceNode) and token.isdigit() and int(token) < len(children):
        return cast(yaml.Node, children[int(token)])
    return None


def _nearby(path: Path) -> str:
    """A hint for a missing file: the closest name in its folder, or that the folder is missing."""
    folder = path.parent
    if not folder.is_dir():
        return f"; there is no folder {str(folder)!r}"
    # a typo of a name, not any name that shares its suffix (`.yaml`): a higher bar than names'
    close = closest(path.name, (p.name for p in folder.iterdir() if p.is_file()), cutoff=0.85)
    return f"; did you mean {str(folder / close)!r}?" if close else "; check the path"


def load_document(path: Path) -> Document:
    """Read and parse a spec file.

    Raises:
        SpecError: the file is missing, unreadable, too large, not UTF-8, or not valid
            YAML/JSON (with line and column), or uses YAML features a spec cannot mean
            (object tags, recursive or exploding aliases, non-scalar keys).
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SpecError(f"file not found{_nearby(path)}", path) from None
    except IsADirectoryError:
        raise SpecError("is a directory; give the spec file itself", path) from None
    except OSError as exc:
        raise SpecError(f"cannot read: {exc.strerror}", path) from None
    return parse_document(raw, path)


def parse_document(raw: bytes, path: Path) -> Document:
    """Parse bytes already read from ``path``; see ``load_document``."""
    if len(raw) > MAX_FILE_BYTES:
        raise SpecError(f"file is larger than {MAX_FILE_BYTES} bytes", path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise SpecError(
            f"not UTF-8 text (byte 0x{raw[exc.start]:02x}); save the file as UTF-8", path, None, line, column
        ) from None
    if not text.strip():
        raise SpecError("the file is empty", path)
    is_json = path.suffix.lower() == ".json" or text.lstrip().startswith("{")
    data = _parse_json(text, path) if is_json else _parse_yaml(raw, path)
    return Document(path, data, raw, hashlib.sha256(raw).hexdigest())


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


class _DuplicateKey(ValueError):
    """A JSON object names one key twice (RFC 8259 4: names SHOULD be unique; we require it)."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        twice = next(key for key, count in Counter(key for key, _ in pairs).items() if count > 1)
        raise _DuplicateKey(f"duplicate key {twice!r} in an object; remove one of them")
    return found


#: What finding a repeated key reads of JSON text: a string, or a character of structure.
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:]')


def _second_key(text: str) -> tuple[int, int] | None:
    """1-based (line, column) of the first key an object of the JSON ``text`` names a second
    time (``json.loads`` does not say where), keys compared decoded; None when none is."""
    objects: list[set[str] | None] = []  # the keys of each open object (None: a list)
    tokens = list(_JSON_TOKENS.finditer(text))
    for i, token in enumerate(tokens):
        kind = token.group()
        if kind in "{[":
            objects.append(set() if kind == "{" else None)
        elif kind in "}]":
            if objects:
                objects.pop()
        elif kind[0] == '"' and i + 1 < len(tokens) and tokens[i + 1].group() == ":":
            keys = objects[-1] if objects else None
            if keys is None:
                continue
            try:
                key = json.loads(kind)
            except ValueError:
                return None
            if key in keys:
                start = token.start()
                return text.count("\n", 0, start) + 1, start - text.rfind("\n", 0, start)
            keys.add(key)
    return None


def _parse_json(text: str, path: Path) -> Any:
    try:
        data = json.loads(
            text, object_pairs_hook=_unique_keys, parse_float=lambda text: _keep_source(float(text), text)
        )
    except _DuplicateKey as exc:
        line, column = _second_key(text) or (None, None)
        raise SpecError(str(exc), path, None, line, column) from None
    except RecursionError:
        raise SpecError("JSON nested too deeply", path) from None
    except json.JSONDecodeError as exc:
        try:  # YAML reads JSON with trailing commas; JSON's own error otherwise
            data = _build(text.encode("utf-8"), path)
        except (yaml.YAMLError, SpecError):
            data = None
        if not isinstance(data, dict):
            raise SpecError(f"invalid JSON: {exc.msg}", path, None, exc.lineno, exc.colno) from None
    except ValueError as exc:  # an integer past Python's digit limit (sys.int_info)
        raise SpecError(f"invalid JSON: {exc}", path) from None
    if _SURROGATE_ESCAPE.search(text):  # \ud800 alone is valid JSON but not text
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise SpecError("a string holds a lone surrogate (\\ud800-\\udfff): not valid Unicode text", path) from None
    return data


# YAML 1.2 core schema, section 10.3.2 (JSON-compatible plain scalars).
_NULLS = frozenset(("", "~", "null", "Null", "NULL"))
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"[-+]?[0-9]+\Z")
_INT_OCT_HEX = re.compile(r"(0o[0-7]+|0x[0-9a-fA-F]+)\Z")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?\Z")
_INF = re.compile(r"[-+]?\.(inf|Inf|INF)\Z")
_NAN = re.compile(r"\.(nan|NaN|NAN)\Z")
_NUMBER_START = frozenset("0123456789-+.")
_STR_TAGS = frozenset(("tag:yaml.org,2002:str", "!"))
_MAP_TAGS = frozenset((None, "!", "tag:yaml.org,2002:map"))
_SEQ_TAGS = frozenset((None, "!", "tag:yaml.org,2002:seq"))
_TAG_TYPES: dict[str, type | tuple[type, ...]] = {
    "tag:yaml.org,2002:null": type(None),
    "tag:yaml.org,2002:bool": bool,
    "tag:yaml.org,2002:int": int,
    "tag:yaml.org,2002:float": (int, float),
}


def _plain_scalar(text: str) -> Any:
    """Resolve an untagged plain scalar by the YAML 1.2 core schema."""
    if text in _NULLS:
        return None
    if text in _BOOLS:
        return _BOOLS[text]
    if text[0] not in _NUMBER_START:
        return text
    if _INT.match(text):  # past Python's int conversion limit (4300 digits), the text is kept
        return text if len(text) > 4000 else _keep_source(int(text), text)
    if _FLOAT.match(text):
        return _keep_source(float(text), text)
    if _INF.match(text):
        return -math.inf if text[0] == "-" else math.inf
    if _NAN.match(text):
        return math.nan
    if _INT_OCT_HEX.match(text):
        return _keep_source(int(text, 0), text)
    return text


def _keep_source(value: float, text: str) -> int | float:
    if repr(value) == text:
        return value
    kept: SourceInt | SourceFloat = SourceInt(value) if isinstance(value, int) else SourceFloat(value)
    kept.source = text
    return kept


def _tagged_scalar(tag: str, text: str, mark: Any, path: Path) -> Any:
    """Explicit core-schema tags (``!!str``, ``!!int``, ...); anything else is refused."""
    if tag in _STR_TAGS:
        return text
    resolved = _plain_scalar(text) if text else None
    expected = _TAG_TYPES.get(tag)
    if expected is None:
        raise _at_mark(f"YAML tag {tag!r} is not supported in a spec", path, mark)
    if not isinstance(resolved, expected) or (expected is int and isinstance(resolved, bool)):
        raise _at_mark(f"{text!r} is not a valid {tag.rsplit(':', 1)[-1]}", path, mark)
    return float(resolved) if tag.endswith("float") else resolved  # type: ignore[arg-type]


def _at_mark(message: str, path: Path, mark: Any) -> SpecError:
    return SpecError(message, path) if mark is None else SpecError(message, path, None, mark.line + 1, mark.column + 1)


@dataclass(slots=True)
class _Frame:
    """A mapping or sequence being built, with what it needs until its end event."""

    value: Any
    anchor: str | None
    start: int
    mark: Any
    key: Any = None
    key_mark: Any = None
    has_key: bool = False
    merges: list[Any] | None = None


def _parse_yaml(raw: bytes, path: Path) -> Any:
    try:
        return _build(raw, path)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or "syntax error"
        lines = raw.decode("utf-8", "replace").splitlines()
        if mark is not None and 0 <= mark.line < len(lines) and lines[mark.line][mark.column : mark.column + 1] == "\t":
            problem += " (a tab: YAML indents with spaces only)"
        raise _at_mark(f"invalid YAML: {problem}", path, mark) from None
    except yaml.YAMLError as exc:
        raise SpecError(f"invalid YAML: {exc}", path) from None


def _build(raw: bytes, path: Path) -> Any:
    """Build plain data from the first YAML document's events (see module docstring)."""
    # its events one call each (None after the last): ``yaml.parse`` wraps them in a generator
    next_event: Callable[[], Any] = _EventLoader(raw).get_event
    top = _Frame([], None, 0, None)  # holds the document's root value
    stack = [top]  # the mappings and sequences being built, innermost last
    anchors: dict[str, Any] = {}
    sizes: dict[str, int] = {}  # expanded node count of each anchored node
    open_anchors: set[str] = set()
    expanded = 0
    documents = 0
    event: Any
    while (event := next_event()) is not None:
        kind = type(event)
        if kind is ev.ScalarEvent:
            expanded += 1
            if event.tag is not None and event.tag != "!":
                value = _tagged_scalar(event.tag, event.value, event.start_mark, path)
            elif not event.style and event.implicit[0]:  # plain (CParser says "", PyYAML None)
                value = _plain_scalar(event.value)
            else:
                value = event.value
            if event.anchor is not None:
                anchors[event.anchor] = value
                sizes[event.anchor] = 1
        elif kind is ev.MappingStartEvent or kind is ev.SequenceStartEvent:
            is_map = kind is ev.MappingStartEvent
            if event.tag not in (_MAP_TAGS if is_map else _SEQ_TAGS):
                raise _at_mark(f"YAML tag {event.tag!r} is not supported in a spec", path, event.start_mark)
            expanded += 1
            frame = _Frame({} if is_map else [], event.anchor, expanded, event.start_mark)
            stack.append(frame)
            if event.anchor is not None:
                anchors[event.anchor] = frame.value
                open_anchors.add(event.anchor)
            continue
        elif kind is ev.MappingEndEvent or kind is ev.SequenceEndEvent:
            frame = stack.pop()
            value = frame.value
            for source in frame.merges or ():  # YAML merge keys (``<<: *base``) never override the mapping's own
                if not isinstance(source, dict):
                    raise _at_mark("a YAML merge key (<<) must refer to mappings", path, frame.mark)
                for key, merged in source.items():
                    value.setdefault(key, merged)
            if frame.anchor is not None:
                open_anchors.discard(frame.anchor)
                sizes[frame.anchor] = expanded - frame.start + 1
        elif kind is ev.AliasEvent:
            name = event.anchor
            if name not in anchors:
                raise _at_mark(f"YAML alias *{name} has no anchor before it", path, event.start_mark)
            if name in open_anchors:
                raise _at_mark(
                    f"YAML alias *{name} refers to its own ancestor (a recursive structure)", path, event.start_mark
                )
            value = anchors[name]
            expanded += sizes[name]
            if expanded > MAX_EXPANDED_NODES:
                raise _at_mark(
                    f"YAML aliases expand the document past {MAX_EXPANDED_NODES} nodes; refusing it (alias bomb?)",
                    path,
                    event.start_mark,
                )
        else:  # the stream's and documents' start and end
            documents += kind is ev.DocumentStartEvent
            if documents > 1:
                raise _at_mark(
                    "more than one YAML document in the file; a spec is one document", path, event.start_mark
                )
            continue
        frame = stack[-1]  # the finished value's parent
        if type(frame.value) is list:
            frame.value.append(value)
        elif not frame.has_key:
            if isinstance(value, (dict, list)):
                raise _at_mark("a mapping key must be a scalar", path, event.start_mark)
            # a non-string key (``200:``, ``true:``) becomes its text, as JSON requires
            frame.key = value if isinstance(value, str) else "null" if value is None else scalar_text(value)
            frame.key_mark = event.start_mark
            frame.has_key = True
        else:
            if frame.key == "<<" and isinstance(value, (dict, list)):
                frame.merges = (frame.merges or []) + ([value] if isinstance(value, dict) else value)
            elif frame.key in frame.value:  # YAML 1.2 (3.2.1.1): keys are unique; PyYAML keeps the last
                raise _at_mark(f"duplicate key {frame.key!r} in a mapping; remove one of them", path, frame.key_mark)
            else:
                frame.value[frame.key] = value
            frame.has_key = False
    return top.value[0] if top.value else None


def check_document(doc: Document) -> None:
    """An OpenAPI 3.0/3.1/3.2 document or a JSON Schema; anything else is refused.

    Raises:
        SpecError: another kind of document (Swagger 2.0 named), at its place.
    """
    data, path = doc.data, doc.path
    if not isinstance(data, dict):
        raise SpecError("not an OpenAPI or JSON Schema document (the top level is not a mapping)", path)
    version = data.get("openapi")
    if version is not None:
        version = scalar_text(version) or version  # `openapi: 3.0` unquoted is a number in YAML
        if not isinstance(version, str) or not re.match(r"3\.[012](\.\d+)?$", version):
            raise doc.error(
                "/openapi", f"openapi {version!r} is not supported; gen-models reads OpenAPI 3.0, 3.1 and 3.2"
            )
        return
    if "swagger" in data:
        raise doc.error("/swagger", "Swagger 2.0 is not supported; convert the spec to OpenAPI 3 first")
    if data.keys().isdisjoint(
        ("$schema", "properties", "definitions", "$defs", "type", "allOf", "anyOf", "oneOf", "components")
    ):
        raise SpecError(
            "not an OpenAPI document (no 'openapi' key) nor a JSON Schema (no '$schema', 'type' or 'properties')", path
        )
