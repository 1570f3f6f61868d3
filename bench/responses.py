"""Responses: folding a Responses API text stream (``ResponseStreamEvent``) into its ``Response``.

The three styles are generated once from the newest OpenAI spec with
``--schema ResponseStreamEvent`` (into the scratch dir). The stream is synthetic, shaped like
the recordings of ``../shared/streams/responses``: ``response.created``, ``in_progress``,
``output_item.added`` (a message), ``content_part.added``, N ``output_text.delta`` events of a
few characters (``sequence_number``, ``item_id``, ``output_index``, ``content_index``,
``logprobs: []``), ``output_text.done``, ``content_part.done``, ``output_item.done`` and
``response.completed`` with the full response; one JSON text per event.

Contenders, all interleaved in each round: ``json.loads`` of every event (the floor); per
style ``acc.add(json.loads(line))`` per event and one ``acc.snapshot_dict()``; for
TypedDict and pydantic the same ending in one typed ``acc.snapshot()``; openai-python's
``ResponseStreamState.handle_event`` on events built as the SDK's stream builds them
(``construct_type(type_=ResponseStreamEvent, value=json.loads(line))``, cost included), its
final response read as ``get_final_response()`` does. Per-event microseconds for N = 6,000 and
60,000 deltas, in this process's CPU time (``time.process_time``): on the shared 2 cores, wall
time swung 2x between runs with other jobs' load; "x json.loads" and "StreamState / it" are
medians of same-round ratios.

Before timing, every contender's fold is checked: the text of a fold stopped before
``response.completed`` (whose response would overwrite it) and of the final response equals
the text sent.
"""

from __future__ import annotations

import importlib.util
import json
import time
from collections.abc import Callable
from functools import partial
from types import ModuleType
from typing import Any

from .measure import NEWEST_SPEC, Config, cached_styles, median, ratio, rounds
from .table import table, times

BASE = "json.loads"
OPENAI = "openai ResponseStreamState"
TARGET = "typeddict snapshot()"  # the "TypedDict style": what a user gets, typed
WORDS = (
    "The",
    " quick",
    " brown",
    " fox",
    " jumps",
    " over",
    " the",
    " lazy",
    " dog",
    ".",
    " Then",
    " it",
    " naps",
    "!",
)

Contender = Callable[[list[str]], Any]


def sizes(quick: bool) -> list[int]:
    return [60, 600] if quick else [6_000, 60_000]


def _response(status: str, output: list[Any], text_tokens: int) -> dict[str, Any]:
    usage = None
    if status == "completed":
        usage = {
            "input_tokens": 12,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": text_tokens,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": 12 + text_tokens,
        }
    return {
        "id": "resp_68c35098e6fc819e80fb94b25b7d031b0f2d670b80edc507",
        "object": "response",
        "created_at": 1757630616,
        "status": status,
        "background": False,
        "error": None,
        "incomplete_details": None,
        "instructions": None,
        "max_output_tokens": None,
        "max_tool_calls": None,
        "model": "gpt-5-2025-08-07",
        "output": output,
        "parallel_tool_calls": True,
        "previous_response_id": None,
        "prompt_cache_key": None,
        "reasoning": {"effort": None, "summary": None},
        "safety_identifier": None,
        "service_tier": "auto",
        "store": True,
        "temperature": 1.0,
        "text": {"format": {"type": "text"}, "verbosity": "medium"},
        "tool_choice": "auto",
        "tools": [],
        "top_logprobs": 0,
        "top_p": 1.0,
        "truncation": "disabled",
        "usage": usage,
        "user": None,
        "metadata": {},
    }


