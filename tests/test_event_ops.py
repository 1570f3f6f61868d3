"""The fold's operations one by one, on the runtime itself (``runtime/events.py``,
``event_ops.py``, ``event_paths.py``): handlers written as the generated ones are, so these
need no spec. Each op's meaning is stated in docs/events.md; a test here pins each rule."""

from __future__ import annotations

from typing import Any

import pytest

from generator.runtime.anomalies import StreamMergeError
from generator.runtime.event_paths import _Slot
from generator.runtime.events import _dig, _EventFold

CONTENT = _Slot("content[{index}]")
INPUT = _Slot("content[{index}].input")
CALL = _Slot("calls[{index}]", fixed=("type",))
CITATIONS = _Slot("content[{index}].citations")
USAGE = _Slot("usage")


def fold(handlers: dict[str, Any], events: list[dict[str, Any]], **options: Any) -> _EventFold:
    f = _EventFold(handlers, collections=("content",), order=options.pop("order", None), **options)
    for event in events:
        f.add(event)
    return f


def test_dig_reads_nested_values_and_stops_at_what_is_not_an_object() -> None:
    assert _dig({"delta": {"text": "a"}}, "delta", "text") == "a"
    assert _dig({"delta": "text"}, "delta", "text") is None and _dig({}, "delta", "text") is None


def test_merge_goes_field_by_field_into_nested_objects_and_null_keeps() -> None:
    handlers = {
        "start": lambda f, e: f.init(e["message"]),
        "delta": lambda f, e: (f.merge_response(e.get("delta")), USAGE.merge(f, e, e.get("usage"))),
    }
    start = {"type": "start", "message": {"stop": None, "usage": {"input": 5, "output": 1, "detail": {"a": 1}}}}
    delta = {"type": "delta", "delta": {"stop": "end"}, "usage": {"input": None, "output": 9, "detail": {"b": 2}}}
    f = fold(handlers, [start, delta])
    assert f.snapshot() == {"stop": "end", "usage": {"input": 5, "output": 9, "detail": {"a": 1, "b": 2}}}
    assert not f.anomalies


def test_merge_of_what_is_not_an_object_is_dropped_and_reported() -> None:
    f = fold({"d": lambda f, e: USAGE.merge(f, e, e.get("usage"))}, [{"type": "d", "usage": 5}])
    assert f.snapshot() == {} and [a.kind for a in f.anomalies] == ["wrong_type"]


def test_an_appended_object_joins_text_into_nested_objects_and_never_joins_its_tags() -> None:
    handlers = {
        "start": lambda f, e: CALL.create(f, e, e.get("call")),
        "delta": lambda f, e: CALL.append(f, e, e.get("call")),
    }
    start = {"type": "start", "index": 0, "call": {"type": "function", "function": {"name": "get", "arguments": ""}}}
    delta = {"type": "delta", "index": 0, "call": {"type": "function", "function": {"arguments": '{"a"'}}}
    more = {"type": "delta", "index": 0, "call": {"type": "tool", "function": {"arguments": ": 1}"}}}
    f = fold(handlers, [start, delta, more])
    call = f.snapshot()["calls"][0]
    assert call == {"type": "function", "function": {"name": "get", "arguments": '{"a": 1}'}}
    assert [(a.kind, a.path) for a in f.anomalies] == [("tag_changed", "calls[0].type")]


