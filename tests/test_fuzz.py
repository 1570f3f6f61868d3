"""Property tests on random input: random schemas always give modules that compile and import
in every style (or a clear SpecError), a sample passes mypy --strict; random and mutated chunk
streams never make the accumulator or the SSE reader raise anything but their documented
errors, and never lose text already merged."""

from __future__ import annotations

import copy
import json
import random
import string
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import RECORDED, STYLES, load_module, recorded_chunks, write_outputs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.errors import SpecError
from generator.pipeline import Options, generate

NAMES = ["A", "b-b", "C.c", "class", "Ünï", "2x"]
ODD_TEXT = st.sampled_from(["", "x", "a b", '"""', "\\", "{{ x }}", "class", "ü", "1.10", "on", "\x00", "\u2028"])


def _schemas() -> st.SearchStrategy[dict[str, Any]]:
    prim = st.sampled_from(
        [
            {"type": "string"},
            {"type": "integer"},
            {"type": "number"},
            {"type": "boolean"},
            {},
            {"type": "string", "format": "date-time"},
        ]
    )
    enum = st.lists(ODD_TEXT, min_size=1, max_size=4).map(lambda v: {"type": "string", "enum": v})
    ref = st.sampled_from(NAMES).map(lambda n: {"$ref": f"#/components/schemas/{n}"})
    base = prim | enum | ref

    def extend(inner: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
        props = st.dictionaries(st.sampled_from(["id", "a-b", "_x", "from", "str", "ok", "ü", "1"]), inner, max_size=4)
        return st.one_of(
            st.builds(lambda i: {"type": "array", "items": i}, inner),
            st.builds(
                lambda p, r: {"type": "object", "properties": p, "required": sorted(p)[:r]}, props, st.integers(0, 2)
            ),
            st.builds(lambda i: {**i, "nullable": True}, inner),
            st.builds(lambda i: {"anyOf": [i, {"type": "null"}]}, inner),
            st.builds(lambda a, b: {"oneOf": [a, b]}, inner, inner),
            st.builds(lambda a, b: {"allOf": [a, b]}, inner, inner),
            st.builds(lambda i: {"type": "object", "additionalProperties": i}, inner),
            st.builds(lambda i, d: {**i, "description": d, "deprecated": True}, inner, ODD_TEXT),
        )

    return st.recursive(base, extend, max_leaves=8)


@st.composite
def specs(draw: st.DrawFn) -> dict[str, Any]:
    schema = _schemas()
    components = {name: draw(schema) for name in NAMES}
    components["Root"] = {
        "type": "object",
        "required": ["object"],
        "properties": {
            "object": {"type": "string", "enum": ["r.chunk"]},
            **draw(st.dictionaries(st.sampled_from(["p", "q-q", "r"]), schema, max_size=3)),
        },
    }
    return {
        "openapi": "3.1.0",
        "info": {"title": "fuzz", "version": "1"},
        "paths": {},
        "components": {"schemas": components},
    }


def _generate(spec: dict[str, Any], out: Path, module: str = "fuzz") -> list[Path] | None:
    """The modules of ``spec`` written into ``out`` (with the runtime beside them), or None
    when gen-models refuses the spec with a clear error."""
    path = out / f"{module}.json"
    out.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(spec))
    try:
        # ruff: what the modules do, and mypy's verdict, do not depend on the layout (black's: the golden files)
        outputs, _ = generate(Options(spec=path, output=out, schemas=("Root",), styles=STYLES, formatter="ruff"))
    except SpecError:
        return None  # a clear error is an allowed outcome
    write_outputs(outputs)
    return [o.path for o in outputs if o.module]


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(specs())
def test_random_schemas_give_modules_that_import_or_a_clear_error(tmp_path_factory, spec) -> None:  # type: ignore[no-untyped-def]
    paths = _generate(spec, tmp_path_factory.mktemp("fuzz"))
    for path in paths or []:
        module = load_module(path)
        assert hasattr(module, "RootAccumulator")


@pytest.mark.slow
def test_a_sample_of_random_schemas_passes_mypy_strict(tmp_path: Path) -> None:
    rng = random.Random(20261129)
    strategy = specs()
    out = tmp_path / "sample"
    count = 0
    for i in range(12):
        spec = strategy.example() if False else _seeded_example(strategy, rng)
        count += len(_generate(spec, out, f"m{i}") or [])
    assert count >= 9
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-4000:]


