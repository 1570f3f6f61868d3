"""A list whose items are a union of objects that all carry an integer ``index`` merges by it,
like a list of one indexed model (#24: OpenRouter's ``delta.reasoning_details``, a
discriminated union of ``reasoning.text`` / ``reasoning.summary`` / ``reasoning.encrypted``
items, each with an optional ``index``). Before, the list was appended: one reasoning block
came out as its fragments."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import STYLES, generate_modules, schemas_spec

SCHEMAS = """
Chunk:
  type: object
  required: [id, object, choices]
  properties:
    id: {type: string}
    object: {type: string, enum: [chat.completion.chunk]}
    choices:
      type: array
      items:
        type: object
        required: [index, delta]
        properties:
          index: {type: integer}
          delta:
            type: object
            properties:
              content: {type: string}
              reasoning_details:
                type: array
                items: {$ref: '#/components/schemas/ReasoningDetail'}
ReasoningDetail:
  oneOf:
    - $ref: '#/components/schemas/ReasoningText'
    - $ref: '#/components/schemas/ReasoningEncrypted'
  discriminator: {propertyName: type}
ReasoningText:
  type: object
  required: [type]
  properties:
    type: {type: string, enum: [reasoning.text]}
    index: {type: integer}
    text: {type: string}
    signature: {type: string}
ReasoningEncrypted:
  type: object
  required: [type]
  properties:
    type: {type: string, enum: [reasoning.encrypted]}
    index: {type: integer}
    data: {type: string}
"""


def chunk(*details: dict[str, Any]) -> dict[str, Any]:
    delta = {"reasoning_details": list(details)}
    return {"id": "c", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": delta}]}


@pytest.mark.parametrize("style", STYLES)
def test_reasoning_details_merge_by_index_in_every_style(tmp_path: Path, style: str) -> None:
    spec = schemas_spec(tmp_path, SCHEMAS)
    module = generate_modules(spec, tmp_path / "out", schemas=("Chunk",), styles=(style,))[style]
    acc = module.ChunkAccumulator()
    for piece in ("Let ", "me ", "think"):
        acc.add(chunk({"type": "reasoning.text", "index": 0, "text": piece}))
    acc.add(chunk({"type": "reasoning.text", "index": 0, "signature": "sig"}))
    acc.add(chunk({"type": "reasoning.encrypted", "index": 1, "data": "opaque"}))
    details = acc.snapshot_dict()["choices"][0]["delta"]["reasoning_details"]
    assert details == [
        {"type": "reasoning.text", "index": 0, "text": "Let me think", "signature": "sig"},
        {"type": "reasoning.encrypted", "index": 1, "data": "opaque"},
    ]
    assert not acc.anomalies
    acc.snapshot()  # the typed result builds: each item its own member


def test_the_plan_says_by_index(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from generator.cli import main

    assert main([str(schemas_spec(tmp_path, SCHEMAS)), "--schema", "Chunk", "--explain-merge"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.strip().startswith("choices[].delta.reasoning_details "))
    assert "by_key on index" in line and "a union: fields of ReasoningText, ReasoningEncrypted" in out
