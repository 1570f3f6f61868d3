"""Spec drift and server faults never lose an answer, in any style (issue #25): the same stream
gives the same snapshot, finished response and anomalies in dataclass, pydantic, TypedDict and
msgspec; a value the types cannot hold is kept as its JSON where it was and reported with its
path; a tagged union's member is the one its tag names, complete or not; the Responses error
reaches the fold through the documented loop; keyed lists fold in linear time; anomalies are
triaged into drift and what may have changed the answer.

The Responses half reads the newest real spec (``responses_modules``: skipped without it); the
chat half runs on the project's own ``specs/openai.yaml``."""

from __future__ import annotations

import copy
import json
import re
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import RECORDED, RESPONSES, ROOT, STYLES, recorded_chunks
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# --------------------------------------------------------------------------- helpers


def _plain(value: Any) -> Any:
    """JSON data compared across styles: nulls left out (a dataclass leaves out an optional
    field that is None, pydantic dumps a null it was given), whole floats as integers (the
    dataclass style reads a ``number`` as a float)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _as_json(style: str, typed: Any) -> Any:
    """A typed result as JSON data (wire names), in each style's own way."""
    if style == "typeddict":
        data = typed
    elif style == "pydantic":
        data = typed.model_dump(mode="json", by_alias=True, exclude_unset=True, warnings=False)
    else:
        data = typed.to_dict()
    return _plain(json.loads(json.dumps(data)))


