"""Time ``acc.add(json.loads(line))`` over the recorded streams (tests/data/streams/recorded)
with the generated accumulators in ``generated/``: a measurement, not a test.

    python scripts/time_merge.py [GENERATED_DIR] [--rounds N]
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORDED = sorted((ROOT / "tests" / "data" / "streams" / "recorded").iterdir())


def lines_of(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".sse":
        datas = [line[5:].strip() for line in text.splitlines() if line.startswith("data:")]
        return [d for d in datas if d != "[DONE]"]
    return [line for line in text.splitlines() if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("generated", nargs="?", default=str(ROOT / "generated"))
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    import json

    streams = [lines_of(p) for p in RECORDED]
    for style in ("dataclass", "pydantic", "typeddict"):
        path = Path(args.generated) / f"openai_{style}.py"
        spec = importlib.util.spec_from_file_location(f"timed_{style}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        make = module.CreateChatCompletionStreamResponseAccumulator
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(args.rounds // 5):
                for lines in streams:
                    acc = make()
                    for line in lines:
                        acc.add(json.loads(line))
            best = min(best, time.perf_counter() - start)
        chunks = sum(len(s) for s in streams) * (args.rounds // 5)
        print(f"{style:<10} {best * 1e6 / chunks:7.2f} us/chunk (json.loads + add), best of 5")


if __name__ == "__main__":
    main()
