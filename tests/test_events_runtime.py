"""The event-fold runtime (generator/runtime/events.py), on small synthetic streams and on the
recorded Responses streams.

Synthetic tests build their fold from a small spec and map written here (the Responses shapes,
reduced), four ways: through ``event_fold.new_fold`` (the calls the generated handlers make, built
from the plan), and through the accumulator generated from that spec in each of the three styles
(the map as ``x-merge`` on the union). One test per behaviour of issue #11 point 4, and per
openai-python failure it names (marked ``openai-python``).
"""

from __future__ import annotations

import copy
import inspect
import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import NEWEST_SPEC, RESPONSES, STYLES, generate_modules, read_ir, recorded_chunks
from event_fold import new_fold
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.event_plan import plan_events
from generator.runtime.anomalies import StreamMergeError
from generator.runtime.event_slots import _Fragments, _Slots
from generator.runtime.events import _EventFold

# -- a small spec of the Responses shapes ------------------------------------------------------------

S: dict[str, Any] = {"type": "string"}
I: dict[str, Any] = {"type": "integer"}


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{name}"}


def _obj(**props: Any) -> dict[str, Any]:
    return {"type": "object", "properties": props}


def _array(items: Any) -> dict[str, Any]:
    return {"type": "array", "items": items}


_ADDR = {"output_index": I, "item_id": S}
_MEMBERS: dict[str, dict[str, Any]] = {
    "response.created": {"response": _ref("Response")},
    "response.queued": {"response": _ref("Response")},
    "response.in_progress": {"response": _ref("Response")},
    "response.completed": {"response": _ref("Response")},
    "response.incomplete": {"response": _ref("Response")},
    "response.failed": {"response": _ref("Response")},
    "error": {"message": S, "code": S},
    "response.output_item.added": {"item": _ref("OutputItem"), "output_index": I},
    "response.output_item.done": {"item": _ref("OutputItem"), "output_index": I},
    "response.content_part.added": {**_ADDR, "content_index": I, "part": _ref("Part")},
    "response.content_part.done": {**_ADDR, "content_index": I, "part": _ref("Part")},
    "response.output_text.delta": {**_ADDR, "content_index": I, "delta": S, "logprobs": _array(_obj(token=S))},
    "response.output_text.done": {**_ADDR, "content_index": I, "text": S},
    "response.refusal.delta": {**_ADDR, "content_index": I, "delta": S},
    "response.reasoning_summary_text.delta": {**_ADDR, "summary_index": I, "delta": S},
    "response.function_call_arguments.delta": {**_ADDR, "delta": S},
    "response.function_call_arguments.done": {**_ADDR, "arguments": S},
    "response.web_search_call.searching": dict(_ADDR),
    "response.audio.delta": {"delta": S},
    "response.image_generation_call.partial_image": {**_ADDR, "partial_image_b64": S, "partial_image_index": I},
    "response.mcp_list_tools.in_progress": dict(_ADDR),
}


def _member_name(tag: str) -> str:
    return "E_" + tag.replace(".", "_")


SPEC: dict[str, Any] = {
    "openapi": "3.1.0",
    "components": {
        "schemas": {
            "Events": {"anyOf": [_ref(_member_name(t)) for t in _MEMBERS], "discriminator": {"propertyName": "type"}},
            **{
                _member_name(t): _obj(type={"type": "string", "enum": [t]}, sequence_number=I, **p)
                for t, p in _MEMBERS.items()
            },
            "Response": _obj(id=S, status=S, output=_array(_ref("OutputItem")), usage=_obj(total_tokens=I)),
            "OutputItem": {"anyOf": [_ref("Message"), _ref("FunctionCall"), _ref("Reasoning"), _ref("WebSearchCall")]},
            "Message": _obj(type=S, id=S, status=S, content=_array(_ref("Part"))),
            "Part": {
                "anyOf": [
                    _obj(type=S, text=S, annotations=_array(_obj(type=S)), logprobs=_array(_obj(token=S))),
                    _obj(type=S, refusal=S),
                ]
            },
            "FunctionCall": _obj(type=S, id=S, status=S, arguments=S, name=S, call_id=S),
            "Reasoning": _obj(type=S, id=S, summary=_array(_obj(type=S, text=S)), encrypted_content=S),
            "WebSearchCall": _obj(
                type=S, id=S, status={"type": "string", "enum": ["in_progress", "searching", "completed"]}
            ),
        }
    },
}

