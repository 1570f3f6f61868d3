"""Union roots: ``--schema`` naming a union of event objects (the Responses API's
``ResponseStreamEvent``) emits its members' types and a parse function, in all three styles;
replayed on the real Responses-API streams of tests/data (with the newest real spec)."""

from __future__ import annotations

import ast
import copy
import json
import textwrap
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import EVENTS_MAP_SPEC, OPENAI_SPECS, RESPONSES, STYLES, event_schema, generate_modules

from generator.cli import main
from generator.warning_kinds import UNION_NOT_FOLDED

EVENTS = """\
openapi: 3.1.0
info: {title: events, version: '1'}
components:
  schemas:
    Event:
      anyOf:
        - $ref: '#/components/schemas/TextDelta'
        - $ref: '#/components/schemas/Tool'
    TextDelta:
      type: object
      required: [type, delta]
      properties:
        type: {type: string, enum: [text.delta], x-stainless-const: true}
        delta: {type: string}
    Tool:
      type: object
      required: [type]
      properties:
        type: {type: string, enum: [web_search, web_search_2025_08_26]}
    Tools:
      oneOf:
        - $ref: '#/components/schemas/TextDelta'
        - $ref: '#/components/schemas/Tool'
      discriminator: {propertyName: type}
    Name: {type: string}
    Result:
      anyOf:
        - {type: object, required: [ok, result], properties: {ok: {const: true}, result: {type: string}}}
        - {type: object, required: [ok, error], properties: {ok: {const: false}, error: {type: string}}}
    Outer:
      anyOf:
        - $ref: '#/components/schemas/Event'
        - $ref: '#/components/schemas/Name'
    Implied:
      anyOf:
        - {type: string, enum: [auto, none]}
        - $ref: '#/components/schemas/A'
        - $ref: '#/components/schemas/B'
    A:
      type: object
      required: [type]
      properties:
        type: {type: string, enum: [a]}
        x: {type: integer}
    B:
      type: object
      required: [type, y]
      properties:
        type: {type: string, enum: [b]}
        y: {type: integer}
"""


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    spec = tmp_path_factory.mktemp("events") / "events.yaml"
    spec.write_text(EVENTS)
    return generate_modules(spec, spec.parent / "out", schemas=("Event", "Tools", "Implied", "Outer", "Result"))


def _type(value: Any) -> Any:
    return value["type"] if isinstance(value, dict) else value.type


@pytest.mark.parametrize("style", STYLES)
def test_a_union_root_parses_each_event_into_its_member(events: dict[str, Any], style: str) -> None:
    module = events[style]
    delta = module.parse_event({"type": "text.delta", "delta": "hi"})
    assert _type(delta) == "text.delta"
    assert type(delta).__name__ in ("TextDelta", "dict")
    assert _type(module.parse_event({"type": "web_search"})) == "web_search"
    # every value of a multi-value enum is a discriminator tag, not only the schema name
    for tag in ("web_search", "web_search_2025_08_26"):
        assert _type(module.parse_tools({"type": tag})) == tag
    error = {"pydantic": __import__("pydantic").ValidationError, "msgspec": __import__("msgspec").ValidationError}.get(
        style
    ) or module.ParseError
    with pytest.raises(error):
        module.parse_tools({"type": "text.delta"})  # its tag names TextDelta, which requires delta
    assert not hasattr(module, "EventAccumulator")  # events are not chunks to merge


@pytest.mark.parametrize("style", STYLES)
def test_named_events_are_read_in_an_event_module(events: dict[str, Any], style: str) -> None:
    lines = [
        "event: text.delta",
        'data: {"type": "text.delta", "delta": "a"}',
        "",
        "event: ping",
        'data: {"type": "ping"}',
        "",
    ]
    assert [e["type"] for e in events[style].iter_chunk_dicts(lines)] == ["text.delta", "ping"]


def test_a_root_that_is_neither_object_nor_union_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "events.yaml"
    spec.write_text(EVENTS)
    assert main([str(spec), "--schema", "Name", "--out", str(tmp_path / "out")]) == 2
    assert "'Name' is neither an object with properties nor a union of objects" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


