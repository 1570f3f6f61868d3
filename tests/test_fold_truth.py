"""The answer is the server's and the types tell the truth (issue #41), on every recorded
stream in every style: a final list settles the folded items by identity (no item twice), a
final value the server sent is never dropped where it fits its schema, a whole stream of an
official server puts no answer at risk, no typed result holds a value its annotation denies
(no dict where a model is declared; a tag its union does not name is the union's
``Unknown<Union>`` member), pydantic's ``model_dump()`` warns of nothing, and every
accumulator answers the eight members of the surface.

The checks are ``scripts/stream_truth.py``'s (``python scripts/stream_truth.py`` prints the
same figures as a table)."""

from __future__ import annotations

import importlib.util
import sys
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import ROOT, SPECS, STYLES, recorded_chunks

pytestmark = [pytest.mark.shared, pytest.mark.slow]  # the newest spec's Responses modules, every recording


def _load_truth() -> ModuleType:
    spec = importlib.util.spec_from_file_location("stream_truth", ROOT / "scripts" / "stream_truth.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["stream_truth"] = module
    spec.loader.exec_module(module)
    return module


truth = _load_truth()
STREAMS = truth.streams()
PHASE = ROOT / "tests" / "data" / "streams" / "responses" / "11_openai-phase.1.jsonl"
SHELL = ROOT / "tests" / "data" / "streams" / "responses" / "07_openai-shell-container.1.jsonl"


@pytest.fixture(scope="module")
def vendor_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, ModuleType]]:
    """Every recorded vendor's module, in every style."""
    return truth.generate(tmp_path_factory.mktemp("vendors"), SPECS.parent)  # type: ignore[no-any-return]


def _fold(module: ModuleType, path: Path) -> Any:
    acc = module.ResponseStreamEventAccumulator()
    for event in recorded_chunks(path):
        acc.add(event)
    return acc


def _final(path: Path) -> dict[str, Any]:
    final: dict[str, Any] = next(e for e in reversed(recorded_chunks(path)) if e["type"] == "response.completed")
    return dict(final["response"])


@pytest.mark.slow
@pytest.mark.parametrize("style", STYLES)
def test_a_final_list_settles_each_folded_item_once_by_its_id(
    vendor_modules: dict[str, dict[str, ModuleType]], style: str
) -> None:
    """vercel/ai's ``openai-phase``: two messages folded at ``output_index`` 0 and 2, listed by
    ``response.completed`` at 0 and 1. Placed by position, the second was kept twice (the
    final list's and the fold's); matched by id, each is there once, as the server settled it."""
    acc = _fold(vendor_modules["responses"][style], PHASE)
    final = _final(PHASE)
    output = acc.snapshot_dict()["output"]
    assert [item["id"] for item in output] == [item["id"] for item in final["output"]]
    assert output == final["output"]  # the server's settled text (the excerpt's deltas are cut)
    assert not [a for a in acc.anomalies if a.kind in ("unlisted", "emptied", "wrong_type")]
    typed = acc.to_response()
    items = typed["output"] if style == "typeddict" else typed.output
    assert len(items) == 2


@pytest.mark.parametrize("style", STYLES)
def test_a_final_value_of_another_kind_than_the_folds_is_the_servers(
    vendor_modules: dict[str, dict[str, ModuleType]], style: str
) -> None:
    """``07_openai-shell-container``: the shell output folded by ``command_index`` (the fold's
    keyed slot, a list) and then sent whole by ``shell_call_output_content.done``: the
    server's list (``stdout``, ``stderr``, ``outcome.exit_code``) is kept. The fixture's one
    risk is its own: its message's ``.done`` text differs from its deltas."""
    acc = _fold(vendor_modules["responses"][style], SHELL)
    final = _final(SHELL)
    output = acc.snapshot_dict()["output"]
    assert output[1]["output"] == final["output"][1]["output"]
    assert output[1]["output"][0]["outcome"] == {"type": "exit", "exit_code": 0}
    assert [(a.kind, a.path) for a in acc.anomalies if acc.answer_at_risk and a.kind != "schema_drift"] == [
        ("done_differs", "output[2].content[0].text")
    ]


@pytest.mark.parametrize("stream", STREAMS, ids=lambda s: f"{s.vendor}-{s.path.stem[:36]}")
def test_every_recording_folds_to_the_servers_answer_in_every_style(
    vendor_modules: dict[str, dict[str, ModuleType]], stream: Any
) -> None:
    """No item twice in a list, no final value of the server dropped, no answer at risk on a
    whole stream of an official server; every value of ``snapshot()`` and ``to_response()``
    an instance of its annotation (a required field the server did not send, reported, reads
    as None), and pydantic's ``model_dump()`` warns of nothing."""
    for style in STYLES:
        folded = truth.fold(stream, style, vendor_modules[stream.vendor][style])
        assert folded.repeated == [], style
        assert folded.dropped == [], style
        assert not (stream.whole and folded.at_risk), style
        assert folded.problems == [], style
        assert folded.warnings == 0, style


