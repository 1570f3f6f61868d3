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
from conftest import EVENTS_MAP_SPEC, STYLES, event_schema, generate_modules

from generator.cli import main

SPEC = EVENTS_MAP_SPEC

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
    # no event creates a part: the first delta of each opens it, by design (no missing_slot)
    assert [a.kind for a in acc.anomalies] == ["unknown_event"]
    assert acc.unknown_events == [STREAM[-1]]
    answer = acc.snapshot()
    parts = answer["parts"] if style == "typeddict" else answer.parts
    assert [p["text"] if style == "typeddict" else p.text for p in parts] == ["hello ", "world"]


def test_explain_merge_prints_the_event_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(_write(tmp_path, SPEC)), "--schema", "Events", "--explain-merge"]) == 0
    out = capsys.readouterr().out
    assert "Events -> Answer" in out and "answer.text.delta" in out and "parts[{index}].text" in out


def test_an_event_type_the_map_lacks_is_inferred_and_check_sees_the_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = _write(tmp_path, SPEC)
    out = tmp_path / "out"
    assert main([str(spec), "--schema", "Events", "-o", str(out), "-q"]) == 0
    assert main([str(spec), "--schema", "Events", "-o", str(out), "--check"]) == 0
    bumped = copy.deepcopy(SPEC)
    schemas = bumped["components"]["schemas"]
    schemas["Refusal"] = event_schema("answer.refusal.delta", {"delta": {"type": "string"}})
    schemas["Events"]["anyOf"].append({"$ref": "#/components/schemas/Refusal"})
    spec.write_text(yaml.safe_dump(bumped, sort_keys=False), encoding="utf-8")
    capsys.readouterr()
    assert main([str(spec), "--schema", "Events", "-o", str(out), "--check"]) == 1  # the module would change
    assert "would change" in capsys.readouterr().err
    assert main([str(spec), "--schema", "Events", "--explain-merge"]) == 0
    (line,) = [x for x in capsys.readouterr().out.splitlines() if x.startswith("  answer.refusal.delta:")]
    assert '"op": "side"' in line and "# inferred: delta: content no field of Answer holds" in line


