"""Generation: gen-models beside datamodel-codegen on equal work (issues #15, #39), as the
commands a user runs, each a fresh process writing to a fresh directory:

* the chat stream closure (``CreateChatCompletionStreamResponse`` and what it references,
  extracted from the real newest OpenAI spec to a small YAML file) in each style and all
  three, beside datamodel-codegen on the same file with the matching output type;
* the default run (every stream root, three styles) on ``specs/openai.yaml`` and on the
  upstream spec, with black and with ruff;
* ``--all-schemas`` per style beside datamodel-codegen's whole-spec run;
* a run whose outputs are current (the header's fingerprint) and ``--check``.

gen-models keeps no outputs between runs: each run formats its modules, one black pass each, in
parallel. It keeps its compiled templates (Jinja's bytecode cache, as Python keeps ``.pyc``):
"now" rows run with them compiled (an untimed run first), and one row shows a first run ever
(an empty cache each time).
``--before REV`` runs the generator of an earlier revision (a temporary git worktree) on the
same commands in the same rounds: its cache, where it had one, empty for "cold" rows and
filled by an untimed run for "warm" rows.

Wall time and peak RSS (GNU time's ``/usr/bin/time``; "n/a" without it) are medians over
interleaved rounds; a ratio is taken within a round, then its median. Then gen-models' time
split by stage (``stage_times``, in a fresh process). ``gen-models`` is ``python -m generator``.
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


def timed(command: list[str], timeout: float, cwd: Path = ROOT) -> tuple[Run, float]:
    """``run_process(command)`` in ``cwd`` and the CPU seconds (user + system) the command
    took, from GNU time (NaN without it): on a shared machine the wall time includes waiting
    for a core."""
    if not GNU_TIME:
        return run_process(command, timeout, cwd=cwd), float("nan")
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "cpu"
        result = run_process([GNU_TIME, "-f", "%U %S", "-o", str(report), *command], timeout, cwd=cwd)
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
    upstream spec, wall seconds) and the targets. With ``config.before`` (``--before REV``),
    the generator at that revision runs the same commands in the same rounds (its cache, if
    it has one, empty for "cold" rows and filled by an untimed run for "warm" rows)."""
    upstream = ROOT / "specs" / "openai.yaml" if config.quick else NEWEST_SPEC
    scratch = config.scratch / "generation"
    scratch.mkdir(parents=True, exist_ok=True)
    closure = scratch / "stream_closure.yaml"
    count_schemas = stream_closure(upstream, closure)
    fresh = itertools.count()
    byte_compile()
    styles = STYLES if not config.quick else ("pydantic",)
    trees = {"now": ROOT}
    if config.before:
        trees["before"] = _worktree(config.before, scratch / "before-tree")
    specs = {"closure": closure, "specs/openai.yaml": ROOT / "specs" / "openai.yaml", "upstream": upstream}
    if config.quick:  # a smoke run: every kind of row once, on the closure (black on a whole spec: 7 s a run)
        specs, upstream = {"closure": closure}, closure
    commands: dict[str, tuple[list[str], str, Path]] = {}  # name -> (argv without -o, cache, cwd)
    for rev, tree in trees.items():
        caches = ("cold", "warm") if rev == "before" else ("no cache",)
        for cache in caches:
            for style in styles if not config.quick else ():
                commands[f"{rev}: --style {style}, closure, black, {cache}"] = (
                    [*gen_models(), str(closure), "--style", style, "-q"],
                    cache,
                    tree,
                )
            if rev == "now" and not config.quick:
                commands["now: --style dataclass, closure, black, first run"] = (
                    [*gen_models(), str(closure), "--style", "dataclass", "-q"],
                    "first run",
                    tree,
                )
            for where, spec in specs.items():
                for formatter in ("black", "ruff"):
                    commands[f"{rev}: 3 styles, {where}, {formatter}, {cache}"] = (
                        [*gen_models(), str(spec), "--formatter", formatter, "-q"],
                        cache,
                        tree,
                    )
        commands[f"{rev}: {CURRENT}"] = (
            [*gen_models(), str(upstream), "-q", "-o", str(scratch / f"current-{rev}")],
            "warm",
            tree,
        )
        commands[f"{rev}: {CHECK}"] = (
            [*gen_models(), str(upstream), "-q", "--check", "-o", str(scratch / f"current-{rev}")],
            "warm",
            tree,
        )
    if not config.quick:
        dmcg = [*script("datamodel-codegen"), "--input-file-type", "openapi", "--output-model-type"]
        for style in styles:
            commands[f"datamodel-codegen {DMCG_TYPES[style]}, closure"] = (
                [*dmcg, DMCG_TYPES[style], "--input", str(closure)],
                "none",
                ROOT,
            )
        for style in styles:
            commands[f"now: --all-schemas --style {style}, black, no cache"] = (
                [*gen_models(), str(upstream), "--all-schemas", "--style", style, "-q"],
                "none",
                ROOT,
            )
            commands[f"datamodel-codegen {DMCG_TYPES[style]}, whole spec"] = (
                [*dmcg, DMCG_TYPES[style], "--input", str(upstream)],
                "none",
                ROOT,
            )

    def command(name: str) -> tuple[list[str], Path]:
        argv, cache, tree = commands[name]
        env = []
        if cache != "none":  # now: the compiled templates; the revision before: whatever it kept
            where = {"warm": "cache-warm", "no cache": "cache-templates"}.get(cache) or f"cold{next(fresh)}"
            env = ["env", f"GEN_MODELS_CACHE={scratch / where}"]
        if CURRENT in name or CHECK in name:
            return [*env, *argv], tree
        out = scratch / f"out{next(fresh)}"
        if name.startswith("datamodel-codegen"):
            out.mkdir()
            return [*env, *argv, "--output", str(out / "models.py")], tree
        return [*env, *argv, "-o", str(out)], tree

    failed: dict[str, str] = {}
    for name, (_, cache, _tree) in commands.items():  # warm-up (untimed): fills a cache, writes the current outputs
        if cache == "warm" or (cache == "no cache" and "closure" in name):
            argv, cwd = command(name)
            result = run_process(argv, DMCG_TIMEOUT, cwd=cwd)
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
            argv, cwd = command(name)
            result, cpu = timed(argv, DMCG_TIMEOUT, cwd)
            if result.status != 0:
                failed[name] = "timed out" if result.status < 0 else f"exit {result.status}: {result.error[:80]}"
                continue
            walls[name].append(result.seconds)
            cpus[name].append(cpu)
            peaks[name].append(result.peak_rss)
    if "before" in trees:
        _remove_worktree(trees["before"])
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

    def dmcg_for(name: str) -> str | None:
        """datamodel-codegen on the same input with the matching output type, for a closure
        or --all-schemas row (pydantic for the rows of all three styles)."""
        where = "closure" if "closure" in name else "whole spec" if "all-schemas" in name else None
        if name.startswith("datamodel-codegen") or config.quick or where is None:
            return None
        style = next((s for s in styles if f"--style {s}" in name), "pydantic")
        return f"datamodel-codegen {DMCG_TYPES[style]}, {where}"

    rows = [row(n, dmcg_for(n)) for n in names if CURRENT not in n and CHECK not in n]
    note = (
        f"Upstream spec: `{os.path.relpath(upstream, ROOT)}`; the closure is its chat stream closure, "
        f"{count_schemas} schemas. Median of {count} interleaved rounds, each command a fresh process "
        "(interpreter start included) writing to a fresh directory. now: this checkout (its templates "
        'compiled, as after any first run; "first run": an empty cache each time); '
        f"before: {config.before or '-'} (cold: an empty cache each run, warm: one an untimed run filled). "
        "\"x datamodel-codegen\": gen-models' time / datamodel-codegen's with the matching output type in "
        "the same round (< 1: gen-models is faster), wall time; CPU: user + system of the process and its "
        f"children (GNU time). Timeout {DMCG_TIMEOUT:.0f} s."
    )
    text = table("Generation", ["run", "wall", "CPU", "peak RSS", "x datamodel-codegen"], rows, note)
    text += "\n" + table(
        "Generation: outputs already current (upstream spec)",
        ["run", "wall", "CPU", "peak RSS", "-"],
        [row(n, None) for n in names if CURRENT in n or CHECK in n],
        "The fingerprint in the generated headers is checked before the spec is read: nothing else runs.",
    )
    text += "\n" + _stages(upstream, scratch, count)
    figures: dict[str, Any] = {}
    if "now: 3 styles, upstream, black, no cache" in ok:
        figures["gen_all_s"] = median(walls["now: 3 styles, upstream, black, no cache"])
    targets: list[tuple[str, str, bool]] = []

    def target(label: str, name: str, check: Callable[[float], bool], base: str | None = None) -> None:
        if name not in ok or (base is not None and base not in ok) or (base is None and "datamodel" in label):
            return
        value = versus(name, base) if base else median(walls[name])
        assert value is not None
        targets.append((label, times(value) if base else seconds(value), check(value)))

    for style in styles:
        name = f"now: --style {style}, closure, black, no cache"
        target(
            f"#39: closure, {style}, black, no slower than datamodel-codegen", name, lambda v: v <= 1, dmcg_for(name)
        )
    target("#39: --check, outputs current <= 0.2 s", f"now: {CHECK}", lambda v: v <= 0.2)
    target("#28: re-run, outputs current <= 0.5 s", f"now: {CURRENT}", lambda v: v <= 0.5)
    target(
        "#28: default run, 3 styles, upstream <= 10 s", "now: 3 styles, upstream, black, no cache", lambda v: v <= 10
    )
    figures["targets"] = targets
    text += "\n" + table(
        "Targets (generation; this run)",
        ["target", "measured", "verdict"],
        [[label, value, "met" if met else "MISSED"] for label, value, met in targets],
    )
    return text, figures


