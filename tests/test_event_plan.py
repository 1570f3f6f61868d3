"""Event plans (generator/event_plan.py): the shipped Responses map on the newest real spec, and
the checks that keep a map honest when the spec changes."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
import yaml
from conftest import NEWEST_SPEC, read_ir
from event_fold import new_fold

from generator.errors import SpecError
from generator.event_plan import explain, plan_events
from generator.event_vocabulary import Op, Step
from generator.interpret import Interpreter
from generator.load import load_document
from generator.merge_maps import MAPS_DIR, shipped_maps
from generator.model import Schemas
from generator.resolve import RefResolver
from generator.roots import stream_unions

pytestmark = pytest.mark.shared
ROOT = "ResponseStreamEvent"


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data: dict[str, Any] = yaml.load(NEWEST_SPEC.read_bytes(), Loader=loader)
    return data


FAMILIES = (
    "CreateSpeechResponseStreamEvent",
    "CreateTranscriptionResponseStreamEvent",
    "ImageGenStreamEvent",
    "ImageEditStreamEvent",
)


@pytest.fixture(scope="module")
def interp() -> Interpreter:
    return Interpreter(RefResolver(load_document(NEWEST_SPEC)))


@pytest.fixture(scope="module")
def ir(spec: dict[str, Any]) -> Schemas:
    return read_ir(spec, ROOT, *FAMILIES, "BetaResponseStreamEvent")


def unmapped_events(ir: Schemas, root: str, **options: Any) -> list[str]:
    return [tag for tag, _ in plan_events(ir, root, allow_unmapped=True, **options).unmapped]


@pytest.fixture(scope="module")
def shipped() -> dict[str, Any]:
    return shipped_maps()[ROOT][1]


def _members(spec: dict[str, Any]) -> list[str]:
    schemas = spec["components"]["schemas"]
    return [schemas[m["$ref"].rsplit("/", 1)[-1]]["properties"]["type"]["enum"][0] for m in schemas[ROOT]["anyOf"]]


def test_the_map_ships_inside_the_package() -> None:
    assert (MAPS_DIR / "openai-responses.yaml").is_file()
    assert MAPS_DIR.parent.name == "generator"  # packages = ["generator"] puts it in the wheel


def test_the_stream_unions_are_found_from_the_paths(interp: Interpreter) -> None:
    found = {u.name: u for u in stream_unions(interp)}
    assert ROOT in found and found[ROOT].targets == ("Response",)  # what /responses answers as JSON


def test_every_member_of_the_newest_spec_is_mapped_or_ignored(spec: dict[str, Any], ir: Schemas) -> None:
    plan = plan_events(ir, ROOT)
    members = _members(spec)
    assert len(members) == 58
    assert [r.tag for r in plan.rules] == members and all(r.member for r in plan.rules)
    assert unmapped_events(ir, ROOT) == []
    assert plan.target == "Response" and plan.tag == "type" and plan.order == "sequence_number"
    assert plan.collections == ("output",)


def test_what_the_schema_says_is_derived(spec: dict[str, Any], ir: Schemas) -> None:
    plan = plan_events(ir, ROOT)
    created, added = plan.rule("response.created"), plan.rule("response.output_item.added")
    assert created is not None and added is not None
    assert created.actions[0].value == "response" and created.source == "inferred"
    assert added.actions[0].at == (Step("output", "output_index"),) and added.actions[0].value == "item"
    assert "item is a whole entry" in added.reason or "the whole entry" in added.reason


def test_an_entry_a_map_lacks_is_inferred_and_without_inference_fails_naming_it(
    spec: dict[str, Any], shipped: dict[str, Any], ir: Schemas
) -> None:
    smaller = {"target": "Response", "tag": "type", "events": {"response.created": {"op": "init"}}}
    rule = plan_events(ir, ROOT, base=smaller).rule("response.refusal.delta")
    assert rule is not None and rule.source == "inferred" and rule.actions[0].op is Op.APPEND
    assert rule.actions[0].path == "output[{output_index}].content[{content_index}].refusal"
    assert "response.refusal.delta" in unmapped_events(ir, ROOT, base=smaller, infer=False)
    with pytest.raises(SpecError, match=r"'response\.refusal\.delta' \(ResponseRefusalDeltaEvent\)"):
        plan_events(ir, ROOT, base=smaller, infer=False)


def test_an_event_type_added_to_the_spec_is_inferred_or_without_inference_named(spec: dict[str, Any]) -> None:
    bumped = copy.deepcopy(spec)
    schemas = bumped["components"]["schemas"]
    schemas["ResponseNewThingEvent"] = {
        "type": "object",
        "properties": {
            "type": {"type": "string", "enum": ["response.new_thing.delta"]},
            "output_index": {"type": "integer"},
            "delta": {"type": "string"},
            "sequence_number": {"type": "integer"},
        },
    }
    schemas[ROOT]["anyOf"].append({"$ref": "#/components/schemas/ResponseNewThingEvent"})
    new = plan_events(read_ir(bumped, ROOT), ROOT).rule("response.new_thing.delta")  # no field holds it: a side channel
    assert new is not None and new.source == "inferred" and new.actions[0].op is Op.SIDE
    mapped = {"target": "Response", "tag": "type", "events": {m: {"op": "ignore"} for m in _members(spec)}}
    assert unmapped_events(read_ir(bumped, ROOT), ROOT, infer=False, base=mapped) == ["response.new_thing.delta"]
    with pytest.raises(SpecError, match=r"response\.new_thing\.delta"):
        plan_events(read_ir(bumped, ROOT), ROOT, infer=False, base=mapped)
    # mapped inline with x-merge on the union, it plans
    schemas[ROOT]["x-merge"] = {"events": {"response.new_thing.delta": {"op": "ignore"}}}
    rule = plan_events(read_ir(bumped, ROOT), ROOT).rule("response.new_thing.delta")
    assert rule is not None and rule.source == "x-merge" and rule.actions[0].op is Op.IGNORE


def test_overrides_replace_an_entry(spec: dict[str, Any], ir: Schemas) -> None:
    plan = plan_events(ir, ROOT, {"events": {"response.audio.delta": {"op": "ignore"}}})
    rule = plan.rule("response.audio.delta")
    assert rule is not None and rule.source == "override" and rule.actions[0].op is Op.IGNORE


def test_an_event_type_the_spec_does_not_list_may_be_declared(spec: dict[str, Any], ir: Schemas) -> None:
    entry = {"op": "append", "at": "output[{output_index}].operation.diff", "value": "delta", "id": "item_id"}
    plan = plan_events(ir, ROOT, {"extra_events": {"response.apply_patch_call_operation_diff.delta": entry}})
    rule = plan.rule("response.apply_patch_call_operation_diff.delta")
    assert rule is not None and rule.member == ""


def test_an_event_type_not_in_the_union_is_an_error_unless_declared_extra(ir: Schemas) -> None:
    """A typo in an event name is not silently a new event type (#24): did you mean, and where
    a type the spec does not list goes."""
    entry = {"op": "append", "at": "output[{output_index}].content[{content_index}].text", "value": "delta"}
    with pytest.raises(SpecError) as caught:
        plan_events(ir, ROOT, {"events": {"response.output_text.deltaa": entry}})
    assert "not a member of ResponseStreamEvent; did you mean 'response.output_text.delta'?" in str(caught.value)
    assert "extra_events" in str(caught.value)
    with pytest.raises(SpecError, match="move it from 'extra_events' to 'events'"):
        plan_events(ir, ROOT, {"extra_events": {"response.output_text.delta": entry}})


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            {"op": "append", "at": "output[{output_index}].nonexistent", "value": "delta"},
            "does not resolve in Response",
        ),
        (
            {"op": "append", "at": "output[{output_index}].arguments", "value": "deltas"},
            "has no such field; did you mean 'delta'",
        ),
        ({"op": "append", "at": "output[{sequence}].arguments", "value": "delta"}, "placeholder {sequence}"),
        (
            {"op": "append", "at": "output[{output_index}].arguments", "value": "delta", "id": "output_index"},
            "id 'output_index': ResponseFunctionCallArgumentsDeltaEvent.output_index must be a string field",
        ),
        ({"op": "appendd", "at": "output[{output_index}].arguments", "value": "delta"}, "did you mean 'append'"),
        ({"op": "append", "at": "output[output_index].arguments", "value": "delta"}, "is not 'name' or 'name"),
        ({"op": "append", "value": "delta"}, "needs 'at'"),
        (
            {"op": "append", "at": "output[{output_index}].arguments", "value": "delta", "chek": "fold"},
            "unknown entry key 'chek'",
        ),
    ],
)
def test_bad_entries_fail_naming_the_place(
    spec: dict[str, Any], entry: dict[str, Any], message: str, ir: Schemas
) -> None:
    with pytest.raises(SpecError, match=message.replace("{", r"\{").replace("}", r"\}").replace("[", r"\[")) as info:
        plan_events(ir, ROOT, {"events": {"response.function_call_arguments.delta": entry}})
    assert info.value.pointer is not None and "response.function_call_arguments.delta" in info.value.pointer


def test_a_placeholder_must_be_an_integer_or_string_field(spec: dict[str, Any], ir: Schemas) -> None:
    entry = {"op": "extend", "at": "output[{logprobs}].content", "value": "logprobs"}
    with pytest.raises(SpecError, match="must be an integer or string field"):
        plan_events(ir, ROOT, {"events": {"response.output_text.delta": entry}})


def test_a_status_constant_must_be_allowed_by_the_schema(spec: dict[str, Any], ir: Schemas) -> None:
    entry = {"op": "set", "at": "output[{output_index}].content", "value": "=searching", "id": "item_id"}
    with pytest.raises(SpecError, match="reaches allows it"):
        plan_events(ir, ROOT, {"events": {"response.web_search_call.searching": entry}})


def test_a_union_without_a_map_gets_the_inferred_fold_and_without_inference_asks_for_x_merge(
    spec: dict[str, Any], ir: Schemas
) -> None:
    plan = plan_events(ir, "BetaResponseStreamEvent")
    assert plan.target == "BetaResponse" and all(r.source == "inferred" for r in plan.rules)
    assert plan.rule("response.output_text.delta") is not None
    with pytest.raises(SpecError, match="no merge map for event union 'BetaResponseStreamEvent'"):
        plan_events(ir, "BetaResponseStreamEvent", infer=False)


def test_explain_prints_the_plan_as_a_map_with_where_each_entry_came_from(spec: dict[str, Any], ir: Schemas) -> None:
    text = explain(plan_events(ir, ROOT))
    lines = text.splitlines()
    assert lines[0].startswith("# ResponseStreamEvent -> Response")
    assert "root: ResponseStreamEvent" in lines and "order: sequence_number" in lines
    delta = next(i for i, line in enumerate(lines) if line.startswith("  response.output_text.delta:  # inferred: "))
    assert '"op": "append"' in lines[delta + 1] and '"op": "extend"' in lines[delta + 2]  # text and logprobs
    assert any(line.startswith("  response.created:") and "# inferred:" in line for line in lines)
    assert any(
        line.startswith("  response.image_generation_call.partial_image:") and "# map: " in line for line in lines
    )


def test_the_specs_own_example_events_apply(spec: dict[str, Any], ir: Schemas) -> None:
    """Each member's ``x-oaiMeta.example`` (where it has one) applies without an error."""
    plan = plan_events(ir, ROOT)
    schemas = spec["components"]["schemas"]
    applied = 0
    for ref in schemas[ROOT]["anyOf"]:
        example = (schemas[ref["$ref"].rsplit("/", 1)[-1]].get("x-oaiMeta") or {}).get("example")
        if not isinstance(example, str):
            continue
        try:
            event = json.loads(example)
        except json.JSONDecodeError:
            continue
        fold = new_fold(plan)
        fold.add(event)
        assert {a.kind for a in fold.anomalies} <= {"missing_slot", "unknown_id"}, (event["type"], fold.anomalies)
        applied += 1
    assert applied >= 40


# -- the smaller families: speech, transcription, image generation and edit ---------------------------------


@pytest.mark.parametrize(
    "root",
    [
        "CreateSpeechResponseStreamEvent",
        "CreateTranscriptionResponseStreamEvent",
        "ImageGenStreamEvent",
        "ImageEditStreamEvent",
    ],
)
def test_the_smaller_families_are_mapped(spec: dict[str, Any], root: str, ir: Schemas, interp: Interpreter) -> None:
    assert root in [u.name for u in stream_unions(interp)]
    assert unmapped_events(ir, root) == []


def test_transcription_folds_text_logprobs_and_segments(spec: dict[str, Any], ir: Schemas) -> None:
    fold = new_fold(plan_events(ir, "CreateTranscriptionResponseStreamEvent"))
    fold.add({"type": "transcript.text.delta", "delta": "Hel", "logprobs": [{"token": "Hel"}]})
    fold.add({"type": "transcript.text.segment", "id": "s1", "start": 0.0, "end": 1.0, "text": "Hello", "speaker": "A"})
    fold.add({"type": "transcript.text.delta", "delta": "lo", "logprobs": [{"token": "lo"}]})
    early = fold.snapshot()
    assert early == {"text": "Hello", "logprobs": [{"token": "Hel"}, {"token": "lo"}]}
    usage = {"type": "tokens", "input_tokens": 3, "output_tokens": 2, "total_tokens": 5}
    fold.add({"type": "transcript.text.done", "text": "Hello", "logprobs": early["logprobs"], "usage": usage})
    assert fold.snapshot()["usage"] == usage and fold.snapshot()["text"] == "Hello"
    assert fold.channels["text_segment"][0]["speaker"] == "A" and fold.anomalies == []
    assert fold.terminal == "transcript.text.done"


def test_speech_audio_is_a_side_channel_and_done_is_the_result(spec: dict[str, Any], ir: Schemas) -> None:
    fold = new_fold(plan_events(ir, "CreateSpeechResponseStreamEvent"))
    fold.add({"type": "speech.audio.delta", "audio": "AAA"})
    fold.add({"type": "speech.audio.delta", "audio": "BBB"})
    fold.add({"type": "speech.audio.done", "usage": {"input_tokens": 1, "output_tokens": 2, "total_tokens": 3}})
    assert fold.channels == {"audio": ["AAA", "BBB"]} and fold.snapshot()["usage"]["total_tokens"] == 3


@pytest.mark.parametrize(
    ("root", "prefix"), [("ImageGenStreamEvent", "image_generation"), ("ImageEditStreamEvent", "image_edit")]
)
def test_partial_images_replace_each_other_and_completed_is_final(
    spec: dict[str, Any], root: str, prefix: str, ir: Schemas
) -> None:
    fold = new_fold(plan_events(ir, root))
    for n in range(3):
        fold.add({"type": f"{prefix}.partial_image", "b64_json": f"p{n}", "partial_image_index": n})
    assert fold.channels == {"partial_image": "p2"}
    fold.add({"type": f"{prefix}.completed", "b64_json": "final", "size": "1024x1024"})
    assert fold.snapshot()["b64_json"] == "final" and fold.terminal == f"{prefix}.completed"


def test_order_must_be_an_integer_field_of_every_member(spec: dict[str, Any], ir: Schemas) -> None:
    with pytest.raises(SpecError, match=r"order 'item_id' is not an integer field of ResponseAudioDeltaEvent"):
        plan_events(ir, ROOT, {"order": "item_id"})
    assert plan_events(ir, ROOT, {"order": None}).order is None