def test_a_merge_map_file_maps_what_the_spec_lacks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bumped = copy.deepcopy(SPEC)
    schemas = bumped["components"]["schemas"]
    schemas["Refusal"] = event_schema("answer.refusal.delta", {"delta": {"type": "string"}})
    schemas["Events"]["anyOf"].append({"$ref": "#/components/schemas/Refusal"})
    spec, out = _write(tmp_path, bumped), tmp_path / "out"
    extra = tmp_path / "refusal.yaml"
    extra.write_text("root: Events\nevents:\n  answer.refusal.delta: {op: ignore}\n", encoding="utf-8")
    args = [str(spec), "--schema", "Events", "-o", str(out), "--merge-map", str(extra)]
    assert main([*args, "-q"]) == 0
    assert main([*args, "--check"]) == 0
    assert "answer.refusal.delta" not in capsys.readouterr().err
    assert main([*args, "--explain-merge"]) == 0
    assert "answer.refusal.delta" in capsys.readouterr().out
    extra.write_text("root: Nope\nevents: {}\n", encoding="utf-8")
    assert main(args) == 2
    assert "'Nope', which is not an event-union root" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        (
            "  answer.text.deltaa: {op: ignore}\n",
            (
                "refusal.yaml:3:23 #/events/answer.text.deltaa: event type 'answer.text.deltaa' is not a member of "
                "Events; did you mean 'answer.text.delta'? An event type the spec does not list"
            ),
        ),
        ("  answer.created: {op: ignore}\n  answer.created: {op: init}\n", "refusal.yaml:4:3: duplicate key"),
        (
            "  answer.created: {op: append, at: status, value: answer}\n",
            "op 'append': value 'answer' (object) cannot go to 'status' (string)",
        ),
        (
            "  answer.text.delta: {op: extend, at: 'parts[{index}].text', value: delta}\n",
            "op 'extend': value 'delta' (string) cannot go to 'parts[{index}].text' (string)",
        ),
        (
            "  answer.text.delta: {op: append, at: 'parts[{index}].text', value: delta.text}\n",
            "refusal.yaml:3:22 #/events/answer.text.delta: value 'delta.text': TextDelta.delta has no field 'text'",
        ),
        (
            "  answer.text.delta: {when: {delta: hi}, op: append, at: 'parts[{index}].text', value: delta}\n",
            "when delta: TextDelta.delta is not a tag (an enum, or the discriminator of a union)",
        ),
        (
            "  answer.text.delta: {op: parse, at: 'parts[{index}]'}\n",
            "op 'parse' parses a field: its 'at' ends in a name, not name[{key}]",
        ),
    ],
    ids=["typo", "duplicate", "object-to-text", "extend-text", "nested-in-text", "when-not-a-tag", "parse-keyed"],
)
def test_a_map_error_names_the_file_line_and_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], entries: str, message: str
) -> None:
    """Map files are input as hostile as specs (#24): nothing silently accepted."""
    spec, extra = _write(tmp_path, SPEC), tmp_path / "refusal.yaml"
    extra.write_text("root: Events\nevents:\n" + entries, encoding="utf-8")
    assert main([str(spec), "--schema", "Events", "-o", str(tmp_path / "out"), "--merge-map", str(extra)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "tag: typ\n",
            "refusal.yaml:2:6 #/tag: Events: tag 'typ': no member of Events has that field; did you mean 'type'?",
        ),
        (
            "target: Answr\n",
            "refusal.yaml:2:9 #/target: Events: target 'Answr' is not a schema of the spec; did you mean",
        ),
        ("order: seq\n", "refusal.yaml:2:8 #/order: Events: order 'seq' is not an integer field"),
        (
            "events:\n  answer.created: {op: ignore}\nextra_events:\n  answer.created: {op: ignore}\n",
            "refusal.yaml:3:19 #/events/answer.created: event type 'answer.created' is under both",
        ),
        ("events: 5\n", "refusal.yaml:2:9 #/events: 'events' must map event types to entries"),  # was exit 123
        ("extra_events: 5\n", "refusal.yaml:2:15 #/extra_events: 'extra_events' must map event types"),
        ("family: 5\n", "refusal.yaml:2:9 #/family: Events: 'family' must be a name"),
    ],
    ids=["tag", "target", "order", "both-sections", "events-not-a-map", "extra-not-a-map", "family"],
)
def test_a_family_key_error_names_its_own_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    spec, extra = _write(tmp_path, SPEC), tmp_path / "refusal.yaml"
    extra.write_text("root: Events\n" + text, encoding="utf-8")
    assert main([str(spec), "--schema", "Events", "-o", str(tmp_path / "out"), "--merge-map", str(extra)]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            "answer.created: {op: init, value: type}",
            "refusal.yaml:3:19 #/events/answer.created: op 'init': value 'type' is string, not an object",
        ),
        ("answer.created: {op: refresh, value: type}", "op 'refresh': value 'type' is string, not an object"),
        ("answer.completed: {op: finalize, value: type}", "op 'finalize': value 'type' is string, not an object"),
        ("answer.text.delta: {op: merge, value: delta}", "op 'merge': value 'delta' is string, not an object"),
        ("answer.text.delta: {op: merge, value: index}", "op 'merge': value 'index' is number, not an object"),
        (
            "answer.created: {op: init, value: '=x'}",
            "op 'init' takes an event field holding an object, not the constant '=x'",
        ),
        ("answer.text.delta: {op: merge, value: '=x'}", "op 'merge' without at takes an event field holding an object"),
    ],
    ids=["init", "refresh", "finalize", "merge-text", "merge-number", "init-constant", "merge-constant"],
)
def test_a_value_that_goes_into_the_target_itself_is_checked_by_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], entry: str, message: str
) -> None:
    """Issue 42: ``{op: init|refresh|finalize, value: type}`` (a string where the op takes an
    object), ``{op: merge, value: type}`` and a number merged into the response were
    accepted: the kind check ran only for a value with ``at``. It runs wherever a value
    goes, with its file and line."""
    spec, extra = _write(tmp_path, SPEC), tmp_path / "refusal.yaml"
    extra.write_text("root: Events\nevents:\n  " + entry + "\n", encoding="utf-8")
    assert main([str(spec), "--schema", "Events", "-o", str(tmp_path / "out"), "--merge-map", str(extra)]) == 2
    err = capsys.readouterr().err
    assert message in err and "refusal.yaml:3:" in err and not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '{"root": "Events",\n "events": {\n  "answer.created": {"op": "init"},\n  "answer.created": {"op": "ignore"}\n }\n}\n',
            "refusal.json:4:3: duplicate key 'answer.created' in an object",
        ),
        (
            '{"root": "Events", "events": {"answer.created": {"op": "init", "value": "type"}}}',
            "refusal.json:1:49 #/events/answer.created: op 'init': value 'type' is string",
        ),
    ],
    ids=["duplicate-key", "kind"],
)
def test_a_json_map_error_names_its_line_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    """A JSON map's duplicate key was refused without a line number."""
    spec, extra = _write(tmp_path, SPEC), tmp_path / "refusal.json"
    extra.write_text(text, encoding="utf-8")
    assert main([str(spec), "--schema", "Events", "-o", str(tmp_path / "out"), "--merge-map", str(extra)]) == 2
    assert message in capsys.readouterr().err