_OI, _CI = "output[{output_index}]", "output[{output_index}].content[{content_index}]"
MAP: dict[str, Any] = {
    "family": "test",
    "target": "Response",
    "tag": "type",
    "order": "sequence_number",
    "events": {
        "response.created": {"op": "init"},
        "response.queued": {"op": "refresh"},
        "response.in_progress": {"op": "refresh"},
        "response.completed": {"op": "finalize"},
        "response.incomplete": {"op": "finalize"},
        "response.failed": {"op": "finalize"},
        "error": {"op": "error"},
        "response.output_item.added": {"op": "create"},
        "response.output_item.done": {"op": "replace"},
        "response.content_part.added": {"op": "create", "at": _CI, "value": "part", "id": "item_id"},
        "response.content_part.done": {"op": "replace", "at": _CI, "value": "part", "id": "item_id"},
        "response.output_text.delta": [
            {"op": "append", "at": _CI + ".text", "value": "delta", "id": "item_id", "new": {"type": "output_text"}},
            {"op": "extend", "at": _CI + ".logprobs", "value": "logprobs", "id": "item_id"},
        ],
        "response.output_text.done": {
            "op": "replace",
            "at": _CI + ".text",
            "value": "text",
            "id": "item_id",
            "check": "fold",
        },
        "response.refusal.delta": {"op": "append", "at": _CI + ".refusal", "value": "delta", "id": "item_id"},
        "response.reasoning_summary_text.delta": {
            "op": "append",
            "at": _OI + ".summary[{summary_index}].text",
            "value": "delta",
            "id": "item_id",
        },
        "response.function_call_arguments.delta": {
            "op": "append",
            "at": _OI + ".arguments",
            "value": "delta",
            "id": "item_id",
        },
        "response.function_call_arguments.done": {
            "op": "replace",
            "at": _OI + ".arguments",
            "value": "arguments",
            "id": "item_id",
            "check": "fold",
        },
        "response.web_search_call.searching": {
            "op": "set",
            "at": _OI + ".status",
            "value": "=searching",
            "id": "item_id",
        },
        "response.audio.delta": {"op": "side", "channel": "audio", "value": "delta"},
        "response.image_generation_call.partial_image": {
            "op": "side",
            "channel": "partial_image",
            "value": "partial_image_b64",
            "key": "output_index",
            "keep": "last",
        },
        "response.mcp_list_tools.in_progress": {"op": "ignore"},
    },
}

PLAN = plan_events(read_ir(SPEC, "Events"), "Events", MAP)


