"""Runtime: parse + merge throughput on the synthetic corpus (``corpus.runtime_corpus``).

Each contender (``contenders``) takes every stream of the corpus from raw payload bytes to
its merged answer, one kind of stream at a time (text, tool calls, n > 1, logprobs); all
(contender, kind) pairs are interleaved in each round. Chunks per second = all chunks /
the median time of a whole-corpus pass. "x json.loads" is the median over rounds of
(contender time / json.loads time in the same round), for the corpus and per kind;
"StreamState / it" is how many times faster than openai-python's
``ChatCompletionStreamState`` the contender is, taken the same way. Times are this
process's CPU time (``time.process_time``): on the shared cores, wall time swings with what
other jobs take.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from types import ModuleType

from . import contenders, corpus
from .measure import Config, median, ratio, rounds
from .table import rate, table, times

BASE = "json.loads"
ORJSON = "orjson.loads"
OPENAI = "openai StreamState"
TEXT = "(add(raw))"
TYPED_TEXT = "(typed, iter_chunks' way)"
MSGSPEC = "msgspec"
MSGSPEC_TYPED = "msgspec (typed: decode_ + add)"
MSGSPEC_REFERENCE = "msgspec hand-written ceiling"


def _msgspec_module(config: Config) -> ModuleType | None:
    """The msgspec style of ``specs/openai.yaml``, or None when msgspec is not installed."""
    import importlib.util

    if importlib.util.find_spec("msgspec") is None:
        return None
    from .msgspec_path import _module

    return _module(config.scratch / "msgspec")


def run(config: Config, modules: dict[str, ModuleType]) -> tuple[str, dict[str, dict[str, float]]]:
    """The runtime tables, and per contender ``x_json`` (its time / json.loads') and
    ``x_openai`` (StreamState's time / its) on the whole corpus, medians of same-round ratios."""
    kinds = corpus.runtime_corpus(config.quick)
    runs: dict[str, contenders.Contender] = {BASE: contenders.json_loads}
    orjson = contenders.have_orjson()
    if orjson:
        runs[ORJSON] = contenders.orjson_loads
    runs.update({style: contenders.fast_path(m) for style, m in modules.items()})
    runs.update({f"{style} {TEXT}": contenders.text_path(m) for style, m in modules.items()})
    runs.update({f"{style} (typed chunks)": contenders.typed_path(m) for style, m in modules.items()})
    runs.update({f"{style} {TYPED_TEXT}": contenders.typed_text_path(m) for style, m in modules.items()})
    msgspec = _msgspec_module(config)
    if msgspec is not None:
        runs[MSGSPEC] = contenders.fast_path(msgspec)
        runs[MSGSPEC_TYPED] = contenders.msgspec_typed_path(msgspec)
    reference = contenders.msgspec_reference()
    if reference is not None:
        runs[MSGSPEC_REFERENCE] = reference
    runs.update(contenders.anchors())

    def over(fn: contenders.Contender, streams: list[corpus.Stream]) -> Callable[[], object]:
        return lambda: [fn(s.chunks) for s in streams]

    pairs = {(name, kind): over(fn, streams) for name, fn in runs.items() for kind, streams in kinds.items()}
    samples = rounds(pairs, config.rounds, config.min_time, clock=time.process_time)
    whole = {name: [sum(r) for r in zip(*(samples[name, kind] for kind in kinds))] for name in runs}
    figures = {
        name: {"x_json": ratio(whole[name], whole[BASE])}
        | ({"x_openai": ratio(whole[OPENAI], whole[name])} if OPENAI in whole else {})
        for name in runs
    }
    total = sum(len(s.chunks) for streams in kinds.values() for s in streams)
    rows = []
    for name, f in figures.items():
        seconds = median(whole[name])
        speedup = times(f["x_openai"]) if "x_openai" in f else "-"
        rows.append([name, rate(total / seconds), f"{seconds / total * 1e6:.2f}", times(f["x_json"]), speedup])
    counts = ", ".join(
        f"{kind} {len(streams)} ({sum(len(s.chunks) for s in streams):,} chunks)" for kind, streams in kinds.items()
    )
    note = (
        f"Streams: {counts}; {total:,} chunks; median of {config.rounds} interleaved rounds, CPU time. "
        "Styles: `acc.add(json.loads(raw))` per chunk + one `acc.snapshot()` per stream; "
        f"{TEXT}: `acc.add(raw)`, the module decoding the text ("
        + ("orjson: installed" if orjson else "json.loads: orjson is not installed")
        + "); (typed chunks): `parse(json.loads(raw))` per chunk before `add`; "
        f"{TYPED_TEXT}: each chunk made typed as `iter_chunks` makes it from the event's data "
        "(pydantic: `model_validate_json`; the others: decoded as by `add(raw)`, then parsed), then added. "
        f"{MSGSPEC_TYPED}: each chunk's bytes decoded into the Structs "
        "(`decode_create_chat_completion_stream_response`), then added; "
        f"{MSGSPEC_REFERENCE}: minimal hand-written Structs and a merge of text and tool-call "
        "arguments only (no unknown fields, anomalies or validated result): the floor of a typed merge in Python."
    )
    headers = ["contender", "chunks/s", "µs/chunk", "x json.loads", "StreamState / it"]
    text = table("Runtime: parse + merge, synthetic corpus", headers, rows, note)
    by_kind = [[name] + [times(ratio(samples[name, kind], samples[BASE, kind])) for kind in kinds] for name in runs]
    base_row = ["json.loads, µs/chunk"] + [
        f"{median(samples[BASE, kind]) / sum(len(s.chunks) for s in streams) * 1e6:.2f}"
        for kind, streams in kinds.items()
    ]
    text += "\n" + table("Runtime: x json.loads by kind of stream", ["contender", *kinds], [base_row, *by_kind[1:]])
    return text, figures