def test_json_fragments_are_parsed_once_at_parse_and_bad_text_is_kept() -> None:
    handlers = {
        "start": lambda f, e: CONTENT.create(f, e, e.get("block")),
        "delta": lambda f, e: INPUT.json(f, e, e.get("partial")),
        "stop": lambda f, e: INPUT.parse(f, e),
    }
    start = {"type": "start", "index": 0, "block": {"input": {}}}
    good = fold(
        handlers,
        [
            start,
            {"type": "delta", "index": 0, "partial": '{"a": [1,'},
            {"type": "delta", "index": 0, "partial": " 2]}"},
            {"type": "stop", "index": 0},
        ],
    )
    assert good.snapshot()["content"][0]["input"] == {"a": [1, 2]} and not good.anomalies
    bad = fold(handlers, [start, {"type": "delta", "index": 0, "partial": '{"a": '}, {"type": "stop", "index": 0}])
    assert bad.snapshot()["content"][0]["input"] == '{"a": '
    assert [(a.kind, a.path) for a in bad.anomalies] == [("invalid_json", "content[0].input")]
    blank = fold(handlers, [start, {"type": "delta", "index": 0, "partial": " "}, {"type": "stop", "index": 0}])
    assert blank.snapshot()["content"][0]["input"] == {}
    with pytest.raises(StreamMergeError):
        fold(
            handlers, [start, {"type": "delta", "index": 0, "partial": "{"}, {"type": "stop", "index": 0}], strict=True
        )


def test_push_adds_one_item_and_never_replaces_what_is_not_a_list() -> None:
    handlers = {"c": lambda f, e: CITATIONS.push(f, e, e.get("citation"))}
    f = fold(
        handlers,
        [
            {"type": "c", "index": 0, "citation": {"n": 1}},
            {"type": "c", "index": 0, "citation": None},
            {"type": "c", "index": 0, "citation": {"n": 2}},
        ],
    )
    assert f.snapshot() == {"content": [{"citations": [{"n": 1}, {"n": 2}]}]}
    assert [a.kind for a in f.anomalies] == ["missing_slot"]


def test_finish_marks_the_stream_finished_without_changing_the_snapshot() -> None:
    f = fold({"s": lambda f, e: f.init({"a": 1}), "stop": lambda f, e: f.finish()}, [{"type": "s"}, {"type": "stop"}])
    assert f.terminal == "stop" and f.snapshot() == {"a": 1}


def test_unmatched_keeps_the_event_and_reports_it() -> None:
    event = {"type": "d", "delta": {"type": "new"}}
    f = fold({"d": lambda f, e: f.unmatched("delta.type", _dig(e, "delta", "type"))}, [event])
    assert f.unknown_events == [event] and [(a.kind, a.path) for a in f.anomalies] == [("unknown_event", "delta.type")]


def test_only_an_identical_repeat_is_dropped_by_its_sequence_number() -> None:
    handlers = {"t": lambda f, e: _Slot("text").append(f, e, e.get("delta"))}
    events = [
        {"type": "t", "n": 0, "delta": "a"},
        {"type": "t", "n": 0, "delta": "a"},  # a resent event: applied once
        {"type": "t", "n": 0, "delta": "b"},  # a server that numbers every event 0: applied
    ]
    f = fold(handlers, events, order="n")
    assert f.snapshot() == {"text": "ab"}
    assert [a.kind for a in f.anomalies] == ["duplicate", "reused_number"]


def test_a_final_value_of_another_kind_wins_where_it_fits_the_schema_and_only_there() -> None:
    """Who wins between the fold's value and a settled one of another JSON kind: the
    server's where the slot's schema allows its kind (reported ``done_differs``, the fold's
    in ``dropped``), the fold's where it does not (``wrong_type``)."""
    events = [{"type": "d", "delta": "Hello"}, {"type": "done", "text": 42}]
    for kinds, snapshot, kind in [
        (("string",), {"text": "Hello"}, "wrong_type"),  # 42 does not fit: the fold's kept
        (("number", "string"), {"text": 42}, "done_differs"),  # it fits: the server's
        ((), {"text": 42}, "done_differs"),  # a schema that says nothing: every kind fits
    ]:
        text = _Slot("text", kinds=kinds)
        handlers = {
            "d": lambda f, e, text=text: text.append(f, e, e.get("delta")),
            "done": lambda f, e, text=text: text.replace(f, e, e.get("text")),
        }
        f = fold(handlers, events)
        assert f.snapshot() == snapshot and [a.kind for a in f.anomalies] == [kind], kinds
        assert f.anomalies[0].kept in ("Hello", 42) and f.anomalies[0].dropped in ("Hello", 42)
    item = _Slot("content[{index}]", kinds=("object",))
    g = fold(
        {"add": lambda f, e: item.create(f, e, e.get("item"))},
        [{"type": "add", "index": 0, "item": {"t": "x"}}, {"type": "add", "index": 0, "item": "str"}],
    )
    assert g.snapshot() == {"content": [{"t": "x"}]} and [a.kind for a in g.anomalies] == ["exists", "wrong_type"]
    assert g.anomalies[1].message == (
        "a string where the fold holds an object: the fold's kept (the schema allows an object here)"
    )


