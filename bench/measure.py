"""Measuring on a noisy machine: contenders interleaved within each round (the order turns
every round), medians over rounds, ratios taken within a round; peak memory with
tracemalloc (in-process) or GNU time (subprocesses)."""

from __future__ import annotations

import gc
import hashlib
import importlib
import itertools
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tracemalloc
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TypeVar

from generator.pipeline import Options, generate
from generator.write import Output

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("GEN_MODELS_SHARED") or ROOT.parent / "shared")  # as the tests read it
NEWEST_SPEC = SHARED / "specs" / "openai" / "openapi-2026-08-21-f85dbe2.yaml"
RECORDED = SHARED / "streams" / "recorded"
STYLES = ("dataclass", "pydantic", "typeddict")
K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class Config:
    """What the sections share: rounds per measurement, the least time one timed sample
    should last (short runs are repeated), quick mode (tiny inputs) and a scratch dir;
    ``before``: a git revision whose modules a section measures beside the working tree's
    (``--before``; the imports section)."""

    rounds: int
    min_time: float
    quick: bool
    scratch: Path
    before: str | None = None

    @property
    def formatter(self) -> str:
        """What formats the modules a section measures (not the generation section's): ruff with
        ``--quick`` (a smoke run; black takes most of a generation), else black, as users run it."""
        return "ruff" if self.quick else "black"


def rounds(
    contenders: dict[K, Callable[[], object]],
    count: int,
    min_time: float,
    clock: Callable[[], float] = time.perf_counter,
) -> dict[K, list[float]]:
    """Seconds per call of each contender, one sample per round.

    A first call of each contender warms it up and sets how many calls one sample makes
    (enough to last ``min_time``); then every round runs each contender once, in an order
    that turns by one every round, after a ``gc.collect()`` (of what the harness did not
    freeze: see ``gc.freeze``). ``clock``: wall time by default; ``time.process_time`` (this
    process's CPU time) leaves out the time other jobs on a shared machine take the core away.
    """
    calls = {}
    for name, fn in contenders.items():
        gc.collect()
        start = clock()
        fn()
        calls[name] = max(1, round(min_time / max(clock() - start, 1e-9)))
    gc.collect()
    gc.freeze()  # what exists now (modules, the corpus) is never scanned again: cheap collections
    names = list(contenders)
    samples: dict[K, list[float]] = {name: [] for name in names}
    for r in range(count):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            fn, n = contenders[name], calls[name]
            gc.collect()
            start = clock()
            for _ in range(n):
                fn()
            samples[name].append((clock() - start) / n)
    return samples


def median(samples: Sequence[float]) -> float:
    return statistics.median(samples)


def ratio(samples: Sequence[float], base: Sequence[float]) -> float:
    """The median over rounds of ``sample / base`` in the same round."""
    return statistics.median(a / b for a, b in zip(samples, base))


def peak_memory(fn: Callable[[], object]) -> int:
    """Bytes allocated at the peak of one call of ``fn`` (tracemalloc; its result included)."""
    gc.collect()
    tracemalloc.start()
    try:
        result = fn()
        peak = tracemalloc.get_traced_memory()[1]
        del result
    finally:
        tracemalloc.stop()
    return peak


@dataclass(frozen=True)
class Run:
    """One subprocess: wall seconds, peak resident memory in bytes (0 if unknown), exit
    status, last line of stderr."""

    seconds: float
    peak_rss: int
    status: int
    error: str


#: GNU time reports the peak RSS of a child it forked itself. The ``ru_maxrss`` that
#: ``wait4`` gives this process is no use: Linux keeps the high-water mark of the forked
#: image across ``exec``, so every child would show this (large) process's RSS.
GNU_TIME = "/usr/bin/time" if sys.platform.startswith("linux") and Path("/usr/bin/time").exists() else None


