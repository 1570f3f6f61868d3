"""Generation: gen-models beside datamodel-codegen on equal work (issue #15), as the commands
a user runs, each a fresh process writing to a fresh directory:

* the chat stream closure (``CreateChatCompletionStreamResponse`` and what it references,
  extracted from the real newest OpenAI spec to a small YAML file) in each style and all
  three, beside datamodel-codegen on the same file with the matching output type;
* the whole spec: ``--all-schemas`` per style beside datamodel-codegen's whole-spec run;
* a run whose outputs are current (the header's fingerprint) and ``--check``, on the real
  spec as users run them.

gen-models keeps formatted code and compiled templates in its cache directory
(``$GEN_MODELS_CACHE``): "cold" runs get an empty one each (a first run on a fresh
machine), "warm" runs one that earlier untimed runs of the same command filled (a re-run
after a change elsewhere, or any run after the first: the runtime is formatted once).

Wall time and peak RSS (GNU time's ``/usr/bin/time``; "n/a" without it) are medians over
interleaved rounds; a ratio is taken within a round, then its median. Then gen-models' time
split by stage (``stage_times``, in a fresh process), and how formatting ``--all-schemas``
spreads over the cores. ``gen-models`` here is ``python -m generator`` from this checkout.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from generator import format as fmt
from generator.pipeline import Options, generate
from generator.write import write_all

from .measure import GNU_TIME, NEWEST_SPEC, ROOT, STYLES, Config, Run, median, ratio, run_process, script
from .table import mib, seconds, table, times

ROOT_SCHEMA = "CreateChatCompletionStreamResponse"
DMCG_TIMEOUT = 300.0
#: datamodel-codegen's output type matching each style.
DMCG_TYPES = {
    "dataclass": "dataclasses.dataclass",
    "pydantic": "pydantic_v2.BaseModel",
    "typeddict": "typing.TypedDict",
}
CURRENT, CHECK = "re-run, outputs current (real spec)", "--check, outputs current (real spec)"


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


def timed(command: list[str], timeout: float) -> tuple[Run, float]:
    """``run_process(command)`` and the CPU seconds (user + system) the command took, from
    GNU time (NaN without it): on a shared machine the wall time includes waiting for a core."""
    if not GNU_TIME:
        return run_process(command, timeout, cwd=ROOT), float("nan")
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "cpu"
        result = run_process([GNU_TIME, "-f", "%U %S", "-o", str(report), *command], timeout, cwd=ROOT)
        try:
            user, system = report.read_text().split()[-2:]
            return result, float(user) + float(system)
        except (OSError, ValueError):
            return result, float("nan")


def gen_models() -> list[str]:
    """gen-models from this checkout (``python -m generator``, run with the checkout as cwd)."""
    return [sys.executable, "-m", "generator"]


def byte_compile() -> None:
    """Byte-compile the checkout's ``generator`` (``__pycache__``, as pip does when it
    installs a package): datamodel-codegen's byte code was compiled when it was installed,
    while a checkout run with ``PYTHONDONTWRITEBYTECODE`` set (this VM sets it) would
    compile every module of gen-models again in each timed process (~0.1 s)."""
    run_process([sys.executable, "-m", "compileall", "-q", "generator"], DMCG_TIMEOUT, cwd=ROOT)


def run(config: Config) -> tuple[str, dict[str, Any]]:
    """The generation tables and targets; figures: ``gen_all_s`` (all three styles on the
    real spec, warm cache, wall seconds) and the ratios the targets use."""
    spec = ROOT / "specs" / "openai.yaml" if config.quick else NEWEST_SPEC
    scratch = config.scratch / "generation"
    scratch.mkdir(parents=True, exist_ok=True)
    closure = scratch / "stream_closure.yaml"
    count_schemas = stream_closure(spec, closure)
    fresh = itertools.count()
    warm_cache = scratch / "cache-warm"
    current_dir = scratch / "current"
    byte_compile()
    styles = STYLES if not config.quick else ("pydantic",)
    commands: dict[str, tuple[list[str], str]] = {}  # name -> (argv without -o, cache: cold/warm/none)
    for style in styles if not config.quick else ():
        for cache in ("cold", "warm"):
            commands[f"gen-models --style {style}, closure, {cache}"] = (
                [*gen_models(), str(closure), "--style", style, "-q"],
                cache,
            )
    for cache in ("cold", "warm"):
        commands[f"gen-models, 3 styles, closure, {cache}"] = ([*gen_models(), str(closure), "-q"], cache)
    for cache in ("cold", "warm"):  # the default run: every stream root (issue #28)
        commands[f"gen-models, 3 styles, real spec, {cache}"] = ([*gen_models(), str(spec), "-q"], cache)
    if not config.quick:
        for style in styles:
            dmcg = [*script("datamodel-codegen"), "--input-file-type", "openapi", "--output-model-type"]
            commands[f"datamodel-codegen {DMCG_TYPES[style]}, closure"] = (
                [*dmcg, DMCG_TYPES[style], "--input", str(closure)],
                "none",
            )
        for style in styles:
            for cache in ("cold", "warm"):
                commands[f"gen-models --all-schemas --style {style}, {cache}"] = (
                    [*gen_models(), str(spec), "--all-schemas", "--style", style, "-q"],
                    cache,
                )
        for style in styles:
            dmcg = [*script("datamodel-codegen"), "--input-file-type", "openapi", "--output-model-type"]
            commands[f"datamodel-codegen {DMCG_TYPES[style]}, whole spec"] = (
                [*dmcg, DMCG_TYPES[style], "--input", str(spec)],
                "none",
            )
    commands[CURRENT] = ([*gen_models(), str(spec), "-q", "-o", str(current_dir)], "warm")
    commands[CHECK] = ([*gen_models(), str(spec), "-q", "--check", "-o", str(current_dir)], "warm")

    def command(name: str) -> list[str]:
        argv, cache = commands[name]
        env = []
        if cache != "none":
            cache_dir = warm_cache if cache == "warm" else scratch / f"cold{next(fresh)}"
            env = ["env", f"GEN_MODELS_CACHE={cache_dir}"]
        if name in (CURRENT, CHECK):
            return [*env, *argv]
        out = scratch / f"out{next(fresh)}"
        if name.startswith("datamodel-codegen"):
            out.mkdir()
            return [*env, *argv, "--output", str(out / "models.py")]
        return [*env, *argv, "-o", str(out)]

    failed: dict[str, str] = {}
    for name, (_, cache) in commands.items():  # warm-up (untimed): fills the warm cache, writes current_dir
        if cache == "warm":
            result = run_process(command(name), DMCG_TIMEOUT, cwd=ROOT)
            if result.status not in (0, 1):
                failed[name] = f"exit {result.status}: {result.error[:80]}"
    count = 1 if config.quick else min(config.rounds, 3)
    walls: dict[str, list[float]] = {name: [] for name in commands}
    peaks: dict[str, list[int]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    names = list(commands)
    for r in range(count):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            if name in failed:
                continue
            result, cpu = timed(command(name), DMCG_TIMEOUT)
            if result.status != 0:
                failed[name] = "timed out" if result.status < 0 else f"exit {result.status}: {result.error[:80]}"
                continue
            walls[name].append(result.seconds)
            cpus[name].append(cpu)
            peaks[name].append(result.peak_rss)
    ok = {name for name in names if name not in failed and walls[name]}

    def versus(name: str, base: str) -> float | None:
        return ratio(walls[name], walls[base]) if name in ok and base in ok else None

    def row(name: str, base: str | None) -> list[str]:
        if name not in ok:
            return [name, failed.get(name, "-"), "-", "-", "-"]
        peak = mib(median(peaks[name])) if all(peaks[name]) else "n/a"
        against = versus(name, base) if base else None
        cpu = median(cpus[name])
        return [
            name,
            seconds(median(walls[name])),
            "n/a" if math.isnan(cpu) else seconds(cpu),
            peak,
            times(against) if against is not None else "-",
        ]

    def dmcg_for(name: str, where: str) -> str | None:
        """datamodel-codegen's run on the same input with the matching output type (pydantic
        for all three styles), or None for datamodel-codegen's own rows."""
        if name.startswith("datamodel-codegen") or config.quick:
            return None
        style = next((s for s in styles if f"--style {s}" in name), "pydantic")
        return f"datamodel-codegen {DMCG_TYPES[style]}, {where}"

    chat_rows = [row(n, dmcg_for(n, "closure")) for n in names if "closure" in n]
    chat_rows += [row(f"gen-models, 3 styles, real spec, {cache}", None) for cache in ("cold", "warm")]
    whole_rows = [row(n, dmcg_for(n, "whole spec")) for n in names if "all-schemas" in n or "whole spec" in n]
    note = (
        f"Spec: `{os.path.relpath(spec, ROOT)}`; the closure is {count_schemas} schemas. Median of {count} "
        f"interleaved rounds, each command a fresh process (interpreter start included) writing to a fresh "
        f"directory; cold: an empty gen-models cache each run, warm: the cache earlier runs of the command "
        f"filled. \"x datamodel-codegen\": gen-models' time / datamodel-codegen's with the matching output type "
        f"in the same round (< 1: gen-models is faster), in wall time. CPU: user + system seconds of the "
        f"process and its children (GNU time): the wall time less the waiting for a core on a shared machine. "
        f"Timeout {DMCG_TIMEOUT:.0f} s."
    )
    text = table(
        "Generation: the chat stream closure",
        ["run", "wall", "CPU", "peak RSS", "x datamodel-codegen"],
        chat_rows,
        note,
    )
    if whole_rows:
        text += "\n" + table(
            "Generation: the whole spec (--all-schemas)",
            ["run", "wall", "CPU", "peak RSS", "x datamodel-codegen"],
            whole_rows,
        )
    text += "\n" + table(
        "Generation: outputs already current",
        ["run", "wall", "CPU", "peak RSS", "-"],
        [row(CURRENT, None), row(CHECK, None)],
        "The fingerprint in the generated headers is checked before the spec is read: nothing else runs.",
    )
    text += "\n" + _stages(spec, scratch, count, warm_cache)
    if not config.quick:
        text += "\n" + _cores(spec)
    figures: dict[str, Any] = {}
    if "gen-models, 3 styles, real spec, warm" in ok:
        figures["gen_all_s"] = median(walls["gen-models, 3 styles, real spec, warm"])
    targets: list[tuple[str, str, bool]] = []

    def target(label: str, name: str, check: Callable[[float], bool], base: str | None = None) -> None:
        if name not in ok or (base is not None and base not in ok) or (base is None and "datamodel" in label):
            return
        value = versus(name, base) if base else median(walls[name])
        assert value is not None
        targets.append((label, times(value) if base else seconds(value), check(value)))

    for cache in ("cold", "warm"):
        for style in styles:
            name = f"gen-models --style {style}, closure, {cache}"
            label = f"closure, {style} ({cache}) faster than datamodel-codegen"
            target(label, name, lambda v: v < 1, dmcg_for(name, "closure"))
        target(f"closure, 3 styles ({cache}) < 0.5 s", f"gen-models, 3 styles, closure, {cache}", lambda v: v < 0.5)
    for cache in ("cold", "warm"):
        for style in styles:
            name = f"gen-models --all-schemas --style {style}, {cache}"
            base = dmcg_for(name, "whole spec")
            target(f"--all-schemas {style} ({cache}) faster than datamodel-codegen", name, lambda v: v < 1, base)
            if style == "pydantic":
                target(f"--all-schemas pydantic ({cache}) <= 1/2 datamodel-codegen", name, lambda v: v <= 0.5, base)
    for cache, limit in (("cold", 10.0), ("warm", 0.5)):
        target(
            f"default run (every stream root), 3 styles ({cache}) <= {limit:g} s",
            f"gen-models, 3 styles, real spec, {cache}",
            lambda v, limit=limit: v <= limit,  # type: ignore[misc]
        )
    target("outputs current: re-run < 0.2 s", CURRENT, lambda v: v < 0.2)
    target("outputs current: --check < 0.2 s", CHECK, lambda v: v < 0.2)
    figures["targets"] = targets
    text += "\n" + table(
        "Targets (issue #15, generation; this run)",
        ["target", "measured", "verdict"],
        [[label, value, "met" if met else "MISSED"] for label, value, met in targets],
    )
    return text, figures


