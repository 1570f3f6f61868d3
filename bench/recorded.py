"""Recorded: the real streams of ../shared/streams/recorded/ replayed from their lines
through each style's SSE reader and merge (``iter_chunk_dicts`` + ``add``, one
``snapshot()``), and the typed way (``iter_chunks`` + ``add``), beside the least a client
must do (keep ``data:`` lines, json.loads them; and orjson.loads, when it is installed: the
modules then decode with it).

``.jsonl`` recordings hold one chunk per line: they are replayed as the SSE they came from
(``data: <chunk>``, a blank line, ``data: [DONE]`` at the end). Figures are µs per chunk,
the median of interleaved rounds, and the ratio to the baseline in the same round.
"""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

from .measure import RECORDED, Config, median, ratio, rounds
from .table import table, times

BASE = "data: + json.loads"
ORJSON = "data: + orjson.loads"


def sse_lines(path: Path) -> list[str]:
    """The recording as the lines an HTTP client would yield."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".sse":
        return text.splitlines()
    lines = []
    for line in text.splitlines():
        if line.strip():
            lines += [f"data: {line}", ""]
    return lines + ["data: [DONE]", ""]


def baseline(lines: list[str]) -> None:
    for line in lines:
        if line.startswith("data:"):
            data = line[5:].strip()
            if data == "[DONE]":
                break
            json.loads(data)


def baseline_orjson(lines: list[str]) -> None:
    import orjson

    for line in lines:
        if line.startswith("data:"):
            data = line[5:].strip()
            if data == "[DONE]":
                break
            orjson.loads(data)


def replay_typed(module: ModuleType) -> Callable[[list[str]], Any]:
    """A style's typed way from SSE lines to the merged snapshot: each chunk parsed."""
    accumulator, chunks = module.CreateChatCompletionStreamResponseAccumulator, module.iter_chunks

    def merge(lines: list[str]) -> Any:
        acc = accumulator()
        for chunk in chunks(lines):
            acc.add(chunk)
        return acc.snapshot()

    return merge


def replay(module: ModuleType) -> Callable[[list[str]], Any]:
    """A style's way from SSE lines to the merged snapshot."""
    accumulator, chunk_dicts = module.CreateChatCompletionStreamResponseAccumulator, module.iter_chunk_dicts

    def merge(lines: list[str]) -> Any:
        acc = accumulator()
        for chunk in chunk_dicts(lines):
            acc.add(chunk)
        return acc.snapshot()

    return merge


def run(config: Config, modules: dict[str, ModuleType]) -> tuple[str, dict[str, float]]:
    """The per-recording table, and each style's ratio to the baseline over all recordings
    (those that merge in every style)."""
    paths = sorted(p for p in RECORDED.iterdir() if p.suffix in (".sse", ".jsonl"))
    if config.quick:
        paths = paths[:3]
    styles = {style: replay(m) for style, m in modules.items()}
    styles.update({f"{style} (iter_chunks)": replay_typed(m) for style, m in modules.items()})
    floors: dict[str, Callable[[list[str]], None]] = {BASE: baseline}
    if importlib.util.find_spec("orjson") is not None:
        floors[ORJSON] = baseline_orjson
    rows, totals = [], {name: [0.0] * config.rounds for name in [*floors, *styles]}
    all_chunks = 0
    for path in paths:
        lines = sse_lines(path)
        chunks = sum(1 for line in lines if line.startswith("data:") and line[5:].strip() != "[DONE]")
        runs: dict[str, Callable[[], object]] = {name: partial(fn, lines) for name, fn in floors.items()}
        failures = {}
        for style, merge in styles.items():
            try:
                merge(lines)
                runs[style] = partial(merge, lines)
            except Exception as exc:  # noqa: BLE001 - reported in the table, not hidden
                failures[style] = f"fails: {type(exc).__name__}"
        samples = rounds(runs, config.rounds, config.min_time)
        row = [path.name, chunks, f"{median(samples[BASE]) / chunks * 1e6:.1f}"]
        for style in [*list(floors)[1:], *styles]:
            if style in failures:
                row.append(failures[style])
            else:
                row.append(
                    f"{median(samples[style]) / chunks * 1e6:.1f} ({times(ratio(samples[style], samples[BASE]))})"
                )
        rows.append(row)
        if failures:
            continue  # the totals compare like with like
        all_chunks += chunks
        for name, values in samples.items():
            totals[name] = [t + v for t, v in zip(totals[name], values)]
    others = [*list(floors)[1:], *styles]
    ratios = {name: ratio(totals[name], totals[BASE]) for name in others}
    rows.append(
        ["all recordings", all_chunks, f"{median(totals[BASE]) / all_chunks * 1e6:.1f}"]
        + [f"{median(totals[s]) / all_chunks * 1e6:.1f} ({times(ratios[s])})" for s in others]
    )
    note = f"µs per chunk (x baseline in the same round), median of {config.rounds} interleaved rounds; a recording that fails in some style is left out of the total."
    return table("Recorded streams: SSE reader + merge", ["recording", "chunks", BASE, *others], rows, note), ratios