def run_process(command: Sequence[str], timeout: float, cwd: Path | None = None) -> Run:
    """Run ``command`` to the end; after ``timeout`` seconds its process group is killed
    (status -9); a command that cannot start has status 127."""
    with tempfile.TemporaryDirectory() as tmp:
        rss_file, err_file = Path(tmp) / "rss", Path(tmp) / "err"
        wrapped = [GNU_TIME, "-f", "%M", "-o", str(rss_file), *command] if GNU_TIME else list(command)
        with err_file.open("wb") as err:
            start = time.perf_counter()
            try:
                proc = subprocess.Popen(wrapped, stdout=subprocess.DEVNULL, stderr=err, cwd=cwd, start_new_session=True)
            except OSError as exc:  # not installed
                return Run(0.0, 0, 127, str(exc))
            timer = threading.Timer(timeout, os.killpg, (proc.pid, signal.SIGKILL))
            timer.start()
            status = proc.wait()
            seconds = time.perf_counter() - start
            timer.cancel()
        lines = err_file.read_text(errors="replace").strip().splitlines() if status else []
        rss = rss_file.read_text().split() if rss_file.exists() else []
        peak = int(rss[-1]) * 1024 if rss and rss[-1].isdigit() else 0
    return Run(seconds, peak, status, lines[-1] if lines else "")


def script(name: str) -> list[str]:
    """The console script ``name`` of this interpreter's environment, as a command."""
    path = Path(sys.executable).parent / name
    return [str(path)] if path.exists() else [name]


_counter = itertools.count()


def generate_styles(
    spec: Path, out: Path, schemas: tuple[str, ...] = (), formatter: str = "black"
) -> dict[str, ModuleType]:
    """Generate the three styles from ``spec`` into ``out`` and import them (each under a
    unique name registered in ``sys.modules``, which pydantic needs); ``schemas``: the
    roots (``--schema``), default the stream chunks found automatically."""
    options = Options(spec=spec, output=out, styles=STYLES, schemas=schemas, module="bench", formatter=formatter)
    outputs, _ = generate(options)
    write_outputs(outputs)
    return import_styles([output.path for output in outputs if output.module])


def import_styles(paths: Sequence[Path]) -> dict[str, ModuleType]:
    """Import one generated module per style (``paths`` in ``STYLES`` order)."""
    return {style: import_module(path) for style, path in zip(STYLES, paths)}


def write_outputs(outputs: Sequence[Output]) -> None:
    """Write generated outputs (the modules and the runtime package beside them)."""
    for output in outputs:
        output.path.parent.mkdir(parents=True, exist_ok=True)
        output.path.write_text(output.text, encoding="utf-8")


def import_module(path: Path) -> ModuleType:
    """Import the generated module at ``path`` as a module of a package made for its
    directory under a name of its own, registered in ``sys.modules`` (pydantic resolves the
    module's annotations through it; the module imports its runtime package beside it)."""
    package = f"bench_generated_{next(_counter)}"
    holder = ModuleType(package)
    holder.__path__ = [str(path.parent)]
    sys.modules[package] = holder
    return importlib.import_module(f"{package}.{path.stem}")


def cached_styles(spec: Path, schemas: tuple[str, ...], formatter: str = "black") -> tuple[dict[str, ModuleType], bool]:
    """``generate_styles``, cached across runs (see ``cached_outputs``). Returns the modules
    and whether they came from the cache."""
    paths, cached = cached_outputs(spec, schemas, STYLES, "bench", formatter)
    return import_styles(paths), cached


def cached_outputs(
    spec: Path, schemas: tuple[str, ...], styles: tuple[str, ...], module: str, formatter: str = "black"
) -> tuple[list[Path], bool]:
    """The generated modules' paths, cached across runs in the system's temp dir under a key
    made of the spec, the roots, the styles, the name, the formatter and every file of
    ``generator/`` and ``templates/`` (any change regenerates); and whether they came from the cache."""
    digest = hashlib.sha256(spec.read_bytes() + repr((schemas, styles, module, formatter)).encode())
    for path in sorted([*(ROOT / "generator").rglob("*"), *(ROOT / "templates").rglob("*")]):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    cache = Path(tempfile.gettempdir()) / "gen-models-bench-cache" / digest.hexdigest()[:16]
    paths = [cache / f"{module}_{style}.py" for style in styles]
    if all(path.exists() for path in paths):
        return paths, True
    cache.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache.parent) as tmp:
        outputs, _ = generate(
            Options(
                spec=spec, output=Path(tmp) / "out", styles=styles, schemas=schemas, module=module, formatter=formatter
            )
        )
        write_outputs(outputs)
        try:
            (Path(tmp) / "out").rename(cache)  # atomic: a concurrent run may have won
        except OSError:
            pass
    return paths, False
