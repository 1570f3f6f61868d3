"""The msgspec style's per-chunk paths against ``json.loads``, on the runtime corpus.

``python -m bench.msgspec_path [--quick] [--rounds N]`` generates the msgspec module of
``specs/openai.yaml`` and prints, per chunk and as a multiple of ``json.loads`` of the same
bytes (medians of interleaved rounds, this process's CPU time):

* ``typed``: ``decode_...`` of each chunk's bytes into the Structs, ``acc.add`` of the Struct,
  one ``snapshot()`` (the typed per-chunk path; issue 15's target is <= 0.3x);
* ``dict``: ``acc.add(json.loads(raw))``, one ``snapshot()``;
* ``decode only``: the typed decoding alone (no merge), and the raw ``msgspec.json.Decoder``
  of the chunk type (the decoding ceiling).

A figure, never an assertion: the tests never time anything.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from bench.contenders import json_loads, msgspec_typed_path
from bench.corpus import runtime_corpus
from bench.measure import ROOT, import_module, median, rounds, write_outputs
from generator.pipeline import Options, generate


def _module(out: Path) -> ModuleType:
    outputs, _ = generate(Options(spec=ROOT / "specs" / "openai.yaml", output=out, styles=("msgspec",)))
    write_outputs(outputs)
    return import_module(outputs[0].path)


def main(argv: list[str] | None = None) -> None:
    """Print the table (see the module docstring)."""
    import msgspec

    parser = argparse.ArgumentParser(prog="python -m bench.msgspec_path")
    parser.add_argument("--quick", action="store_true", help="tiny corpus, few rounds")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        module = _module(Path(tmp))
        streams = [s.chunks for group in runtime_corpus(args.quick).values() for s in group]
        count = sum(len(s) for s in streams)
        accumulator = module.CreateChatCompletionStreamResponseAccumulator
        decode = module.decode_create_chat_completion_stream_response
        raw_decode = msgspec.json.Decoder(module.CreateChatCompletionStreamResponse).decode
        typed = msgspec_typed_path(module)

        def dict_path(chunks: list[bytes]) -> Any:
            acc = accumulator()
            for raw in chunks:
                acc.add(json.loads(raw))
            return acc.snapshot()

        def decode_only(chunks: list[bytes]) -> None:
            for raw in chunks:
                decode(raw)

        def raw_decoder(chunks: list[bytes]) -> None:
            for raw in chunks:
                raw_decode(raw)

        paths: dict[str, Callable[[list[bytes]], Any]] = {
            "json.loads": json_loads,
            "typed (decode + add + snapshot)": typed,
            "dict (json.loads + add + snapshot)": dict_path,
            "decode only (decode_...)": decode_only,
            "msgspec.json.Decoder only": raw_decoder,
        }
        contenders = {name: (lambda fn=fn: [fn(s) for s in streams]) for name, fn in paths.items()}
        samples = rounds(contenders, 2 if args.quick else args.rounds, 0.05 if args.quick else 0.5, time.process_time)
    base = median(samples["json.loads"])
    print(f"msgspec style, {count} chunks of the runtime corpus, CPU time, medians of interleaved rounds")
    print("| path | us per chunk | x json.loads |\n|---|---:|---:|")
    for name, values in samples.items():
        print(f"| {name} | {median(values) / count * 1e6:.2f} | {median(values) / base:.2f} |")


if __name__ == "__main__":
    main()