FOLDERS = ("plan", *STYLES)
_folder: dict[str, Any] = {"make": lambda strict: new_fold(PLAN, strict=strict)}


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The accumulators generated from SPEC with MAP as the union's ``x-merge``, per style."""
    spec = copy.deepcopy(SPEC)
    spec["components"]["schemas"]["Events"]["x-merge"] = MAP
    path = tmp_path_factory.mktemp("events_runtime") / "events.yaml"
    path.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    return generate_modules(path, path.parent / "out", schemas=("Events",))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Tests that never call ``fold`` (recorded streams, ``new_fold`` directly) run once."""
    source = inspect.getsource(metafunc.function).replace("new_fold(", "")
    uses_fold = "fold(" in source.split(":", 1)[1]
    metafunc.parametrize("folder", FOLDERS if uses_fold else ["plan"], indirect=True)


@pytest.fixture(autouse=True)
def folder(request: pytest.FixtureRequest, generated: dict[str, Any]) -> Iterator[str]:
    """Every test of ``fold`` runs on the plan's fold and on each style's generated one."""
    param = getattr(request, "param", "plan")
    if param == "plan":
        _folder["make"] = lambda strict: new_fold(PLAN, strict=strict)
    else:
        module = generated[param]
        _folder["make"] = lambda strict: module.EventsAccumulator(strict=strict)._fold
    yield param
    _folder["make"] = lambda strict: new_fold(PLAN, strict=strict)


def fold(events: list[dict[str, Any]], strict: bool = False, numbered: bool = True) -> _EventFold:
    """Fold ``events`` (numbered 1, 2, ... unless they carry ``sequence_number``)."""
    f: _EventFold = _folder["make"](strict)
    for n, event in enumerate(events, 1):
        f.add({"sequence_number": n, **event} if numbered else event)
    return f


def kinds(f: _EventFold) -> list[str]:
    return [a.kind for a in f.anomalies]


RESP = {"id": "resp_1", "status": "in_progress", "output": []}


def created() -> dict[str, Any]:
    return {"type": "response.created", "response": dict(RESP)}


def msg_added(oi: int = 0, mid: str = "msg_1") -> dict[str, Any]:
    item = {"type": "message", "id": mid, "status": "in_progress", "content": []}
    return {"type": "response.output_item.added", "output_index": oi, "item": item}


def part_added(oi: int = 0, ci: int = 0, mid: str = "msg_1") -> dict[str, Any]:
    part = {"type": "output_text", "text": "", "annotations": []}
    return {
        "type": "response.content_part.added",
        "output_index": oi,
        "content_index": ci,
        "item_id": mid,
        "part": part,
    }


def text_delta(delta: str, oi: int = 0, ci: int = 0, mid: str = "msg_1", **extra: Any) -> dict[str, Any]:
    return {
        "type": "response.output_text.delta",
        "output_index": oi,
        "content_index": ci,
        "item_id": mid,
        "delta": delta,
        **extra,
    }


def fc_added(oi: int, fid: str) -> dict[str, Any]:
    item = {"type": "function_call", "id": fid, "status": "in_progress", "arguments": "", "name": "f", "call_id": "c"}
    return {"type": "response.output_item.added", "output_index": oi, "item": item}


def args_delta(delta: str, oi: int, fid: str) -> dict[str, Any]:
    return {"type": "response.function_call_arguments.delta", "output_index": oi, "item_id": fid, "delta": delta}


def text_of(f: _EventFold, oi: int = 0, ci: int = 0) -> Any:
    return f.snapshot()["output"][oi]["content"][ci]["text"]


# -- keyed slots and text ------------------------------------------------------------------------------


def test_text_is_gathered_in_a_list_and_joined_at_snapshot() -> None:
    f = fold([created(), msg_added(), part_added(), text_delta("Hel"), text_delta("lo")])
    raw = f.response["output"][0]["content"][0]["text"]
    # (by name: a generated module has its own copy of the runtime's classes)
    assert type(f.response["output"]).__name__ == _Slots.__name__ and type(raw).__name__ == _Fragments.__name__
    assert list(raw) == ["Hel", "lo"]
    assert text_of(f) == "Hello"
    assert f.anomalies == []


def test_keyed_slots_are_sparse_and_out_of_order_safe() -> None:
    f = fold(
        [
            created(),
            fc_added(2, "fc_2"),
            msg_added(0),
            part_added(0, 1),
            text_delta("b", 0, 1),
            part_added(0, 0),
            text_delta("a"),
        ]
    )
    out = f.snapshot()["output"]
    assert [item["id"] for item in out] == ["msg_1", "fc_2"]  # sorted by key; no hole filled in
    assert [p["text"] for p in out[0]["content"]] == ["a", "b"]


def test_numbers_are_never_summed() -> None:
    done = {"type": "response.completed", "response": {**RESP, "status": "completed", "usage": {"total_tokens": 7}}}
    f = fold([created(), {"type": "response.in_progress", "response": {**RESP, "usage": {"total_tokens": 3}}}, done])
    assert f.snapshot()["usage"] == {"total_tokens": 7}


def test_snapshot_is_a_copy() -> None:
    f = fold([created(), msg_added(), part_added(), text_delta("a")])
    f.snapshot()["output"][0]["content"][0]["text"] = "changed"
    assert text_of(f) == "a"


def test_the_callers_events_are_not_changed() -> None:
    added = msg_added()
    f = fold([created(), added, part_added(), text_delta("a")])
    assert added["item"]["content"] == [] and text_of(f) == "a"


# -- lifecycle -------------------------------------------------------------------------------------------


def test_resumed_stream_starts_at_queued_or_in_progress() -> None:
    """openai-python raises on a stream without response.created (GET ...?stream=true&starting_after=N)."""
    for first in ("response.queued", "response.in_progress"):
        f = fold([{"type": first, "response": dict(RESP)}, msg_added(), part_added(), text_delta("hi")])
        assert f.snapshot()["id"] == "resp_1" and text_of(f) == "hi" and f.anomalies == []


def test_refresh_keeps_the_folded_output() -> None:
    f = fold(
        [
            created(),
            msg_added(),
            part_added(),
            text_delta("hi"),
            {"type": "response.in_progress", "response": {**RESP, "status": "x"}},
        ]
    )
    assert f.snapshot()["status"] == "x" and text_of(f) == "hi"


@pytest.mark.parametrize("terminal", ["response.completed", "response.incomplete", "response.failed"])
def test_every_terminal_event_gives_the_final_response(terminal: str) -> None:
    """openai-python gives no final response after response.incomplete or response.failed."""
    final = {"id": "resp_1", "status": terminal.split(".")[1], "output": None}
    f = fold([created(), msg_added(), part_added(), text_delta("partial"), {"type": terminal, "response": final}])
    snap = f.snapshot()
    assert snap["status"] == final["status"] and snap["output"][0]["content"][0]["text"] == "partial"
    assert f.terminal == terminal and f.anomalies == []


def test_final_output_absent_is_filled_from_the_fold() -> None:
    f = fold(
        [
            created(),
            msg_added(),
            part_added(),
            text_delta("x"),
            {"type": "response.completed", "response": {"id": "resp_1"}},
        ]
    )
    assert text_of(f) == "x" and f.anomalies == []


def test_final_empty_output_never_erases_the_fold() -> None:
    f = fold(
        [
            created(),
            msg_added(),
            part_added(),
            text_delta("x"),
            {"type": "response.completed", "response": {**RESP, "output": []}},
        ]
    )
    assert text_of(f) == "x" and kinds(f) == ["emptied"]


def test_final_output_is_authoritative() -> None:
    item = {
        "type": "message",
        "id": "msg_1",
        "status": "completed",
        "content": [{"type": "output_text", "text": "server"}],
    }
    f = fold(
        [
            created(),
            msg_added(),
            part_added(),
            text_delta("fold"),
            {"type": "response.completed", "response": {**RESP, "output": [item]}},
        ]
    )
    assert f.snapshot()["output"] == [item]


def test_error_event_is_kept_and_changes_nothing() -> None:
    err = {"type": "error", "message": "quota", "code": "insufficient_quota"}
    f = fold([created(), err])
    assert f.error is not None and f.error["code"] == "insufficient_quota"
    assert f.snapshot() == RESP and f.anomalies == []


def test_events_after_the_terminal_one_are_reported() -> None:
    f = fold([created(), {"type": "response.completed", "response": RESP}, msg_added()])
    assert kinds(f) == ["after_terminal"] and len(f.snapshot()["output"]) == 1


# -- items, parts, done values -----------------------------------------------------------------------------


def test_output_item_done_replaces_the_item() -> None:
    """openai-python never applies output_item.done: items stay in_progress."""
    done_item = {
        "type": "message",
        "id": "msg_1",
        "status": "completed",
        "content": [{"type": "output_text", "text": "hi"}],
    }
    f = fold(
        [
            created(),
            msg_added(),
            part_added(),
            text_delta("hi"),
            {"type": "response.output_item.done", "output_index": 0, "item": done_item},
        ]
    )
    assert f.snapshot()["output"][0] == done_item and f.anomalies == []


def test_done_value_differing_from_the_fold_is_reported_and_the_servers_kept() -> None:
    done = {
        "type": "response.output_text.done",
        "output_index": 0,
        "content_index": 0,
        "item_id": "msg_1",
        "text": "Hello!",
    }
    f = fold([created(), msg_added(), part_added(), text_delta("Hello"), done])
    assert text_of(f) == "Hello!" and kinds(f) == ["done_differs"]
    assert f.anomalies[0].kept == "Hello!" and f.anomalies[0].dropped == "Hello"


def test_done_value_equal_to_the_fold_is_silent() -> None:
    done = {
        "type": "response.output_text.done",
        "output_index": 0,
        "content_index": 0,
        "item_id": "msg_1",
        "text": "Hello",
    }
    assert fold([created(), msg_added(), part_added(), text_delta("Hel"), text_delta("lo"), done]).anomalies == []


def test_empty_done_list_keeps_the_folded_logprobs() -> None:
    """content_part.done can send logprobs: [] while the deltas carried them (recordings)."""
    lp = [{"token": "a"}]
    part = {"type": "output_text", "text": "a", "annotations": [], "logprobs": []}
    done = {
        "type": "response.content_part.done",
        "output_index": 0,
        "content_index": 0,
        "item_id": "msg_1",
        "part": part,
    }
    f = fold([created(), msg_added(), part_added(), text_delta("a", logprobs=lp), done])
    assert f.snapshot()["output"][0]["content"][0]["logprobs"] == lp and kinds(f) == ["emptied"]


def test_logprobs_extend() -> None:
    """openai-python drops logprob deltas."""
    f = fold(
        [
            created(),
            msg_added(),
            part_added(),
            text_delta("a", logprobs=[{"token": "a"}]),
            text_delta("b", logprobs=[{"token": "b"}]),
        ]
    )
    assert f.snapshot()["output"][0]["content"][0]["logprobs"] == [{"token": "a"}, {"token": "b"}]


def test_refusal_and_reasoning_summary_accumulate() -> None:
    """openai-python drops refusal and reasoning-summary deltas."""
    reasoning = {
        "type": "response.output_item.added",
        "output_index": 1,
        "item": {"type": "reasoning", "id": "rs_1", "summary": []},
    }
    refusal = {"type": "response.refusal.delta", "output_index": 0, "content_index": 0, "item_id": "msg_1"}
    summary = {
        "type": "response.reasoning_summary_text.delta",
        "output_index": 1,
        "summary_index": 0,
        "item_id": "rs_1",
    }
    f = fold(
        [
            created(),
            msg_added(),
            reasoning,
            {**refusal, "delta": "I can"},
            {**refusal, "delta": "not"},
            {**summary, "delta": "Think"},
            {**summary, "delta": "ing"},
        ]
    )
    out = f.snapshot()["output"]
    assert out[0]["content"][0]["refusal"] == "I cannot" and out[1]["summary"][0]["text"] == "Thinking"


def test_status_only_the_event_name_carries_is_set() -> None:
    ws = {
        "type": "response.output_item.added",
        "output_index": 0,
        "item": {"type": "web_search_call", "id": "ws_1", "status": "in_progress"},
    }
    f = fold([created(), ws, {"type": "response.web_search_call.searching", "output_index": 0, "item_id": "ws_1"}])
    assert f.snapshot()["output"][0]["status"] == "searching"


def test_opaque_fields_take_the_last_value() -> None:
    added = {
        "type": "response.output_item.added",
        "output_index": 0,
        "item": {"type": "reasoning", "id": "rs_1", "encrypted_content": "A"},
    }
    done = {
        "type": "response.output_item.done",
        "output_index": 0,
        "item": {"type": "reasoning", "id": "rs_1", "encrypted_content": "B"},
    }
    assert fold([created(), added, done]).snapshot()["output"][0]["encrypted_content"] == "B"


# -- addressing and identity -------------------------------------------------------------------------------


def test_delta_before_its_content_part_creates_the_slot() -> None:
    """openai-python#2852: IndexError on a delta that arrives before its content part."""
    f = fold([created(), msg_added(), text_delta("He"), part_added(), text_delta("y")])
    assert f.snapshot()["output"][0]["content"][0] == {"type": "output_text", "text": "Hey", "annotations": []}
    assert kinds(f) == ["missing_slot"]


