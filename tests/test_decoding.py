"""Reading JSON text with orjson when it is installed (``generator/runtime/sse.py``, ``_loads``):
the same values and the same errors as the standard library, and the same merged answers on
every recorded stream in every style, with orjson and without it."""

from __future__ import annotations

import ast
import json
import math
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import DEFAULT_STYLES, RECORDED, ROOT, STYLES, runtime_module
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.runtime import sse

orjson = pytest.importorskip("orjson")  # the equivalence needs both readers

#: Text that orjson reads differently from json.loads, or not at all.
ODD_TEXTS = [
    "[NaN, Infinity, -Infinity]",  # orjson rejects them, json.loads reads them
    "[1e400, -1e400]",  # orjson rejects them, json.loads reads infinities
    "[123456789012345678901234567890]",  # orjson reads a float: precision lost
    "[-9223372036854775809, 18446744073709551616]",  # just beyond 64 bits: floats in orjson
    '{"big": 99999999999999999999, "n": 1}',
    '"\\ud800"',  # a lone surrogate escape: orjson rejects it
    '"\\ud83d\\ude00"',  # a pair: both read it
    '{"a": 1, "b": 2, "a": 3}',  # repeated key: the last value, in the first key's place
    "[0.1, 1.0000000000000002, -0.0, 5e-324, 1.7976931348623157e308]",
    '"\\u0000 control escaped"',
    "[0.12345678901234567890123]",  # a long fraction: same float
    '{"id": "x1234567890123456789012", "n": 12345678901234567890123}',  # a long run in a string, then a number
    '{"id": "1234567890123456789012", "n": [1,\n -99999999999999999999]}',
    "12345678901234567890123",  # a top-level number
    " -12345678901234567890123",  # a top-level number after whitespace and a minus sign
    '{"a": "ratio:12345678901234567890123", "b": [ 1 ,\t-12345678901234567890], "c": {"d":\r\n 99999999999999999999}}',
]
BAD_TEXTS = ['{"a": 1', "[1] x", '"\x01"', "", "\ufeff{}", "[" * 5000 + "]" * 5000, "01", "{'a': 1}"]


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values, NaN equal to NaN, and of the same types all the way down."""
    if type(a) is not type(b):
        return False
    if type(a) is float:
        return (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) == math.copysign(1, b))
    if type(a) is list:
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if type(a) is dict:
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    return bool(a == b)


@pytest.mark.parametrize("text", ODD_TEXTS)
def test_loads_gives_what_json_loads_gives_where_orjson_differs(text: str) -> None:
    expected = json.loads(text)
    assert _same(sse._loads(text), expected)
    assert _same(sse._loads(text.encode()), expected)
    assert _same(sse._loads(bytearray(text.encode())), expected)


def test_orjson_really_differs_on_those_texts() -> None:
    """The cases above are live: orjson alone would lose or refuse each of the first five."""
    for text in ODD_TEXTS[:6]:
        try:
            value = orjson.loads(text)
        except orjson.JSONDecodeError:
            continue
        assert not _same(value, json.loads(text)), text


@pytest.mark.parametrize("text", BAD_TEXTS)
def test_loads_raises_what_json_loads_raises(text: str) -> None:
    try:
        json.loads(text)
    except (ValueError, RecursionError) as exc:
        expected: Any = (type(exc), str(exc))
    else:
        expected = None
    try:
        sse._loads(text)
    except (ValueError, RecursionError) as exc:
        got: Any = (type(exc), str(exc))
    else:
        got = None
    assert got == expected
    assert expected is not None or text == "[" * 5000 + "]" * 5000  # json.loads may read deep nesting


def test_loads_of_bytes_json_loads_detects_and_orjson_does_not() -> None:
    """json.loads reads UTF-16 and UTF-8 with a byte order mark from bytes; so does ``_loads``."""
    for raw in (
        '{"a": "é"}'.encode("utf-16"),
        b'\xef\xbb\xbf{"a": 1}',
        '{"a": "\ud800"}'.encode("utf-8", "surrogatepass"),
    ):
        assert _same(sse._loads(raw), json.loads(raw))


def test_orjson_reads_long_digit_runs_inside_strings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ids made of digits (``"chatcmpl-000...0"``, nanosecond timestamps in strings) do not
    send a chunk to json.loads; a number of 19 digits or more does."""
    calls = []

    def spy(raw: Any) -> Any:
        calls.append(raw)
        return orjson.loads(raw)

    monkeypatch.setattr(sse, "_orjson_loads", spy)
    assert sse._loads('{"id": "c-0000000000000000000000", "t": "1733000000000000000", "n": 1}')["n"] == 1
    assert len(calls) == 1
    assert sse._loads('{"id": "c-0000000000000000000000", "n": 10000000000000000000000}')["n"] == 10**22
    assert len(calls) == 1  # json.loads read that one
    # a run of 19 digits inside an id, after a dash, and a date: not where a number starts
    chunk = '{"id":"chatcmpl-Bx7bench0000000000000000000","x":"k-1234567890123456789012","model":"gpt-4o-2024-08-06"}'
    assert sse._loads(chunk)["model"] == "gpt-4o-2024-08-06"
    assert len(calls) == 2
    # a long integer as the whole text, negative, after whitespace: read exactly
    for text, value in (
        ("18446744073709551616", 2**64),
        (b"-9223372036854775809", -(2**63) - 1),
        ("[ -99999999999999999999]", [-99999999999999999999]),
        ('{"n":\t123456789012345678901}', {"n": 123456789012345678901}),
    ):
        assert _same(sse._loads(text), value)