def _results(style: str, acc: Any, methods: tuple[str, ...]) -> tuple[list[Any], list[tuple[Any, ...]]]:
    """What ``methods`` (``snapshot``, ``to_response``) give as JSON, then every anomaly."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pydantic's serialisation warnings are dumped quietly above
        built = [_as_json(style, getattr(acc, method)()) for method in methods]
    return built, [(a.chunk, a.path, a.kind, a.message) for a in acc.anomalies]


#: What a message assembled from fragments reads like ("a array where the fold holds a other",
#: "expected a list, got dict"): every message says kinds through the runtime's one table.
_FRAGMENTS = re.compile(
    r"\ba [aeiou]|\ba (?:other|array|dict|NoneType)\b|\b(?:got|is|not) (?:int|str|dict|list|NoneType|float|bool|tuple)\b"
)


def _sentences(anomalies: list[tuple[Any, ...]]) -> None:
    """Every anomaly message reads as a sentence (issue #41)."""
    assert not [a[3] for a in anomalies if _FRAGMENTS.search(a[3])]


def _agree(modules: dict[str, ModuleType], accumulator: str, chunks: list[Any], methods: tuple[str, ...]) -> Any:
    """Fold ``chunks`` in every style; assert that all give the same results and anomalies,
    each message a sentence; return the dataclass style's (results, anomalies)."""
    found = {}
    for style in STYLES:
        acc = getattr(modules[style], accumulator)()
        for chunk in copy.deepcopy(chunks):
            acc.add(chunk)
        found[style] = _results(style, acc, methods)
    for style in STYLES:
        assert found[style][1] == found["dataclass"][1], style
        assert found[style][0] == found["dataclass"][0], style
    _sentences(found["dataclass"][1])
    return found["dataclass"]


def _error_class(module: ModuleType, style: str) -> type[Exception]:
    if style == "pydantic":
        return __import__("pydantic").ValidationError  # type: ignore[no-any-return]
    if style == "msgspec":
        return __import__("msgspec").ValidationError  # type: ignore[no-any-return]
    return module.ParseError  # type: ignore[no-any-return]


def _sse_lines(events: list[dict[str, Any]]) -> list[str]:
    """Events as the Responses API sends them: ``event: <type>`` and one ``data:`` line each."""
    lines = []
    for event in events:
        lines += [f"event: {event['type']}", "data: " + json.dumps(event), ""]
    return lines


# --------------------------------------------------------------------------- Responses streams

RESPONSES_ACC = "ResponseStreamEventAccumulator"
#: A fixture written by hand for vercel/ai's tests (its ids count up: resp_0f1a2b3c...): its
#: deltas and its ``.done`` text differ (``done_differs``), which no real server stream shows.
SYNTHETIC = "07_openai-shell-container.1.jsonl"
#: Recordings that are no whole stream of an official server: the synthetic one, and an excerpt
#: vercel/ai keeps (most deltas cut: its sequence numbers jump, its ``.done`` texts differ).
NOT_WHOLE = (SYNTHETIC, "11_openai-phase.1.jsonl")


def _x_search(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A real stream whose ``tools`` list holds a tool type the spec does not know (xAI's)."""
    events = copy.deepcopy(events)
    for event in events:
        response = event.get("response")
        if isinstance(response, dict):
            response["tools"] = [{"type": "x_search", "allowed_x_handles": ["openai"]}, *response.get("tools", [])]
    return events


def _gapped(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A resumed or gapped stream: deltas whose item never had ``output_item.added``."""
    gone = ("response.output_item.added", "response.output_item.done", "response.completed")
    return [e for e in copy.deepcopy(events) if e["type"] not in gone]


def _image_cut(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Cut while an ``image_generation_call`` item still lacks its required ``result``."""
    gone = ("response.completed", "response.output_item.done", "response.image_generation_call.completed")
    return [e for e in copy.deepcopy(events) if e["type"] not in gone]


DRIFTED = {
    "x_search": lambda: _x_search(recorded_chunks(RESPONSES[5])),
    "x_search_cut": lambda: _x_search(recorded_chunks(RESPONSES[5]))[:6],
    "gapped": lambda: _gapped(recorded_chunks(RESPONSES[5])),
    "image_cut": lambda: _image_cut(recorded_chunks(RESPONSES[7])),
}


@pytest.mark.parametrize("path", RESPONSES, ids=lambda p: p.name[:12])
def test_every_recorded_responses_stream_folds_alike_in_every_style(
    responses_modules: dict[str, ModuleType], path: Path
) -> None:
    events = recorded_chunks(path)
    (snapshot,), anomalies = _agree(responses_modules, RESPONSES_ACC, events, ("snapshot",))
    acc = responses_modules["typeddict"].ResponseStreamEventAccumulator()
    for event in events:
        acc.add(event)
    assert snapshot == _plain(acc.snapshot_dict())  # the right response: the fold's, typed
    assert not [a for a in anomalies if a[2] == "schema_drift" and a[3].startswith("does not fit")]


@pytest.mark.parametrize("case", sorted(DRIFTED))
def test_drifted_responses_streams_build_alike_in_every_style(
    responses_modules: dict[str, ModuleType], case: str
) -> None:
    events = DRIFTED[case]()
    (snapshot,), anomalies = _agree(responses_modules, RESPONSES_ACC, events, ("snapshot",))
    drift = {a[1]: a[3] for a in anomalies if a[2] == "schema_drift"}
    if case.startswith("x_search"):  # the union's member for unknown tags, reported with its path
        assert snapshot["tools"][0] == {"type": "x_search", "allowed_x_handles": ["openai"]}
        assert drift["tools[0]"] == "a tag its union does not name: kept as the union's member for unknown tags"
    if case == "gapped":  # an item no event opened: made as the kind the delta's name names (#40), arguments in it
        assert "output[0]" not in drift
        assert snapshot["output"][0]["arguments"] == '{"country":"France"}'
        assert snapshot["output"][0]["type"] == "function_call"


@pytest.mark.parametrize("style", STYLES)
def test_a_half_finished_item_keeps_its_own_type(responses_modules: dict[str, ModuleType], style: str) -> None:
    module = responses_modules[style]
    acc = module.ResponseStreamEventAccumulator()
    for event in _image_cut(recorded_chunks(RESPONSES[7])):
        acc.add(event)
    output = acc.snapshot()["output"] if style == "typeddict" else acc.snapshot().output
    if style == "typeddict":
        assert [item["type"] for item in output] == ["reasoning", "image_generation_call", "message"]
    else:  # chosen by its tag, never by shape: not an OutputMessage, not a plain dict
        assert [type(item).__name__ for item in output] == ["ReasoningItem", "ImageGenToolCall", "OutputMessage"]
    missing = [a.path for a in acc.anomalies if a.message.startswith("a required field is missing")]
    assert "output[1].result" in missing  # its missing required field, reported


@pytest.mark.parametrize("style", STYLES)
def test_strict_raises_one_typed_error_on_drift(responses_modules: dict[str, ModuleType], style: str) -> None:
    module = responses_modules[style]
    acc = module.ResponseStreamEventAccumulator(strict=True)
    for event in DRIFTED["x_search"]():
        acc.add(event)
    with pytest.raises(_error_class(module, style)):
        acc.snapshot()


@pytest.mark.parametrize("style", STYLES)
def test_the_documented_loop_folds_the_error_and_the_failed_response(
    responses_modules: dict[str, ModuleType], style: str
) -> None:
    module = responses_modules[style]
    events = recorded_chunks(RESPONSES[8])  # 09_openai-error: ... error, response.failed
    assert [e["type"] for e in events][-2:] == ["error", "response.failed"]
    acc = module.ResponseStreamEventAccumulator()
    for event in module.iter_chunk_dicts(_sse_lines(events)):  # the README's loop
        acc.add(event)
    assert acc.error is not None and acc.error["error"]["code"] == "insufficient_quota"
    assert acc.finished == "response.failed"
    snapshot = acc.snapshot()
    status = snapshot["status"] if style == "typeddict" else snapshot.status
    assert status == "failed" and not acc.answer_at_risk


@pytest.mark.parametrize("style", STYLES)
def test_deeply_nested_json_is_invalid_json_in_the_event_fold(
    responses_modules: dict[str, ModuleType], style: str
) -> None:
    acc = responses_modules[style].ResponseStreamEventAccumulator()
    acc.add("[" * 100_000 + "]" * 100_000)
    assert [a.kind for a in acc.anomalies] == ["invalid_json"] and acc.answer_at_risk


@pytest.mark.parametrize("path", [p for p in RESPONSES if p.name not in NOT_WHOLE], ids=lambda p: p.name[:12])
def test_a_normal_responses_stream_puts_no_answer_at_risk(responses_modules: dict[str, ModuleType], path: Path) -> None:
    for style in STYLES:
        acc = responses_modules[style].ResponseStreamEventAccumulator()
        for event in recorded_chunks(path):
            acc.add(event)
        acc.snapshot()  # schema_drift (cache_write_tokens, which the server omits) is drift
        assert not acc.answer_at_risk, [a for a in acc.anomalies if a.kind != "schema_drift"]


# --------------------------------------------------------------------------- chat chunks

CHAT_ACC = "CreateChatCompletionStreamResponseAccumulator"
BOTH = ("snapshot", "to_response")


def _wrong_typed() -> list[dict[str, Any]]:
    """A recorded stream with wrong-typed optional fields that nothing else replaces."""
    chunks = recorded_chunks(RECORDED[3])
    for chunk in chunks:
        chunk.pop("system_fingerprint", None)
        for choice in chunk["choices"]:
            choice["finish_reason"] = None
    chunks[0]["system_fingerprint"] = {}
    chunks[-2]["choices"][0]["finish_reason"] = 5
    return chunks


def test_wrong_typed_optional_fields_build_alike_in_every_style(openai_modules: dict[str, ModuleType]) -> None:
    """A value its annotation denies is left out of the typed result (issue 41: never smuggled
    into a typed field), reported with its path; ``snapshot_dict()`` keeps it."""
    (snapshot, response), anomalies = _agree(openai_modules, CHAT_ACC, _wrong_typed(), BOTH)
    assert "system_fingerprint" not in snapshot and "finish_reason" not in response["choices"][0]
    left = "does not fit its schema: left out of the typed result (snapshot_dict() has it)"
    assert {(a[1], a[3]) for a in anomalies if a[2] == "schema_drift"} >= {("system_fingerprint", left)}
    acc = openai_modules["typeddict"].CreateChatCompletionStreamResponseAccumulator()
    for chunk in _wrong_typed():
        acc.add(chunk)
    assert acc.snapshot_dict()["system_fingerprint"] == {} and acc.snapshot_dict()["choices"][0]["finish_reason"] == 5
    drift = sorted(a[1] for a in anomalies if a[2] == "schema_drift")
    assert drift == ["choices[0].finish_reason", "system_fingerprint"]


@pytest.mark.parametrize("path", RECORDED, ids=lambda p: p.name[:24])
def test_every_recorded_chat_stream_builds_alike_in_every_style(
    openai_modules: dict[str, ModuleType], path: Path
) -> None:
    _agree(openai_modules, CHAT_ACC, recorded_chunks(path), BOTH)


@pytest.mark.parametrize("path", [p for p in RECORDED if p.name.startswith("openai-")], ids=lambda p: p.name[:24])
def test_a_normal_chat_stream_puts_no_answer_at_risk(openai_modules: dict[str, ModuleType], path: Path) -> None:
    for style in STYLES:
        acc = getattr(openai_modules[style], CHAT_ACC)()
        for chunk in recorded_chunks(path):
            acc.add(chunk)
        acc.to_response()
        assert not acc.answer_at_risk, acc.anomalies


@pytest.mark.parametrize("style", STYLES)
def test_the_chat_reader_yields_every_chunk_before_an_error(openai_modules: dict[str, ModuleType], style: str) -> None:
    module = openai_modules[style]
    one_read = (
        'data: {"id": "a", "choices": []}\n\ndata: {"id": "b", "choices": []}\n\nevent: error\ndata: {"x": 1}\n\n'
    )
    seen = []
    with pytest.raises(module.StreamError) as caught:
        for chunk in module.iter_chunk_dicts([one_read]):
            seen.append(chunk["id"])
    assert seen == ["a", "b"] and caught.value.data == {"x": 1}


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("keyed", [False, True], ids=["no index", "all at index 0"])
def test_tool_calls_with_a_new_id_each_fold_in_linear_time(
    openai_modules: dict[str, ModuleType], style: str, keyed: bool
) -> None:
    """Each call looks at a bounded number of entries (counted, not timed): entries are
    found by id through an index, never by a scan of all the calls before."""
    module = openai_modules[style]
    calls = 3000
    looked = 0
    id_of = module._KeyedList.id_of

    def counted(rule: Any, state: Any) -> Any:
        nonlocal looked
        looked += 1
        return id_of(rule, state)

    module._KeyedList.id_of = counted
    try:
        acc = getattr(module, CHAT_ACC)()
        for k in range(calls):
            call: dict[str, Any] = {"id": f"call_{k}", "type": "function", "function": {"name": "f", "arguments": "{}"}}
            acc.add(
                {
                    "id": "c",
                    "choices": [{"index": 0, "delta": {"tool_calls": [call | ({"index": 0} if keyed else {})]}}],
                }
            )
    finally:
        module._KeyedList.id_of = id_of
    built = acc.snapshot_dict()["choices"][0]["delta"]["tool_calls"]
    assert [c["id"] for c in built] == [f"call_{k}" for k in range(calls)]
    assert looked <= 4 * calls


@pytest.mark.parametrize("style", STYLES)
def test_deeply_nested_json_is_invalid_json_in_the_chunk_merge(
    openai_modules: dict[str, ModuleType], style: str
) -> None:
    acc = getattr(openai_modules[style], CHAT_ACC)()
    acc.add("[" * 100_000 + "]" * 100_000)
    assert [a.kind for a in acc.anomalies] == ["invalid_json"] and acc.answer_at_risk


# --------------------------------------------------------------------------- the triage table


def test_every_kind_the_runtime_reports_is_triaged_and_documented() -> None:
    from generator.runtime.bookkeeping import _ANOMALY_KINDS

    runtime = ROOT / "generator" / "runtime"
    source = "\n".join(p.read_text(encoding="utf-8") for p in runtime.glob("*.py"))
    # a kind is the string argument after the path in anomaly(...), report(...) and Anomaly(...)
    reported = set(re.findall(r'(?:anomaly|report|Anomaly)\(\s*[^,()]+(?:\([^()]*\))?,\s*"([a-z_]+)"', source))
    reported |= set(re.findall(r'Anomaly\(\s*[^,]+,\s*[^,]+,\s*"([a-z_]+)"', source))
    assert reported and reported <= set(_ANOMALY_KINDS), reported - set(_ANOMALY_KINDS)
    doc = (ROOT / "docs" / "anomalies.md").read_text(encoding="utf-8")
    for kind, at_risk in _ANOMALY_KINDS.items():
        row = next((line for line in doc.splitlines() if line.startswith(f"| `{kind}` |")), None)
        assert row is not None, kind
        assert ("| may have changed the answer |" in row) == at_risk, row


def test_messages_that_name_kinds_read_as_sentences_from_one_table() -> None:
    """The kinds of values in messages come from ``_KIND_NOUNS`` (``_said``): no runtime
    message puts an article before a placeholder, and each sentence of the table reads."""
    from generator.runtime.anomalies import _KIND_NOUNS, _MESSAGES, _said

    runtime = ROOT / "generator" / "runtime"
    source = "\n".join(p.read_text(encoding="utf-8") for p in runtime.glob("*.py"))
    assert not re.findall(r"\b(?:a|an) \{", source)
    for message in _MESSAGES:
        for value in _KIND_NOUNS:
            _sentences([(0, "", "", _said(message, value, "array", ("string", "integer")))])
    assert _said("kept_fold", "array", "string", ("string",)) == (
        "a list where the fold holds a string: the fold's kept (the schema allows a string here)"
    )


def test_an_unknown_kind_counts_as_a_risk() -> None:
    from generator.runtime.anomalies import Anomaly
    from generator.runtime.bookkeeping import _risks

    new, drift = Anomaly(0, "", "brand_new_kind", ""), Anomaly(0, "", "schema_drift", "")
    assert _risks([new, drift]) == [new]


# --------------------------------------------------------------------------- fuzz

_ODD = [5, "str", {}, [], None, True, -1.5, {"type": "zz_unknown"}]
_MUTATION = st.tuples(
    st.sampled_from(["drop", "repeat", "swap", "wrong_type", "unknown_tag"]),
    st.integers(0, 10_000),
    st.integers(0, 10_000),
    st.sampled_from(_ODD),
)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path inside an event (objects' keys and list positions)."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            found.append((*path, key))
            found += _places(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found.append((*path, i))
            found += _places(item, (*path, i))
    return found


def _mutated(events: list[Any], mutations: list[tuple[str, int, int, Any]]) -> list[Any]:
    events = copy.deepcopy(events)
    for op, i, j, odd in mutations:
        if not events:
            break
        at, other = i % len(events), j % len(events)
        if op == "drop":
            del events[at]
        elif op == "repeat":
            events.insert(at, copy.deepcopy(events[at]))
        elif op == "swap":
            events[at], events[other] = events[other], events[at]
        else:
            places = _places(events[at])
            if op == "unknown_tag":
                places = [p for p in places if p[-1] == "type"]
            if not places:
                continue
            *parent, last = places[j % len(places)]
            holder = events[at]
            for step in parent:
                holder = holder[step]
            holder[last] = "zz_unknown" if op == "unknown_tag" else copy.deepcopy(odd)
    return events


_FUZZED = [p for p in RESPONSES if len(recorded_chunks(p)) <= 40]


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@pytest.mark.slow
@given(which=st.integers(0, len(_FUZZED) - 1), mutations=st.lists(_MUTATION, min_size=1, max_size=4))
def test_mutated_responses_streams_build_alike_in_every_style(
    responses_modules: dict[str, ModuleType], which: int, mutations: list[tuple[str, int, int, Any]]
) -> None:
    _agree(responses_modules, RESPONSES_ACC, _mutated(recorded_chunks(_FUZZED[which]), mutations), ("snapshot",))


_CHAT_FUZZED = [p for p in RECORDED if len(recorded_chunks(p)) <= 60]


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@pytest.mark.slow
@given(which=st.integers(0, len(_CHAT_FUZZED) - 1), mutations=st.lists(_MUTATION, min_size=1, max_size=4))
def test_mutated_chat_streams_build_alike_in_every_style(
    openai_modules: dict[str, ModuleType], which: int, mutations: list[tuple[str, int, int, Any]]
) -> None:
    _agree(openai_modules, CHAT_ACC, _mutated(recorded_chunks(_CHAT_FUZZED[which]), mutations), BOTH)


@pytest.mark.parametrize("style", STYLES)
def test_a_result_built_anyway_changes_neither_the_state_nor_the_chunks(
    openai_modules: dict[str, ModuleType], style: str
) -> None:
    """A value the types cannot hold, inside a part the merge keeps as it came (a logprob
    entry: the chunk's own object), is left out of ``snapshot()`` and ``to_response()``, and
    stays in ``snapshot_dict()`` and in the chunk: a TypedDict result, which is its data,
    takes misfits out of a copy (the fault: the state and the chunk lost the value)."""
    path = next(p for p in _CHAT_FUZZED if p.name == "openai-node-content_logprobs.sse")
    chunks = recorded_chunks(path)[1:]
    entry = next(c for c in chunks if c.get("choices") and c["choices"][0].get("logprobs"))
    entry["choices"][0]["logprobs"]["content"][0]["top_logprobs"] = 5
    sent = copy.deepcopy(chunks)
    acc = getattr(openai_modules[style], CHAT_ACC)()
    for chunk in chunks:
        acc.add(chunk)
    before = acc.snapshot_dict()
    acc.snapshot()
    acc.to_response()
    assert acc.snapshot_dict() == before and chunks == sent
    kinds = [(a.path, a.kind) for a in acc.anomalies]
    assert kinds == [("choices[0].logprobs.content[0].top_logprobs", "schema_drift")], kinds