def test_delta_before_its_item_creates_the_item_with_its_id() -> None:
    f = fold([created(), args_delta('{"a"', 0, "fc_1"), fc_added(0, "fc_1"), args_delta(": 1}", 0, "fc_1")])
    item = f.snapshot()["output"][0]
    assert item["arguments"] == '{"a": 1}' and item["id"] == "fc_1" and item["name"] == "f"
    assert kinds(f) == ["missing_slot"]


def test_item_id_naming_another_known_item_is_reported_and_routed_by_id() -> None:
    """openai-python sends the delta to the wrong item when item_id and output_index disagree."""
    f = fold([created(), fc_added(0, "fc_a"), fc_added(1, "fc_b"), args_delta("x", 0, "fc_b")])
    out = f.snapshot()["output"]
    assert out[0]["arguments"] == "" and out[1]["arguments"] == "x" and kinds(f) == ["id_mismatch"]


def test_item_id_mismatch_raises_under_strict() -> None:
    with pytest.raises(ValueError) as info:  # StreamMergeError: the runtime's or a generated module's
        fold([created(), fc_added(0, "fc_a"), fc_added(1, "fc_b"), args_delta("x", 0, "fc_b")], strict=True)
    assert type(info.value).__name__ == StreamMergeError.__name__
    assert info.value.anomaly.kind == "id_mismatch" and info.value.anomaly.chunk == 3  # type: ignore[attr-defined]


