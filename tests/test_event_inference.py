"""Folds inferred from the schema (``generator/event_infer.py``), tested as rules on small
unions whose events are named in other ways than any vendor's: camelCase names without a
``.delta`` suffix (``textChunk``), addresses under other names (``choice_index``,
``part_index``), a tag field named ``kind``, a target no operation answers; where the schema
does not decide, a warning and an unknown event; and ``--explain-merge``'s map, which,
passed back, plans the same fold."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import read_ir
from event_fold import new_fold
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.errors import SpecError
from generator.event_plan import explain, plan_events
from generator.event_vocabulary import Op
from generator.load import load_document
from generator.map_files import read_map_files
from generator.pipeline import Options, read_spec


def _event(kind: str, **properties: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["kind", *properties],
        "properties": {"kind": {"type": "string", "const": kind}, **properties},
    }


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


INT, STR = {"type": "integer"}, {"type": "string"}
ADDRESS = {"choice_index": INT, "part_index": INT}
MEMBERS = {
    "RunBegin": _event("runBegin", run=_ref("Run")),
    "PartAdded": _event("partAdded", **ADDRESS, part=_ref("Part")),
    "TextChunk": _event("textChunk", **ADDRESS, text=STR),
    "ArgumentsChunk": _event("argumentsChunk", **ADDRESS, arguments=STR),
    "PartFinished": _event("partFinished", **ADDRESS, text=STR),
    "RunFinished": _event("runFinished", usage=_ref("Usage")),
    "RunError": _event("runError", message=STR),
    "Heartbeat": _event("heartbeat"),
}
SPEC: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "runs", "version": "1"},
    "paths": {},
    "components": {
        "schemas": {
            "Events": {"oneOf": [_ref(m) for m in MEMBERS], "discriminator": {"propertyName": "kind"}},
            **MEMBERS,
            "Run": {
                "type": "object",
                "properties": {
                    "id": STR,
                    "status": STR,
                    "choices": {"type": "array", "items": _ref("Choice")},
                    "usage": _ref("Usage"),
                },
            },
            "Choice": {
                "type": "object",
                "properties": {"index": INT, "parts": {"type": "array", "items": _ref("Part")}},
            },
            "Part": {"oneOf": [_ref("TextPart"), _ref("CallPart")], "discriminator": {"propertyName": "kind"}},
            "TextPart": _event("text", text=STR),
            "CallPart": _event("call", name=STR, arguments=STR),
            "Usage": {"type": "object", "properties": {"input": INT, "output": INT}},
        }
    },
}
STREAM = [
    {"kind": "runBegin", "run": {"id": "r1", "status": "running", "choices": [{"index": 0, "parts": []}]}},
    {"kind": "heartbeat"},
    {"kind": "partAdded", "choice_index": 0, "part_index": 0, "part": {"kind": "text", "text": ""}},
    {"kind": "textChunk", "choice_index": 0, "part_index": 0, "text": "It is "},
    {"kind": "textChunk", "choice_index": 0, "part_index": 0, "text": "sunny."},
    {"kind": "partFinished", "choice_index": 0, "part_index": 0, "text": "It is sunny."},
    {"kind": "partAdded", "choice_index": 0, "part_index": 1, "part": {"kind": "call", "name": "get", "arguments": ""}},
    {"kind": "argumentsChunk", "choice_index": 0, "part_index": 1, "arguments": '{"city": '},
    {"kind": "argumentsChunk", "choice_index": 0, "part_index": 1, "arguments": '"Paris"}'},
    {"kind": "runFinished", "usage": {"input": 5, "output": 9}},
]
ANSWER = {
    "id": "r1",
    "status": "running",
    "choices": [
        {
            "index": 0,
            "parts": [
                {"kind": "text", "text": "It is sunny."},
                {"kind": "call", "name": "get", "arguments": '{"city": "Paris"}'},
            ],
        }
    ],
    "usage": {"input": 5, "output": 9},
}


@pytest.fixture(scope="module")
def plan() -> Any:
    return plan_events(read_ir(SPEC, "Events"), "Events")


def test_no_operation_answers_a_target_the_object_the_stream_starts_is_the_target(plan: Any) -> None:
    assert plan.target == "Run" and plan.tag == "kind" and plan.order is None
    assert all(rule.source == "inferred" and rule.reason for rule in plan.rules)


def test_each_rule_decides_what_its_event_does(plan: Any) -> None:
    def ops(tag: str) -> list[tuple[str, str, str | None]]:
        rule = plan.rule(tag)
        assert rule is not None, tag
        return [(a.op.value, a.path, a.value) for a in rule.actions]

    assert ops("runBegin") == [("init", "", "run")]  # a whole target, its name starts it
    part = "choices[{choice_index}].parts[{part_index}]"
    assert ops("partAdded") == [("create", part, "part")]  # an entry at its addresses, by their names
    assert ops("textChunk") == [("append", f"{part}.text", "text")]  # a chunk: a delta by its word
    assert ops("argumentsChunk") == [("append", f"{part}.arguments", "arguments")]
    assert ops("partFinished") == [("replace", f"{part}.text", "text")]  # settles what the deltas joined
    finished = plan.rule("partFinished")
    assert finished is not None and finished.actions[0].check
    assert ops("runFinished") == [("merge", "usage", "usage"), ("finish", "", None)]  # ends the stream
    assert ops("runError") == [("error", "", None)] and ops("heartbeat") == [("ignore", "", None)]


def test_the_inferred_fold_gives_the_answer(plan: Any) -> None:
    fold = new_fold(plan, strict=True)
    for event in STREAM:
        fold.add(event)
    assert fold.snapshot() == ANSWER and fold.terminal == "runFinished"


def test_an_address_picks_an_entry_of_a_list_that_may_be_text_unless_the_event_carries_it_whole(plan: Any) -> None:
    """Llama Stack's message ``content`` is text or a list of parts: no address picked its entries,
    so ``output_text.delta`` went to a side channel and a cut stream's answer had no text. Its
    events address ``content[{content_index}]`` now, as where ``content`` is only a list; an event
    carrying the field itself, text or parts (Mistral's ``content``), still places it whole."""
    spec = copy.deepcopy(SPEC)
    parts = spec["components"]["schemas"]["Choice"]["properties"]["parts"]
    spec["components"]["schemas"]["Choice"]["properties"]["parts"] = {"anyOf": [STR, parts]}
    text_or_parts = plan_events(read_ir(spec, "Events"), "Events")
    assert explain(text_or_parts) == explain(plan)
    whole = {"kind": {"type": "string", "const": "partsChunk"}, "parts": {"anyOf": [STR, parts]}, **ADDRESS}
    spec["components"]["schemas"]["PartsChunk"] = {"type": "object", "required": ["kind"], "properties": whole}
    spec["components"]["schemas"]["Events"]["oneOf"].append(_ref("PartsChunk"))
    rule = plan_events(read_ir(spec, "Events"), "Events").rule("partsChunk")
    assert rule is not None and [(a.op.value, a.path) for a in rule.actions] == [
        ("parts", "choices[{choice_index}].parts")
    ]


def test_where_the_schema_does_not_decide_generation_warns_and_the_event_is_kept(tmp_path: Path) -> None:
    spec = copy.deepcopy(SPEC)
    spec["components"]["schemas"]["RunSwapped"] = _event("runSwapped", before=_ref("Run"), after=_ref("Run"))
    spec["components"]["schemas"]["Events"]["oneOf"].append(_ref("RunSwapped"))
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    reading = read_spec(Options(spec=path, schemas=("Events",)))
    (plan,) = reading.event_plans.values()
    assert plan.rule("runSwapped") is None
    assert plan.undecided == (("runSwapped", "before and after both hold a whole Run"),)
    (warning,) = [str(w) for w in reading.merge_warnings if "runSwapped" in w.place]
    assert "kept as unknown events" in warning and "--merge-map" in warning
    fold = new_fold(plan)
    fold.add({"kind": "runSwapped", "before": {}, "after": {}})
    assert [a.kind for a in fold.anomalies] == ["unknown_event"]
    assert '# "runSwapped": not decided' in explain(plan) or "# runSwapped: not decided" in explain(plan)


def test_a_map_entry_replaces_the_inferred_one_whole(plan: Any) -> None:
    mine = plan_events(
        read_ir(SPEC, "Events"), "Events", {"events": {"heartbeat": {"op": "side", "channel": "beats", "value": "*"}}}
    )
    rule = mine.rule("heartbeat")
    assert rule is not None and rule.source == "override" and rule.actions[0].op is Op.SIDE
    assert mine.rule("textChunk") == plan.rule("textChunk")


def test_a_when_on_a_json_kind_branches_on_what_the_value_is(tmp_path: Path) -> None:
    spec = copy.deepcopy(SPEC)
    schemas = spec["components"]["schemas"]
    schemas["Mixed"] = _event("mixed", **ADDRESS, content={"anyOf": [STR, _ref("Part")]})
    schemas["Events"]["oneOf"].append(_ref("Mixed"))
    part = "choices[{choice_index}].parts[{part_index}]"
    entries = [
        {"when": {"content": "string"}, "op": "append", "at": f"{part}.text", "value": "content"},
        {"when": {"content": "object"}, "op": "create", "at": part, "value": "content"},
    ]
    plan = plan_events(read_ir(spec, "Events"), "Events", {"events": {"mixed": entries}})
    fold = new_fold(plan)
    for content in ({"kind": "text", "text": "a"}, "b", 3):
        fold.add({"kind": "mixed", "choice_index": 0, "part_index": 0, "content": content})
    assert fold.snapshot()["choices"][0]["parts"] == [{"kind": "text", "text": "ab"}]
    assert [(a.kind, a.path) for a in fold.anomalies] == [("unknown_event", "content")]  # a number: no case
    with pytest.raises(SpecError, match="is never an array"):
        plan_events(
            read_ir(spec, "Events"), "Events", {"events": {"mixed": {"when": {"content": "array"}, "op": "ignore"}}}
        )


# -- --explain-merge's map, passed back ----------------------------------------------------------------


def _same(a: Any, b: Any) -> bool:
    """Two plans that fold alike: the same events, each with the same actions."""
    return [(r.tag, r.actions) for r in a.rules] == [(r.tag, r.actions) for r in b.rules] and (
        a.target,
        a.tag,
        a.order,
    ) == (b.target, b.tag, b.order)


def _round_trip(tmp_path: Path, ir: Any, root: str, plan: Any) -> Any:
    text = explain(plan)
    path = tmp_path / "explained.yaml"
    path.write_text(text, encoding="utf-8")
    assert yaml.safe_load(text)["root"] == root
    assert load_document(path).data["events"]  # the project's own loader reads it too
    (layer,) = read_map_files([path]).values()
    return plan_events(ir, root, layer, infer=False, shipped=False)


def test_the_explained_map_gives_the_same_plan(tmp_path: Path, plan: Any) -> None:
    assert _same(_round_trip(tmp_path, read_ir(SPEC, "Events"), "Events", plan), plan)


OPS = st.sampled_from(
    [
        {"op": "ignore"},
        {"op": "side", "channel": "c", "value": "*", "keep": "all"},
        {"op": "append", "at": "status", "value": "text"},
        {"op": "merge", "value": "*"},
        {"op": "error"},
    ]
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from(["textChunk", "heartbeat", "runError", "partFinished"]), OPS, max_size=4))
def test_any_map_over_the_inferred_fold_explains_to_a_map_that_plans_the_same(
    tmp_path: Path, overrides: dict[str, Any]
) -> None:
    ir = read_ir(SPEC, "Events")
    checked = {}
    for tag, entry in overrides.items():
        try:
            plan_events(ir, "Events", {"events": {tag: entry}})
        except SpecError:
            continue  # an entry the checks refuse for that event (no `text` field to append)
        checked[tag] = entry
    plan = plan_events(ir, "Events", {"events": checked})
    assert _same(_round_trip(tmp_path, ir, "Events", plan), plan)


