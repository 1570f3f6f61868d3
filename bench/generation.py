"""Generation: gen-models on the real newest OpenAI spec (3 MB), as the command a user runs,
per style and all three at once, beside datamodel-codegen on the same stream closure
(the chunk schema and what it references, extracted to a small YAML file) and on the
whole spec; then gen-models' time split by stage (``stage_times``, in a fresh process).

Every command runs as a fresh process writing to a fresh directory; wall time and the
process's peak RSS are the median over interleaved rounds. "x gen-models" is the median
over rounds of (its time / gen-models all three in the same round). Peak RSS is GNU
time's (``/usr/bin/time``; "n/a" without it).
"""

from __future__ import annotations

import itertools
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import yaml

from generator.pipeline import Options, generate
from generator.write import write_all

from .measure import NEWEST_SPEC, ROOT, STYLES, Config, median, ratio, run_process, script
from .table import mib, seconds, table, times

ALL = "gen-models, all three styles"
ROOT_SCHEMA = "CreateChatCompletionStreamResponse"
DMCG_TIMEOUT = 120.0


def stream_closure(spec: Path, out: Path) -> int:
    """Write ``ROOT_SCHEMA`` and every schema it references (transitively) as an OpenAPI
    document at ``out``; returns how many schemas it holds."""
    with spec.open("rb") as handle:
        doc = yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    schemas = doc["components"]["schemas"]
    prefix = "#/components/schemas/"
    found: dict[str, Any] = {}
    todo = [ROOT_SCHEMA]
    while todo:
        name = todo.pop()
        if name in found:
            continue
        found[name] = schemas[name]
        stack = [schemas[name]]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                ref = node.get("$ref")
                if isinstance(ref, str) and ref.startswith(prefix):
                    todo.append(ref[len(prefix) :])
                stack.extend(node.values())
            elif isinstance(node, list):
                stack.extend(node)
    closure = {"openapi": doc["openapi"], "info": doc["info"], "paths": {}, "components": {"schemas": found}}
    out.write_text(
        yaml.dump(closure, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), sort_keys=False), encoding="utf-8"
    )
    return len(found)


def run(config: Config) -> tuple[str, dict[str, float]]:
    """The generation tables, and ``gen_all_s`` (gen-models all three, wall seconds) and
    ``dmcg_whole_ratio`` (datamodel-codegen on the whole spec / gen-models all three)."""
    spec = ROOT / "specs" / "openai.yaml" if config.quick else NEWEST_SPEC
    scratch = config.scratch / "generation"
    scratch.mkdir(parents=True, exist_ok=True)
    fresh = itertools.count()
    commands = (
        {}
        if config.quick
        else {
            f"gen-models --style {style}": [*script("gen-models"), str(spec), "--style", style, "-q"]
            for style in STYLES
        }
    )
    commands[ALL] = [*script("gen-models"), str(spec), "-q"]
    closure_note = ""
    if not config.quick:
        closure = scratch / "stream_closure.yaml"
        count = stream_closure(spec, closure)
        closure_note = f" The stream closure is {count} schemas."
        dmcg = [
            *script("datamodel-codegen"),
            "--input-file-type",
            "openapi",
            "--output-model-type",
            "pydantic_v2.BaseModel",
        ]
        commands[f"datamodel-codegen, stream closure ({count} schemas)"] = [*dmcg, "--input", str(closure)]
        commands["datamodel-codegen, whole spec"] = [*dmcg, "--input", str(spec)]

    def command(name: str) -> list[str]:
        out = scratch / f"out{next(fresh)}"
        if name.startswith("datamodel-codegen"):
            out.mkdir()
            return [*commands[name], "--output", str(out / "models.py")]
        return [*commands[name], "-o", str(out)]

    count = 1 if config.quick else min(config.rounds, 3)
    walls: dict[str, list[float]] = {name: [] for name in commands}
    peaks: dict[str, list[int]] = {name: [] for name in commands}
    failed: dict[str, str] = {}
    names = list(commands)
    for r in range(count):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            if name in failed:
                continue
            result = run_process(command(name), DMCG_TIMEOUT, cwd=ROOT)
            if result.status != 0:
                failed[name] = "timed out" if result.status < 0 else f"exit {result.status}: {result.error[:80]}"
                continue
            walls[name].append(result.seconds)
            peaks[name].append(result.peak_rss)
    rows = []
    for name in names:
        if name in failed:
            rows.append([name, failed[name], "-", "-"])
            continue
        versus = "1.00x" if name == ALL else (times(ratio(walls[name], walls[ALL])) if ALL not in failed else "-")
        peak = mib(median(peaks[name])) if all(peaks[name]) else "n/a"
        rows.append([name, seconds(median(walls[name])), peak, versus])
    note = (
        f"Spec: `{os.path.relpath(spec, ROOT)}`; median of {count} interleaved rounds, each a fresh process "
        f"(interpreter start included), datamodel-codegen with `--output-model-type pydantic_v2.BaseModel`, "
        f"timeout {DMCG_TIMEOUT:.0f} s.{closure_note}"
    )
    text = table("Generation: command wall time and peak RSS", ["run", "wall", "peak RSS", "x gen-models"], rows, note)
    text += "\n" + _stages(spec, scratch, count)
    dmcg_whole = "datamodel-codegen, whole spec"
    figures = {"gen_all_s": median(walls[ALL]) if walls[ALL] else float("nan")}
    if walls.get(dmcg_whole) and walls[ALL]:
        figures["dmcg_whole_ratio"] = ratio(walls[dmcg_whole], walls[ALL])
    return text, figures


def stage_times(spec: Path, out: Path) -> dict[str, float]:
    """Seconds per stage of one generation of all three styles in this process
    (``SpecReading.timings``, plus the write)."""
    outputs, reading = generate(Options(spec=spec, output=out, styles=STYLES, root=ROOT))
    start = time.perf_counter()
    write_all(outputs)
    return dict(reading.timings, write=time.perf_counter() - start)


def _stages(spec: Path, scratch: Path, count: int) -> str:
    """gen-models' stage split: ``stage_times`` in a fresh process per round, as a command
    would run (no cache or warm import carried over from a previous round)."""
    samples: dict[str, list[float]] = {}
    for r in range(count):
        command = [sys.executable, "-m", "bench.generation", str(spec), str(scratch / f"stages{r}")]
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
        for stage, value in json.loads(result.stdout).items():
            samples.setdefault(stage, []).append(value)
    totals = [sum(values[r] for values in samples.values()) for r in range(count)]
    labels = {"interpret": "resolve + IR (interpret)", "format": "format (black)"}
    rows = [
        [
            labels.get(stage, stage.replace("_", " ")),
            seconds(median(v)),
            f"{statistics.median(x / t for x, t in zip(v, totals)):.0%}",
        ]
        for stage, v in samples.items()
    ]
    rows.append(["total", seconds(median(totals)), "100%"])
    note = (
        "`generator.pipeline.generate` + `write.write_all`, all three styles, in a fresh process per round "
        "(interpreter start and imports not included); `$ref`s resolve lazily inside interpret."
    )
    return table("Generation: gen-models stages", ["stage", "seconds", "share"], rows, note)


if __name__ == "__main__":  # one stage_times run, for _stages
    print(json.dumps(stage_times(Path(sys.argv[1]), Path(sys.argv[2]))))
