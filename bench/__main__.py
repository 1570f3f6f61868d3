"""``python -m bench``: run the sections, print their tables, then the targets of issues #6 and #11.

python -m bench                      # everything, about seven minutes on 2 cores
python -m bench --only runtime       # one section (repeatable)
python -m bench --only imports --before main   # imports, beside the modules main generates
python -m bench --quick              # tiny inputs, few rounds: checks that it runs
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from . import anthropic, generation, imports, recorded, responses, runtime, scaling
from .measure import ROOT, Config, generate_styles
from .table import seconds, table, times

SECTIONS = ("generation", "imports", "runtime", "scaling", "recorded", "responses", "anthropic")


def source() -> str:
    """The commit measured, and whether the generator or templates had uncommitted changes."""
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=False
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "generator", "templates"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        ).stdout
    except OSError:
        return "commit unknown"
    return f"commit {commit or 'unknown'}" + (" + uncommitted changes to generator/templates" if dirty.strip() else "")


def load() -> str:
    """The system's load average (1, 5, 15 minutes): how noisy the machine was."""
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else ""


def machine() -> str:
    """One line: date, CPU model, cores, Python."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    when = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    return f"{when}; {cpu}, {os.cpu_count()} cores; {platform.python_implementation()} {platform.python_version()}"


def targets(figures: dict[str, Any]) -> str:
    """The targets of issues #6 (chat) and #11 (Responses) whose figures this run measured,
    each with its verdict."""
    rows = []

    def check(name: str, measured: str, met: bool) -> None:
        rows.append([name, measured, "met" if met else "MISSED"])

    gen = figures.get("generation", {})
    if "gen_all_s" in gen:
        check("generation, all three styles < 1.5 s", seconds(gen["gen_all_s"]), gen["gen_all_s"] < 1.5)
    if "dmcg_whole_ratio" in gen:
        check(
            "datamodel-codegen whole spec >= 10x slower", times(gen["dmcg_whole_ratio"]), gen["dmcg_whole_ratio"] >= 10
        )
    run = figures.get("runtime", {})
    for style, limit in (("typeddict", 1.5), ("pydantic", 2.5), ("dataclass", 4.0)):
        if style in run:
            x_json = run[style]["x_json"]
            check(f"{style} parse + merge <= {limit}x json.loads", times(x_json), x_json <= limit)
    for style in ("dataclass", "pydantic", "typeddict"):  # issue #15
        if style in run:
            check(
                f"#15 {style}: dict path <= 1.3x json.loads", times(run[style]["x_json"]), run[style]["x_json"] <= 1.3
            )
        text = run.get(f"{style} {runtime.TEXT}")
        if text and runtime.ORJSON in run:
            check(f"#15 {style}: add(raw), orjson, <= 0.8x json.loads", times(text["x_json"]), text["x_json"] <= 0.8)
        typed = run.get(f"{style} {runtime.TYPED_TEXT}")
        if typed:
            check(f"#15 {style}: typed per chunk <= 2x json.loads", times(typed["x_json"]), typed["x_json"] <= 2)
    typed = run.get(runtime.MSGSPEC_TYPED)
    if typed:
        check("#15 msgspec: typed per chunk <= 0.3x json.loads", times(typed["x_json"]), typed["x_json"] <= 0.3)
    if "x_openai" in run.get("pydantic", {}):
        faster = run["pydantic"]["x_openai"]
        check("pydantic >= 18x faster than StreamState", times(faster), faster >= 18)
    for style, f in figures.get("scaling", {}).items():
        check(f"{style}: chunks/s, largest vs smallest >= 0.8", times(f["linear"]), f["linear"] >= 0.8)
        check(f"{style}: largest answer, parse + merge < 2 s", seconds(f["answer_s"]), f["answer_s"] < 2)
        check(f"{style}: largest answer, merge only < 2 s", seconds(f["answer_merge_s"]), f["answer_merge_s"] < 2)
    resp = figures.get("responses", {})
    if resp:
        small, large = sorted(resp["by_n"])
        at = resp["by_n"][large]
        name = resp["target"]
        check(f"responses: {name} <= 2x json.loads (N={large:,})", times(at[name]["x_json"]), at[name]["x_json"] <= 2)
        if "x_openai" in at[name]:
            faster = at[name]["x_openai"]
            check(f"responses: {name} >= 10x faster than ResponseStreamState", times(faster), faster >= 10)
        for contender, flat in resp["flat"].items():
            if contender != responses.BASE and contender != responses.OPENAI:
                check(f"responses: {contender} µs/event {large:,} / {small:,} <= 1.3", times(flat), flat <= 1.3)
        check("responses: every fold has the text sent", f"{len(resp['mismatch'])} mismatches", not resp["mismatch"])
    for name, f in figures.get("imports", {}).items():
        if isinstance(f, dict):
            floor = (
                f" (floor {seconds(f['floor_s'])}, own {seconds(f['own_s'])})" if f["floor_s"] > imports.TARGET else ""
            )
            check(
                f"#28 import {name} <= {seconds(imports.TARGET)}",
                seconds(f["cpu_s"]) + floor,
                f["cpu_s"] <= imports.TARGET,
            )
    return table("Targets (issues #6, #11, #15 and #28)", ["target", "measured", "verdict"], rows) if rows else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny inputs, two rounds, no datamodel-codegen")
    parser.add_argument("--rounds", type=int, help="rounds per measurement (default 5; quick 2)")
    parser.add_argument("--only", action="append", choices=SECTIONS, help="run only this section (repeatable)")
    parser.add_argument(
        "--before", metavar="REV", help="imports: also the modules generated at git revision REV, in the same rounds"
    )
    args = parser.parse_args(argv)
    chosen = args.only or list(SECTIONS)
    command = " ".join(["python -m bench", *(argv if argv is not None else sys.argv[1:])])
    print(f"`{command}` on {machine()}; {source()}; {load()}\n", flush=True)
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="gen-models-bench-") as scratch:
        config = Config(
            rounds=args.rounds or (2 if args.quick else 5),
            min_time=0.0 if args.quick else 0.05,
            quick=args.quick,
            scratch=Path(scratch),
            before=args.before,
        )
        if "generation" in chosen:
            text, figures["generation"] = generation.run(config)
            print(text, flush=True)
        if "imports" in chosen:
            text, figures["imports"] = imports.run(config)
            print(text, flush=True)
        chat = [
            (name, section)
            for name, section in (("runtime", runtime), ("scaling", scaling), ("recorded", recorded))
            if name in chosen
        ]
        if chat:
            modules = generate_styles(
                ROOT / "specs" / "openai.yaml", config.scratch / "modules", formatter=config.formatter
            )
            for name, section in chat:
                text, figures[name] = section.run(config, modules)
                print(text, flush=True)
        if "responses" in chosen:
            text, figures["responses"] = responses.run(config)
            print(text, flush=True)
        if "anthropic" in chosen:
            text, figures["anthropic"] = anthropic.run(config)
            print(text, flush=True)
    print(targets(figures))
    print(
        f"At the end: {load()}."
        + (" --quick: tiny inputs, figures not comparable with the targets." if args.quick else "")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
