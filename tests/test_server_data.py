"""Server data never breaks the fold (issue 42): whatever a server sends, the generated
accumulators fold it in every style without an exception, in linear time, and agree.

The cases are the issue's, each fixed for its kind: a typed ``snapshot()`` is one pass over
the data however much of it drifts from the spec (Anthropic's text blocks, which never carry
the ``citations`` the spec requires); strings holding lone surrogates and lists read by
position build alike in every style, with no internal marker in a result. The vendor
modules are generated from the published specs (``shared``); the small ones from specs
written here."""

from __future__ import annotations

import asyncio
import copy
import json
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from conftest import DATA, EVENTS_MAP_SPEC, SPECS, STYLES, generate_modules, recorded_chunks

VENDORS = {
    "anthropic": ("anthropic/openapi.json", "MessageStreamEvent", "MessageStreamEventAccumulator"),
    "cohere": ("cohere/openapi.yaml", "StreamedChatResponseV2", "StreamedChatResponseV2Accumulator"),
}


@pytest.fixture(scope="module")
def vendors(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, ModuleType]]:
    """Every style of the Anthropic and Cohere event folds, from the vendors' own specs."""
    return {
        vendor: generate_modules(SPECS / spec, tmp_path_factory.mktemp(vendor), schemas=(root,), module=vendor)
        for vendor, (spec, root, _) in VENDORS.items()
    }


