"""Whether the accumulators tell the truth on every recorded stream (issue #41): the answer is
the server's, and the types say what the values are.

For every recorded stream in ``tests/data/streams`` (the copies of ``../shared/streams`` and the
vendors' recordings), folded by the accumulator of its vendor's module in every style, it counts:

* items twice: a list of the snapshot holding two objects with one ``id``;
* final values dropped: a field of the terminal event's final answer (``response.completed``'s
  ``response``) that the snapshot does not hold as the server sent it (an empty one aside:
  the fold's is kept there);
* answers at risk: ``answer_at_risk`` on a whole stream of an official server (not a written
  failure case, the synthetic fixture or an excerpt);
* dicts where a model is declared, and every other value of a typed result (``snapshot()``,
  ``to_response()``) that is not an instance of its annotation (``typed_problems``; a required
  field that reads ``None`` where its absence was reported is the one exception);
* accumulators that lack one of the eight members of the surface (``SURFACE``).

    python scripts/stream_truth.py            # generates the modules (about a minute), prints the table

It needs the real specs (``scripts/fetch_specs.py``). ``tests/test_fold_truth.py`` asserts the
same figures, with these functions.
"""

from __future__ import annotations

import ast
import collections.abc
import copy
import inspect
import json
import sys
import tempfile
import textwrap
import types
import typing
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
STREAMS = ROOT / "tests" / "data" / "streams"
#: What every accumulator answers, in every module and style.
SURFACE = ("add", "snapshot", "snapshot_dict", "to_response", "anomalies", "answer_at_risk", "error", "finished")
#: vendor -> (spec under the shared specs, generation options, {accumulator: stream files})
VENDORS: dict[str, tuple[str, dict[str, Any]]] = {
    "responses": ("openai/openapi-2026-08-21-f85dbe2.yaml", {"schemas": ("ResponseStreamEvent",)}),
    "chat": ("", {}),  # the project's chat spec (tests/data/chat/openai.yaml)
    "anthropic": ("anthropic/openapi.json", {"schemas": ("MessageStreamEvent",)}),
    "cohere": ("cohere/openapi.yaml", {"schemas": ("StreamedChatResponseV2",)}),
    "gemini": ("gemini/openapi.json", {}),
    "mistral": ("mistral/openapi.yaml", {}),
    "ollama": ("ollama/openapi.yaml", {}),
}
#: Recordings that are no whole stream of an official server (besides the written failure
#: cases): a synthetic fixture (its deltas and its ``.done`` text differ), an excerpt (deltas
#: cut), a router's stream that never sends ``finish_reason`` (``to_response``: ``incomplete``).
NOT_WHOLE = (
    "07_openai-shell-container.1.jsonl",
    "11_openai-phase.1.jsonl",
    "simonw-llm-kimi-repeated-tool-call.sse",
)


@dataclass(frozen=True)
class Stream:
    """One recorded stream: its vendor's module, the accumulator, the file, and whether the
    module's own reader reads it (named events)."""

    vendor: str
    accumulator: str
    path: Path
    reader: bool = False

    @property
    def whole(self) -> bool:
        """A whole stream of an official server (not a written case or an excerpt)."""
        return (
            self.path.parent.name != "cases" and "_written_" not in self.path.name and self.path.name not in NOT_WHOLE
        )


def streams(root: Path = STREAMS) -> list[Stream]:
    """Every recorded stream under ``root`` with the accumulator that folds it."""
    found = [Stream("responses", "ResponseStreamEventAccumulator", p) for p in _recordings(root / "responses")]
    chat = "CreateChatCompletionStreamResponseAccumulator"
    found += [Stream("chat", chat, p) for p in _recordings(root / "recorded")]
    found += [Stream("chat", chat, p) for p in sorted((root / "cases").glob("*.json"))]
    found += [Stream("anthropic", "MessageStreamEventAccumulator", p) for p in _recordings(root / "anthropic")]
    found += [Stream("cohere", "StreamedChatResponseV2Accumulator", p) for p in _recordings(root / "cohere")]
    found += [Stream("gemini", "GenerateContentResponseAccumulator", p) for p in _recordings(root / "gemini")]
    found += [Stream("ollama", "GenerateStreamEventAccumulator", p) for p in _recordings(root / "ollama")]
    for p in _recordings(root / "mistral"):
        kind = p.name.split("_")[0]
        accumulator = {
            "chat": "CompletionChunkAccumulator",
            "conversation": "ConversationEventsDataAccumulator",
            "transcription": "TranscriptionStreamEventsDataAccumulator",
        }.get(kind)
        if accumulator is not None:
            found.append(Stream("mistral", accumulator, p, reader=True))
    return found


def _recordings(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix in (".sse", ".jsonl")) if folder.is_dir() else []


