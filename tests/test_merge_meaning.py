"""Merge plans read a schema by what it means, not how it is written (issue 14, points 1
and 2): the same chunk shape spelled another way (a ``$ref`` to a named array, ``format`` on
an ``index``, ``number`` for an ``index``, a ``oneOf`` delta) gets the same plan, and a plan
that can lose data says so at generation. Each kind is merged in all three styles."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import STYLES, generate_modules

from generator.cli import main
from generator.merge_plan import explain
from generator.pipeline import Options, read_spec
from generator.warning_kinds import RESPONSE_UNNAMED

HEAD = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\ncomponents:\n  schemas:\n"

#: The chunk shape, inline; each variant below spells one part of it another way.
INLINE = """\
    Chunk:
      type: object
      required: [id, choices]
      properties:
        id: {type: string}
        choices:
          type: array
          items:
            type: object
            required: [index]
            properties:
              index: {type: integer}
              finish_reason: {type: [string, 'null']}
              delta:
                type: object
                properties:
                  content: {type: string}
                  citations: {type: array, items: {type: string}}
                  tool_calls:
                    type: array
                    items:
                      type: object
                      properties:
                        index: {type: integer}
                        id: {type: string}
                        function:
                          type: object
                          properties:
                            name: {type: string}
                            arguments: {type: string}
"""

VARIANTS = {
    "format on the index": INLINE.replace("index: {type: integer}", "index: {type: integer, format: int32}"),
    "number for the index": INLINE.replace("index: {type: integer}", "index: {type: number, multipleOf: 1}"),
    "bounds on the index": INLINE.replace("index: {type: integer}", "index: {type: integer, minimum: 0}"),
    "named array schemas": INLINE.replace(
        "citations: {type: array, items: {type: string}}", "citations: {$ref: '#/components/schemas/Citations'}"
    )
    + "    Citations: {type: array, items: {type: string}}\n",
}


def _spec(tmp_path: Path, body: str, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(HEAD + body)
    return path


def _explain(spec: Path, **options: Any) -> list[str]:
    reading = read_spec(Options(spec=spec, **options))
    return explain(reading.plans["Chunk"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_spellings_of_one_shape_plan_alike(tmp_path: Path, variant: str) -> None:
    assert _explain(_spec(tmp_path, VARIANTS[variant])) == _explain(_spec(tmp_path, INLINE, "inline.yaml"))


def test_a_named_tool_call_list_plans_like_the_inline_one(tmp_path: Path) -> None:
    body = INLINE.replace(
        """                  tool_calls:
                    type: array
                    items:
                      type: object
                      properties:
                        index: {type: integer}
                        id: {type: string}
                        function:
                          type: object
                          properties:
                            name: {type: string}
                            arguments: {type: string}
""",
        "                  tool_calls: {$ref: '#/components/schemas/ToolCalls'}\n",
    )
    body += """\
    ToolCalls:
      type: array
      items: {$ref: '#/components/schemas/ToolCall'}
    ToolCall:
      type: object
      properties:
        index: {type: integer}
        id: {type: string}
        function: {$ref: '#/components/schemas/Function'}
    Function:
      type: object
      properties:
        name: {type: string}
        arguments: {type: string}