def test_item_id_naming_no_known_item_follows_output_index() -> None:
    """Some servers rotate item ids on every event."""
    f = fold([created(), fc_added(0, "fc_a"), args_delta("x", 0, "fc_rotated"), args_delta("y", 0, "fc_again")])
    assert f.snapshot()["output"][0]["arguments"] == "xy" and kinds(f) == ["unknown_id", "unknown_id"]


def test_missing_address_drops_the_event() -> None:
    f = fold([created(), msg_added(), {"type": "response.output_text.delta", "item_id": "msg_1", "delta": "x"}])
    assert kinds(f) == ["missing_key", "missing_key"] and f.snapshot()["output"][0]["content"] == []
    assert "routed by item_id" in f.anomalies[0].message and "dropped" in f.anomalies[1].message


# -- ordering ---------------------------------------------------------------------------------------------------


def test_a_repeated_sequence_number_is_applied_once() -> None:
    """openai-python doubles a delta delivered twice."""
    events = [created(), msg_added(), part_added(), text_delta("a"), text_delta("b")]
    numbered = [{"sequence_number": n, **e} for n, e in enumerate(events)]
    f = fold([*numbered, numbered[3]], numbered=False)
    assert text_of(f) == "ab" and kinds(f) == ["duplicate"]


def test_gaps_and_out_of_order_are_reported_and_applied() -> None:
    events = [created(), msg_added(), part_added(), text_delta("a"), text_delta("b")]
    numbered = [{"sequence_number": n, **e} for n, e in zip([0, 1, 2, 5, 4], events)]
    f = fold(numbered, numbered=False)
    assert text_of(f) == "ab" and kinds(f) == ["gap", "out_of_order"]


