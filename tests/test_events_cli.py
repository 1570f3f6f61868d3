"""Event unions through the command line, on a small spec that declares its own merge map
(``x-merge`` on the union): the accumulator is generated in every style, ``--explain-merge``
prints the event table, and an event type the map does not cover is a warning at generation
and makes ``--check`` exit 1 naming it (it still folds, as an unknown event: kept)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import STYLES, generate_modules

from generator.cli import main


def _event(tag: str, properties: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["type", *properties],
        "properties": {"type": {"type": "string", "enum": [tag]}, **properties},
    }


_ANSWER = {"$ref": "#/components/schemas/Answer"}
SPEC: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "events", "version": "1"},
    "paths": {},
    "components": {
        "schemas": {
            "Events": {
                "anyOf": [
                    {"$ref": "#/components/schemas/Created"},
                    {"$ref": "#/components/schemas/TextDelta"},
                    {"$ref": "#/components/schemas/Completed"},
                ],
                "discriminator": {"propertyName": "type"},
                "x-merge": {
                    "family": "small",
                    "target": "Answer",
                    "tag": "type",
                    "events": {
                        "answer.created": {"op": "init", "value": "answer"},
                        "answer.text.delta": {"op": "append", "at": "parts[{index}].text", "value": "delta"},
                        "answer.completed": {"op": "finalize", "value": "answer"},
                    },
                },
            },
            "Created": _event("answer.created", {"answer": _ANSWER}),
            "Completed": _event("answer.completed", {"answer": _ANSWER}),
            "TextDelta": _event("answer.text.delta", {"index": {"type": "integer"}, "delta": {"type": "string"}}),
            "Answer": {
                "type": "object",
                "required": ["id", "status", "parts"],
                "properties": {
                    "id": {"type": "string"},
                    "status": {"type": "string"},
                    "parts": {"type": "array", "items": {"$ref": "#/components/schemas/Part"}},
                },
            },
            "Part": {"type": "object", "properties": {"text": {"type": "string"}}},
        }
    },
}

STREAM = [
    {"type": "answer.created", "answer": {"id": "a1", "status": "in_progress", "parts": []}},
    {"type": "answer.text.delta", "index": 1, "delta": "wor"},
    {"type": "answer.text.delta", "index": 0, "delta": "hello "},
    {"type": "answer.text.delta", "index": 1, "delta": "ld"},
    {"type": "answer.brand_new", "x": 1},
]


def _write(tmp_path: Path, spec: dict[str, Any], name: str = "events.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("style", STYLES)
def test_a_declared_map_gives_an_accumulator_in_every_style(tmp_path: Path, style: str) -> None:
    modules = generate_modules(_write(tmp_path, SPEC), tmp_path / "out", schemas=("Events",), styles=(style,))
    acc = modules[style].EventsAccumulator()
    for event in STREAM:
        acc.add(event)
    assert acc.snapshot_dict() == {
        "id": "a1",
        "status": "in_progress",
        "parts": [{"text": "hello "}, {"text": "world"}],
    }
    assert [a.kind for a in acc.anomalies] == ["missing_slot", "missing_slot", "unknown_event"]  # parts never created
    assert acc.unknown_events == [STREAM[-1]]
    answer = acc.snapshot()
    parts = answer["parts"] if style == "typeddict" else answer.parts
    assert [p["text"] if style == "typeddict" else p.text for p in parts] == ["hello ", "world"]


def test_explain_merge_prints_the_event_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(_write(tmp_path, SPEC)), "--schema", "Events", "--explain-merge"]) == 0
    out = capsys.readouterr().out
    assert "Events -> Answer" in out and "answer.text.delta" in out and "parts[{index}].text" in out


def test_an_event_type_the_map_lacks_warns_and_fails_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = _write(tmp_path, SPEC)
    out = tmp_path / "out"
    assert main([str(spec), "--schema", "Events", "-o", str(out), "-q"]) == 0
    assert main([str(spec), "--schema", "Events", "-o", str(out), "--check"]) == 0
    bumped = copy.deepcopy(SPEC)
    schemas = bumped["components"]["schemas"]
    schemas["Refusal"] = _event("answer.refusal.delta", {"delta": {"type": "string"}})
    schemas["Events"]["anyOf"].append({"$ref": "#/components/schemas/Refusal"})
    spec.write_text(yaml.safe_dump(bumped, sort_keys=False), encoding="utf-8")
    capsys.readouterr()
    assert main([str(spec), "--schema", "Events", "-o", str(out), "--check"]) == 1
    err = capsys.readouterr().err
    assert "event type 'answer.refusal.delta' is not in the merge map" in err
    assert main([str(spec), "--schema", "Events", "-o", str(out)]) == 0  # generation goes on: it folds as unknown
    assert "warning: Events: event type 'answer.refusal.delta'" in capsys.readouterr().err
