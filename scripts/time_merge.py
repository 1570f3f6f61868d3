"""Time ``acc.add(json.loads(line))`` over the recorded streams (tests/data/streams/recorded)
with the generated accumulators in ``generated/``: a measurement, not a test.

    python scripts/time_merge.py [GENERATED_DIR ...] [--rounds N]

Several directories (before and after a change) are timed in turns, best of many short runs
each, so that a shared, noisy machine affects them alike; the ratio to the first is printed.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RECORDED = sorted((ROOT / "tests" / "data" / "streams" / "recorded").iterdir())


def lines_of(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".sse":
        datas = [line[5:].strip() for line in text.splitlines() if line.startswith("data:")]
        return [d for d in datas if d != "[DONE]"]
    return [line for line in text.splitlines() if line.strip()]


def _load(directory: str, style: str, tag: int) -> Any:
    """The chat accumulator of ``directory``'s module of ``style``, imported as a module of a
    package of its own (``timed_<tag>``: the modules import the runtime package beside them)."""
    package = f"timed_{tag}"
    if package not in sys.modules:
        init = Path(directory) / "__init__.py"
        spec = importlib.util.spec_from_file_location(package, init, submodule_search_locations=[directory])
        assert spec is not None and spec.loader is not None
        sys.modules[package] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules[package])
    module = importlib.import_module(f"{package}.openai_{style}")
    return module.CreateChatCompletionStreamResponseAccumulator


def _run(make: Any, streams: list[list[str]], rounds: int) -> float:
    start = time.perf_counter()
    for _ in range(rounds):
        for lines in streams:
            acc = make()
            for line in lines:
                acc.add(json.loads(line))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("generated", nargs="*", default=[str(ROOT / "generated")])
    parser.add_argument("--rounds", type=int, default=10, help="passes over all streams per run")
    parser.add_argument("--runs", type=int, default=30, help="runs per directory (best counts)")
    args = parser.parse_args()
    streams = [lines_of(p) for p in RECORDED]
    chunks = sum(len(s) for s in streams) * args.rounds
    for style in ("dataclass", "pydantic", "typeddict"):
        makers = [_load(d, style, i) for i, d in enumerate(args.generated)]
        best = [float("inf")] * len(makers)
        for _ in range(args.runs):
            for i, make in enumerate(makers):
                best[i] = min(best[i], _run(make, streams, args.rounds))
        cells = [f"{b * 1e6 / chunks:6.2f} us/chunk (x{b / best[0]:.3f})" for b in best]
        print(f"{style:<10} " + "   ".join(cells))


if __name__ == "__main__":
    main()