@pytest.fixture(scope="module")
def ollama(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    """Every style of Ollama's chunk streams, from its own spec."""
    return generate_modules(SPECS / "ollama" / "openapi.yaml", tmp_path_factory.mktemp("ollama"), module="ollama")


@pytest.fixture(scope="module")
def gemini(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    """Every style of Gemini's chunk stream, from its own spec."""
    return generate_modules(SPECS / "gemini" / "openapi.json", tmp_path_factory.mktemp("gemini"), module="gemini")


@pytest.fixture(scope="module")
def answer_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    """Every style of the small event union of ``conftest.EVENTS_MAP_SPEC``, its ``Answer``
    with a list read by position (``span``: a string then a string) and a recursive schema
    (``tree``: a ``Node`` whose ``child`` is a ``Node``), streamed as server-sent events by
    an operation."""
    spec = copy.deepcopy(EVENTS_MAP_SPEC)
    schemas = spec["components"]["schemas"]
    answer = schemas["Answer"]
    answer["properties"]["span"] = {"type": "array", "prefixItems": [{"type": "string"}, {"type": "string"}]}
    answer["properties"]["tree"] = {"$ref": "#/components/schemas/Node"}  # a recursive schema
    node = {"name": {"type": "string"}, "child": {"$ref": "#/components/schemas/Node"}}
    schemas["Node"] = {"type": "object", "required": ["name"], "properties": node}
    stream = {"text/event-stream": {"schema": {"$ref": "#/components/schemas/Events"}}}  # events only
    spec["paths"] = {"/answers": {"post": {"responses": {"200": {"description": "ok", "content": stream}}}}}
    path = tmp_path_factory.mktemp("answer") / "answer.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    return generate_modules(path, path.parent, schemas=("Events",), module="answer")


def _anthropic(module: ModuleType, events: list[dict[str, Any]], copied: bool = True) -> Any:
    acc = module.MessageStreamEventAccumulator()
    for event in copy.deepcopy(events) if copied else events:
        acc.add(event)
    return acc


def _plain(value: Any) -> Any:
    """JSON data compared across styles (as ``test_drift_styles`` does): nulls left out (a
    dataclass writes a missing required field as null), whole floats as integers."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _as_json(style: str, typed: Any) -> Any:
    """A typed result as JSON data (wire names), each style its own way."""
    if style == "typeddict":
        data = typed
    elif style == "pydantic":
        data = typed.model_dump(mode="json", by_alias=True, exclude_unset=True, warnings=False)
    else:
        data = typed.to_dict()
    return _plain(json.loads(json.dumps(data)))


def _typed_alike(modules: dict[str, ModuleType], fold: Callable[[ModuleType], Any]) -> tuple[Any, list[Any]]:
    """``fold(module)`` (an accumulator) in every style: the typed snapshots as JSON and the
    anomalies are the same in all; returns them."""
    found = {}
    for style in STYLES:
        acc = fold(modules[style])
        snapshot = _as_json(style, acc.snapshot())
        found[style] = (snapshot, [(a.chunk, a.path, a.kind, a.message) for a in acc.anomalies])
    for style in STYLES:
        assert found[style] == found["dataclass"], style
    return found["dataclass"]


# --------------------------------------------------------------------------- lenient builds

START = {
    "type": "message_start",
    "message": {
        "id": "m",
        "type": "message",
        "role": "assistant",
        "content": [],
        "model": "c",
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": 5, "output_tokens": 1},
    },
}


def _text_blocks(blocks: int) -> list[dict[str, Any]]:
    """A message of ``blocks`` text blocks as Anthropic streams them (``08_vercel-ai_anthropic-text``):
    without the ``citations`` the spec requires, so each is a place of drift."""
    events: list[dict[str, Any]] = [START]
    for i in range(blocks):
        events += [
            {"type": "content_block_start", "index": i, "content_block": {"type": "text", "text": ""}},
            {"type": "content_block_delta", "index": i, "delta": {"type": "text_delta", "text": f"w{i}"}},
            {"type": "content_block_stop", "index": i},
        ]
    return [*events, {"type": "message_stop"}]


def _calls(run: Callable[[], Any]) -> int:
    """How many Python functions ``run()`` calls (a count, not a time; what a style's library
    does in C is one step of it, as a comparison of two anomalies in Python is)."""
    count = 0

    def profile(frame: Any, event: str, arg: Any) -> None:
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return count


@pytest.mark.slow
@pytest.mark.shared
@pytest.mark.parametrize("style", STYLES)
def test_a_typed_snapshot_is_linear_in_the_places_that_drift(
    vendors: dict[str, dict[str, ModuleType]], style: str
) -> None:
    """Each text block lacks ``citations``: one ``schema_drift`` a block. The lenient build
    was a parse per place (quadratic: 4,000 blocks took 12.6 s in TypedDict); it is one pass,
    so four times the blocks cost four times the calls, and every block is reported."""
    module = vendors["anthropic"][style]
    _anthropic(module, _text_blocks(3)).snapshot()  # what a style builds once per class, built
    counts = {}
    for blocks in (200, 800):
        acc = _anthropic(module, _text_blocks(blocks))
        counts[blocks] = _calls(acc.snapshot)
        drift = [a.path for a in acc.anomalies if a.kind == "schema_drift" and a.path.endswith(".citations")]
        assert drift == [f"content[{i}].citations" for i in range(blocks)]
        acc.snapshot()  # once more: each place reported once
        assert sum(a.path.endswith(".citations") for a in acc.anomalies) == blocks
    assert counts[800] < 4.6 * counts[200], counts


@pytest.mark.shared
def test_recorded_text_blocks_build_alike_in_every_style(vendors: dict[str, dict[str, ModuleType]]) -> None:
    events = recorded_chunks(DATA / "streams" / "anthropic" / "08_vercel-ai_anthropic-text.jsonl")
    snapshot, anomalies = _typed_alike(vendors["anthropic"], lambda m: _anthropic(m, events))
    assert "citations" not in snapshot["content"][0]
    assert ("content[0].citations", "schema_drift") in [(a[1], a[2]) for a in anomalies]


@pytest.mark.shared
def test_strings_with_lone_surrogates_build_alike_in_every_style(vendors: dict[str, dict[str, ModuleType]]) -> None:
    """msgspec raised ``UnicodeEncodeError`` on a wrong-typed string holding a lone surrogate
    where the other styles report ``schema_drift``; a right-typed one is text in every style.
    The wrong-typed one is left out of the typed result alike in every style (issue 41: no
    typed field holds a value its annotation denies) and kept in ``snapshot_dict()``."""
    start = copy.deepcopy(START)
    start["message"]["usage"]["input_tokens"] = "\ud800x"
    start["message"]["id"] = "m\udc00"
    block = {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": "a\ud800"}}
    snapshot, anomalies = _typed_alike(vendors["anthropic"], lambda m: _anthropic(m, [start, block]))
    assert snapshot["usage"].get("input_tokens") is None and snapshot["id"] == "m\udc00"
    assert snapshot["content"][0]["text"] == "a\ud800"
    left = [a[1] for a in anomalies if a[3].startswith("does not fit")]
    assert left == ["usage.input_tokens"]
    for style in STYLES:
        raw = _anthropic(vendors["anthropic"][style], [start, block]).snapshot_dict()
        assert raw["usage"]["input_tokens"] == "\ud800x", style


def test_a_list_read_by_position_is_kept_whole_in_every_style(answer_modules: dict[str, ModuleType]) -> None:
    """The dataclass style left its internal marker in the result (``span == [<_Kept>,
    "x"]``, and ``to_dict()`` was not JSON); a list read by position that does not fit is
    read whole, alike in every style: left out of the typed result (issue 41: no typed field
    holds a value its annotation denies), reported once at its path, and kept whole, as it
    came, in ``snapshot_dict()``."""
    events = [
        {"type": "answer.created", "answer": {"id": "a", "status": "s", "parts": [], "span": [1, "x"]}},
        {"type": "answer.text.delta", "index": 0, "delta": "Hi"},
    ]

    def fold(module: ModuleType) -> Any:
        acc = module.EventsAccumulator()
        for event in copy.deepcopy(events):
            acc.add(event)
        return acc

    snapshot, anomalies = _typed_alike(answer_modules, fold)
    assert snapshot.get("span") is None and snapshot["parts"] == [{"text": "Hi"}]
    assert [a[1] for a in anomalies if a[2] == "schema_drift"] == ["span"]
    acc = fold(answer_modules["dataclass"])
    built = acc.snapshot()
    assert built.span is None and json.dumps(built.to_dict())
    for style in STYLES:
        assert fold(answer_modules[style]).snapshot_dict()["span"] == [1, "x"], style


# --------------------------------------------------------------------------- addresses

#: Every JSON type an address may come as besides an integer or a string (and the huge
#: integer a Python caller may pass), with ``...`` for the address left out.
NO_ADDRESS: list[Any] = [[0], {"i": 0}, 1.0, 0.5, True, None, ..., [[[[0]]]]]
ODD_ADDRESS = [*NO_ADDRESS, 10**40, -1, "0"]


def _readdressed(events: list[dict[str, Any]], where: Callable[[dict[str, Any]], bool], field: str, odd: Any) -> Any:
    """``events`` with ``field`` of each event ``where`` picks set to ``odd`` (``...``: removed)."""
    events = copy.deepcopy(events)
    for event in events:
        if where(event):
            if odd is ...:
                event.pop(field, None)
            else:
                event[field] = copy.deepcopy(odd)
    return events


@pytest.mark.shared
@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("odd", ODD_ADDRESS, ids=repr)
def test_an_event_address_of_any_type_is_an_anomaly_never_an_exception(
    vendors: dict[str, dict[str, ModuleType]], style: str, odd: Any
) -> None:
    """``{"type": "content_block_stop", "index": [0]}`` after a block start raised
    ``TypeError: unhashable type: 'list'`` (``{"i": 0}``: ``'dict'``), and ``1.0`` or
    ``True`` found block 1 silently. Any address that is not an integer or a string is
    reported (``missing_key``) and its event dropped, at every op that addresses a slot; an
    integer or a string addresses as it says (a huge integer too)."""
    recorded = recorded_chunks(DATA / "streams" / "anthropic" / "07_anthropic-sdk-python_tool_use_response.sse")
    module = vendors["anthropic"][style]
    for tag in ("content_block_start", "content_block_delta", "content_block_stop"):
        events = _readdressed(recorded, lambda e, tag=tag: e["type"] == tag and e.get("index") == 1, "index", odd)
        acc = _anthropic(module, events)
        acc.snapshot_dict()
        acc.snapshot()
        kinds = {a.kind for a in acc.anomalies} - {"schema_drift"}
        if odd in NO_ADDRESS or odd is ...:
            dropped = [a for a in acc.anomalies if a.kind == "missing_key"]
            assert dropped and all(a.dropped["type"] == tag for a in dropped), (tag, acc.anomalies)
            assert kinds <= {"missing_key", "missing_slot", "invalid_json"}, (tag, kinds)
        else:
            assert kinds <= {"missing_slot", "invalid_json"}, (tag, kinds)


@pytest.mark.parametrize("style", STYLES)
def test_a_chunk_address_of_any_type_is_an_anomaly_never_an_exception(
    openai_modules: dict[str, ModuleType], style: str
) -> None:
    """The same for the chunk merge's keyed lists (``choices[].index``, a tool call's
    ``index``): read as missing (``missing_key``) or reported (``wrong_type``), never raised,
    whatever the type."""
    recorded = recorded_chunks(DATA / "streams" / "recorded" / "openai-python-parallel_tools.sse")
    module = openai_modules[style]
    for odd in ODD_ADDRESS:
        chunks = copy.deepcopy(recorded)
        for chunk in chunks[3:6]:
            for choice in chunk["choices"]:
                choice["index"] = copy.deepcopy(odd)
                for call in choice["delta"].get("tool_calls") or ():
                    call["index"] = copy.deepcopy(odd)
        acc = module.CreateChatCompletionStreamResponseAccumulator()
        for chunk in chunks:
            acc.add(chunk)
        acc.snapshot()
        acc.to_response()
        kinds = {a.kind for a in acc.anomalies} - {"schema_drift", "incomplete"}
        assert kinds <= {"missing_key", "wrong_type", "reused_key"}, (odd, acc.anomalies)
        assert kinds or odd in (10**40, -1, "0", 1.0), odd  # a whole number is a key typed number


@pytest.mark.parametrize("odd", ODD_ADDRESS, ids=repr)
def test_a_top_level_item_address_of_any_type_is_an_anomaly(answer_modules: dict[str, ModuleType], odd: Any) -> None:
    """An item of the response's top-level list (``parts[{index}]``, as the Responses API's
    ``output[{output_index}]``) addressed by anything: the same rule, in every style."""
    events = [
        {"type": "answer.created", "answer": {"id": "a", "status": "s", "parts": [{"text": ""}]}},
        {"type": "answer.text.delta", "index": 0, "delta": "Hi"},
        {"type": "answer.text.delta", "index": 0, "delta": "!"},
    ]
    events = _readdressed(events, lambda e: e.get("delta") == "!", "index", odd)
    for style in STYLES:
        acc = answer_modules[style].EventsAccumulator()
        for event in copy.deepcopy(events):
            acc.add(event)
        parts = acc.snapshot_dict()["parts"]
        acc.snapshot()
        if odd in NO_ADDRESS or odd is ...:
            assert parts == [{"text": "Hi"}] and [a.kind for a in acc.anomalies] == ["missing_key"], style
        else:
            assert {"text": "Hi"} in parts and {"text": "!"} in parts, style


# --------------------------------------------------------------------------- a start again, or late


def _cohere(module: ModuleType, events: list[dict[str, Any]]) -> Any:
    acc = module.StreamedChatResponseV2Accumulator()
    for event in copy.deepcopy(events):
        acc.add(event)
    return acc


@pytest.mark.shared
@pytest.mark.parametrize("style", STYLES)
def test_a_start_again_or_late_never_erases_the_fold(vendors: dict[str, dict[str, ModuleType]], style: str) -> None:
    """Cohere: ``[start, content-start, delta "Hello", start, delta " world", message-end]``
    gave ``" world"`` (the second ``message-start`` replaced the message, its only anomaly
    saying "fold kept"), and a start after the first delta lost it with no anomaly at all.
    A start again or late is merged into the held answer (the init op, for every map): the
    recorded stream folds to its own result, and the start is reported (drift)."""
    path = DATA / "streams" / "cohere" / "01_langchain-cohere_stream.sse"
    events = recorded_chunks(path)
    whole = json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))
    start, rest = events[0], events[1:]
    again = [start, *rest[:3], start, *rest[3:]]
    late = [*rest[:3], start, *rest[3:]]
    module = vendors["cohere"][style]
    for case in (again, late):
        acc = _cohere(module, case)
        assert acc.snapshot_dict() == whole
        assert [a.kind for a in acc.anomalies] == ["repeated_init"] and not acc.answer_at_risk
    changed = copy.deepcopy(start)
    changed["delta"]["message"]["content"] = [{"type": "text", "text": "Other"}]
    acc = _cohere(module, [*rest[:3], changed, *rest[3:]])
    assert acc.snapshot_dict() == whole  # the fold's text kept, the start's reported
    assert acc.anomalies[-1].dropped == {"message.content": [{"type": "text", "text": "Other"}]}


@pytest.mark.shared
def test_a_start_again_keeps_the_counts_folded_since(vendors: dict[str, dict[str, ModuleType]]) -> None:
    """Anthropic: a ``message_start`` repeated after a ``message_delta`` keeps the folded stop
    reason and output count; the counts that differ are reported with the start's values."""
    end = {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 9}}
    events = [START, *_text_blocks(2)[1:-1], end, START, {"type": "message_stop"}]
    for style in STYLES:
        acc = _anthropic(vendors["anthropic"][style], events)
        snapshot = acc.snapshot_dict()
        assert snapshot["usage"] == {"input_tokens": 5, "output_tokens": 9} and snapshot["stop_reason"] == "end_turn"
        assert [t["text"] for t in snapshot["content"]] == ["w0", "w1"]
        init = [a for a in acc.anomalies if a.kind == "repeated_init"]
        assert len(init) == 1 and init[0].dropped == {"usage.output_tokens": 1}


