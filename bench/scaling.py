"""Scaling: one text stream at growing sizes, per style, beside json.loads and the anchors.

Sizes: 1k, 10k and 100k content chunks of a token or two each, a 1 MiB answer in ~17-byte
fragments (~63k chunks), 10k and 100k tool calls that each bring a new ``id`` without an
``index`` (and 100k all at ``index: 0``: issue #25's quadratic case, now linear), then a
10 MiB answer (~630k chunks). Seconds are the median of the
interleaved rounds for the whole stream (json.loads + add per chunk, one snapshot; "(add(raw))":
``acc.add(raw)``, the module decoding, with orjson when it is installed); peak
memory is tracemalloc's peak over one separate run (the input excluded). The anchors grow
their answer with ``str +=`` and are only run up to ``ANCHOR_LIMIT`` chunks (the 10k stream).

"Linear" compares chunks/s on the largest chunk-count stream with the smallest; "merge
only" is the style's time minus json.loads' in the same round. Times are this process's CPU
time (``time.process_time``).
"""

from __future__ import annotations

import time
from functools import partial
from types import ModuleType

from . import contenders, corpus
from .measure import Config, median, peak_memory, rounds
from .table import mib, rate, seconds, table, times

ANCHOR_LIMIT = 20_000
BASE = "json.loads"
ORJSON = "orjson.loads"
TEXT = "(add(raw))"


def streams(quick: bool) -> list[corpus.Stream]:
    if quick:
        return [
            corpus.text_stream("100 chunks", 100),
            corpus.text_stream("1k chunks", 1000),
            corpus.new_id_stream("1k calls, new id, no index", 1000),
            corpus.answer_stream("16 KiB answer", 2**14),
        ]
    return [
        corpus.text_stream("1k chunks", 1_000),
        corpus.text_stream("10k chunks", 10_000),
        corpus.text_stream("100k chunks", 100_000),
        corpus.answer_stream("1 MiB answer", 2**20),
        corpus.new_id_stream("10k calls, new id, no index", 10_000),
        corpus.new_id_stream("100k calls, new id, no index", 100_000),
        corpus.new_id_stream("100k calls, new id, all at index 0", 100_000, keyed=True),
        corpus.answer_stream("10 MiB answer", 10 * 2**20),
    ]


def run(config: Config, modules: dict[str, ModuleType]) -> tuple[str, dict[str, dict[str, float]]]:
    """The scaling tables, and per style: ``linear`` (chunks/s largest / smallest chunk
    stream), ``answer_s`` and ``answer_merge_s`` (the largest answer, with and without
    json.loads)."""
    styles = {style: contenders.fast_path(m) for style, m in modules.items()}
    styles.update({f"{style} {TEXT}": contenders.text_path(m) for style, m in modules.items()})
    anchors = contenders.anchors()
    floors = {BASE: contenders.json_loads} | ({ORJSON: contenders.orjson_loads} if contenders.have_orjson() else {})
    names = [*floors, *styles, *anchors]
    time_rows, memory_rows = [], []
    per_second: dict[str, dict[str, float]] = {}
    merge_only: dict[str, dict[str, float]] = {}
    sized = streams(config.quick)
    for stream in sized:
        chunks = stream.chunks
        runs = {**floors, **styles}
        if len(chunks) <= ANCHOR_LIMIT and stream.name.endswith(("chunks", "answer")):  # text streams only
            runs.update(anchors)
        count = config.rounds if len(chunks) <= 100_000 else min(config.rounds, 3)
        samples = rounds(
            {name: partial(fn, chunks) for name, fn in runs.items()}, count, config.min_time, clock=time.process_time
        )
        label = f"{stream.name} ({len(chunks):,} chunks)"
        time_rows.append([label] + [_cell(samples.get(n), len(chunks)) for n in names])
        memory_rows.append(
            [label]
            + ["-" for _ in floors]
            + [mib(peak_memory(partial(runs[n], chunks))) if n in runs else "skipped" for n in names[len(floors) :]]
        )
        per_second[stream.name] = {n: len(chunks) / median(s) for n, s in samples.items()}
        floor = {n: samples[ORJSON if n.endswith(TEXT) and ORJSON in samples else BASE] for n in styles}
        merge_only[stream.name] = {n: median([a - b for a, b in zip(samples[n], floor[n])]) for n in styles}
    first, last = sized[0].name, [s.name for s in sized if s.name.endswith("chunks")][-1]
    answer = sized[-1]
    figures = {
        style: {
            "linear": per_second[last][style] / per_second[first][style],
            "answer_s": len(answer.chunks) / per_second[answer.name][style],
            "answer_merge_s": merge_only[answer.name][style],
        }
        for style in styles
    }
    summary = [
        [
            style,
            rate(per_second[first][style]),
            rate(per_second[last][style]),
            times(f["linear"]),
            seconds(f["answer_s"]),
            seconds(f["answer_merge_s"]),
        ]
        for style, f in figures.items()
    ]
    text = table(
        "Scaling: seconds per stream (chunks/s)",
        ["stream", *names],
        time_rows,
        f"Anchors skipped above {ANCHOR_LIMIT:,} chunks (their `str +=` makes them quadratic); median of the interleaved rounds.",
    )
    text += "\n" + table("Scaling: peak memory (tracemalloc, one run)", ["stream", *names], memory_rows)
    headers = [
        "style",
        f"chunks/s {first}",
        f"chunks/s {last}",
        f"{last} / {first}",
        f"{answer.name}",
        f"{answer.name}, merge only",
    ]
    text += "\n" + table(
        "Scaling: linearity and the largest answer",
        headers,
        summary,
        "merge only: the style's time minus its decoder's (json.loads, or orjson.loads for (add(raw)) when installed) in the same round (median).",
    )
    return text, figures


def _cell(samples: list[float] | None, chunks: int) -> str:
    if samples is None:
        return "skipped"
    value = median(samples)
    return f"{seconds(value)} ({rate(chunks / value)})"