def text_stream(deltas: int) -> tuple[list[str], str]:
    """The JSON text of every event of a stream of ``deltas`` text deltas, and the text sent."""
    item_id = "msg_68c350a75ddc819ea5406470460be7850f2d670b80edc507"
    pieces = [WORDS[i % len(WORDS)] for i in range(deltas)]
    text = "".join(pieces)
    part = {"type": "output_text", "annotations": [], "logprobs": [], "text": text}
    item = {"id": item_id, "type": "message", "status": "completed", "content": [part], "role": "assistant"}
    at = {"item_id": item_id, "output_index": 0, "content_index": 0}
    events: list[dict[str, Any]] = [
        {"type": "response.created", "response": _response("in_progress", [], 0)},
        {"type": "response.in_progress", "response": _response("in_progress", [], 0)},
        {
            "type": "response.output_item.added",
            "output_index": 0,
            "item": {"id": item_id, "type": "message", "status": "in_progress", "content": [], "role": "assistant"},
        },
        {"type": "response.content_part.added", **at, "part": {**part, "text": ""}},
        *({"type": "response.output_text.delta", **at, "delta": p, "logprobs": []} for p in pieces),
        {"type": "response.output_text.done", **at, "text": text, "logprobs": []},
        {"type": "response.content_part.done", **at, "part": part},
        {"type": "response.output_item.done", "output_index": 0, "item": item},
        {"type": "response.completed", "response": _response("completed", [item], deltas)},
    ]
    lines = [
        json.dumps({"type": e["type"], "sequence_number": n, **e}, separators=(",", ":")) for n, e in enumerate(events)
    ]
    return lines, text


def json_loads(lines: list[str]) -> None:
    for line in lines:
        json.loads(line)


def fold_dict(module: ModuleType) -> Contender:
    accumulator = module.ResponseStreamEventAccumulator

    def fold(lines: list[str]) -> Any:
        acc = accumulator()
        for line in lines:
            acc.add(json.loads(line))
        return acc.snapshot_dict()

    return fold


def fold_typed(module: ModuleType) -> Contender:
    accumulator = module.ResponseStreamEventAccumulator

    def fold(lines: list[str]) -> Any:
        acc = accumulator()
        for line in lines:
            acc.add(json.loads(line))
        return acc.snapshot()

    return fold


def _openai_state(lines: list[str]) -> Any:
    from openai._models import construct_type
    from openai._types import omit
    from openai.lib.streaming.responses._responses import ResponseStreamState
    from openai.types.responses import ResponseStreamEvent

    state: Any = ResponseStreamState(input_tools=omit, text_format=omit)
    for line in lines:
        state.handle_event(construct_type(type_=ResponseStreamEvent, value=json.loads(line)))
    return state


def openai_stream_state(lines: list[str]) -> Any:
    """What ``ResponseStream`` does per SSE event, then ``get_final_response()``'s result."""
    return _openai_state(lines)._completed_response


def _text(response: Any) -> str:
    """The first output item's first content part's text, of a dict, TypedDict or model."""
    if isinstance(response, dict):
        return str(response["output"][0]["content"][0]["text"])
    return str(response.output[0].content[0].text)


def check(name: str, fn: Contender, lines: list[str], text: str) -> str:
    """ "" if ``fn``'s fold of ``lines`` has the text sent, before and after the terminal
    event; otherwise what differs."""
    try:
        if name == OPENAI:
            snapshot = _openai_state(lines[:-1])._ResponseStreamState__current_snapshot
        else:
            snapshot = fn(lines[:-1])
        before, after = _text(snapshot), _text(fn(lines))
    # any failure is reported in the table, not raised
    except Exception as exc:  # noqa: BLE001
        return f"{type(exc).__name__}: {exc}"
    if before != text:
        return f"fold before response.completed has {len(before)} chars, {len(text)} sent"
    if after != text:
        return f"final response has {len(after)} chars, {len(text)} sent"
    return ""