# --------------------------------------------------------------------------- depth

#: How deep JSON goes: what ``json.loads`` reads from the top of a thread's stack (~990 levels
#: at the default limit), and a common depth below it; as objects and as lists.
DEPTHS = [600, 990]


def _nested(depth: int, shape: str) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = {"a": value} if shape == "object" else [value]
    return value


def _depth(value: Any) -> int:
    """How deep a chain ``_nested`` made goes (without recursion: it is deep)."""
    found = 0
    while type(value) in (dict, list) and value:
        value = next(iter(value.values())) if type(value) is dict else value[0]
        found += 1
    return found


def _get(value: Any, *names: str) -> Any:
    """``value``'s field ``names[0]``, its ``names[1]``...: a TypedDict's key, another style's
    attribute (a deep value read without dumping the whole)."""
    for name in names:
        value = value[name] if type(value) is dict else getattr(value, name)
    return value


def _on_a_deep_stack(run: Callable[[], Any], frames: int = 300) -> Any:
    """``run()`` called from ``frames`` frames down: a caller deep in its own stack."""
    return run() if frames == 0 else _on_a_deep_stack(run, frames - 1)


def _deep_anthropic(depth: int, shape: str) -> dict[str, list[dict[str, Any]]]:
    """Anthropic streams with a value ``depth`` levels deep where a server can put one."""
    deep = _nested(depth, shape)
    text = ('{"a":' * depth + "1" + "}" * depth) if shape == "object" else "[" * depth + "1" + "]" * depth
    tool = {"type": "tool_use", "id": "t", "name": "f", "input": {}}
    block = {"type": "content_block_start", "index": 0, "content_block": tool}
    fragment = {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": text}}
    stop = {"type": "content_block_stop", "index": 0}
    return {
        "unknown event": [START, {"type": "zz_new", "payload": deep}],
        "tool input in fragments": [START, block, fragment, stop],
        "tool input in fragments, cut": [START, block, fragment],
        "tool input whole": [START, {**block, "content_block": {**tool, "input": {"q": deep}}}, stop],
        "message delta": [START, {"type": "message_delta", "delta": {"stop_reason": "end_turn", "x": deep}}],
        "start again": [START, {"type": "message_start", "message": {**START["message"], "x": deep}}],
    }


@pytest.mark.shared
@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("shape", ["object", "list"])
@pytest.mark.parametrize("depth", DEPTHS)
def test_deep_json_never_raises_out_of_the_event_fold(
    vendors: dict[str, dict[str, ModuleType]], style: str, shape: str, depth: int
) -> None:
    """600 levels (``json.loads`` reads ~990) raised ``RecursionError`` from ``add()`` in an
    unknown event's payload and from ``snapshot_dict()`` in a tool input sent as JSON
    fragments. Every walk the fold makes over server data (copies, JSON text parsed, the
    typed build) takes any depth ``json.loads`` reads, or reports ``too_deep`` and keeps
    the rest; also from a caller deep in its own stack."""
    module = vendors["anthropic"][style]
    for case, events in _deep_anthropic(depth, shape).items():
        for frames in (0, 300):
            acc = _on_a_deep_stack(lambda events=events: _anthropic(module, events, copied=False), frames)
            plain = _on_a_deep_stack(acc.snapshot_dict, frames)
            _on_a_deep_stack(acc.snapshot, frames)
            assert {a.kind for a in acc.anomalies} <= {"schema_drift", "too_deep", "unknown_event", "repeated_init"}
            if case == "unknown event":
                assert _depth(acc.unknown_events[0]["payload"]) == depth
            elif case.startswith("tool input"):  # parsed; or kept as text, too deep for json.loads from here
                tool_input = plain["content"][0]["input"]
                assert _depth(tool_input) >= depth or "too_deep" in {a.kind for a in acc.anomalies}, case
            elif case == "message delta":
                assert plain["stop_reason"] == "end_turn" and _depth(plain["x"]) == depth
            else:
                assert _depth(plain["x"]) == depth


@pytest.mark.slow
@pytest.mark.shared
@pytest.mark.parametrize("style", STYLES)
def test_deep_tool_arguments_never_raise_out_of_to_response(ollama: dict[str, ModuleType], style: str) -> None:
    """Ollama's tool-call arguments 600 levels deep raised ``RecursionError`` from
    ``to_response()`` (the response's copy of the snapshot); the answer keeps them."""
    line = json.loads(
        (DATA / "streams" / "ollama" / "ollama-bash-lib-generate-thinking-a.jsonl").read_text().split("\n")[0]
    )
    deep = _nested(600, "object")
    first = {"model": line["model"], "created_at": line["created_at"], "done": False}
    call = {"function": {"name": "f", "arguments": {"q": deep}}}
    chunks = [
        {**first, "message": {"role": "assistant", "content": "", "tool_calls": [call]}},
        {**first, "message": {"role": "assistant", "content": ""}, "done": True, "done_reason": "stop"},
    ]
    acc = ollama[style].ChatStreamEventAccumulator()
    for chunk in chunks:
        acc.add(chunk)
    for frames in (0, 300):
        response = _on_a_deep_stack(acc.to_response, frames)
        arguments = _get(_get(_get(response, "message"), "tool_calls")[0], "function", "arguments")
        assert _depth(arguments["q"]) == 600
        assert (
            _depth(_on_a_deep_stack(acc.snapshot_dict, frames)["message"]["tool_calls"][0]["function"]["arguments"])
            > 600
        )


@pytest.mark.parametrize("depth", [400, 800, 990])
def test_a_recursive_schema_of_any_depth_builds_in_every_style(
    answer_modules: dict[str, ModuleType], depth: int
) -> None:
    """pydantic's ``snapshot()`` of a recursive schema 800 levels deep raised
    ``RecursionError``. Every style builds it, typed as far as its parser reaches: a place
    that does not fit is reported, deeper than its parser reaches is kept as it came
    (``too_deep``), and the rest is typed."""
    tree: dict[str, Any] = {"name": 5}  # a leaf of the wrong type, at the bottom
    for _ in range(depth):
        tree = {"name": "x", "child": tree}
    created = {"type": "answer.created", "answer": {"id": "a", "status": "s", "parts": [], "tree": tree}}
    for style in STYLES:
        acc = answer_modules[style].EventsAccumulator()
        acc.add(created)
        for frames in (0, 300):
            built = _on_a_deep_stack(acc.snapshot, frames)
            assert (built["status"] if style == "typeddict" else built.status) == "s"
        kinds = {a.kind for a in acc.anomalies}
        assert kinds and kinds <= {"schema_drift", "too_deep"}, style
        assert all(a.path.startswith("tree.child.child") for a in acc.anomalies), style


@pytest.mark.parametrize("style", STYLES)
def test_a_deep_value_in_a_chunk_drops_only_itself(openai_modules: dict[str, ModuleType], style: str) -> None:
    """A tool call's ``arguments`` sent as an object 990 levels deep cannot be written as its
    JSON text: reported ``too_deep`` and dropped, the rest of the chunk merged (it dropped
    the whole rest of the chunk); a deep unknown field is kept whole."""
    deep = _nested(990, "object")
    call = {"index": 0, "id": "t", "type": "function", "function": {"name": "f", "arguments": deep}}
    delta = {"role": "assistant", "tool_calls": [call], "content": "kept", "x": deep}
    chunk = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m"}
    acc = openai_modules[style].CreateChatCompletionStreamResponseAccumulator()
    acc.add({**chunk, "choices": [{"index": 0, "delta": delta, "finish_reason": "stop"}]})
    message = _get(_get(_on_a_deep_stack(acc.to_response), "choices")[0], "message")
    assert _get(message, "content") == "kept" and _get(_get(message, "tool_calls")[0], "function", "name") == "f"
    assert _depth(_on_a_deep_stack(acc.snapshot_dict)["choices"][0]["delta"]["x"]) == 990
    assert [a.kind for a in acc.anomalies if a.kind != "schema_drift"] == ["too_deep"]


# --------------------------------------------------------------------------- JSON lines and arrays

OLLAMA_LINES = DATA / "streams" / "ollama" / "ollama-bash-lib-generate-thinking-a.jsonl"


async def _collected(chunks: Any) -> list[Any]:
    return [chunk async for chunk in chunks]


async def _each(items: list[Any]) -> Any:
    for item in items:
        yield item


def _read(module: ModuleType, items: list[Any]) -> list[Any]:
    """The chunks ``iter_chunk_dicts`` reads from ``items``; the async reader reads the same."""
    found = list(module.iter_chunk_dicts(items))
    assert asyncio.run(_collected(module.aiter_chunk_dicts(_each(items)))) == found
    return found


@pytest.mark.shared
def test_json_lines_are_read_as_json_lines(ollama: dict[str, ModuleType]) -> None:
    """A byte order mark (text or bytes) made the stream read as events: 0 chunks, no error
    (the event reader strips one); a raw U+2028 or U+0085 inside a JSON string raised
    ``StreamFormatError`` (``str.splitlines`` splits there). JSON lines split at ``\\n``
    (and ``\\r\\n``) only, a mark at the start dropped."""
    raw = OLLAMA_LINES.read_bytes()
    chunks = recorded_chunks(OLLAMA_LINES)
    odd = [{**chunk, "response": chunk.get("response", "") + "\u2028 \u0085 \u2029 \x1c"} for chunk in chunks]
    text = "".join(json.dumps(chunk, ensure_ascii=False) + "\r\n" for chunk in odd)
    for style, module in ollama.items():
        assert _read(module, ["\ufeff" + raw.decode("utf-8")]) == chunks, style
        assert _read(module, (b"\xef\xbb\xbf" + raw).splitlines()) == chunks, style
        assert _read(module, ["\ufeff", *raw.splitlines()]) == chunks, style  # the mark alone, first
        assert _read(module, [text]) == odd and _read(module, text.encode().split(b"\n")) == odd, style
        assert [c.get("response") for c in _read(module, text.split("\n"))] == [c["response"] for c in odd]
        typed = list(module.iter_chunks(["\ufeff" + text]))
        assert len(typed) == len(odd), style


@pytest.mark.shared
def test_a_json_array_stream_is_read_item_by_item(gemini: dict[str, ModuleType]) -> None:
    """Gemini's ``streamGenerateContent`` answers ``application/json`` beside
    ``text/event-stream``: a JSON array over the lines, which yielded 0 chunks. The spec's
    declared formats choose the reader; between the two the first line says which, and the
    array is read item by item, however it is laid out."""
    path = DATA / "streams" / "gemini" / "vercel-ai-google-tool-call.jsonl"
    chunks = recorded_chunks(path)
    pretty = json.dumps(chunks, indent=2)
    for style, module in gemini.items():
        for items in (
            pretty.splitlines(),
            [pretty],
            pretty.encode().splitlines(keepends=True),
            ["\ufeff" + pretty.replace("\n", "\r\n")],
            [json.dumps(chunks)],
            ["[", *(json.dumps(c) + "," for c in chunks[:-1]), json.dumps(chunks[-1]), "]"],
        ):
            assert _read(module, items) == chunks, style
        assert _read(module, [f"data: {json.dumps(c)}\n\n" for c in chunks]) == chunks  # the events
        assert len(list(module.iter_chunks(pretty.splitlines()))) == len(chunks)
        first = iter(module.iter_chunk_dicts(_one_by_one(pretty.splitlines(), style)))
        assert next(first) == chunks[0]  # yielded before the rest of the array is read
        for bad in ('[{"a": 1}, 5]', '[{"a": 1}] x', '[{"a": 1}, {"a":', '["s"]'):
            with pytest.raises(module.StreamFormatError):
                list(module.iter_chunk_dicts([bad]))


def _one_by_one(lines: list[str], style: str) -> Any:
    """``lines`` one at a time; the reader must not read past the first item to give it."""
    end = next(i for i, line in enumerate(lines) if line.startswith("  }"))
    yield from lines[: end + 1]
    raise AssertionError(f"{style}: read past the first item")


@pytest.mark.shared
def test_the_reader_is_the_one_the_spec_declares(
    vendors: dict[str, dict[str, ModuleType]], answer_modules: dict[str, ModuleType]
) -> None:
    """A stream the spec declares as events only is read as events: JSON there is an error,
    not 0 chunks; a spec that declares nothing (Anthropic's) has its reader go by the first
    line (a byte order mark aside)."""
    events = recorded_chunks(DATA / "streams" / "anthropic" / "08_vercel-ai_anthropic-text.jsonl")
    lines = [json.dumps(e) for e in events]
    for style in STYLES:
        with pytest.raises(answer_modules[style].StreamFormatError, match="server-sent events"):
            list(answer_modules[style].iter_chunk_dicts(['{"type": "answer.created"}']))
        sse = [f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events]
        assert _read(vendors["anthropic"][style], ["\ufeff" + lines[0], *lines[1:]]) == events
        assert _read(vendors["anthropic"][style], sse) == events


@pytest.mark.shared
def test_stream_formats_are_read_from_the_operations() -> None:
    from generator.interpret import Interpreter
    from generator.load import load_document
    from generator.resolve import RefResolver
    from generator.roots import stream_formats

    def formats(spec: str, *names: str) -> tuple[str, ...]:
        return stream_formats(Interpreter(RefResolver(load_document(SPECS / spec))), names)

    assert formats("gemini/openapi.json", "GenerateContentResponse") == ("sse", "json")
    assert formats("ollama/openapi.yaml", "ChatStreamEvent") == ("jsonl",)
    assert formats("anthropic/openapi.json", "MessageStreamEvent") == ()