def events(stream: Stream, module: types.ModuleType) -> list[Any]:
    """The decoded chunks or events of a recorded stream."""
    if stream.path.parent.name == "cases":
        return list(json.loads(stream.path.read_text(encoding="utf-8"))["chunks"])
    # the module's own reader, with its defaults; vercel/ai's .jsonl fixtures are the chunks,
    # decoded (their wire is SSE, which the reader the spec declares expects)
    if stream.reader and stream.path.suffix != ".jsonl":
        with stream.path.open(encoding="utf-8") as lines:
            return list(module.iter_chunk_dicts(lines))
    text = stream.path.read_text(encoding="utf-8")
    if stream.path.suffix == ".sse":
        datas = [line[5:].strip() for line in text.splitlines() if line.startswith("data:")]
        return [json.loads(d) for d in datas if d != "[DONE]"]
    return [json.loads(line) for line in text.splitlines() if line.strip()]


# --------------------------------------------------------------------------- the checks


def repeated_items(value: Any, path: str = "") -> list[str]:
    """The paths of lists that hold two objects with one ``id`` (an item twice)."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            found += repeated_items(item, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        ids = [item["id"] for item in value if isinstance(item, dict) and isinstance(item.get("id"), str)]
        if len(ids) != len(set(ids)):
            found.append(path)
        for i, item in enumerate(value):
            found += repeated_items(item, f"{path}[{i}]")
    return found


def dropped_finals(final: Any, ours: Any, path: str = "") -> list[str]:
    """Where the snapshot (``ours``) does not hold a filled value of the server's final answer
    (``final``) as the server sent it."""
    if final in (None, "", [], {}):
        return []  # an empty final value: the fold's is kept
    if isinstance(final, dict) and isinstance(ours, dict):
        return [p for key, value in final.items() for p in dropped_finals(value, ours.get(key), f"{path}.{key}")]
    if isinstance(final, list) and isinstance(ours, list) and len(final) == len(ours):
        return [p for i, (a, b) in enumerate(zip(final, ours)) for p in dropped_finals(a, b, f"{path}[{i}]")]
    return [] if final == ours else [path or "(all)"]


@dataclass(frozen=True)
class Problem:
    """A value of a typed result that is not an instance of its annotation."""

    path: str
    annotation: str
    value: str
    dict_for_model: bool  # a dict where the annotation declares a model (of a class style)


def typed_problems(value: Any, annotation: Any, path: str = "") -> list[Problem]:
    """Every place of ``value`` (a typed result of any style) whose value is not an instance
    of its annotation, walking models field by field (dataclass fields, pydantic's
    ``model_fields``, msgspec's struct fields with the annotations the class declares for type
    checkers, a TypedDict's keys) and lists, maps, tuples and unions item by item."""
    return list(_walk(value, annotation, path))


def _walk(value: Any, annotation: Any, path: str) -> Iterator[Problem]:
    ann = _unwrapped(annotation)
    origin, args = typing.get_origin(ann), typing.get_args(ann)
    if ann is Any or ann is object:
        return
    if ann is None or ann is type(None):
        if value is not None:
            yield _problem(path, ann, value)
        return
    if origin is typing.Union or origin is types.UnionType:
        fitting = [option for option in args if _fits(value, option)]
        if not fitting:
            yield _problem(path, ann, value, models=[o for o in args if _is_model(_unwrapped(o))])
            return
        yield from _walk(value, fitting[0], path)
        return
    if origin is typing.Literal:
        if value not in args or type(value) is not type(next(a for a in args if a == value)):
            yield _problem(path, ann, value)
        return
    if origin in (list, collections.abc.Sequence) and args:
        if not isinstance(value, list):
            yield _problem(path, ann, value)
            return
        for i, item in enumerate(value):
            yield from _walk(item, args[0], f"{path}[{i}]")
        return
    if origin is tuple:
        if not isinstance(value, tuple):
            yield _problem(path, ann, value)
        return
    if origin is dict and len(args) == 2:
        if not isinstance(value, dict):
            yield _problem(path, ann, value)
            return
        for key, item in value.items():
            yield from _walk(item, args[1], f"{path}.{key}")
        return
    if _is_typeddict(ann):
        yield from _walk_typeddict(value, ann, path)
        return
    if _is_model(ann):
        if not isinstance(value, ann):
            yield _problem(path, ann, value, models=[ann])
            return
        for name, field_ann in _field_annotations(type(value)).items():
            if hasattr(value, name):
                yield from _walk(getattr(value, name), field_ann, f"{path}.{name}" if path else name)
        return
    if isinstance(ann, type):
        if ann is float and type(value) is int:
            return
        if not isinstance(value, ann) or (ann is int and type(value) is bool):
            yield _problem(path, ann, value)


def _walk_typeddict(value: Any, ann: Any, path: str) -> Iterator[Problem]:
    if not isinstance(value, dict):
        yield _problem(path, ann, value)
        return
    hints = typing.get_type_hints(ann)
    for key, item in value.items():
        if key in hints:
            yield from _walk(item, hints[key], f"{path}.{key}" if path else key)


def _fits(value: Any, annotation: Any) -> bool:
    """Whether ``value`` is an instance of ``annotation`` at its top (a model by its class, a
    TypedDict by the ``Literal`` tags of its keys)."""
    ann = _unwrapped(annotation)
    origin, args = typing.get_origin(ann), typing.get_args(ann)
    if ann is Any:
        return True
    if ann is None or ann is type(None):
        return value is None
    if origin is typing.Union or origin is types.UnionType:
        return any(_fits(value, a) for a in args)
    if origin is typing.Literal:
        return value in args
    if origin in (list, collections.abc.Sequence):
        return isinstance(value, list)
    if origin is dict:
        return isinstance(value, dict)
    if origin is tuple:
        return isinstance(value, tuple)
    if _is_typeddict(ann):
        if not isinstance(value, dict):
            return False
        hints = typing.get_type_hints(ann)
        return all(key not in value or _fits(value[key], hints[key]) for key in hints if _tag_like(hints[key]))
    if isinstance(ann, type):
        return (
            isinstance(value, ann) and not (ann is int and type(value) is bool) or (ann is float and type(value) is int)
        )
    return True


def _tag_like(annotation: Any) -> bool:
    """An annotation of ``Literal`` values (and perhaps ``None``): a TypedDict's tag."""
    ann = _unwrapped(annotation)
    origin = typing.get_origin(ann)
    if origin is typing.Literal:
        return True
    options = typing.get_args(ann) if origin in (typing.Union, types.UnionType) else ()
    return bool(options) and all(o is type(None) or typing.get_origin(_unwrapped(o)) is typing.Literal for o in options)


def _unwrapped(annotation: Any) -> Any:
    """Through ``Annotated``, ``Required``/``NotRequired``, type aliases (``TypeAliasType``)
    and forward references already evaluated."""
    while True:
        value = getattr(annotation, "__value__", None)
        origin = typing.get_origin(annotation)
        if value is not None:
            annotation = value
        elif (
            origin is typing.Annotated
            or getattr(origin, "_name", "") in ("Required", "NotRequired")
            or str(origin).endswith(("Required", "NotRequired"))
            or str(origin).endswith("ReadOnly")
        ):
            annotation = typing.get_args(annotation)[0]
        else:
            return annotation


def _is_typeddict(ann: Any) -> bool:
    return isinstance(ann, type) and issubclass(ann, dict) and hasattr(ann, "__total__")


def _is_model(ann: Any) -> bool:
    """A class of a generated module's models (dataclass, pydantic or msgspec style)."""
    return isinstance(ann, type) and any(
        hasattr(ann, marker) for marker in ("_fields", "model_fields", "__struct_fields__")
    )


def _field_annotations(cls: type) -> dict[str, Any]:
    """A model's fields and their annotations as a type checker reads them (msgspec's
    ``if TYPE_CHECKING:`` declarations too)."""
    found = _FIELD_CACHE.get(cls)
    if found is None:
        module = sys.modules[cls.__module__]
        hints = typing.get_type_hints(cls, include_extras=True)
        names = _field_names(cls)
        found = {name: hints[name] for name in names if name in hints}
        found.update(_checked_annotations(cls, vars(module)))
        _FIELD_CACHE[cls] = found
    return found


_FIELD_CACHE: dict[type, dict[str, Any]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    if hasattr(cls, "__struct_fields__"):
        return tuple(cls.__struct_fields__)
    if hasattr(cls, "model_fields"):
        return tuple(cls.model_fields)
    return tuple(name for name in typing.get_type_hints(cls) if name != "extra_fields" and not name.startswith("_"))


def _checked_annotations(cls: type, scope: dict[str, Any]) -> dict[str, Any]:
    """The annotations a msgspec class declares for type checkers only (``if TYPE_CHECKING:``)."""
    if not hasattr(cls, "__struct_fields__"):
        return {}
    try:
        source = inspect.getsource(cls)
    except (OSError, TypeError):
        return {}
    tree = ast.parse(textwrap.dedent(source))
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for stmt in node.body:
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                    found[stmt.target.id] = eval(ast.unparse(stmt.annotation), scope)
    return found


def _problem(path: str, ann: Any, value: Any, models: list[Any] | None = None) -> Problem:
    shown = json.dumps(value, default=repr)[:80] if not hasattr(value, "__dict__") else type(value).__name__
    return Problem(path or "(top)", _name(ann), shown, isinstance(value, dict) and bool(models))


def _name(ann: Any) -> str:
    return getattr(ann, "__name__", None) or str(ann)[:80]


# --------------------------------------------------------------------------- folding


def generate(out: Path, shared: Path) -> dict[str, dict[str, types.ModuleType]]:
    """Every vendor's module in every style, generated into ``out`` and imported."""
    sys.path.insert(0, str(ROOT / "tests"))
    from conftest import CHAT_SPEC, STYLES, generate_modules

    modules = {}
    for vendor, (spec, options) in VENDORS.items():
        path = CHAT_SPEC if not spec else shared / "specs" / spec
        modules[vendor] = generate_modules(path, out / vendor, module=vendor, styles=STYLES, **options)
    return modules


@dataclass
class Folded:
    """One stream folded in one style: what the checks found."""

    stream: Stream
    style: str
    repeated: list[str]
    dropped: list[str]
    at_risk: bool
    problems: list[Problem]
    warnings: int


def fold(stream: Stream, style: str, module: types.ModuleType) -> Folded:
    """Fold ``stream`` with ``module``'s accumulator, check its results."""
    acc = getattr(module, stream.accumulator)()
    chunks = events(stream, module)
    for chunk in copy.deepcopy(chunks):
        acc.add(chunk)
    plain = acc.snapshot_dict()
    dropped = [p for final in _terminal(chunks)[-1:] for p in dropped_finals(final, plain)]
    problems: list[Problem] = []
    caught = 0
    for method in ("snapshot", "to_response"):
        result = getattr(acc, method)()
        annotation = typing.get_type_hints(getattr(type(acc), method), vars(module))["return"]
        # absences reported: by the build (schema_drift), or once by to_response() (incomplete)
        missing = {
            a.path
            for a in acc.anomalies
            if a.message.startswith("a required field is missing") or a.kind == "incomplete"
        }
        problems += [p for p in typed_problems(result, annotation) if not (p.value == "null" and _missing(p, missing))]
        if style == "pydantic":
            with warnings.catch_warnings(record=True) as seen:
                warnings.simplefilter("always")
                result.model_dump()
            caught += len(seen)
    return Folded(stream, style, repeated_items(plain), dropped, acc.answer_at_risk, problems, caught)


def _terminal(chunks: list[Any]) -> list[dict[str, Any]]:
    """The final answers a stream's terminal events carry (``response.completed``'s ``response``)."""
    return [
        e["response"]
        for e in chunks
        if isinstance(e, dict)
        and e.get("type") in ("response.completed", "response.incomplete", "response.failed")
        and isinstance(e.get("response"), dict)
    ]


def _missing(problem: Problem, missing: set[str]) -> bool:
    """A required field that reads None where its absence was reported."""
    return problem.path in missing or any(problem.path.startswith(m) for m in missing)


def surface_gaps(modules: dict[str, dict[str, types.ModuleType]]) -> list[str]:
    """``module.Accumulator: member`` for each member of ``SURFACE`` an accumulator lacks."""
    gaps = []
    for by_style in modules.values():
        for module in by_style.values():
            for name in dir(module):
                if name.endswith("Accumulator") and not name.startswith("_"):
                    cls = getattr(module, name)
                    gaps += [f"{module.__name__}.{name}: {m}" for m in SURFACE if not hasattr(cls, m)]
    return gaps


def accumulators(modules: dict[str, dict[str, types.ModuleType]]) -> int:
    return sum(
        1
        for by_style in modules.values()
        for module in by_style.values()
        for name in dir(module)
        if name.endswith("Accumulator") and not name.startswith("_")
    )


def main() -> int:
    sys.path.insert(0, str(ROOT / "tests"))
    from conftest import HAVE_SHARED, SHARED, STYLES

    if not HAVE_SHARED:
        print("needs the real specs: python scripts/fetch_specs.py", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        modules = generate(Path(tmp), SHARED)
        found = [fold(s, style, modules[s.vendor][style]) for s in streams() for style in STYLES]
        print(
            f"{len(streams())} recorded streams x {len(STYLES)} styles ({len(found)} folds); "
            f"{accumulators(modules)} accumulators"
        )
        print(f"items twice in a list:                      {sum(len(f.repeated) for f in found)}")
        print(f"server final values dropped:                {sum(len(f.dropped) for f in found)}")
        whole = [f for f in found if f.stream.whole]
        print(f"answer_at_risk on whole official streams:   {sum(f.at_risk for f in whole)} of {len(whole)}")
        print(f"dicts where a model is declared:            {sum(p.dict_for_model for f in found for p in f.problems)}")
        print(
            f"other values not of their annotation:       {sum(not p.dict_for_model for f in found for p in f.problems)}"
        )
        print(f"pydantic model_dump() warnings:             {sum(f.warnings for f in found)}")
        print(f"accumulator members missing (of {len(SURFACE)}):       {len(surface_gaps(modules))}")
        for f in found:
            for p in f.problems[:3]:
                print(f"  {f.style} {f.stream.path.name}: {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