def test_events_without_sequence_numbers_are_fine() -> None:
    f = fold([created(), msg_added(), part_added(), text_delta("a"), text_delta("a")], numbered=False)
    assert text_of(f) == "aa" and f.anomalies == []


# -- side channels, unknown events, ignored ---------------------------------------------------------------------


def test_side_channels() -> None:
    pi = {
        "type": "response.image_generation_call.partial_image",
        "output_index": 0,
        "item_id": "ig",
        "partial_image_index": 0,
    }
    f = fold(
        [
            created(),
            {"type": "response.audio.delta", "delta": "AA"},
            {"type": "response.audio.delta", "delta": "BB"},
            {**pi, "partial_image_b64": "p0"},
            {**pi, "partial_image_b64": "p1"},
        ]
    )
    assert f.channels == {"audio": ["AA", "BB"], "partial_image": {0: "p1"}}
    assert f.snapshot() == RESP


@pytest.mark.parametrize("first_keyed", [True, False])
def test_a_side_channel_keeps_the_form_of_its_first_value(first_keyed: bool) -> None:
    """A partial image without ``output_index`` and one with it, in either order: the
    channel keeps the form of its first value, the other is reported, never merged into it
    (found by ``test_any_event_sequence_folds_without_raising``: a keyed value was set into
    the keyless channel's value)."""
    pi = {"type": "response.image_generation_call.partial_image", "partial_image_b64": {"p": 0}}
    events = [{**pi, "output_index": 0}, {**pi, "partial_image_b64": "p1"}]
    f = fold([created(), *(events if first_keyed else events[::-1])])
    assert f.channels == {"partial_image": {0: {"p": 0}}} if first_keyed else {"partial_image": "p1"}
    assert [(a.kind, a.dropped) for a in f.anomalies] == [("mixed_fragments", "p1" if first_keyed else {"p": 0})]


def test_unknown_event_types_are_kept_reported_and_never_fail() -> None:
    new = {"type": "response.apply_patch_call_operation_diff.delta", "output_index": 0, "delta": "+"}
    f = fold([created(), new, {"no": "tag"}])
    assert [e["type"] for e in f.unknown_events[:1]] == ["response.apply_patch_call_operation_diff.delta"]
    assert len(f.unknown_events) == 2 and kinds(f) == ["unknown_event", "no_tag"] and f.snapshot() == RESP