@pytest.fixture(scope="module")
def responses(responses_modules: dict[str, Any]) -> dict[str, Any]:
    return responses_modules


def _recorded_events(module: Any, path: Path) -> list[dict[str, Any]]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".sse":
        return list(module.iter_chunk_dicts(text.splitlines()))
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.mark.shared
def test_real_responses_streams_parse_into_the_member_their_type_names(responses: dict[str, Any]) -> None:
    """744 recorded events of 46 types. Measured: 714 parse in every style (an event type not
    in its union, ``apply_patch_call_operation_diff``, as the union's member for those); the
    30 others break the spec they are read with (the 2026-08 spec, newer than the
    recordings): a field it requires is absent (``cache_write_tokens``, ``sequence_number``,
    a DeepSeek call's ``name``)."""
    outcomes: dict[str, Counter[str]] = {}
    for style, module in responses.items():
        error = {
            "pydantic": __import__("pydantic").ValidationError,
            "msgspec": __import__("msgspec").ValidationError,
        }.get(style) or module.ParseError
        tally: Counter[str] = Counter()
        for path in RESPONSES:
            for event in _recorded_events(module, path):
                try:
                    parsed = module.parse_response_stream_event(event)
                except error:
                    tally["error"] += 1
                    continue
                assert _type(parsed) == event["type"], (path.name, event["type"])
                tally["parsed"] += 1
        outcomes[style] = tally
    assert outcomes["dataclass"] == outcomes["pydantic"] == outcomes["typeddict"]
    assert outcomes["typeddict"]["parsed"] + outcomes["typeddict"]["error"] == 744
    assert outcomes["typeddict"]["parsed"] >= 714, outcomes