def test_a_lone_surrogate_in_str_input_goes_to_json_loads() -> None:
    text = '{"a": "\ud800"}'  # a str orjson cannot take (not encodable as UTF-8)
    assert sse._loads(text) == {"a": "\ud800"}


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(_JSON, st.booleans())
def test_loads_equals_json_loads_on_any_json(value: Any, ascii_only: bool) -> None:
    text = json.dumps(value, ensure_ascii=ascii_only)
    assert _same(sse._loads(text), json.loads(text))


# -------------------------------------------------- whole streams, every style, both readers


def _sse_lines(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".sse":
        return text.splitlines()
    lines = []
    for line in text.splitlines():
        if line.strip():
            lines += [f"data: {line}", ""]
    return [*lines, "data: [DONE]", ""]


def _answers(module: ModuleType, lines: list[str]) -> Any:
    """Everything a user reads off one stream: the chunks as dicts and as typed chunks, and
    the merged answers of the dict way, the typed way and the JSON-text way."""
    results: dict[str, Any] = {"dicts": list(module.iter_chunk_dicts(lines))}
    typed = list(module.iter_chunks(lines))
    results["typed chunks"] = [
        c if isinstance(c, dict) else c.model_dump() if hasattr(c, "model_dump") else c.to_dict() for c in typed
    ]
    for way, chunks in (
        ("dict", results["dicts"]),
        ("typed", typed),
        ("text", [line[5:].strip() for line in lines if line.startswith("data:") and "[DONE]" not in line]),
    ):
        acc = module.CreateChatCompletionStreamResponseAccumulator()
        for chunk in chunks:
            acc.add(chunk)
        response = acc.to_response()
        results[way] = (
            acc.snapshot_dict(),
            (
                response
                if isinstance(response, dict)
                else response.model_dump() if hasattr(response, "model_dump") else response.to_dict()
            ),
            [(a.chunk, a.path, a.kind) for a in acc.anomalies],
        )
    return results


def _both_ways(module: ModuleType, monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> tuple[Any, Any]:
    sse = runtime_module(module, "sse")
    assert sse._orjson_loads is not None  # orjson is installed: the generated module uses it
    with_orjson = _answers(module, lines)
    monkeypatch.setattr(sse, "_orjson_loads", None)  # as in an environment without orjson
    without = _answers(module, lines)
    monkeypatch.undo()
    return with_orjson, without


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("path", RECORDED, ids=[p.name for p in RECORDED])
def test_recorded_streams_give_the_same_answers_with_and_without_orjson(
    openai_modules: dict[str, ModuleType], monkeypatch: pytest.MonkeyPatch, style: str, path: Path
) -> None:
    with_orjson, without = _both_ways(openai_modules[style], monkeypatch, _sse_lines(path))
    assert with_orjson == without
    assert with_orjson["typed"] == with_orjson["dict"] == with_orjson["text"]  # typed chunks merge as their dicts


@pytest.mark.parametrize("style", STYLES)
def test_a_stream_of_odd_numbers_merges_the_same_with_and_without_orjson(
    openai_modules: dict[str, ModuleType], monkeypatch: pytest.MonkeyPatch, style: str
) -> None:
    """Unknown fields orjson alone would lose (an integer beyond 64 bits) or refuse (NaN), and
    a character sent as a surrogate pair cut across two chunks (each half is a lone surrogate
    escape, which orjson refuses)."""
    head = '"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m"'
    lines = [
        f'data: {{{head}, "x_big": 123456789012345678901234567890, "choices": [{{"index": 0, "delta": {{"content": "a\\ud83d"}}, "finish_reason": null}}]}}',
        "",
        f'data: {{{head}, "x_score": NaN, "choices": [{{"index": 0, "delta": {{"content": "\\ude00b"}}, "finish_reason": "stop"}}]}}',
        "",
        "data: [DONE]",
        "",
    ]
    module = openai_modules[style]
    with_orjson, without = _both_ways(module, monkeypatch, lines)
    assert repr(with_orjson) == repr(without)  # NaN != NaN: compare the text
    snapshot = with_orjson["dict"][0]
    assert snapshot["x_big"] == 123456789012345678901234567890 and math.isnan(snapshot["x_score"])
    assert snapshot["choices"][0]["delta"]["content"] == "a\U0001f600b"


def test_generated_modules_never_import_orjson_by_name() -> None:
    """No ``import orjson`` statement: mypy --strict reads the module the same with orjson
    installed or not (``__import__`` is typed as returning a module, its attributes Any)."""
    for style in DEFAULT_STYLES:  # the styles generated/ holds
        tree = ast.parse((ROOT / "generated" / f"openai_{style}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert all(alias.name != "orjson" for alias in node.names)
            if isinstance(node, ast.ImportFrom):
                assert node.module != "orjson"


def test_without_orjson_the_modules_use_the_standard_library() -> None:
    """In a process where ``import orjson`` fails, each style imports, reads with json.loads
    and merges a recorded stream."""
    script = f"""
import sys
sys.modules["orjson"] = None  # import orjson now raises ImportError
sys.path.insert(0, {str(ROOT)!r})
from generated import openai_dataclass, openai_pydantic, openai_typeddict
lines = open({str(RECORDED[0])!r}, encoding="utf-8").read().splitlines()
from generated._gen_models_runtime import sse
assert sse._orjson_loads is None
for module in (openai_dataclass, openai_pydantic, openai_typeddict):
    acc = module.CreateChatCompletionStreamResponseAccumulator()
    for chunk in module.iter_chunks(lines):
        acc.add(chunk)
    print(len(acc.snapshot_dict()["choices"]))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1", "1", "1"]
