"""The msgspec style (``--style msgspec``, issue 15 point 4): what sets it apart from the
other styles, which it otherwise joins in every behavioural test (conftest ``STYLES``).

Its models are ``msgspec.Struct``s that forbid unknown fields, so that a chunk without any is
decoded by msgspec alone and one with some is read again with them kept (``extra_fields``);
unions msgspec cannot type are checked in ``__post_init__``.
"""

from __future__ import annotations

import copy
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import msgspec
import pytest
from conftest import CHAT_SPEC, RECORDED, ROOT, load_module, recorded_chunks

from generator.cli import main
from generator.pipeline import Options, generate

CHUNK = {
    "id": "c1",
    "object": "chat.completion.chunk",
    "created": 1,
    "model": "m",
    "choices": [{"index": 0, "delta": {"content": "hi"}, "finish_reason": None}],
}


@pytest.fixture(scope="module")
def ms(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    out = tmp_path_factory.mktemp("msgspec")
    outputs, _ = generate(Options(spec=CHAT_SPEC, output=out, styles=("msgspec",)))
    outputs[0].path.write_text(outputs[0].text, encoding="utf-8")
    return load_module(outputs[0].path)


def _sse(chunks: list[Any]) -> list[str]:
    return [line for c in chunks for line in (f"data: {json.dumps(c)}", "")] + ["data: [DONE]", ""]


def test_a_chunk_without_unknown_fields_is_decoded_by_msgspec_alone(ms: ModuleType) -> None:
    raw = json.dumps(CHUNK).encode()
    fast = msgspec.json.Decoder(ms.CreateChatCompletionStreamResponse).decode(raw)
    assert (
        ms.decode_create_chat_completion_stream_response(raw)
        == fast
        == ms.parse_create_chat_completion_stream_response(CHUNK)
    )
    assert fast.to_dict() == CHUNK
    assert fast.choices[0].delta.content == "hi" and fast.extra_fields == {}


def test_unknown_fields_are_kept_at_every_level_by_every_reader(ms: ModuleType) -> None:
    chunk = copy.deepcopy(CHUNK)
    chunk["x_groq"] = {"id": "req_1"}
    chunk["choices"][0]["content_filter_results"] = {"hate": {"filtered": False}}
    chunk["choices"][0]["delta"]["reasoning"] = "because"
    with pytest.raises(msgspec.ValidationError, match="unknown field"):  # the fast decoder refuses them
        msgspec.json.Decoder(ms.CreateChatCompletionStreamResponse).decode(json.dumps(chunk))
    for parsed in (
        ms.parse_create_chat_completion_stream_response(copy.deepcopy(chunk)),
        ms.decode_create_chat_completion_stream_response(json.dumps(chunk)),
        next(ms.iter_chunks(_sse([chunk]))),
    ):
        assert parsed.extra_fields == {"x_groq": {"id": "req_1"}}
        assert parsed.choices[0].extra_fields == {"content_filter_results": {"hate": {"filtered": False}}}
        assert parsed.choices[0].delta.extra_fields == {"reasoning": "because"}
        assert parsed.to_dict() == chunk
        acc = ms.CreateChatCompletionStreamResponseAccumulator()
        acc.add(parsed)
        assert acc.snapshot_dict() == chunk
        assert acc.snapshot().to_dict() == chunk


@pytest.mark.parametrize("path", RECORDED, ids=lambda p: p.name)
def test_typed_path_merges_as_the_dict_path(ms: ModuleType, path: Path) -> None:
    """Structs decoded from the bytes (iter_chunks / decode_...) and added merge exactly as
    the decoded JSON does: the same snapshot, response and anomalies."""
    chunks = recorded_chunks(path)
    by_dict = ms.CreateChatCompletionStreamResponseAccumulator()
    for chunk in chunks:
        by_dict.add(copy.deepcopy(chunk))
    typed = ms.CreateChatCompletionStreamResponseAccumulator()
    for struct in ms.iter_chunks(_sse(chunks)):
        assert isinstance(struct, ms.CreateChatCompletionStreamResponse)
        typed.add(struct)
    assert typed.snapshot_dict() == by_dict.snapshot_dict()
    assert typed.to_response().to_dict() == by_dict.to_response().to_dict()
    assert typed.anomalies == by_dict.anomalies


def test_open_enums_and_wrong_types(ms: ModuleType) -> None:
    chunk = copy.deepcopy(CHUNK)
    chunk["choices"][0]["finish_reason"] = "a_reason_added_next_month"
    assert (
        ms.parse_create_chat_completion_stream_response(chunk).choices[0].finish_reason
        == chunk["choices"][0]["finish_reason"]
    )
    chunk["created"] = "1"
    with pytest.raises(msgspec.ValidationError, match=re.escape("$.created")):
        ms.parse_create_chat_completion_stream_response(chunk)
    with pytest.raises(ValueError):  # msgspec.ValidationError is a ValueError, like the other styles' errors
        ms.decode_create_chat_completion_stream_response(json.dumps(chunk))


def test_a_discriminated_union_is_checked_by_its_tag(ms: ModuleType) -> None:
    """``moderation.input`` is a oneOf of two objects with a discriminator: msgspec cannot
    type it, so the class checks it in ``__post_init__``, by the tag."""
    error = {"type": "error", "code": "x", "message": "m", "later": 1}
    chunk = dict(copy.deepcopy(CHUNK), moderation={"input": error, "output": error})
    for parsed in (
        ms.parse_create_chat_completion_stream_response(copy.deepcopy(chunk)),
        ms.decode_create_chat_completion_stream_response(json.dumps(chunk)),
    ):
        assert type(parsed.moderation.input).__name__ == "ChatCompletionModerationError"
        assert parsed.moderation.input.extra_fields == {"later": 1}
        assert parsed.to_dict() == chunk
    bad = copy.deepcopy(chunk)
    bad["moderation"]["input"] = {"type": "unheard_of", "more": 1}
    unknown = ms.parse_create_chat_completion_stream_response(bad).moderation.input  # issue 41: its own member
    assert type(unknown).__name__.startswith("Unknown") and unknown.type == "unheard_of"
    assert unknown.to_dict() == {"type": "unheard_of", "more": 1}
    bad["moderation"]["input"] = {"type": 5}  # a tag that is no string: no member takes it
    with pytest.raises(msgspec.ValidationError, match="input: type is 5"):
        ms.parse_create_chat_completion_stream_response(bad)


def test_a_required_field_never_sent_is_drift_then_none_and_strict_raises(ms: ModuleType) -> None:
    chunk = copy.deepcopy(CHUNK)
    del chunk["created"]
    acc = ms.CreateChatCompletionStreamResponseAccumulator()
    acc.add(chunk)
    snapshot = acc.snapshot()
    assert snapshot.created is None and snapshot.choices[0].delta.content == "hi"
    assert [a.kind for a in acc.anomalies] == ["schema_drift"]
    strict = ms.CreateChatCompletionStreamResponseAccumulator(strict=True)
    strict.add(chunk)
    with pytest.raises(msgspec.ValidationError, match="created"):
        strict.snapshot()


def test_msgspec_is_opt_in_and_its_runtime_module_is_written_only_for_it(tmp_path: Path) -> None:
    spec = CHAT_SPEC
    assert main([str(spec), "-o", str(tmp_path / "default"), "-q"]) == 0
    assert sorted(p.name for p in (tmp_path / "default").glob("openai_*.py")) == [
        "openai_dataclass.py",
        "openai_pydantic.py",
        "openai_typeddict.py",
    ]
    assert not (tmp_path / "default" / "_gen_models_runtime" / "msgspec_models.py").exists()
    package = tmp_path / "pkg"
    assert main([str(spec), "-o", str(package), "--style", "msgspec", "-q"]) == 0
    runtime = package / "_gen_models_runtime"
    assert (runtime / "msgspec_models.py").is_file() and not (runtime / "pydantic_models.py").exists()
    assert not any("import msgspec" in p.read_text() for p in runtime.glob("*.py") if p.name != "msgspec_models.py")
    sys.path.insert(0, str(tmp_path))
    try:
        module = __import__("pkg.openai_msgspec", fromlist=["x"])
        acc = module.CreateChatCompletionStreamResponseAccumulator()
        acc.add(json.dumps(CHUNK))
        assert acc.to_response().choices[0].message.content == "hi"
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n == "pkg" or n.startswith("pkg.")]:
            del sys.modules[name]


def test_readme_msgspec_example_runs_on_a_recorded_stream(ms: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    usage = (ROOT / "docs" / "usage.md").read_text(encoding="utf-8")
    match = re.search(r"<!-- example: msgspec -->\n```python\n(.*?)```", usage, re.DOTALL)
    assert match
    code = match.group(1).replace("from generated.openai_msgspec import", f"from {ms.__name__} import")
    lines = next(p for p in RECORDED if p.name == "openai-python-parallel_tools.sse").read_bytes().splitlines()
    exec(compile(code, "README:msgspec", "exec"), {"lines": lines})  # noqa: S102
    assert "prompt_tokens" in capsys.readouterr().out