def test_a_final_item_of_another_kind_replaces_the_folded_one_whole() -> None:
    """Perplexity's Agent API settles ``output[0]``, opened as a function call, as search results:
    the settled item kept the call's ``name``, ``arguments`` and ``id`` (the fold's fields it left
    out), silently. An item whose tag differs from the fold's is the server's whole, reported
    (``done_differs``); one of the same kind still keeps what the fold holds and it leaves out."""
    item = _Slot("content[{index}]", kinds=("object",))
    handlers = {
        "add": lambda f, e: item.create(f, e, e.get("item")),
        "done": lambda f, e: item.replace(f, e, e.get("item")),
    }
    call = {"type": "function_call", "id": "fc_1", "name": "search", "arguments": "{}"}
    results = {"type": "search_results", "results": ["u"]}
    f = fold(handlers, [{"type": "add", "index": 0, "item": call}, {"type": "done", "index": 0, "item": results}])
    assert f.snapshot() == {"content": [results]}
    assert [(a.kind, a.kept, a.dropped) for a in f.anomalies] == [("done_differs", results, call)]
    same = {"type": "function_call", "status": "completed"}
    g = fold(handlers, [{"type": "add", "index": 0, "item": call}, {"type": "done", "index": 0, "item": same}])
    assert g.snapshot() == {"content": [{**call, **same}]} and g.anomalies == []


def test_a_delta_never_changes_the_kind_of_a_filled_value() -> None:
    call = _Slot("calls[{index}]")
    handlers = {"d": lambda f, e: call.append(f, e, e.get("call"))}
    f = fold(
        handlers, [{"type": "d", "index": 0, "call": {"args": [1]}}, {"type": "d", "index": 0, "call": {"args": 5}}]
    )
    assert f.snapshot() == {"calls": [{"args": [1]}]} and [a.kind for a in f.anomalies] == ["wrong_type"]
    assert (
        f.anomalies[0].message
        == "a number where the fold holds a list: the fold's kept (a delta never changes a value's kind)"
    )


def test_a_final_list_settles_the_folded_items_by_id_then_by_the_address_the_events_used() -> None:
    """Items folded at keys 0 and 2, the final list naming them at 0 and 1 (the vercel/ai
    ``openai-phase`` recording): each placed once, where the list says; an item without a
    known id settles the one its events addressed; a folded item the list does not name is
    kept once, after the item folded before it (``unlisted``)."""
    item = _Slot("content[{index}]", kinds=("object",))
    text = _Slot("content[{index}].text")
    handlers = {
        "add": lambda f, e: item.create(f, e, e.get("item")),
        "d": lambda f, e: text.append(f, e, e.get("delta")),
        "end": lambda f, e: f.finalize(e.get("response")),
    }
    added = [
        {"type": "add", "index": 0, "item": {"id": "a", "text": ""}},
        {"type": "d", "index": 0, "delta": "A"},
        {"type": "add", "index": 2, "item": {"id": "b", "text": ""}},
        {"type": "d", "index": 2, "delta": "B"},
    ]
    final = {"type": "end", "response": {"content": [{"id": "a", "text": "A!"}, {"id": "b", "text": "B!"}]}}
    f = fold(handlers, [*added, final])
    assert f.snapshot() == {"content": [{"id": "a", "text": "A!"}, {"id": "b", "text": "B!"}]} and not f.anomalies
    rotated = {"type": "end", "response": {"content": [{"id": "a2", "text": "A!"}, {"text": "x"}, {"id": "b"}]}}
    g = fold(handlers, [*added, rotated])  # "a2": no id the fold knows, so position 0, which "a"'s events used
    assert g.snapshot() == {"content": [{"id": "a2", "text": "A!"}, {"text": "x"}, {"id": "b", "text": "B"}]}
    assert [a.kind for a in g.anomalies] == []
    short = {"type": "end", "response": {"content": [{"id": "b", "text": "B!"}]}}
    h = fold(handlers, [*added, {"type": "add", "index": 3, "item": {"id": "c", "text": "C"}}, short])
    assert [x["id"] for x in h.snapshot()["content"]] == ["a", "b", "c"]
    assert [(a.kind, a.path) for a in h.anomalies] == [("unlisted", "content[0]"), ("unlisted", "content[2]")]


