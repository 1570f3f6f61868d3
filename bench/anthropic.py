"""Anthropic: folding a Messages stream (``MessageStreamEvent``) into its ``Message`` (issue #24).

Every style is generated once from Anthropic's published spec (``../shared/specs/anthropic/
openapi.json``) with ``--schema MessageStreamEvent``, the shipped map applying by itself. Two
inputs: the eleven real recordings of ``tests/data/streams/anthropic`` (each folded on its
own: text, thinking, tool use, citations, server tools), and a synthetic stream shaped like
them of N ``text_delta`` events of a few characters then a tool use whose input comes in N/10
``input_json_delta`` fragments (N = 6,000 and 60,000: linear time).

Contenders, interleaved in each round: ``json.loads`` of every event (the floor); per style
``acc.add(json.loads(line))`` per event and one ``acc.snapshot_dict()``; for TypedDict and
pydantic the same ending in one typed ``acc.snapshot()``; anthropic-sdk-python's own
``accumulate_event`` (what ``client.messages.stream`` runs per event; it builds each event's
model itself), when the ``anthropic`` package is installed. CPU time (``time.process_time``),
median of same-round ratios. Before timing, every fold's text and tool input are checked
against what was sent.

Beside it, the drifted stream of issue #42 (``drifted``): B text blocks as Anthropic sends
them, each without the ``citations`` the spec requires, so a typed ``snapshot()`` reports B
``schema_drift`` places (B = 500 and 4,000). Per style (msgspec too): the fold plus one
``snapshot()``, beside the same fold plus one ``snapshot_dict()`` and bare ``json.loads`` (the
anchors): µs per block and the ratio of the large to the small input per block (1x: linear).
"""

from __future__ import annotations

import importlib.util
import json
import time
from collections.abc import Callable
from functools import partial
from types import ModuleType
from typing import Any

from .measure import ROOT, SHARED, STYLES, Config, cached_outputs, cached_styles, import_module, median, ratio, rounds
from .table import table, times

SPEC = SHARED / "specs" / "anthropic" / "openapi.json"
RECORDINGS = ROOT / "tests" / "data" / "streams" / "anthropic"
BASE = "json.loads"
SDK = "anthropic accumulate_event"
WORDS = ("The", " quick", " brown", " fox", " jumps", " over", " the", " lazy", " dog", ".")

Contender = Callable[[list[str]], Any]


def sizes(quick: bool) -> list[int]:
    return [60, 600] if quick else [6_000, 60_000]