def test_the_explain_merge_of_a_union_root_says_it_has_no_merge(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "events.yaml"
    spec.write_text(textwrap.dedent(EVENTS))
    assert main([str(spec), "--schema", "Event", "--explain-merge"]) == 0
    assert "Event: a union of events; parsed, not merged" in capsys.readouterr().out


@pytest.mark.parametrize("style", STYLES)
def test_members_with_their_own_tags_imply_a_discriminator(events: dict[str, Any], style: str) -> None:
    """No ``discriminator`` written, but A and B each require ``type`` with their own values:
    B's payload is B (left to right, A's open enum and kept extras would take it)."""
    module = events[style]
    b = module.parse_implied({"type": "b", "y": 1})
    assert type(b).__name__ in ("B", "dict") and _type(b) == "b"
    assert _type(module.parse_implied({"type": "a", "x": 1})) == "a"
    assert module.parse_implied("auto") == "auto"  # the string member stays beside them
    assert _type(module.parse_outer({"type": "text.delta", "delta": "x"})) == "text.delta"  # a union in a union
    error = {"pydantic": __import__("pydantic").ValidationError, "msgspec": __import__("msgspec").ValidationError}.get(
        style
    ) or module.ParseError
    with pytest.raises(error):
        module.parse_implied({"type": "b"})  # B requires y; A does not take it instead


@pytest.mark.slow
@pytest.mark.shared
def test_a_module_with_a_chunk_root_and_an_event_union_reads_named_events_by_default(tmp_path: Path) -> None:
    """A module with an event union reads every named event by default, whatever root comes
    first (#24: a reader shared by two roots once dropped every event of the union, silently);
    the typed chunk reader ``iter_chunks`` skips them, and ``named_events=False`` does."""
    modules = generate_modules(
        OPENAI_SPECS[-1],
        tmp_path,
        schemas=("CreateChatCompletionStreamResponse", "ResponseStreamEvent"),
        styles=("typeddict",),
    )
    module = modules["typeddict"]
    chunk = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": []}
    lines = ["event: ping", 'data: {"type": "ping"}', "", f"data: {json.dumps(chunk)}", ""]
    assert [c["id"] for c in module.iter_chunks(lines)] == ["c"]  # typed chunks: named events skipped
    assert len(list(module.iter_chunk_dicts(lines))) == 2  # the union's events are never dropped
    assert len(list(module.iter_chunk_dicts(lines, named_events=False))) == 1  # a chat loop's choice


def test_changes_reports_what_a_union_root_gains_and_loses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from generator.changes import main as changes_main

    old, new = tmp_path / "old.yaml", tmp_path / "new.yaml"
    old.write_text(EVENTS)
    grown = EVENTS.replace(
        "enum: [web_search, web_search_2025_08_26]", "enum: [web_search, web_search_2025_08_26, web_search_2026]"
    )
    grown = grown.replace(
        "        - $ref: '#/components/schemas/Tool'\n    TextDelta:",
        "        - $ref: '#/components/schemas/Tool'\n        - $ref: '#/components/schemas/B'\n    TextDelta:",
    )
    new.write_text(grown)
    assert changes_main([str(old), str(new), "--schema", "Event", "--format", "json"]) == 3
    found = {(c["kind"], c["detail"], c["breaking"]) for c in json.loads(capsys.readouterr().out)["changes"]}
    assert ("union member added", "B", True) in found
    assert ("union tag added", "'web_search_2026' -> Tool", True) in found
    # the reverse: the member and the tag go (compatible); model B goes with them (breaking, as any model removed)
    assert changes_main([str(new), str(old), "--schema", "Event", "--format", "json"]) == 3
    found = {(c["kind"], c["detail"], c["breaking"]) for c in json.loads(capsys.readouterr().out)["changes"]}
    assert {
        ("union member removed", "B", False),
        ("union tag removed", "'web_search_2026' -> Tool", False),
        ("model removed", "", True),
    } <= found


@pytest.mark.parametrize("style", STYLES)
def test_boolean_tags_imply_no_discriminator(events: dict[str, Any], style: str) -> None:
    """Dispatch looks tags up as strings or integers: ``const: true`` members stay tried in turn."""
    module = events[style]
    ok = module.parse_result({"ok": True, "result": "r"})
    failed = module.parse_result({"ok": False, "error": "e"})
    assert (ok["result"] if isinstance(ok, dict) else ok.result) == "r"
    assert (failed["error"] if isinstance(failed, dict) else failed.error) == "e"


def test_changes_reports_a_tag_that_moves_to_another_member_as_breaking(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from generator.changes import main as changes_main

    def write(name: str, target: str) -> Path:
        path = tmp_path / name
        path.write_text(
            EVENTS.replace(
                "      discriminator: {propertyName: type}",
                f"      discriminator: {{propertyName: type, mapping: {{legacy: '#/components/schemas/{target}'}}}}",
            )
        )
        return path

    old, new = write("old.yaml", "TextDelta"), write("new.yaml", "Tool")
    assert changes_main([str(old), str(new), "--schema", "Tools", "--format", "json"]) == 3
    found = {(c["kind"], c["detail"], c["breaking"]) for c in json.loads(capsys.readouterr().out)["changes"]}
    assert found == {("union tag moved", "'legacy': TextDelta -> Tool", True)}


@pytest.mark.parametrize("style", STYLES)
def test_an_event_type_the_union_does_not_list_parses_as_an_unknown_event(events: dict[str, Any], style: str) -> None:
    module = events[style]
    event = {"type": "text.delta.v2", "delta": "x", "extra": [1]}
    parsed = module.parse_event(event)
    assert type(parsed).__name__ == "UnknownEvent" if style != "typeddict" else parsed is event
    as_data = (
        parsed
        if style == "typeddict"
        else parsed.to_dict() if style in ("dataclass", "msgspec") else parsed.model_dump()
    )
    assert as_data == event  # kept whole, nothing dropped
    assert _type(module.parse_event({"type": "text.delta", "delta": "y"})) == "text.delta"
    error = {"pydantic": __import__("pydantic").ValidationError, "msgspec": __import__("msgspec").ValidationError}.get(
        style
    ) or module.ParseError
    with pytest.raises(error):
        module.parse_event({"delta": "no tag"})  # no tag at all: not an event of this union


STREAMS = """\
openapi: 3.1.0
info: {title: streams, version: '1'}
paths:
  /chat:
    post:
      responses:
        '200':
          description: OK
          content:
            text/event-stream: {schema: {$ref: '#/components/schemas/Chunk'}}
  /folded:
    post:
      responses:
        '200':
          description: OK
          content:
            text/event-stream: {schema: {$ref: '#/components/schemas/Folded'}}
  /unfolded:
    post:
      responses:
        '200':
          description: OK
          content:
            text/event-stream: {schema: {$ref: '#/components/schemas/Unfolded'}}
components:
  schemas:
    Chunk:
      type: object
      properties:
        text: {type: string}
    Answer:
      type: object
      properties:
        text: {type: string}
    Delta:
      type: object
      required: [type, delta]
      properties:
        type: {type: string, enum: [delta]}
        delta: {type: string}
    Done:
      type: object
      required: [type]
      properties:
        type: {type: string, enum: [done]}
    Folded:
      oneOf: [{$ref: '#/components/schemas/Delta'}, {$ref: '#/components/schemas/Done'}]
      x-merge:
        target: Answer
        tag: type
        events:
          delta: {op: append, at: text, value: delta}
          done: {op: ignore}
    Unfolded:
      oneOf: [{$ref: '#/components/schemas/Delta'}, {$ref: '#/components/schemas/Done'}]
"""


def test_the_default_roots_are_every_declared_stream(tmp_path: Path) -> None:
    """Issues #28, #40: a run without --schema takes each declared stream (a chunk object; an
    event union, folded by its map or by the fold inferred from the schema); a union whose
    fold the schema does not give (its events build nothing: no operation answers an object,
    no event carries one) keeps its types, with a warning that says why and what to do."""
    from generator.pipeline import Options, read_spec

    spec = tmp_path / "streams.yaml"
    spec.write_text(STREAMS)
    reading = read_spec(Options(spec=spec))
    assert reading.schemas.roots == ("Chunk",) and reading.schemas.union_roots == ("Folded", "Unfolded")
    assert list(reading.event_plans) == ["Folded"]
    (warning,) = [w for w in reading.merge_warnings if "Unfolded" in str(w)]
    assert warning.kind is UNION_NOT_FOLDED and "--merge-map FILE" in str(warning)
    only_unfolded = spec.read_text().split("  /chat:")[0] + "  /unfolded:" + STREAMS.split("  /unfolded:")[1]
    spec.write_text(only_unfolded)
    assert read_spec(Options(spec=spec)).schemas.union_roots == ("Unfolded",)


@pytest.mark.parametrize("style", STYLES)
def test_two_folded_unions_with_one_event_type_name_their_handlers_apart(tmp_path: Path, style: str) -> None:
    """Two event unions of one module that both have an ``error`` event (OpenRouter's
    ``/messages`` and ``/responses`` streams): each handler has a name of its own, so the
    module has no redefinition (``mypy --strict`` failed on ``_on_error``), and each
    accumulator keeps its own stream's error."""
    spec = copy.deepcopy(EVENTS_MAP_SPEC)
    schemas = spec["components"]["schemas"]
    schemas["Failure"] = event_schema("error", {"message": {"type": "string"}})
    schemas["Events"]["anyOf"].append({"$ref": "#/components/schemas/Failure"})
    schemas["Events"]["x-merge"]["events"]["error"] = {"op": "error"}
    schemas["Others"] = copy.deepcopy(schemas["Events"])
    path = tmp_path / "s.json"
    path.write_text(json.dumps(spec))
    module = generate_modules(path, tmp_path / "out", schemas=("Events", "Others"), styles=(style,))[style]
    tree = ast.parse(Path(module.__file__).read_text())
    defined = Counter(n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef)))
    assert [name for name, count in defined.items() if count > 1] == []
    for accumulator in (module.EventsAccumulator, module.OthersAccumulator):
        acc = accumulator()
        acc.add({"type": "error", "message": "overloaded"})
        assert acc.error == {"type": "error", "message": "overloaded"}