def _worktree(rev: str, where: Path) -> Path:
    """A temporary git worktree of this checkout at ``rev``, byte-compiled (see ``byte_compile``)."""
    subprocess.run(["git", "worktree", "add", "--detach", "-q", str(where), rev], cwd=ROOT, check=True)
    run_process([sys.executable, "-m", "compileall", "-q", "generator"], DMCG_TIMEOUT, cwd=where)
    return where


def _remove_worktree(where: Path) -> None:
    subprocess.run(["git", "worktree", "remove", "--force", str(where)], cwd=ROOT, check=True)


def stage_times(spec: Path, out: Path) -> dict[str, float]:
    """Seconds per stage of one generation of all three styles in this process
    (``SpecReading.timings``, plus the write)."""
    outputs, reading = generate(Options(spec=spec, output=out, styles=STYLES, root=ROOT))
    start = time.perf_counter()
    write_all(outputs)
    return dict(reading.timings, write=time.perf_counter() - start)


def _stages(spec: Path, scratch: Path, count: int) -> str:
    """gen-models' stage split: ``stage_times`` in a fresh process per round, as a command
    would run (no warm import carried over)."""
    samples: dict[str, list[float]] = {}
    for r in range(count):
        command = [sys.executable, "-m", "bench.generation", str(spec), str(scratch / f"stages{r}")]
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
        for stage, value in json.loads(result.stdout).items():
            samples.setdefault(stage, []).append(value)
    totals = [sum(values[r] for values in samples.values()) for r in range(count)]
    labels = {"interpret": "resolve + IR (interpret)", "format": "format (black, the modules in parallel)"}
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
        "`generator.pipeline.generate` + `write.write_all`, all three styles of the stream roots of the spec, "
        "in a fresh process per round (interpreter start and imports not included)."
    )
    return table("Generation: gen-models stages", ["stage", "seconds", "share"], rows, note)


def _cpu() -> float:
    own, children = os.times(), os.times()
    return own.user + own.system + children.children_user + children.children_system


if __name__ == "__main__":  # one stage_times run, for _stages
    print(json.dumps(stage_times(Path(sys.argv[1]), Path(sys.argv[2]))))