def synthetic(deltas: int) -> tuple[list[str], str, Any]:
    """The JSON text of each event, the text sent and the tool input sent."""
    text = "".join(WORDS[i % len(WORDS)] for i in range(deltas))
    tool_input = {"query": " ".join(WORDS) * max(1, deltas // 100), "limit": 5}
    raw = json.dumps(tool_input)
    cuts = max(1, deltas // 10)
    step = max(1, len(raw) // cuts)
    fragments = ["", *(raw[i : i + step] for i in range(0, len(raw), step))]
    message: dict[str, Any] = {
        "id": "msg_01",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5",
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": 12, "output_tokens": 1},
    }
    events: list[dict[str, Any]] = [
        {"type": "message_start", "message": message},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        *(
            {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": WORDS[i % len(WORDS)]}}
            for i in range(deltas)
        ),
        {"type": "content_block_stop", "index": 0},
        {
            "type": "content_block_start",
            "index": 1,
            "content_block": {"type": "tool_use", "id": "toolu_01", "name": "search", "input": {}},
        },
        *(
            {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": f}}
            for f in fragments
        ),
        {"type": "content_block_stop", "index": 1},
        {
            "type": "message_delta",
            "delta": {"stop_reason": "tool_use", "stop_sequence": None},
            "usage": {"output_tokens": deltas},
        },
        {"type": "message_stop"},
    ]
    return [json.dumps(e, separators=(",", ":")) for e in events], text, tool_input


def recorded() -> list[list[str]]:
    """The data lines of each recording (``.sse`` data lines, ``.jsonl`` lines)."""
    streams = []
    for path in sorted(p for p in RECORDINGS.iterdir() if p.suffix in (".sse", ".jsonl")):
        lines = path.read_text(encoding="utf-8").splitlines()
        datas = [line[5:].strip() for line in lines if line.startswith("data:")] if path.suffix == ".sse" else lines
        streams.append([d for d in datas if d.strip()])
    return streams


def json_loads(lines: list[str]) -> None:
    for line in lines:
        json.loads(line)


def fold(module: ModuleType, typed: bool) -> Contender:
    accumulator = module.MessageStreamEventAccumulator

    def run(lines: list[str]) -> Any:
        acc = accumulator()
        for line in lines:
            acc.add(json.loads(line))
        return acc.snapshot() if typed else acc.snapshot_dict()

    return run


def sdk(lines: list[str]) -> Any:
    """What ``MessageStream`` does per SSE event (pings aside), as plain JSON at the end."""
    from anthropic.lib.streaming._messages import accumulate_event

    snapshot: Any = None
    buffers: dict[int, bytes] = {}
    for line in lines:
        event = json.loads(line)
        if event.get("type") != "ping":
            snapshot = accumulate_event(event=event, current_snapshot=snapshot, json_bufs=buffers)
    return snapshot


def _plain(result: Any) -> dict[str, Any]:
    if isinstance(result, dict):
        return result
    dump = getattr(result, "model_dump", None) or result.to_dict
    plain: dict[str, Any] = dump(mode="json") if hasattr(result, "model_dump") else dump()
    return plain


def check(fn: Contender, lines: list[str], text: str, tool_input: Any) -> str:
    """ "" when the fold has the text and the tool input sent; otherwise what differs."""
    try:
        content = _plain(fn(lines))["content"]
    except Exception as exc:  # noqa: BLE001  (reported in the table, not raised)
        return f"{type(exc).__name__}: {exc}"
    if content[0]["text"] != text:
        return f"text has {len(content[0]['text'])} chars, {len(text)} sent"
    if content[1]["input"] != tool_input:
        return "tool input differs from what was sent"
    return ""


def run(config: Config) -> tuple[str, dict[str, Any]]:
    """The Anthropic table, and figures: ``by_input`` (per input, per contender ``us_event``,
    ``x_json``, ``x_sdk``), ``flat`` and ``mismatch``."""
    if not SPEC.is_file():
        note = f"skipped: the spec `{SPEC}` is not there (`python scripts/fetch_specs.py` gets it)."
        return f"### Anthropic\n\n{note}\n", {}
    styles, cached = cached_styles(SPEC, ("MessageStreamEvent",), config.formatter)
    runs: dict[str, Contender] = {BASE: json_loads}
    runs.update({f"{style} snapshot_dict()": fold(m, False) for style, m in styles.items()})
    runs.update({f"{style} snapshot()": fold(styles[style], True) for style in ("typeddict", "pydantic")})
    has_sdk = importlib.util.find_spec("anthropic") is not None
    if has_sdk:
        runs[SDK] = sdk
    figures: dict[str, Any] = {"by_input": {}, "mismatch": [], "events": {}}
    inputs: dict[str, list[list[str]]] = {"11 recordings": recorded()}
    for n in sizes(config.quick):
        lines, text, tool_input = synthetic(n)
        inputs[f"N = {n:,}"] = [lines]
        for name, fn in runs.items():
            problem = check(fn, lines, text, tool_input) if name != BASE else ""
            if problem:
                figures["mismatch"].append(f"{name} ({n:,}): {problem}")
    for label, streams in inputs.items():
        contenders: dict[str, Callable[[], object]] = {name: partial(_each, fn, streams) for name, fn in runs.items()}
        for name, contender in list(contenders.items()):
            try:
                contender()
            except Exception as exc:  # noqa: BLE001  (reported in the table, not raised)
                figures["mismatch"].append(f"{name} ({label}): {type(exc).__name__}: {str(exc)[:120]}")
                del contenders[name]
        samples = rounds(contenders, config.rounds, config.min_time, clock=time.process_time)
        events = sum(len(s) for s in streams)
        figures["events"][label] = events
        figures["by_input"][label] = {
            name: {
                "us_event": median(s) / events * 1e6,
                "x_json": ratio(s, samples[BASE]),
                **({"x_sdk": ratio(samples[SDK], s)} if SDK in samples else {}),
            }
            for name, s in samples.items()
        }
    labels = list(inputs)
    small, large = labels[1], labels[2]
    by = figures["by_input"]
    figures["flat"] = {
        name: by[large][name]["us_event"] / by[small][name]["us_event"]
        for name in runs
        if name in by[large] and name in by[small]
    }
    headers = ["contender"]
    for label in labels:
        headers += [f"µs/event {label}", "x json.loads", "SDK / it"]
    headers.append("µs/event large / small")
    rows = []
    for name in runs:
        row: list[object] = [name]
        for label in labels:
            f = by[label].get(name)
            if f is None:
                row += ["failed", "-", "-"]
                continue
            row += [f"{f['us_event']:.2f}", times(f["x_json"]), times(f["x_sdk"]) if "x_sdk" in f else "-"]
        row.append(times(figures["flat"][name]) if name in figures["flat"] else "-")
        rows.append(row)
    note = (
        f"Spec: `{SPEC.name}` (Anthropic's published spec), `--schema MessageStreamEvent`, the shipped map (modules "
        f"{'from the cache' if cached else 'generated'}). Inputs: the 11 recordings ({figures['events'][labels[0]]:,} "
        f"events), and a text stream of N deltas then a tool input in N/10 fragments "
        f"({figures['events'][small]:,} and {figures['events'][large]:,} events); median of {config.rounds} "
        "interleaved rounds, CPU time. Styles: `acc.add(json.loads(line))` per event, then one `snapshot_dict()` or "
        "one typed `snapshot()`."
    )
    if has_sdk:
        note += " SDK: anthropic-sdk-python's `accumulate_event` per event (it builds the event's model itself)."
    else:
        note += " anthropic is not installed: its contender is skipped (`pip install -e '.[bench]'`)."
    if figures["mismatch"]:
        note += " MISMATCH: " + "; ".join(figures["mismatch"]) + "."
    else:
        note += " Every fold's text and tool input equal what was sent."
    text = table("Anthropic: folding MessageStreamEvent into Message", headers, rows, note)
    drift_text, figures["drifted"] = drifted_table(config)
    return text + "\n" + drift_text, figures


def drifted(blocks: int) -> list[str]:
    """The JSON text of each event of a message of ``blocks`` text blocks, each as Anthropic
    streams it (start, one delta, stop) and so without the ``citations`` the spec requires."""
    events: list[dict[str, Any]] = [
        {
            "type": "message_start",
            "message": {
                "id": "msg_01",
                "type": "message",
                "role": "assistant",
                "model": "claude-sonnet-4-5",
                "content": [],
                "stop_reason": None,
                "stop_sequence": None,
                "usage": {"input_tokens": 12, "output_tokens": 1},
            },
        }
    ]
    for i in range(blocks):
        events += [
            {"type": "content_block_start", "index": i, "content_block": {"type": "text", "text": ""}},
            {"type": "content_block_delta", "index": i, "delta": {"type": "text_delta", "text": WORDS[i % 10]}},
            {"type": "content_block_stop", "index": i},
        ]
    events += [
        {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": blocks}},
        {"type": "message_stop"},
    ]
    return [json.dumps(e, separators=(",", ":")) for e in events]


def drifted_sizes(quick: bool) -> list[int]:
    return [50, 400] if quick else [500, 4_000]


def drifted_table(config: Config) -> tuple[str, dict[str, Any]]:
    """The drifted stream's table (see the module docstring), and figures: ``us_block`` per
    input and contender, ``flat`` (large / small per block) and ``drift`` (the places each
    typed snapshot reported on the large input)."""
    styles = (*STYLES, "msgspec")
    paths, _ = cached_outputs(SPEC, ("MessageStreamEvent",), styles, "bench", config.formatter)
    modules = {style: import_module(path) for style, path in zip(styles, paths)}
    runs: dict[str, Contender] = {BASE: json_loads}
    for style, module in modules.items():
        runs[f"{style} snapshot_dict()"] = fold(module, False)
        runs[f"{style} snapshot()"] = fold(module, True)
    small, large = drifted_sizes(config.quick)
    figures: dict[str, Any] = {"us_block": {}, "drift": {}}
    for blocks in (small, large):
        lines = drifted(blocks)
        contenders: dict[str, Callable[[], object]] = {name: partial(fn, lines) for name, fn in runs.items()}
        samples = rounds(contenders, config.rounds, config.min_time, clock=time.process_time)
        figures["us_block"][blocks] = {name: median(s) / blocks * 1e6 for name, s in samples.items()}
    for style, module in modules.items():
        acc = module.MessageStreamEventAccumulator()
        for line in drifted(large):
            acc.add(json.loads(line))
        acc.snapshot()
        figures["drift"][style] = sum(a.kind == "schema_drift" for a in acc.anomalies)
    per = figures["us_block"]
    figures["flat"] = {name: per[large][name] / per[small][name] for name in runs}
    headers = ["contender", f"µs/block B = {small:,}", f"µs/block B = {large:,}", "large / small", "drift reported"]
    rows = [
        [
            name,
            f"{per[small][name]:.2f}",
            f"{per[large][name]:.2f}",
            times(figures["flat"][name]),
            figures["drift"][name.split()[0]] if name.endswith("snapshot()") else "-",
        ]
        for name in runs
    ]
    note = (
        f"A message of B text blocks without the `citations` the spec requires (Anthropic sends none): each fold "
        f"plus one `snapshot_dict()` (the plain JSON: an anchor, with `json.loads` of every event) or one typed "
        f"`snapshot()`, which builds the result anyway and reports each block's place (`schema_drift`, counted on "
        f"B = {large:,}). CPU time per block, median of {config.rounds} rounds; large / small near 1x: linear "
        "(issue #42: 12.6 s for 4,000 blocks in TypedDict before, one pass now)."
    )
    return table("Anthropic: a drifted message (issue #42)", headers, rows, note), figures


def _each(fn: Contender, streams: list[list[str]]) -> None:
    for lines in streams:
        fn(lines)
