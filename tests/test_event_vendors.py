"""Anthropic Messages and Cohere v2 chat streams, from the vendors' own published specs with
the shipped maps (``generator/maps/anthropic-messages.yaml``, ``cohere-chat.yaml``) and no
option: every style's generated accumulator folds each real recording (tests/data/streams/
anthropic, cohere: sources in their MANIFEST.json) into the vendor's result, and the styles
agree on the snapshot and the anomalies.

The Anthropic results are anthropic-sdk-python's own (``accumulate_event``, see
tests/data/streams/anthropic/expected.py), with one difference pinned here: a ``message_delta``
field that is null or absent keeps what the message held (the SDK assigns ``stop_details`` from
the delta, so its result has ``"stop_details": null`` where the server never sent one). Cohere
has no SDK accumulator: its results follow the documented semantics (expected.py there).
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import DATA, SPECS, STYLES, generate_modules, read_ir, recorded_chunks
from event_fold import new_fold

from generator.event_plan import plan_events
from generator.event_vocabulary import EventPlan
from generator.load import load_document
from generator.map_files import read_map_files

pytestmark = pytest.mark.shared

VENDORS = {
    "anthropic": ("anthropic/openapi.json", "MessageStreamEvent", "MessageStreamEventAccumulator"),
    "cohere": ("cohere/openapi.yaml", "StreamedChatResponseV2", "StreamedChatResponseV2Accumulator"),
}
STREAMS = [
    pytest.param(vendor, path)
    for vendor in VENDORS
    for path in sorted((DATA / "streams" / vendor).iterdir())
    if path.suffix in (".sse", ".jsonl")
]


def expected(path: Path) -> Any:
    return json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))


def sdk_nulls_dropped(vendor: str, value: dict[str, Any], ours: dict[str, Any]) -> dict[str, Any]:
    """The SDK's result without the nulls it assigned where the stream sent nothing (see the
    module docstring)."""
    if vendor != "anthropic":
        return value
    return {k: v for k, v in value.items() if v is not None or k in ours}


@pytest.fixture(scope="module")
def modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, ModuleType]]:
    return {
        vendor: generate_modules(SPECS / spec, tmp_path_factory.mktemp(vendor), schemas=(root,), module=vendor)
        for vendor, (spec, root, _) in VENDORS.items()
    }


@pytest.fixture(scope="module")
def plans() -> dict[str, EventPlan]:
    found = {}
    for vendor, (spec, root, _) in VENDORS.items():
        found[vendor] = plan_events(read_ir(load_document(SPECS / spec).data, root), root)
    return found


@pytest.mark.slow
@pytest.mark.parametrize(("vendor", "path"), STREAMS, ids=lambda x: x if isinstance(x, str) else x.stem[:40])
def test_every_style_folds_the_recording_into_the_vendors_result(
    modules: dict[str, dict[str, ModuleType]], plans: dict[str, EventPlan], vendor: str, path: Path
) -> None:
    events = recorded_chunks(path)
    reference = new_fold(plans[vendor])
    for event in events:
        reference.add(event)
    ours = reference.snapshot()
    assert ours == sdk_nulls_dropped(vendor, expected(path), ours)
    assert reference.terminal is not None and not [a for a in reference.anomalies if a.kind != "schema_drift"]
    seen = {}
    for style in STYLES:
        acc = getattr(modules[vendor][style], VENDORS[vendor][2])()
        for event in events:
            acc.add(event)
        assert acc.snapshot_dict() == ours, style
        acc.snapshot()  # the typed result, built even where the server omits a field the spec requires
        seen[style] = [(a.chunk, a.path, a.kind) for a in acc.anomalies]
    assert len({json.dumps(v) for v in seen.values()}) == 1, seen


def test_the_generated_handler_reads_as_written_by_hand(modules: dict[str, dict[str, ModuleType]]) -> None:
    source = Path(modules["anthropic"]["typeddict"].__file__).read_text(encoding="utf-8")
    start = source.index("def _on_content_block_delta(")
    handler = source[start : source.index("\n\n\n", start)]
    assert 'delta_type = _dig(e, "delta", "type")' in handler
    assert 'if delta_type == "text_delta":' in handler
    assert 'f.unmatched("delta.type", delta_type)' in handler
    assert len(handler.splitlines()) <= 25


# -- edge cases the recordings do not hold (written from the Messages streaming docs) ------------


def _anthropic(events: list[dict[str, Any]], plans: dict[str, EventPlan], strict: bool = False) -> Any:
    fold = new_fold(plans["anthropic"], strict=strict)
    for event in events:
        fold.add(event)
    return fold


START = {
    "type": "message_start",
    "message": {
        "id": "m",
        "type": "message",
        "role": "assistant",
        "content": [],
        "model": "c",
        "usage": {"input_tokens": 5, "output_tokens": 1},
    },
}


def _tool_events(fragments: list[str]) -> list[dict[str, Any]]:
    block = {"type": "tool_use", "id": "t", "name": "get", "input": {}}
    deltas = [
        {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": p}}
        for p in fragments
    ]
    return [START, {"type": "content_block_start", "index": 0, "content_block": block}, *deltas]


def test_tool_input_split_inside_a_string_escape_is_parsed_whole(plans: dict[str, EventPlan]) -> None:
    text = json.dumps({"q": 'say "hi"\n\u00e9', "n": [1, 2]})
    cut = text.index("\\")  # split between a backslash and what it escapes
    events = [*_tool_events(["", text[: cut + 1], text[cut + 1 :]]), {"type": "content_block_stop", "index": 0}]
    fold = _anthropic(events, plans)
    assert fold.snapshot()["content"][0]["input"] == json.loads(text) and not fold.anomalies


def test_tool_input_is_parsed_at_snapshot_when_the_stream_is_cut_before_the_stop(plans: dict[str, EventPlan]) -> None:
    whole = _anthropic(_tool_events(['{"a": ', "1}"]), plans)
    assert whole.snapshot()["content"][0]["input"] == {"a": 1}
    cut = _anthropic(_tool_events(['{"a": ', "1"]), plans)
    snapshot = cut.snapshot()
    assert snapshot["content"][0]["input"] == '{"a": 1'  # kept as text, never lost
    assert [(a.kind, a.path) for a in cut.anomalies] == [("invalid_json", "content[0].input")]
    cut.snapshot()
    assert len(cut.anomalies) == 1  # reported once


def test_no_input_fragments_keep_the_blocks_own_input(plans: dict[str, EventPlan]) -> None:
    fold = _anthropic([*_tool_events(["", ""]), {"type": "content_block_stop", "index": 0}], plans)
    assert fold.snapshot()["content"][0]["input"] == {}


def test_a_delta_before_its_block_start_is_kept_and_reported(plans: dict[str, EventPlan]) -> None:
    delta = {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}}
    fold = _anthropic([START, delta, {**delta, "delta": {"type": "text_delta", "text": " there"}}], plans)
    assert fold.snapshot()["content"] == [{"type": "text", "text": "Hi there"}]
    assert [a.kind for a in fold.anomalies] == ["missing_slot"]


def test_an_unknown_delta_type_is_kept_as_an_unknown_event(plans: dict[str, EventPlan]) -> None:
    new = {"type": "content_block_delta", "index": 0, "delta": {"type": "compaction_delta", "x": 1}}
    fold = _anthropic([START, new], plans)
    assert fold.unknown_events == [new]
    assert [(a.kind, a.path) for a in fold.anomalies] == [("unknown_event", "delta.type")]


def test_citations_are_pushed_one_by_one(plans: dict[str, EventPlan]) -> None:
    cite = {"type": "char_location", "cited_text": "x", "document_index": 0, "start_char_index": 0, "end_char_index": 1}
    events = [
        START,
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "citations_delta", "citation": cite}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "x"}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "citations_delta", "citation": cite}},
    ]
    assert _anthropic(events, plans).snapshot()["content"] == [{"type": "text", "text": "x", "citations": [cite, cite]}]


def test_usage_nulls_keep_the_counts_of_message_start_and_stop_is_terminal(plans: dict[str, EventPlan]) -> None:
    end = {
        "type": "message_delta",
        "delta": {"stop_reason": "end_turn", "stop_sequence": None},
        "usage": {"input_tokens": None, "output_tokens": 9},
    }
    fold = _anthropic([START, end, {"type": "message_stop"}], plans)
    snapshot = fold.snapshot()
    assert snapshot["usage"] == {"input_tokens": 5, "output_tokens": 9}
    assert snapshot["stop_reason"] == "end_turn" and snapshot["type"] == "message"
    assert fold.terminal == "message_stop" and not fold.anomalies


def test_an_error_event_outside_the_union_is_kept_and_the_fold_too(plans: dict[str, EventPlan]) -> None:
    error = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    text = {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}}
    block = {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}
    fold = _anthropic([START, block, text, error], plans)
    assert fold.error == error and fold.snapshot()["content"] == [{"type": "text", "text": "Hi"}]


def test_a_map_written_from_the_guide_gives_the_shipped_result(plans: dict[str, EventPlan], tmp_path: Path) -> None:
    """What a user writes first from docs/events.md (values at nested paths, a ``when`` per
    delta type) is accepted as a ``--merge-map`` file and folds every recording as the shipped
    map does."""
    path = tmp_path / "anthropic.yaml"
    path.write_text(
        """root: MessageStreamEvent