def test_every_accumulator_answers_the_eight_members(vendor_modules: dict[str, dict[str, ModuleType]]) -> None:
    """``add``, ``snapshot``, ``snapshot_dict``, ``to_response``, ``anomalies``,
    ``answer_at_risk``, ``error``, ``finished``: chunk and event accumulators, every style,
    every recorded vendor's module (Gemini's ``to_response()`` is its chunk type: the API's
    answer)."""
    assert truth.accumulators(vendor_modules) >= 50
    assert truth.surface_gaps(vendor_modules) == []


def test_the_surface_says_how_each_kind_of_stream_ended(vendor_modules: dict[str, dict[str, ModuleType]]) -> None:
    """``finished``: the terminal event's type, or the reason the chunks gave; ``error``: the
    error event, or the chunk that carried one; ``to_response()`` before the end is reported."""
    chat = vendor_modules["chat"]["typeddict"].CreateChatCompletionStreamResponseAccumulator()
    chunks = recorded_chunks(ROOT / "tests" / "data" / "streams" / "recorded" / "openai-python-parallel_tools.sse")
    chat.add(chunks[0])
    assert chat.finished is None  # open: no finish_reason yet
    for chunk in chunks[1:]:
        chat.add(chunk)
    assert chat.finished == "tool_calls" and chat.error is None
    chat.add({"error": {"message": "overloaded", "type": "server_error"}})
    assert chat.error == {"error": {"message": "overloaded", "type": "server_error"}}
    gemini = vendor_modules["gemini"]["pydantic"].GenerateContentResponseAccumulator()
    for chunk in recorded_chunks(ROOT / "tests" / "data" / "streams" / "gemini" / "vercel-ai-google-text.jsonl"):
        gemini.add(chunk)
    assert gemini.finished == "STOP"
    assert type(gemini.to_response()).__name__ == "GenerateContentResponse"
    events = recorded_chunks(PHASE)
    cut = vendor_modules["responses"]["dataclass"].ResponseStreamEventAccumulator()
    for event in events[:-1]:
        cut.add(event)
    assert cut.finished is None
    cut.to_response()
    assert [a.kind for a in cut.anomalies if a.kind == "incomplete"] == ["incomplete"] and cut.answer_at_risk
    strict = vendor_modules["responses"]["dataclass"].ResponseStreamEventAccumulator(strict=True)
    with pytest.raises(ValueError):
        for event in events[:6]:
            strict.add(event)
        strict.to_response()


@pytest.mark.parametrize("style", STYLES)
def test_a_tag_the_union_does_not_name_is_its_unknown_member_never_a_dict(
    vendor_modules: dict[str, dict[str, ModuleType]], style: str
) -> None:
    """pydantic-ai's Anthropic MCP recording: two blocks of types the spec's union does not
    name (``mcp_tool_use``, ``mcp_tool_result``). Kept as dicts in a list annotated with the
    known blocks, ``[b.type for b in content]`` failed at run time and ``model_dump()`` warned
    26 times; now each is an ``UnknownContentBlock`` carrying its tag and its JSON, reported."""
    module = vendor_modules["anthropic"][style]
    acc = module.MessageStreamEventAccumulator()
    for event in recorded_chunks(
        ROOT / "tests" / "data" / "streams" / "anthropic" / "06_pydantic-ai_mcp_servers_stream.sse"
    ):
        acc.add(event)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        message = acc.snapshot()
        content = message["content"] if style == "typeddict" else message.content
        if style == "pydantic":
            message.model_dump()
    if style == "typeddict":
        assert [block["type"] for block in content] == ["thinking", "mcp_tool_use", "mcp_tool_result", "text"]
    else:
        assert [type(block).__name__ for block in content][1:3] == ["UnknownContentBlock", "UnknownContentBlock"]
        assert [block.type for block in content] == ["thinking", "mcp_tool_use", "mcp_tool_result", "text"]
    unknown = {a.path for a in acc.anomalies if a.message.startswith("a tag its union does not name")}
    assert unknown == {"content[1]", "content[2]"}
    assert acc.snapshot_dict()["content"][1]["server_name"] == "deepwiki"


def test_the_walker_finds_a_dict_where_a_model_is_declared(vendor_modules: dict[str, dict[str, ModuleType]]) -> None:
    """The check can fail: a dict put where the annotation declares a model (what the typed
    results held before issue #41), and a string in an integer field, are found."""
    module = vendor_modules["anthropic"]["dataclass"]
    acc = module.MessageStreamEventAccumulator()
    for event in recorded_chunks(
        ROOT / "tests" / "data" / "streams" / "anthropic" / "08_vercel-ai_anthropic-text.jsonl"
    ):
        acc.add(event)
    message = acc.snapshot()
    assert truth.typed_problems(message, module.Message) == []
    message.content.append({"type": "text", "text": "smuggled"})
    message.usage.output_tokens = "many"
    found = truth.typed_problems(message, module.Message)
    assert [(p.path, p.dict_for_model) for p in found] == [("content[1]", True), ("usage.output_tokens", False)]