@pytest.mark.shared
def test_a_union_no_operation_streams_gets_the_inferred_fold_into_the_outermost_object_it_starts() -> None:
    """OpenAI's Realtime server events (a WebSocket protocol: no operation streams them),
    asked for with ``--schema``: of the objects their events carry (sessions, items, the
    response), the response: it is started (``response.created``) and holds the items."""
    from conftest import NEWEST_SPEC

    reading = read_spec(Options(spec=NEWEST_SPEC, schemas=("RealtimeServerEvent",)))
    (plan,) = reading.event_plans.values()
    assert plan.target == "RealtimeResponse"
    created, delta = plan.rule("response.created"), plan.rule("response.output_text.delta")
    assert created is not None and created.actions[0].op is Op.INIT
    assert delta is not None and delta.actions[0].path == "output[{output_index}].content[{content_index}].text"


ENVELOPE = {
    "openapi": "3.1.0",
    "info": {"title": "envelope", "version": "1"},
    "paths": {
        "/runs#stream": {
            "post": {"responses": {"200": {"content": {"text/event-stream": {"schema": _ref("RunEvents")}}}}}
        },
        "/runs": {"post": {"responses": {"200": {"content": {"application/json": {"schema": _ref("Run")}}}}}},
    },
    "components": {
        "schemas": {
            "RunEvents": {
                "type": "object",
                "required": ["event", "data"],
                "properties": {
                    "event": STR,
                    "data": {
                        "oneOf": [_ref(m) for m in MEMBERS],
                        "discriminator": {"propertyName": "kind"},
                        "x-merge": {"events": {"heartbeat": {"op": "side", "channel": "beats", "value": "*"}}},
                    },
                },
            },
            **{k: v for k, v in SPEC["components"]["schemas"].items() if k != "Events"},
        }
    },
}