"""
    lines = {line.split()[0]: " ".join(line.split()[1:]) for line in _explain(_spec(tmp_path, body))}
    assert lines["choices[].delta.tool_calls"] == "by_key on index"
    assert lines["choices[].delta.tool_calls[].function.arguments"] == "concat"
    # an override on a named array list is accepted (it was refused: "not a list")
    named = _spec(tmp_path, VARIANTS["named array schemas"], "named.yaml")
    lines = {line.split()[0]: line for line in _explain(named, merge_policies={"choices[].delta.citations": "last"})}
    assert "last  (override)" in lines["choices[].delta.citations"]


def _chunk(delta: dict[str, Any], index: Any = 0, **choice: Any) -> dict[str, Any]:
    return {"id": "c", "choices": [{"index": index, "delta": delta, **choice}]}


def _merge(module: ModuleType, chunks: list[Any]) -> Any:
    acc = module.ChunkAccumulator()
    for chunk in chunks:
        acc.add(json.loads(json.dumps(chunk)))
    return acc


@pytest.fixture(scope="module")
def variant_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, ModuleType]]:
    out = tmp_path_factory.mktemp("meaning")
    return {
        name: generate_modules(_spec(out, body, f"{i}.yaml"), out / f"out{i}", module=f"m{i}")
        for i, (name, body) in enumerate(VARIANTS.items())
    }


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("style", STYLES)
def test_each_spelling_merges_a_fragmented_call_into_one(
    variant_modules: dict[str, dict[str, ModuleType]], variant: str, style: str
) -> None:
    call = {"index": 0, "id": "t", "function": {"name": "f", "arguments": '{"a"'}}
    chunks = [
        _chunk({"content": "Hi", "citations": ["x"], "tool_calls": [call]}),
        _chunk({"citations": ["y"], "tool_calls": [{"index": 0, "function": {"arguments": ": 1}"}}]}),
        _chunk({"citations": [], "tool_calls": [{"index": 0.0, "function": {"arguments": ""}}]}),
        _chunk({"content": "!"}, finish_reason="tool_calls"),
    ]
    acc = _merge(variant_modules[variant][style], chunks)
    delta = acc.snapshot_dict()["choices"][0]["delta"]
    assert delta["content"] == "Hi!"
    assert delta["citations"] == ["x", "y"]  # a later [] wipes nothing
    assert [json.loads(c["function"]["arguments"]) for c in delta["tool_calls"]] == [{"a": 1}]
    assert acc.anomalies == []
    acc.snapshot()


@pytest.mark.parametrize("style", STYLES)
def test_a_fractional_index_is_reported(variant_modules: dict[str, dict[str, ModuleType]], style: str) -> None:
    module = variant_modules["number for the index"][style]
    acc = _merge(module, [_chunk({"tool_calls": [{"index": 0, "id": "t", "function": {"name": "f"}}]})])
    acc.add(_chunk({"tool_calls": [{"index": 0.5, "function": {"arguments": "{}"}}]}))
    assert [a.kind for a in acc.anomalies][:1] == ["wrong_type"]
    assert "0.5" in acc.anomalies[0].message


UNION_DELTA = """\
    Chunk:
      type: object
      required: [id, choices]
      properties:
        id: {type: string}
        choices:
          type: array
          items:
            type: object
            required: [index]
            properties:
              index: {type: integer}
              finish_reason: {type: [string, 'null']}
              delta: {$ref: '#/components/schemas/Delta'}
    Delta:
      oneOf:
        - $ref: '#/components/schemas/TextDelta'
        - $ref: '#/components/schemas/ToolDelta'
    TextDelta:
      type: object
      properties:
        role: {type: string, enum: [assistant]}
        content: {type: string}
        seq: {type: integer}
    ToolDelta:
      type: object
      properties:
        seq: {type: string}
        tool_calls:
          type: array
          items:
            type: object
            properties:
              index: {type: number}
              id: {type: string}
              function:
                type: object
                properties:
                  name: {type: string}
                  arguments: {type: string}
"""


@pytest.fixture(scope="module")
def union_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    out = tmp_path_factory.mktemp("union")
    return generate_modules(_spec(out, UNION_DELTA), out / "out", module="union")


@pytest.mark.parametrize("style", STYLES)
def test_a_one_of_delta_merges_field_by_field(union_modules: dict[str, ModuleType], style: str) -> None:
    chunks = [
        _chunk({"role": "assistant", "content": "Let me"}),
        _chunk({"content": " check."}),
        _chunk({"tool_calls": [{"index": 0, "id": "t", "function": {"name": "f", "arguments": "{"}}]}),
        _chunk({"tool_calls": [{"index": 0, "function": {"arguments": "}"}}]}, finish_reason="tool_calls"),
    ]
    acc = _merge(union_modules[style], chunks)
    delta = acc.snapshot_dict()["choices"][0]["delta"]
    assert delta["content"] == "Let me check."
    assert delta["role"] == "assistant"
    assert [(c["id"], c["function"]["arguments"]) for c in delta["tool_calls"]] == [("t", "{}")]
    assert acc.anomalies == []


def test_a_one_of_delta_reports_conflicting_field_types(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = _spec(tmp_path, UNION_DELTA)
    lines = _explain(spec)
    assert any("a union: fields of TextDelta, ToolDelta merged together" in line for line in lines)
    reading = read_spec(Options(spec=spec))
    warning, unnamed = reading.merge_warnings  # and: nothing names the answer (RESPONSE_UNNAMED)
    assert unnamed.kind is RESPONSE_UNNAMED
    assert str(warning) == (
        "Chunk choices[].delta ('seq' has another type in ToolDelta than in TextDelta; merged as in TextDelta): "
        "a field the variants of a union type differently; the accumulator merges it as the first variant types it"
    )


FALLBACK = """\
    Chunk:
      type: object
      required: [id, choices]
      properties:
        id: {type: string}
        choices:
          type: array
          items:
            type: object
            required: [index]
            properties:
              index: {type: integer}
              filter:
                type: object
                properties:
                  hate: {type: boolean}
                  reason: {type: string}
              delta:
                type: object
                properties:
                  content: {type: string}
"""


def test_a_fallback_to_last_is_explained_and_warned(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = _spec(tmp_path, FALLBACK)
    lines = _explain(spec)
    assert any("can lose data: an object whose fields each chunk restates" in line for line in lines)
    assert main([str(spec), "-o", str(tmp_path / "out"), "--style", "typeddict"]) == 0
    err = capsys.readouterr().err
    assert (
        "warning: a list or object of a chunk, a choice or a delta taken whole from the last chunk that sends it: "
        "Chunk choices[].filter (--merge-policy 'choices[].filter=merge' merges it field by field); "
        "the accumulator can lose what earlier chunks sent there"
    ) in err
    # the override it names is accepted, and then there is nothing to warn about but the answer nothing names
    assert _explain(spec, merge_policies={"choices[].filter": "merge"})
    warned = read_spec(Options(spec=spec, merge_policies={"choices[].filter": "merge"})).merge_warnings
    assert [w.kind for w in warned] == [RESPONSE_UNNAMED]
