"""Imports: how long a generated module takes to import, per style, beside what its own
imports cost (issue #28: the Responses modules in <= 150 ms each).

Modules: the chat stream's (``specs/openai.yaml``, its default roots) and the Responses
API's (``--schema ResponseStreamEvent`` on the newest OpenAI spec in ``../shared``; left out
with ``--quick`` or without the spec), in all four styles, generated once (cached like the
other sections' modules) and byte-compiled (``py_compile``: a ``.pyc`` as any installed
module has; the environment may set ``PYTHONDONTWRITEBYTECODE``).

Each figure is a fresh process ``python -c`` that times its one import statement in the
process itself (``time.process_time``, CPU: on the shared 2 cores wall time swings with
other jobs' load; and ``time.perf_counter``, wall), so the interpreter's own start (shown
apart, as the wall time of ``python -c pass``) is left out. The floor of a module is the
same kind of process running only the module's own import lines (``pydantic``, ``msgspec``,
``typing_extensions`` and the standard library's): no module of that style can import in
less. "Own" is the module's import minus its floor, in the same round. "First import": the
same module without its ``.pyc`` (compiled from source, once per install). Every contender
runs once per round, in an order that turns each round; the figures are medians.
"""

from __future__ import annotations

import ast
import py_compile
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from .measure import NEWEST_SPEC, ROOT, Config, cached_outputs
from .table import table

ALL_STYLES = ("dataclass", "pydantic", "typeddict", "msgspec")
#: The issue's target for a module's import, in seconds.
TARGET = 0.150
#: The child's program: the statement timed between two clock readings, both clocks printed.
TIMED = (
    "import time\n"
    "_w, _c = time.perf_counter(), time.process_time()\n"
    "{statement}\n"
    "print(time.perf_counter() - _w, time.process_time() - _c)\n"
)


def families(quick: bool) -> dict[str, tuple[Path, tuple[str, ...]]]:
    """The modules measured: name -> (spec, roots)."""
    found: dict[str, tuple[Path, tuple[str, ...]]] = {"chat": (ROOT / "specs" / "openai.yaml", ())}
    if not quick and NEWEST_SPEC.exists():
        found["responses"] = (NEWEST_SPEC, ("ResponseStreamEvent",))
    return found


def floor_statement(path: Path) -> str:
    """The module's own top-level import lines (``__future__`` left out), as one statement."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = [
        ast.unparse(node)
        for node in tree.body
        if isinstance(node, (ast.Import, ast.ImportFrom))
        and not (isinstance(node, ast.ImportFrom) and node.module == "__future__")
    ]
    return "; ".join(lines) or "pass"


def floor_label(statement: str) -> str:
    """The floor's name: the libraries its import lines name beyond the standard library."""
    tops = {part.split()[1].split(".")[0] for part in statement.split("; ") if part.startswith(("import ", "from "))}
    others = sorted(t for t in tops if t not in sys.stdlib_module_names)
    return " + ".join(["stdlib", *others])


def ms(value: float) -> str:
    """Milliseconds, whole."""
    return f"{value * 1e3:.0f} ms"


def timed(statement: str, cwd: Path) -> tuple[float, float, float]:
    """One fresh process: (CPU seconds, wall seconds) of ``statement`` in it, and the wall
    seconds of the whole process."""
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", TIMED.format(statement=statement)],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    whole = time.perf_counter() - start
    return float(out[1]), float(out[0]), whole


def run(config: Config) -> tuple[str, dict[str, Any]]:
    """The imports table, and per module (``responses_pydantic``, ...): ``cpu_s``, ``wall_s``,
    ``floor_s``, ``own_s``, ``first_s`` (CPU seconds, medians)."""
    contenders: dict[str, tuple[str, Path]] = {"bare": ("pass", config.scratch)}
    rows_of: dict[str, dict[str, str]] = {}
    for family, (spec, roots) in families(config.quick).items():
        paths, _ = cached_outputs(spec, roots, ALL_STYLES, family)
        here = config.scratch / "imports" / family
        fresh = config.scratch / "imports" / f"{family}-no-pyc"
        here.mkdir(parents=True, exist_ok=True)
        fresh.mkdir(parents=True, exist_ok=True)
        for style, path in zip(ALL_STYLES, paths):
            name = path.stem
            shutil.copy(path, here / path.name)
            shutil.copy(path, fresh / path.name)
            py_compile.compile(str(here / path.name), doraise=True)
            floor = floor_statement(path)
            contenders[name] = (f"import {name}", here)
            contenders[f"{name} (first)"] = (f"import sys; sys.dont_write_bytecode = True; import {name}", fresh)
            contenders.setdefault(f"floor: {floor}", (floor, config.scratch))
            rows_of[name] = {"style": style, "floor": f"floor: {floor}"}
    names = list(contenders)
    samples: dict[str, list[tuple[float, float, float]]] = {name: [] for name in names}
    for name in names:  # warm the disk cache, and the .pyc files of the libraries
        timed(*contenders[name])
    for r in range(config.rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            samples[name].append(timed(*contenders[name]))

    def med(name: str, i: int) -> float:
        return statistics.median(s[i] for s in samples[name])

    bare = med("bare", 2)
    figures: dict[str, Any] = {"bare_s": bare}
    rows = []
    floors: dict[str, str] = {}
    for name, info in rows_of.items():
        floor_name = info["floor"]
        own = statistics.median(a[0] - b[0] for a, b in zip(samples[name], samples[floor_name]))
        f = {
            "cpu_s": med(name, 0),
            "wall_s": med(name, 1),
            "process_s": med(name, 2) - bare,
            "floor_s": med(floor_name, 0),
            "own_s": own,
            "first_s": med(f"{name} (first)", 0),
        }
        figures[name] = f
        floors[floor_name] = floor_label(floor_name.removeprefix("floor: "))
        rows.append(
            [
                name,
                ms(f["cpu_s"]),
                ms(f["wall_s"]),
                ms(f["process_s"]),
                f"{ms(f['floor_s'])} ({floors[floor_name]})",
                ms(f["own_s"]),
                ms(f["first_s"]),
                verdict(f),
            ]
        )
    note = (
        f"CPU time unless marked; medians of {config.rounds} rounds, a fresh process each. "
        f"Bare interpreter start (`python -c pass`, wall): {ms(bare)}, left out of every figure but "
        "'process − bare'. Floor: the module's own import lines (the standard library's and the "
        f"libraries named). Target: {ms(TARGET)} per module; where the floor alone is over it, "
        "the module's own part is what it adds."
    )
    headers = ["module", "import", "import, wall", "process − bare, wall", "floor", "own", "first import", "verdict"]
    return table("Imports", headers, rows, note), figures


def verdict(f: dict[str, float]) -> str:
    """``met`` when the import is within the target; ``floor over`` when the floor alone is."""
    if f["cpu_s"] <= TARGET:
        return "met"
    if f["floor_s"] > TARGET:
        return "floor over target"
    return "MISSED"