def test_a_union_inline_in_an_envelopes_data_is_a_root_named_after_it_with_its_own_x_merge(tmp_path: Path) -> None:
    """An SSE envelope (``{event, data}``) whose ``data`` is an inline union: the default run
    folds ``RunEventsData`` into what ``/runs`` answers (the operation beside ``/runs#stream``);
    ``x-merge`` on the inline union applies; the module's reader follows named events."""
    from conftest import load_module

    path = tmp_path / "envelope.json"
    path.write_text(json.dumps(ENVELOPE), encoding="utf-8")
    reading = read_spec(Options(spec=path))
    (plan,) = reading.event_plans.values()
    assert (plan.root, plan.target) == ("RunEventsData", "Run")
    beats = plan.rule("heartbeat")
    assert beats is not None and beats.source == "x-merge"
    from generator.cli import main

    assert main([str(path), "-o", str(tmp_path / "out"), "--style", "typeddict", "-q"]) == 0
    module = load_module(tmp_path / "out" / "envelope_typeddict.py")
    lines = [line for event in STREAM for line in (f"event: {event['kind']}", f"data: {json.dumps(event)}", "")]
    acc = module.RunEventsDataAccumulator()
    for event in module.iter_chunk_dicts(lines):
        acc.add(event)
    assert acc.snapshot_dict() == ANSWER and acc.channels["beats"] == [{"kind": "heartbeat"}]