events:
  content_block_delta:
    - {when: {delta.type: text_delta}, op: append, at: "content[{index}].text", value: delta.text}
    - {when: {delta.type: thinking_delta}, op: append, at: "content[{index}].thinking", value: delta.thinking}
    - {when: {delta.type: signature_delta}, op: replace, at: "content[{index}].signature", value: delta.signature}
    - {when: {delta.type: input_json_delta}, op: json, at: "content[{index}].input", value: delta.partial_json}
    - {when: {delta.type: citations_delta}, op: push, at: "content[{index}].citations", value: delta.citation}
  message_delta:
    - {op: merge, value: delta}
    - {op: merge, at: usage, value: usage}
""",
        encoding="utf-8",
    )
    ir = read_ir(load_document(SPECS / VENDORS["anthropic"][0]).data, "MessageStreamEvent")
    mine = plan_events(ir, "MessageStreamEvent", read_map_files([path])["MessageStreamEvent"])
    assert mine.rule("content_block_delta") != plans["anthropic"].rule("content_block_delta")  # no `new`
    for param in (p for p in STREAMS if p.values[0] == "anthropic"):
        events = recorded_chunks(param.values[1])
        a, b = new_fold(mine), new_fold(plans["anthropic"])
        for event in events:
            a.add(event)
            b.add(event)
        assert a.snapshot() == b.snapshot()


def test_a_module_with_the_target_as_a_second_root_reads_every_event(tmp_path: Path) -> None:
    """Cohere names every SSE event (``event: message-start``); with ``ChatResponseV2`` as a
    second root the reader once skipped them all (0 of 153 events, no error)."""
    spec, root, accumulator = VENDORS["cohere"]
    module = generate_modules(
        SPECS / spec, tmp_path, schemas=(root, "ChatResponseV2"), styles=("typeddict",), module="cohere2"
    )["typeddict"]
    path = next(p.values[1] for p in STREAMS if p.values[1].suffix == ".sse" and p.values[0] == "cohere")
    lines = path.read_bytes().splitlines(keepends=True)
    acc = getattr(module, accumulator)()
    for event in module.iter_chunk_dicts(lines):
        acc.add(event)
    assert acc.snapshot_dict() == expected(path) and acc.finished == "message-end"


def test_an_error_event_mid_stream_reaches_the_accumulator(modules: dict[str, dict[str, ModuleType]]) -> None:
    """Anthropic sends ``event: error`` mid-stream (``overloaded_error``): the README's loop
    hands it to the accumulator, which keeps it and the text folded before it."""
    events = [
        ("message_start", START),
        (
            "content_block_start",
            {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        ),
        (
            "content_block_delta",
            {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}},
        ),
        ("error", {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}),
    ]
    lines = [line for name, data in events for line in (f"event: {name}", f"data: {json.dumps(data)}", "")]
    for style in STYLES:
        module = modules["anthropic"][style]
        acc = module.MessageStreamEventAccumulator()
        for event in module.iter_chunk_dicts(lines):
            acc.add(event)
        assert acc.error == events[-1][1] and acc.snapshot_dict()["content"] == [{"type": "text", "text": "Hi"}]
        assert acc.finished is None