def run(config: Config) -> tuple[str, dict[str, Any]]:
    """The Responses table, and figures: per N, per contender ``us_event`` (µs per event),
    ``x_json`` and ``x_openai``; ``flat`` (µs/event at the largest N / at the smallest) per
    contender; ``mismatch`` (contenders whose fold lost text). Without the real spec (a
    clone without the data) the section says how to get it and measures nothing."""
    if not NEWEST_SPEC.is_file():
        note = f"skipped: the spec `{NEWEST_SPEC.name}` is not there (`python scripts/fetch_specs.py` gets it)."
        return f"### Responses\n\n{note}\n", {}
    styles, cached = cached_styles(NEWEST_SPEC, ("ResponseStreamEvent",), config.formatter)
    runs: dict[str, Contender] = {BASE: json_loads}
    runs.update({f"{style} snapshot_dict()": fold_dict(m) for style, m in styles.items()})
    runs.update({f"{style} snapshot()": fold_typed(styles[style]) for style in ("typeddict", "pydantic")})
    skipped = importlib.util.find_spec("openai") is None
    if not skipped:
        runs[OPENAI] = openai_stream_state
    figures: dict[str, Any] = {"by_n": {}, "mismatch": []}
    for n in sizes(config.quick):
        lines, text = text_stream(n)
        for name, fn in runs.items():
            problem = check(name, fn, lines, text) if name != BASE else ""
            if problem:
                figures["mismatch"].append(f"{name} (N = {n:,}): {problem}")
        contenders = {name: partial(fn, lines) for name, fn in runs.items()}
        samples = rounds(contenders, config.rounds, config.min_time, clock=time.process_time)
        figures["by_n"][n] = {
            name: {
                "us_event": median(s) / len(lines) * 1e6,
                "x_json": ratio(s, samples[BASE]),
                **({"x_openai": ratio(samples[OPENAI], s)} if OPENAI in samples else {}),
            }
            for name, s in samples.items()
        }
        figures["events"] = figures.get("events", {}) | {n: len(lines)}
    small, large = sizes(config.quick)
    by_n = figures["by_n"]
    figures["flat"] = {name: by_n[large][name]["us_event"] / by_n[small][name]["us_event"] for name in runs}
    figures["target"] = TARGET
    rows = []
    for name in runs:
        row: list[object] = [name]
        for n in (small, large):
            f = by_n[n][name]
            row += [f"{f['us_event']:.2f}", times(f["x_json"]), times(f["x_openai"]) if "x_openai" in f else "-"]
        row.append(times(figures["flat"][name]))
        rows.append(row)
    headers = ["contender"]
    for n in (small, large):
        headers += [f"µs/event N={n:,}", "x json.loads", "StreamState / it"]
    headers.append(f"µs/event {large:,} / {small:,}")
    note = (
        f"Spec: `{NEWEST_SPEC.name}`, `--schema ResponseStreamEvent` (modules {'from the cache' if cached else 'generated'}"
        ", about 18 s: kept in the temp dir `gen-models-bench-cache/`, keyed by spec, generator and templates). A text stream of N `output_text.delta` events "
        f"(a few characters each) and 8 lifecycle/item events: {figures['events'][small]:,} and "
        f"{figures['events'][large]:,} events; median of {config.rounds} interleaved rounds, "
        "in CPU time (`time.process_time`: the time other jobs take the core away is left out). Styles: `acc.add(json.loads(line))` per event, then one "
        "`snapshot_dict()` or one typed `snapshot()`."
    )
    if skipped:
        note += " openai-python is not installed: its contender is skipped (`pip install -e '.[bench]'`)."
    else:
        note += (
            " openai: `ResponseStreamState.handle_event` on `construct_type(type_=ResponseStreamEvent, "
            "value=json.loads(line))` per event (the SDK's own event construction, included in its figure, as a "
            "user of `client.responses.stream` pays it), then the completed response."
        )
    if figures["mismatch"]:
        note += " TEXT MISMATCH: " + "; ".join(figures["mismatch"]) + "."
    else:
        note += " Every fold's text (before `response.completed` and final) equals the text sent."
    return table("Responses: folding ResponseStreamEvent into Response", headers, rows, note), figures
