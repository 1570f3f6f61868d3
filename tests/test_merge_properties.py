"""Property: any assembled answer, cut into random fragments and interleaved across choices
and tool calls in any order that keeps each part's own order, merges back to that answer."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest
from conftest import STYLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

TEXT = st.text(max_size=40)
FINISH = st.sampled_from(["stop", "length", "tool_calls", "content_filter"])


@st.composite
def answers(draw: st.DrawFn) -> dict[str, Any]:
    indices = draw(st.lists(st.integers(0, 6), min_size=1, max_size=3, unique=True))
    choices = []
    call_ids = iter(range(10_000))
    for index in sorted(indices):
        calls = [
            {
                "id": f"call_{next(call_ids)}",
                "name": draw(st.from_regex(r"[a-z_]{1,12}", fullmatch=True)),
                "arguments": draw(TEXT),
            }
            for _ in range(draw(st.integers(0, 3)))
        ]
        choices.append(
            {
                "index": index,
                "content": draw(st.none() | TEXT),
                "refusal": draw(st.none() | TEXT),
                "tool_calls": calls,
                "tokens": draw(st.lists(st.text(min_size=1, max_size=5), max_size=6)),
                "finish_reason": draw(FINISH),
            }
        )
    usage = draw(
        st.none()
        | st.fixed_dictionaries({"prompt_tokens": st.integers(0, 999), "completion_tokens": st.integers(0, 999)})
    )
    if usage is not None:
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
    return {"id": "chatcmpl-prop", "choices": choices, "usage": usage}


def _cuts(draw: st.DrawFn, text: str) -> list[str]:
    """``text`` cut at random places (pieces may be empty); joined, they give it back."""
    points = sorted(draw(st.lists(st.integers(0, len(text)), max_size=6)))
    bounds = [0, *points, len(text)]
    return [text[a:b] for a, b in itertools.pairwise(bounds)]


@st.composite
def streams(draw: st.DrawFn) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    answer = draw(answers())
    parts: list[list[tuple[int, dict[str, Any]]]] = []  # each part: its own ordered deltas
    for choice in answer["choices"]:
        i = choice["index"]
        if choice["content"] is not None:
            pieces = _cuts(draw, choice["content"])
            runs = _split_list(draw, choice["tokens"], len(pieces))
            parts.append(
                [
                    (i, {"delta": {"content": p}, "logprobs": {"content": [_token(t) for t in run], "refusal": None}})
                    for p, run in zip(pieces, runs)
                ]
            )
        if choice["refusal"] is not None:
            parts.append([(i, {"delta": {"refusal": p}}) for p in _cuts(draw, choice["refusal"])])
        for k, call in enumerate(choice["tool_calls"]):
            pieces = _cuts(draw, call["arguments"])
            first = {
                "index": k,
                "id": call["id"],
                "type": "function",
                "function": {"name": call["name"], "arguments": pieces[0]},
            }
            rest = [{"index": k, "function": {"arguments": p}} for p in pieces[1:]]
            parts.append([(i, {"delta": {"tool_calls": [f]}}) for f in [first, *rest]])
    # interleave the parts, each in its own order
    events: list[tuple[int, dict[str, Any]]] = []
    queues = [list(p) for p in parts if p]
    while queues:
        q = draw(st.sampled_from(queues))
        events.append(q.pop(0))
        if not q:
            queues.remove(q)
    # every choice opens with its role and closes with its finish reason
    opening = [(c["index"], {"delta": {"role": "assistant"}}) for c in answer["choices"]]
    closing = [(c["index"], {"delta": {}, "finish_reason": c["finish_reason"]}) for c in answer["choices"]]
    chunks = [_chunk([o]) for o in opening]
    pending: list[tuple[int, dict[str, Any]]] = []
    for event in events:
        pending.append(event)
        if draw(st.booleans()):
            chunks.append(_chunk(pending))
            pending = []
    if pending:
        chunks.append(_chunk(pending))
    chunks.extend(_chunk([c]) for c in closing)
    if answer["usage"] is not None:
        chunks.append({**_chunk([]), "usage": answer["usage"]})
    return answer, chunks


def _split_list(draw: st.DrawFn, items: list[Any], parts: int) -> list[list[Any]]:
    cuts = sorted(draw(st.lists(st.integers(0, len(items)), min_size=parts - 1, max_size=parts - 1)))
    bounds = [0, *cuts, len(items)]
    return [items[a:b] for a, b in itertools.pairwise(bounds)]


def _token(text: str) -> dict[str, Any]:
    return {"token": text, "logprob": -0.5, "bytes": list(text.encode()), "top_logprobs": []}


def _chunk(events: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
    """One chunk: a choice entry per event; fragments of one choice's tool calls that land
    in the same chunk are sent as one delta listing them in order (as servers do)."""
    choices: list[dict[str, Any]] = []
    for index, body in events:
        last = choices[-1] if choices else None
        calls = body.get("delta", {}).get("tool_calls")
        if (
            last is not None
            and last["index"] == index
            and calls
            and set(last["delta"]) == {"tool_calls"}
            and len(body) == 1
        ):
            last["delta"]["tool_calls"].extend(copy.deepcopy(calls))
            continue
        entry = {"index": index, "finish_reason": None, **copy.deepcopy(body)}
        choices.append(entry)
    return {"id": "chatcmpl-prop", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": choices}


def _expected_snapshot_view(answer: dict[str, Any]) -> list[dict[str, Any]]:
    view = []
    for c in answer["choices"]:
        view.append(
            {
                "index": c["index"],
                "content": c["content"],
                "refusal": c["refusal"],
                "calls": [(t["id"], t["name"], t["arguments"]) for t in c["tool_calls"]],
                "tokens": c["tokens"] if c["content"] is not None else [],
                "finish_reason": c["finish_reason"],
            }
        )
    return view


def _snapshot_view(snapshot: dict[str, Any]) -> list[dict[str, Any]]:
    view = []
    for c in snapshot["choices"]:
        d = c["delta"]
        view.append(
            {
                "index": c["index"],
                "content": d.get("content"),
                "refusal": d.get("refusal"),
                "calls": [
                    (t["id"], t["function"]["name"], t["function"]["arguments"]) for t in d.get("tool_calls", [])
                ],
                "tokens": [t["token"] for t in ((c.get("logprobs") or {}).get("content") or [])],
                "finish_reason": c["finish_reason"],
            }
        )
    return view


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(streams())
def test_fragmented_interleaved_answer_merges_back(openai_modules, stream) -> None:  # type: ignore[no-untyped-def]
    answer, chunks = stream
    for style in STYLES:
        acc = openai_modules[style].CreateChatCompletionStreamResponseAccumulator(strict=True)
        for chunk in chunks:
            acc.add(copy.deepcopy(chunk))
        snapshot = acc.snapshot_dict()
        assert _snapshot_view(snapshot) == _expected_snapshot_view(answer)
        assert (
            snapshot["usage"] == answer["usage"]
            if answer["usage"] is not None
            else "usage" not in snapshot or snapshot["usage"] is None
        )
        acc.snapshot()  # validates as the typed model
        acc.to_response()  # and converts into the finished response
