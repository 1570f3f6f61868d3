"""The merge plan: defaults by context, x-merge in the spec, overrides from the user."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CHAT_SPEC, generate_modules

from generator.errors import SpecError
from generator.merge_plan import Context, explain
from generator.pipeline import Options, read_spec

SPEC = """\
openapi: 3.1.0
info: {title: t, version: '1'}
components:
  schemas:
    Chunk:
      type: object
      required: [object, choices]
      properties:
        object: {type: string, enum: [t.chunk]}
        notes: {type: array, items: {type: string}}
        choices:
          type: array
          items:
            type: object
            required: [index]
            properties:
              index: {type: integer}
              delta:
                type: object
                properties:
                  content: {type: string}
                  status: {type: string, x-merge: last}
                  tags: {type: array, items: {type: string}, x-merge: last}
"""


def plan_lines(spec: Path, **options: object) -> dict[str, str]:
    reading = read_spec(Options(spec=spec, **options))  # type: ignore[arg-type]
    lines = explain(reading.plans["Chunk"])
    return {line.split()[0]: " ".join(line.split()[1:]) for line in lines}


@pytest.fixture
def spec(tmp_path: Path) -> Path:
    path = tmp_path / "t.yaml"
    path.write_text(SPEC)
    return path


def test_defaults_and_x_merge(spec: Path) -> None:
    plan = plan_lines(spec)
    assert plan["choices"] == "by_key on index"
    assert plan["choices[].index"] == "key"
    assert plan["choices[].delta.content"] == "concat"
    assert plan["choices[].delta.status"] == "last (x-merge)"
    assert plan["choices[].delta.tags"] == "last (x-merge)"
    assert plan["notes"] == "last"  # a top-level list is a snapshot


def test_user_overrides_win_over_x_merge_and_are_checked(spec: Path) -> None:
    plan = plan_lines(spec, merge_policies={"choices[].delta.status": "concat", "Chunk:notes": "append"})
    assert plan["choices[].delta.status"] == "concat (override)"
    assert plan["notes"] == "append (override)"
    with pytest.raises(SpecError, match="the field is not a list"):
        plan_lines(spec, merge_policies={"choices[].delta.content": "append"})
    with pytest.raises(SpecError, match="'delta' is no integer"):
        plan_lines(spec, merge_policies={"choices": "by_key:delta"})
    # a key the items do not declare: the one servers send
    plan = plan_lines(spec, merge_policies={"choices": "by_key:name"})
    assert (plan["choices"], plan["choices[].name"]) == (
        "by_key on name (override)",
        "key (default of an undeclared field)",
    )


def test_policies_change_the_generated_merge(spec: Path, tmp_path: Path) -> None:
    modules = generate_modules(spec, tmp_path / "out", merge_policies={"notes": "append"})
    chunks = [
        {
            "object": "t.chunk",
            "notes": ["a"],
            "choices": [{"index": 0, "delta": {"content": "x", "status": "queued", "tags": ["p"]}}],
        },
        {
            "object": "t.chunk",
            "notes": ["b"],
            "choices": [{"index": 0, "delta": {"content": "y", "status": "done", "tags": ["q"]}}],
        },
    ]
    for module in modules.values():
        acc = module.ChunkAccumulator(strict=True)
        for c in chunks:
            acc.add(c)
        snap = acc.snapshot_dict()
        assert snap["notes"] == ["a", "b"]
        assert snap["choices"][0]["delta"] == {"content": "xy", "status": "done", "tags": ["q"]}


def test_all_schemas_names_every_component_without_counters(tmp_path: Path) -> None:
    reading = read_spec(Options(spec=CHAT_SPEC, all_schemas=True))
    names = set(reading.schemas.models) | set(reading.schemas.aliases)
    from generator.load import load_document
    from generator.naming import class_name

    components = load_document(CHAT_SPEC).data["components"]["schemas"]
    assert {class_name(n) for n in components} <= names
    assert not [n for n in names if n.rstrip("0123456789") != n and n.startswith("Type")]


def test_contexts_are_typed() -> None:
    """Each node's context is a ``Context`` (a ``str`` enum: the generated code passes its
    value to the runtime), set by where the node stands."""
    plan = read_spec(Options(spec=CHAT_SPEC)).plans["CreateChatCompletionStreamResponse"]
    contexts = {node.path: node.context for node in plan.walk()}
    assert contexts[""] is Context.ROOT
    assert contexts["choices[]"] is Context.ENTRY
    assert contexts["choices[].logprobs"] is Context.ENTRY
    assert contexts["choices[].delta"] is Context.DELTA
    assert contexts["choices[].delta.tool_calls[]"] is Context.DELTA
    assert all(isinstance(c, Context) for c in contexts.values())
    assert [str(c) for c in Context] == ["root", "entry", "delta"]