def test_unknown_event_raises_under_strict() -> None:
    with pytest.raises(ValueError, match="not in the map") as info:
        fold([created(), {"type": "response.new_thing"}], strict=True)
    assert type(info.value).__name__ == StreamMergeError.__name__


def test_ignored_events_do_nothing() -> None:
    f = fold([created(), {"type": "response.mcp_list_tools.in_progress", "output_index": 0, "item_id": "x"}])
    assert f.snapshot() == RESP and f.anomalies == [] and f.unknown_events == []


# -- what add() accepts ---------------------------------------------------------------------------------------------


class _Dumps:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def model_dump(self, **_: Any) -> dict[str, Any]:
        return self.data


class _ToDict(_Dumps):
    model_dump = None  # type: ignore[assignment]

    def to_dict(self) -> dict[str, Any]:
        return self.data


def test_add_takes_dicts_json_text_bytes_and_model_objects() -> None:
    f = new_fold(PLAN)
    f.add(json.dumps(created()))
    f.add(json.dumps(msg_added()).encode())
    f.add(_Dumps(part_added()))
    f.add(_ToDict(text_delta("ok")))
    assert text_of(f) == "ok" and f.anomalies == []


def test_bad_input_is_reported_not_raised() -> None:
    f = new_fold(PLAN)
    f.add("{not json")
    f.add([1, 2])
    assert kinds(f) == ["invalid_json", "not_object"] and [a.chunk for a in f.anomalies] == [0, 1]


# -- a snapshot at any moment ------------------------------------------------------------------------------------------


def test_snapshot_before_the_end_is_the_best_fold_so_far() -> None:
    """Users who stop reading early get every item's text and arguments so far, statuses as left."""
    f = fold(
        [created(), msg_added(), part_added(), text_delta("par"), fc_added(1, "fc_1"), args_delta('{"q":', 1, "fc_1")]
    )
    out = f.snapshot()["output"]
    assert (
        out[0]["content"][0]["text"] == "par" and out[1]["arguments"] == '{"q":' and out[1]["status"] == "in_progress"
    )


# -- splitting text never changes the result ------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(max_size=12), min_size=1, max_size=8), st.data())
def test_splitting_text_deltas_gives_the_same_snapshot(pieces: list[str], data: st.DataObject) -> None:
    base = [created(), msg_added(), part_added(), fc_added(1, "fc_1")]
    coarse = base + [text_delta(p) for p in pieces] + [args_delta(p, 1, "fc_1") for p in pieces]
    fine_text = []
    for piece in pieces:
        cuts = sorted(data.draw(st.lists(st.integers(0, len(piece)), max_size=3)))
        bounds = [0, *cuts, len(piece)]
        fine_text += [piece[a:b] for a, b in itertools.pairwise(bounds)]
    fine = base + [text_delta(p) for p in fine_text] + [args_delta(p, 1, "fc_1") for p in fine_text]
    assert fold(fine).snapshot() == fold(coarse).snapshot()


# -- the recorded streams (tests/data/streams/responses; the plan from the newest spec: shared) -------------------------

TERMINAL = ("response.completed", "response.incomplete", "response.failed")


def _without_encrypted(value: Any) -> Any:
    """The server re-encrypts ``encrypted_content`` between output_item.done and the end."""
    if isinstance(value, dict):
        return {k: _without_encrypted(v) for k, v in value.items() if k != "encrypted_content"}
    if isinstance(value, list):
        return [_without_encrypted(v) for v in value]
    return value