def _seeded_example(strategy: st.SearchStrategy[Any], rng: random.Random) -> Any:
    """One deterministic draw from a strategy (hypothesis' find with a seeded database-free run)."""
    from hypothesis import find
    from hypothesis import settings as hsettings

    target = rng.random()
    return find(
        strategy,
        lambda s: random.Random(json.dumps(s, sort_keys=True)).random() < target + 0.5,
        settings=hsettings(database=None, max_examples=50),
    )


# ------------------------------------------------------------------ streams

VALID = [c for p in RECORDED for c in recorded_chunks(p)]


def _mutate(draw: st.DrawFn, chunk: Any) -> Any:
    chunk = copy.deepcopy(chunk)
    kind = draw(st.integers(0, 9))
    junk = draw(
        st.one_of(
            st.none(),
            st.integers(),
            st.text(max_size=5),
            st.lists(st.integers(), max_size=2),
            st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
        )
    )
    if kind == 0:
        return junk
    if kind == 1 and isinstance(chunk, dict) and chunk:
        chunk.pop(draw(st.sampled_from(sorted(chunk))))
    elif kind == 2 and isinstance(chunk, dict) and chunk:
        chunk[draw(st.sampled_from(sorted(chunk)))] = junk
    elif kind == 3 and chunk.get("choices"):
        c = chunk["choices"][0]
        key = draw(st.sampled_from(["index", "delta", "finish_reason", "logprobs"]))
        c[key] = junk
    elif kind == 4 and chunk.get("choices") and isinstance(chunk["choices"][0].get("delta"), dict):
        d = chunk["choices"][0]["delta"]
        d[draw(st.sampled_from(["content", "role", "tool_calls", "refusal", "function_call", "new_field"]))] = junk
    elif kind == 5:
        return json.dumps(chunk)[: draw(st.integers(0, 40))]  # truncated JSON text
    elif kind == 6:
        return b"\xff\xfe" + json.dumps(chunk).encode()  # not UTF-8
    return chunk


@st.composite
def chunk_streams(draw: st.DrawFn) -> list[Any]:
    picks = draw(st.lists(st.integers(0, len(VALID) - 1), min_size=1, max_size=25))
    return [_mutate(draw, VALID[i]) if draw(st.booleans()) else copy.deepcopy(VALID[i]) for i in picks]


def _texts(snapshot: dict[str, Any]) -> dict[Any, str]:
    return {
        c.get("index"): c.get("delta", {}).get("content") or ""
        for c in snapshot.get("choices", [])
        if isinstance(c.get("delta", {}).get("content") or "", str)
    }


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chunk_streams())
def test_mutated_streams_never_crash_the_accumulator_nor_lose_merged_text(openai_modules, stream) -> None:  # type: ignore[no-untyped-def]
    for style in STYLES:
        module = openai_modules[style]
        acc = module.CreateChatCompletionStreamResponseAccumulator()
        before: dict[Any, str] = {}
        for chunk in stream:
            acc.add(copy.deepcopy(chunk))  # lenient: never raises
            now = _texts(acc.snapshot_dict())
            for index, text in before.items():
                assert now.get(index, "").startswith(text)
            before = now
        strict = module.CreateChatCompletionStreamResponseAccumulator(strict=True)
        try:
            for chunk in stream:
                strict.add(copy.deepcopy(chunk))
        except module.StreamMergeError:
            pass


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.binary(max_size=30),
            st.text(alphabet=string.printable + "é\u2028", max_size=30),
            st.sampled_from(
                [b"data: {", b"data: [DONE]", b"", b"event: error", b'data: {"choices": []}', b": c", b"data: \xff"]
            ),
        ),
        max_size=20,
    )
)
def test_random_lines_make_the_sse_reader_raise_only_its_own_errors(openai_modules, lines) -> None:  # type: ignore[no-untyped-def]
    for style in STYLES:
        module = openai_modules[style]
        try:
            for _ in module.iter_chunk_dicts(lines):
                pass
        except (module.StreamFormatError, module.StreamError):
            pass