def stage_times(spec: Path, out: Path) -> dict[str, float]:
    """Seconds per stage of one generation of all three styles in this process
    (``SpecReading.timings``, plus the write)."""
    outputs, reading = generate(Options(spec=spec, output=out, styles=STYLES, root=ROOT))
    start = time.perf_counter()
    write_all(outputs)
    return dict(reading.timings, write=time.perf_counter() - start)


def _stages(spec: Path, scratch: Path, count: int, warm_cache: Path) -> str:
    """gen-models' stage split, cold and warm: ``stage_times`` in a fresh process per round,
    as a command would run (no in-process cache or warm import carried over)."""
    rows = []
    for cache in ("cold", "warm") if count > 1 else ("warm",):
        samples: dict[str, list[float]] = {}
        for r in range(count):
            cache_dir = warm_cache if cache == "warm" else scratch / f"stages-cold{r}"
            command = [sys.executable, "-m", "bench.generation", str(spec), str(scratch / f"stages-{cache}{r}")]
            env = {**os.environ, "GEN_MODELS_CACHE": str(cache_dir)}
            result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True, env=env)
            for stage, value in json.loads(result.stdout).items():
                samples.setdefault(stage, []).append(value)
        totals = [sum(values[r] for values in samples.values()) for r in range(count)]
        labels = {"interpret": "resolve + IR (interpret)", "format": "format (black)"}
        rows += [
            [
                f"{cache}: {labels.get(stage, stage.replace('_', ' '))}",
                seconds(median(v)),
                f"{statistics.median(x / t for x, t in zip(v, totals)):.0%}",
            ]
            for stage, v in samples.items()
        ]
        rows.append([f"{cache}: total", seconds(median(totals)), "100%"])
    note = (
        "`generator.pipeline.generate` + `write.write_all`, all three styles of the chat stream roots of the "
        "spec, in a fresh process per round (interpreter start and imports not included); cold: an empty cache "
        "directory, warm: the one the runs above filled."
    )
    return table("Generation: gen-models stages", ["stage", "seconds", "share"], rows, note)