def test_a_final_list_never_erases_folded_items_or_their_text() -> None:
    text = _Slot("content[{index}].text")
    handlers = {"d": lambda f, e: text.append(f, e, e.get("delta")), "end": lambda f, e: f.finalize(e.get("response"))}
    events = [
        {"type": "d", "index": 0, "delta": "Hello"},
        {"type": "d", "index": 1, "delta": "World"},
        {"type": "end", "response": {"status": "done", "content": [{"text": "", "id": "a"}]}},
    ]
    f = fold(handlers, events)
    assert f.snapshot() == {"status": "done", "content": [{"text": "Hello", "id": "a"}, {"text": "World"}]}
    assert [(a.kind, a.path) for a in f.anomalies if a.kind in ("emptied", "unlisted")] == [
        ("emptied", "content[0].text"),
        ("unlisted", "content[1]"),
    ]


def test_an_absent_value_makes_no_slot() -> None:
    """An entry whose value the event lacks (a text entry on a tool-use delta) creates
    nothing: no empty parent objects, no `new` applied (found trying a Bedrock map)."""
    text = _Slot("content[{index}].reasoning.text", new={"type": "reasoning"})
    handlers = {"d": lambda f, e: (text.append(f, e, _dig(e, "delta", "text")), INPUT.parse(f, e))}
    f = fold(handlers, [{"type": "d", "index": 0, "delta": {"other": 1}}])
    assert f.snapshot() == {} and not f.anomalies


def test_json_fragments_before_the_blocks_start_are_kept_at_any_depth() -> None:
    nested = _Slot("content[{index}].tool.input")
    handlers = {
        "start": lambda f, e: CONTENT.create(f, e, e.get("block")),
        "delta": lambda f, e: nested.json(f, e, e.get("partial")),
    }
    events = [
        {"type": "delta", "index": 0, "partial": '{"a": '},
        {"type": "start", "index": 0, "block": {"tool": {"id": "t", "name": "get"}}},
        {"type": "delta", "index": 0, "partial": "1}"},
    ]
    f = fold(handlers, events)
    assert f.snapshot() == {"content": [{"tool": {"id": "t", "name": "get", "input": {"a": 1}}}]}
    assert [a.kind for a in f.anomalies] == ["missing_slot"]


def test_fragments_after_a_failed_parse_still_join_the_text() -> None:
    handlers = {"delta": lambda f, e: INPUT.json(f, e, e.get("partial")), "stop": lambda f, e: INPUT.parse(f, e)}
    events = [
        {"type": "delta", "index": 0, "partial": '{"a": '},
        {"type": "stop", "index": 0},
        {"type": "delta", "index": 0, "partial": "1}"},
    ]
    f = fold(handlers, events)
    assert f.snapshot()["content"][0]["input"] == {"a": 1}
    assert [a.kind for a in f.anomalies] == ["missing_slot", "invalid_json"]  # reported at the stop


