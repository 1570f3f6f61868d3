"""Merge plans read the chunk schema by what it means (issue 14, acceptance): rewriting the
chunk schema of ``specs/openai.yaml`` in ways that keep its meaning (inline <-> ``$ref``,
``format`` added, an ``allOf`` wrapper of one schema, 3.0 ``nullable`` <-> a 3.1 null union,
``number`` with ``multipleOf: 1`` or integer bounds for an ``index``, a named array schema)
leaves ``--explain-merge`` identical, and the accumulators generated from it give identical
snapshots, answers and anomalies on every recorded stream, in every style.

Each rewrite is a function of the spec and a ``random.Random`` that picks the places it
applies to; hypothesis picks the rewrites, their order and the places. Generation costs about
a second per spec: the original's results are computed once, each example's once."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from conftest import CHAT_SPEC, RECORDED, generate_modules, recorded_chunks
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.merge_plan import explain
from generator.pipeline import Options, read_spec

SPEC = CHAT_SPEC
CHUNK = "CreateChatCompletionStreamResponse"
PREFIX = "#/components/schemas/"
Spec = dict[str, Any]


def _schemas(spec: Spec) -> dict[str, Any]:
    found: dict[str, Any] = spec["components"]["schemas"]
    return found


def _places(spec: Spec) -> Iterator[tuple[Any, Any, Any]]:
    """``(parent, key, schema)`` for every schema position reachable from the chunk (each
    component once), parents before children: a property, list items, a union or ``allOf``
    member, and each component itself (parent: the schemas section)."""
    schemas = _schemas(spec)
    seen: set[str] = set()
    todo = [CHUNK]
    while todo:
        name = todo.pop(0)
        if name in seen or name not in schemas:
            continue
        seen.add(name)
        stack: list[tuple[Any, Any]] = [(schemas, name)]
        while stack:
            parent, key = stack.pop(0)
            schema = parent[key]
            if not isinstance(schema, dict):
                continue
            yield parent, key, schema
            ref = schema.get("$ref")
            if isinstance(ref, str) and ref.startswith(PREFIX):
                todo.append(ref[len(PREFIX) :])
            for k in schema.get("properties") or {}:
                stack.append((schema["properties"], k))
            if isinstance(schema.get("items"), dict):
                stack.append((schema, "items"))
            for word in ("anyOf", "oneOf", "allOf"):
                for i in range(len(schema.get(word) or [])):
                    stack.append((schema[word], i))


def _new_name(spec: Spec, base: str) -> str:
    name = base
    while name in _schemas(spec):
        name += "X"
    return name


def _type_of(schema: dict[str, Any]) -> Any:
    return schema.get("type")


# --------------------------------------------------------------------- the rewrites
# Each changes how the schema is written, never what it means; ``rng`` picks the places.


def inline_refs(spec: Spec, rng: random.Random) -> None:
    """A ``$ref`` to a component (an object, an enum, a list; alone, or beside a description)
    becomes a copy of the component written in place."""
    schemas = _schemas(spec)
    for parent, key, schema in list(_places(spec)):
        ref = schema.get("$ref")
        if parent is schemas or not isinstance(ref, str) or set(schema) - {"$ref", "description"}:
            continue
        target = schemas.get(ref[len(PREFIX) :])
        if isinstance(target, dict) and "$ref" not in target and rng.random() < 0.5:
            parent[key] = copy.deepcopy(target)


def alias_refs(spec: Spec, rng: random.Random) -> None:
    """A ``$ref`` to a component goes through a new component that is only a ``$ref`` to it."""
    schemas = _schemas(spec)
    for parent, key, schema in list(_places(spec)):
        ref = schema.get("$ref")
        if parent is schemas or not isinstance(ref, str) or rng.random() >= 0.5:
            continue
        name = _new_name(spec, ref[len(PREFIX) :] + "Alias")
        schemas[name] = {"$ref": ref}
        schema["$ref"] = PREFIX + name


def extract_objects(spec: Spec, rng: random.Random) -> None:
    """An inline object schema becomes a component of its own, referenced where it stood."""
    schemas = _schemas(spec)
    for parent, key, schema in list(_places(spec)):
        if parent is schemas or schema.get("type") != "object" or "properties" not in schema or rng.random() >= 0.5:
            continue
        name = _new_name(spec, f"Extracted{str(key).title().replace('_', '')}")
        schemas[name] = schema
        parent[key] = {"$ref": PREFIX + name}


def add_formats(spec: Spec, rng: random.Random) -> None:
    """``format`` on integers (``int32``/``int64``), numbers (``double``) and plain strings
    (``uuid``), where none is given."""
    formats = {"integer": ["int32", "int64"], "number": ["double", "float"], "string": ["uuid"]}
    for _, _, schema in list(_places(spec)):
        kind = _type_of(schema)
        applies = isinstance(kind, str) and kind in formats and "format" not in schema and "enum" not in schema
        if applies and rng.random() < 0.7:
            schema["format"] = rng.choice(formats[kind])


def wrap_in_all_of(spec: Spec, rng: random.Random) -> None:
    """A property's schema (a ``$ref`` or an inline object) becomes ``allOf`` of that one
    schema, or of it and a member that only annotates (TypeSpec's ``allOf: [{$ref}, {description}]``)."""
    schemas = _schemas(spec)
    for parent, key, schema in list(_places(spec)):
        if parent is schemas or isinstance(key, int) or rng.random() >= 0.5:
            continue
        if "$ref" in schema or schema.get("type") == "object":
            notes = [{"description": "A note.", "x-note": True}] if rng.random() < 0.5 else []
            parent[key] = {"allOf": [schema, *notes]}


def nullable_to_null_union(spec: Spec, rng: random.Random) -> None:
    """3.0 ``nullable: true`` becomes the 3.1 spelling: ``type: [T, "null"]`` (with ``null``
    in an ``enum``), or ``anyOf: [.., {type: "null"}]`` beside a ``$ref``."""
    for parent, key, schema in list(_places(spec)):
        if schema.get("nullable") is not True or rng.random() >= 0.7:
            continue
        del schema["nullable"]
        if "$ref" in schema:
            outer = {k: schema.pop(k) for k in list(schema) if k in ("description", "deprecated")}
            parent[key] = {**outer, "anyOf": [schema, {"type": "null"}]}
        elif isinstance(_type_of(schema), str):
            schema["type"] = [schema["type"], "null"]
            if "enum" in schema:
                schema["enum"] = [*schema["enum"], None]


def null_union_to_nullable(spec: Spec, rng: random.Random) -> None:
    """A 3.1 ``anyOf: [X, {type: "null"}]`` becomes X with 3.0 ``nullable: true``."""
    for parent, key, schema in list(_places(spec)):
        members = schema.get("anyOf")
        if not isinstance(members, list) or len(members) != 2 or {"type": "null"} not in members:
            continue
        (other,) = [m for m in members if m != {"type": "null"}]
        if not isinstance(other, dict) or rng.random() >= 0.7:
            continue
        outer = {k: v for k, v in schema.items() if k != "anyOf"}
        parent[key] = {**copy.deepcopy(other), **outer, "nullable": True}


def index_spellings(spec: Spec, rng: random.Random) -> None:
    """An ``index`` typed ``integer`` becomes ``number`` with ``multipleOf: 1``, or gets
    integer bounds."""
    for _, key, schema in list(_places(spec)):
        if key == "index" and schema.get("type") == "integer":
            if rng.random() < 0.5:
                schema["type"] = "number"
                schema["multipleOf"] = 1
            else:
                schema["minimum"] = 0
                schema["maximum"] = 2147483647


def named_arrays(spec: Spec, rng: random.Random) -> None:
    """A property's inline array schema becomes a component of its own, referenced."""
    schemas = _schemas(spec)
    for parent, key, schema in list(_places(spec)):
        if parent is schemas or isinstance(key, int) or schema.get("type") != "array" or rng.random() >= 0.5:
            continue
        inner = {k: v for k, v in schema.items() if k not in ("description", "nullable")}
        name = _new_name(spec, f"{str(key).title().replace('_', '')}List")
        schemas[name] = inner
        outer = {k: v for k, v in schema.items() if k in ("description", "nullable")}
        parent[key] = {"$ref": PREFIX + name, **outer}


REWRITES: dict[str, Callable[[Spec, random.Random], None]] = {
    f.__name__: f
    for f in (
        inline_refs,
        alias_refs,
        extract_objects,
        add_formats,
        wrap_in_all_of,
        nullable_to_null_union,
        null_union_to_nullable,
        index_spellings,
        named_arrays,
    )
}


@cache
def _original() -> Spec:
    data: Spec = yaml.safe_load(SPEC.read_text(encoding="utf-8"))
    return data


def _rewritten(names: tuple[str, ...], seed: int) -> str:
    """The spec's JSON text after ``names`` applied in order, places picked by ``seed``."""
    spec = copy.deepcopy(_original())
    rng = random.Random(seed)
    for name in names:
        REWRITES[name](spec, rng)
    return json.dumps(spec, indent=1)


def _write(tmp: Path, text: str) -> Path:
    path = tmp / f"spec_{abs(hash(text))}.json"
    path.write_text(text, encoding="utf-8")
    return path


@cache
def _explained(text: str, tmp: Path) -> tuple[str, ...]:
    return tuple(explain(read_spec(Options(spec=_write(tmp, text))).plans[CHUNK]))


def _data(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(by_alias=True, exclude_unset=True)
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return value


def _results(modules: dict[str, ModuleType], recordings: list[Path]) -> dict[tuple[str, str], Any]:
    """For each style and recording: the snapshot (as data), the answer and the anomalies."""
    found = {}
    for style, module in modules.items():
        for recording in recordings:
            acc = module.CreateChatCompletionStreamResponseAccumulator()
            for chunk in recorded_chunks(recording):
                acc.add(chunk)
            anomalies = [(a.kind, a.path, a.message) for a in acc.anomalies]
            snapshot = _data(acc.snapshot())
            found[style, recording.name] = (snapshot, _data(acc.to_response()), anomalies)
    return found


_RESULTS: dict[str, dict[tuple[str, str], Any]] = {}


def _results_of(text: str, tmp: Path, recordings: list[Path]) -> dict[tuple[str, str], Any]:
    key = f"{hash(text)}:{[str(p) for p in recordings]}"
    if key not in _RESULTS:
        out = tmp / f"out_{abs(hash(text))}"
        _RESULTS[key] = _results(generate_modules(_write(tmp, text), out, module="chat"), recordings)
    return _RESULTS[key]


ORIGINAL = json.dumps(yaml.safe_load(SPEC.read_text(encoding="utf-8")), indent=1)


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("spellings")


@pytest.mark.parametrize("name", REWRITES)
def test_each_rewrite_changes_the_spec_but_not_the_plan(tmp: Path, name: str) -> None:
    # every place the rewrite can apply to (a seed whose draws all fall on "apply")
    text = _rewritten((name,), 0)
    everywhere = copy.deepcopy(_original())
    REWRITES[name](everywhere, _Always())
    assert json.dumps(everywhere, indent=1) != ORIGINAL, f"{name} found nothing to rewrite"
    assert _explained(json.dumps(everywhere, indent=1), tmp) == _explained(ORIGINAL, tmp)
    assert _explained(text, tmp) == _explained(ORIGINAL, tmp)


class _Always(random.Random):
    """Picks every place (and the first choice): each rewrite applies where ``random()`` is
    below its share."""

    def random(self) -> float:
        return 0.0

    def choice(self, seq: Any) -> Any:
        return seq[0]


@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(
    names=st.lists(st.sampled_from(sorted(REWRITES)), min_size=1, max_size=5),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
@pytest.mark.slow
def test_rewrites_keep_the_plan_and_the_merged_results(tmp: Path, names: list[str], seed: int) -> None:
    text = _rewritten(tuple(names), seed)
    assert _explained(text, tmp) == _explained(ORIGINAL, tmp)
    assert _results_of(text, tmp, RECORDED) == _results_of(ORIGINAL, tmp, RECORDED)


def test_all_rewrites_keep_the_merged_results_of_every_recording(tmp: Path) -> None:
    everything = copy.deepcopy(_original())
    for rewrite in REWRITES.values():
        rewrite(everything, _Always())
    text = json.dumps(everything, indent=1)
    assert _explained(text, tmp) == _explained(ORIGINAL, tmp)
    assert _results_of(text, tmp, RECORDED) == _results_of(ORIGINAL, tmp, RECORDED)