@pytest.fixture(scope="module")
def newest_plan() -> Any:
    spec = yaml.load(NEWEST_SPEC.read_bytes(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return plan_events(read_ir(spec, "ResponseStreamEvent"), "ResponseStreamEvent")


@pytest.mark.shared
@pytest.mark.parametrize("path", RESPONSES, ids=lambda p: p.name[:12])
def test_recorded_stream_folds_to_its_terminal_response(path: Path, newest_plan: Any) -> None:
    events = recorded_chunks(path)
    terminal = [e for e in events if e["type"] in TERMINAL]
    assert terminal, "every recording ends in a terminal event"
    f = new_fold(newest_plan)
    for event in events:
        f.add(event)
    assert _without_encrypted(f.snapshot()) == _without_encrypted(terminal[-1]["response"])
    # the fold alone, without the terminal event, already has the final output
    g = new_fold(newest_plan)
    for event in events[: events.index(terminal[-1])]:
        g.add(event)
    assert _without_encrypted(g.snapshot()["output"]) == _without_encrypted(terminal[-1]["response"]["output"])
    # and the final output being null would change nothing
    g.add({**terminal[-1], "response": {**terminal[-1]["response"], "output": None}})
    assert _without_encrypted(g.snapshot()) == _without_encrypted(terminal[-1]["response"])


@pytest.mark.shared
@pytest.mark.parametrize("path", RESPONSES, ids=lambda p: p.name[:12])
def test_recorded_stream_stopped_early_has_everything_so_far(path: Path, newest_plan: Any) -> None:
    """At every cut, each item's text/arguments/code/summary is a prefix of its final value."""
    events = recorded_chunks(path)
    final = next(e for e in reversed(events) if e["type"] in TERMINAL)["response"]["output"]
    fields = ("text", "arguments", "code", "input", "refusal")

    def texts(output: list[Any]) -> dict[tuple[Any, ...], str]:
        found = {}
        for i, item in enumerate(output):
            for name in fields:
                if isinstance(item.get(name), str):
                    found[(i, name)] = item[name]
            for group in ("content", "summary"):
                for j, part in enumerate(item.get(group) or []):
                    for name in fields:
                        if isinstance(part, dict) and isinstance(part.get(name), str):
                            found[(i, group, j, name)] = part[name]
        return found

    want = texts(final)
    whole = new_fold(newest_plan)
    for event in events:
        whole.add(event)
    corrected = {a.path for a in whole.anomalies if a.kind == "done_differs"}  # recording 07
    f = new_fold(newest_plan)
    for n, event in enumerate(events):
        if event["type"] in TERMINAL:
            break
        f.add(event)
        if n % 7 == 0 or event["type"].endswith(".delta"):
            for where, text in texts(f.snapshot().get("output") or []).items():
                path = f"output[{where[0]}]" + "".join(f".{w}" if isinstance(w, str) else f"[{w}]" for w in where[1:])
                if where in want and path not in corrected:
                    assert want[where].startswith(text), (n, where)


@pytest.mark.shared
def test_apply_patch_stream_keeps_its_unknown_event_types(newest_plan: Any) -> None:
    path = next(p for p in RESPONSES if "apply-patch" in p.name)
    f = new_fold(newest_plan)
    for event in recorded_chunks(path):
        f.add(event)
    types = {e["type"] for e in f.unknown_events}
    assert types == {"response.apply_patch_call_operation_diff.delta", "response.apply_patch_call_operation_diff.done"}
    assert {a.kind for a in f.anomalies} == {"unknown_event"}
    assert f.snapshot()["status"] == "completed"


@pytest.mark.shared
def test_error_stream_keeps_the_error_and_the_failed_response(newest_plan: Any) -> None:
    path = next(p for p in RESPONSES if "error" in p.name)
    f = new_fold(newest_plan)
    for event in recorded_chunks(path):
        f.add(event)
    assert f.error is not None and f.error["error"]["code"] == "insufficient_quota"
    assert f.terminal == "response.failed" and f.snapshot()["status"] == "failed"


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 3) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["id", "text", "content", "type"]), inner, max_size=3),
    max_leaves=8,
)
_fields = st.sampled_from(
    [
        "output_index",
        "content_index",
        "summary_index",
        "item_id",
        "delta",
        "text",
        "item",
        "part",
        "response",
        "logprobs",
        "sequence_number",
    ]
)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.dictionaries(_fields, _json, max_size=6).flatmap(
            lambda d: st.sampled_from(list(_MEMBERS) + ["x.y"]).map(lambda t: {**d, "type": t})
        ),
        max_size=12,
    )
)
@pytest.mark.slow
def test_any_event_sequence_folds_without_raising(events: list[dict[str, Any]]) -> None:
    """Whatever a server sends, a non-strict fold reports and goes on; its snapshot is JSON."""
    f = fold(events, numbered=False)
    json.dumps(f.snapshot())


@pytest.mark.parametrize("address", [[0], {"i": 0}, 1.5, True])
def test_an_address_that_is_not_an_integer_or_string_is_reported_not_a_crash(address: Any) -> None:
    """Found by the any-sequence property test: a list as ``output_index`` raised TypeError."""
    f = fold([created(), {**msg_added(), "output_index": address}])
    assert "missing_key" in kinds(f) and f.snapshot()["output"] == []