def test_parse_of_a_slot_no_event_made_creates_nothing() -> None:
    f = fold({"stop": lambda f, e: INPUT.parse(f, e)}, [{"type": "stop", "index": 3}])
    assert f.snapshot() == {} and not f.anomalies


def test_the_fold_keeps_a_bounded_window_of_events_for_the_repeat_check() -> None:
    """Telling a resent event from another with the same number needs the event; the fold keeps
    only the latest ``_RECENT`` numbered events (a long stream does not keep every event alive);
    an older number seen again is taken as resent, as before this check existed."""
    from generator.runtime.events import _RECENT

    text = _Slot("text")
    events = [{"type": "t", "n": n, "delta": "x"} for n in range(_RECENT + 10)]
    f = fold({"t": lambda f, e: text.append(f, e, e.get("delta"))}, events, order="n")
    assert len(f._recent) == _RECENT
    f.add({"type": "t", "n": 0, "delta": "other"})  # out of the window: taken as resent, dropped
    f.add({"type": "t", "n": _RECENT + 5, "delta": "other"})  # in it: another event, applied
    assert [a.kind for a in f.anomalies] == ["duplicate", "reused_number", "out_of_order"]
    assert f.snapshot()["text"] == "x" * (_RECENT + 10) + "other"


# -- issue #40: parts, the event as another type, slots a delta opens ------------------------------

CONTENT_TEXT = _Slot("outputs[{index}].content", opens=True)


def test_parts_keep_text_a_string_until_a_part_comes_then_join_parts_of_one_kind() -> None:
    """Content that is ``anyOf [string, list of parts]``: text alone stays text; a part makes
    it a list (the text so far its first part); adjacent parts of one kind join; text after a
    reference is a new text part."""
    handlers = {"delta": lambda f, e: CONTENT_TEXT.parts(f, e, e.get("content"))}
    plain = fold(handlers, [{"type": "delta", "index": 0, "content": t} for t in ("Hel", "lo")])
    assert plain.snapshot() == {"outputs": [{"content": "Hello"}]} and not plain.anomalies
    thinking = {"type": "thinking", "thinking": [{"type": "text", "text": "hm"}]}
    reference = {"type": "tool_reference", "title": "A"}
    contents: list[Any] = ["Spain", " won", reference, thinking, thinking, " 2-1", ".", None, 7]
    f = fold(handlers, [{"type": "delta", "index": 0, "content": c} for c in contents])
    assert f.snapshot()["outputs"][0]["content"] == [
        {"type": "text", "text": "Spain won"},
        reference,
        {"type": "thinking", "thinking": [{"type": "text", "text": "hmhm"}]},
        {"type": "text", "text": " 2-1."},
    ]
    assert [a.kind for a in f.anomalies] == ["wrong_type"]  # 7 is neither text nor parts: dropped, said


def test_the_event_as_another_type_takes_the_fields_that_type_has_and_its_tags() -> None:
    from generator.runtime.events import _kind_of, _picked

    event = {"type": "transcription.segment", "text": "Hi", "start": 0.0, "extra": 1}
    assert _picked(event, ("text", "start", "end"), {"type": "transcription_segment"}) == {
        "type": "transcription_segment",
        "text": "Hi",
        "start": 0.0,
    }
    kinds = [_kind_of(v) for v in ("a", {}, [], True, 1, 1.5, None)]
    assert kinds == ["string", "object", "array", "boolean", "number", "number", "null"]


def test_a_slot_no_event_opens_is_opened_by_its_first_delta_unreported() -> None:
    opened = _Slot("outputs[{index}].text", opens=True, new={"type": "message"})
    reported = _Slot("outputs[{index}].text", new={"type": "message"})
    for slot, kinds in ((opened, []), (reported, ["missing_slot"])):
        f = fold(
            {"delta": lambda f, e, s=slot: s.append(f, e, e.get("text"))}, [{"type": "delta", "index": 0, "text": "a"}]
        )
        assert f.snapshot() == {"outputs": [{"type": "message", "text": "a"}]}
        assert [a.kind for a in f.anomalies] == kinds