def _cores(spec: Path) -> str:
    """Black on ``--all-schemas`` (pydantic) block by block without a cache: in one process,
    then spread over the cores (``format.workers_for``): wall and CPU seconds, one run each."""
    from generator.pipeline import render_sources

    options = Options(spec=spec, output=Path("unused"), styles=("pydantic",), all_schemas=True, root=ROOT)
    captured, _ = render_sources(options)
    lines = sum(s.count("\n") for s in captured.values())
    rows = []
    for label, minimum in (("one process", 10**12), (f"{fmt.workers_for(lines)} processes", 0)):
        saved = fmt.PARALLEL_MIN_LINES
        fmt.PARALLEL_MIN_LINES = minimum
        fmt._cache.clear()
        try:
            wall, cpu = time.perf_counter(), _cpu()
            fmt.format_modules(captured, (3, 10), cache=False)
            rows.append([label, seconds(time.perf_counter() - wall), seconds(_cpu() - cpu)])
        finally:
            fmt.PARALLEL_MIN_LINES = saved
    note = (
        f"{lines:,} lines; CPU: this process and its workers (user + system). {os.cpu_count()} cores on this "
        "machine, shared with other jobs: the load average above says how much of them this run had."
    )
    return table(
        "Generation: formatting --all-schemas (pydantic) over the cores, cold", ["run", "wall", "CPU"], rows, note
    )


def _cpu() -> float:
    own, children = os.times(), os.times()
    return own.user + own.system + children.children_user + children.children_system


if __name__ == "__main__":  # one stage_times run, for _stages
    print(json.dumps(stage_times(Path(sys.argv[1]), Path(sys.argv[2]))))
