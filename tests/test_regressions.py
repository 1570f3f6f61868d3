"""Faults found by adversarial testing, each kept as a test of its whole kind."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, SHARED, STYLES, generate_modules

from generator.changes import compare, exit_status
from generator.changes import main as changes_main
from generator.cli import main
from generator.pipeline import Options, read_spec

HEAD = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\ncomponents:\n  schemas:\n"


def spec(tmp_path: Path, schemas: str, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(
        HEAD + textwrap.indent(textwrap.dedent(schemas).strip() + "\n", "    ")
    )
    return path


def chunk_spec(
    tmp_path: Path, props: str, extra: str = "", name: str = "s.yaml"
) -> Path:
    """A chunk root whose choices' delta has ``props``."""
    body = f"""
    C:
      type: object
      properties:
        object: {{type: string, enum: [c.chunk]}}
        choices:
          type: array
          items:
            type: object
            properties:
              index: {{type: integer}}
              delta:
                type: object
                properties:
{textwrap.indent(textwrap.dedent(props).strip(), " " * 18)}
    {textwrap.dedent(extra).strip()}
    """
    return spec(tmp_path, body, name)


def accumulate(module: Any, chunks: list[Any], strict: bool = False) -> Any:
    acc = module.CAccumulator(strict=strict)
    for c in chunks:
        acc.add(c)
    return acc


# --------------------------------------------------------------------- changes


def test_changes_compares_aliases_by_what_they_name_and_narrowings_are_compatible(
    tmp_path: Path,
) -> None:
    old = spec(
        tmp_path,
        "L: {type: array, items: {type: integer}}\nC: {type: object, properties: {object: {type: string, enum: [c.chunk]}, e: {$ref: '#/components/schemas/L'}, n: {type: number}, s: {type: string}}}",
        "old.yaml",
    )
    new = spec(
        tmp_path,
        "L: {type: array, items: {type: string}}\nC: {type: object, properties: {object: {type: string, enum: [c.chunk]}, e: {$ref: '#/components/schemas/L'}, n: {type: integer}, s: {type: string, enum: [a, b]}}}",
        "new.yaml",
    )
    found = {
        c.where: c.breaking
        for c in compare(
            read_spec(Options(spec=old)).schemas, read_spec(Options(spec=new)).schemas
        )
        if c.kind == "type changed"
    }
    assert found == {"C.e": True, "C.n": False, "C.s": False}


def test_changes_never_exits_1_on_an_internal_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("generator.changes.compare", lambda *a: 1 / 0)
    path = ROOT / "specs" / "openai.yaml"
    assert changes_main([str(path), str(path)]) == 123


def test_changes_reports_the_real_tool_calls_widening_as_breaking() -> None:
    shared = SHARED / "specs" / "openai"
    old = read_spec(Options(spec=shared / "openapi-2024-08-06-b372961.yaml")).schemas
    new = read_spec(Options(spec=shared / "openapi-2026-08-19-06a9404.yaml")).schemas
    calls = [
        c
        for c in compare(old, new)
        if c.where == "ChatCompletionResponseMessage.tool_calls"
    ]
    assert [(c.kind, c.breaking) for c in calls] == [("type changed", True)]
    assert exit_status(calls) == 3


# --------------------------------------------------------------------- names


@pytest.mark.parametrize(
    "props",
    [
        "add: {type: string}\nbuild: {type: string}\ncontent: {type: string}",
        "a-b: {type: object, properties: {x: {type: string}}}\na b: {type: object, properties: {y: {type: string}}}\ncontent: {type: string}",
    ],
    ids=["merge_method_names", "odd_object_names"],
)
def test_property_names_never_break_the_merge_code(tmp_path: Path, props: str) -> None:
    modules = generate_modules(chunk_spec(tmp_path, props), tmp_path / "out")
    for module in modules.values():
        acc = accumulate(
            module,
            [
                {
                    "object": "c.chunk",
                    "choices": [{"index": 0, "delta": {"content": "x"}}],
                }
            ],
            strict=True,
        )
        assert acc.snapshot_dict()["choices"][0]["delta"]["content"] == "x"


def test_inline_and_component_names_avoid_the_modules_own_names(tmp_path: Path) -> None:
    path = spec(
        tmp_path,
        """
        TypeVar: {type: object, properties: {a: {type: string}}}
        ValueError: {type: object, properties: {a: {type: string}}}
        C:
          type: object
          properties:
            object: {type: string, enum: [c.chunk]}
            stream: {type: object, properties: {error: {type: object, properties: {m: {type: string}}}}}
            typed: {type: object, properties: {dict: {type: object, properties: {k: {type: string}}}}}
            t: {$ref: '#/components/schemas/TypeVar'}
            v: {$ref: '#/components/schemas/ValueError'}
        """,
    )
    for module in generate_modules(path, tmp_path / "out").values():
        module.parse_c(
            {
                "object": "c.chunk",
                "stream": {"error": {"m": "x"}},
                "typed": {"dict": {"k": "v"}},
                "t": {"a": "b"},
                "v": {"a": "c"},
            }
        )
        with pytest.raises(
            ValueError
        ):  # ParseError and ValidationError: the builtin, not the model
            module.parse_c({"v": {"a": 1}})


def test_two_roots_with_one_snake_case_name_get_two_parse_functions(
    tmp_path: Path,
) -> None:
    path = spec(
        tmp_path,
        "HTTPServer: {type: object, properties: {a: {type: string}}}\nHttpServer: {type: object, properties: {b: {type: integer}}}",
    )
    modules = generate_modules(
        path, tmp_path / "out", schemas=("HTTPServer", "HttpServer")
    )
    for module in modules.values():
        module.parse_HTTPServer({"a": "x"})
        module.parse_HttpServer({"b": 1})


def test_parsers_that_read_alike_stay_apart(tmp_path: Path) -> None:
    path = spec(
        tmp_path,
        """
        A: {type: object, properties: {k: {type: string}}}
        B: {type: object, properties: {k: {type: string}}}
        C:
          type: object
          properties:
            e: {oneOf: [{$ref: '#/components/schemas/A'}, {$ref: '#/components/schemas/B'}], discriminator: {propertyName: k, mapping: {a-b: A, x: B}}}
            f: {oneOf: [{$ref: '#/components/schemas/A'}, {$ref: '#/components/schemas/B'}], discriminator: {propertyName: k, mapping: {a.b: A, x: B}}}
        """,
    )
    for module in generate_modules(path, tmp_path / "out", schemas=("C",)).values():
        module.parse_c({"f": {"k": "a.b"}, "e": {"k": "a-b"}})
        with pytest.raises(ValueError):
            module.parse_c({"f": {"k": "a-b"}})


# --------------------------------------------------------------------- types


def test_enums_keep_their_type_in_every_style(tmp_path: Path) -> None:
    path = spec(
        tmp_path,
        """
        C:
          type: object
          properties:
            level: {type: integer, enum: [0, 1]}
            ratio: {type: number, enum: [1, 2]}
            mixed: {enum: [1, a, true]}
            nothing: {type: 'null'}
        """,
    )
    for style, module in generate_modules(
        path, tmp_path / "out", schemas=("C",)
    ).items():
        module.parse_c({"level": 5, "ratio": 1.5, "mixed": True, "nothing": None})
        for bad in ({"level": True}, {"level": 1.0}, {"nothing": 1}):
            with pytest.raises(ValueError):
                module.parse_c(bad)
            assert style  # every style rejects the same payloads


def test_integer_discriminator_tags(tmp_path: Path) -> None:
    path = spec(
        tmp_path,
        """
        One: {type: object, required: [k], properties: {k: {type: integer, enum: [1]}, a: {type: string}}}
        Two: {type: object, required: [k], properties: {k: {type: integer, enum: [2]}, b: {type: string}}}
        C: {type: object, properties: {v: {oneOf: [{$ref: '#/components/schemas/One'}, {$ref: '#/components/schemas/Two'}], discriminator: {propertyName: k}}}}
        """,
    )
    for module in generate_modules(path, tmp_path / "out", schemas=("C",)).values():
        module.parse_c({"v": {"k": 2, "b": "x"}})


# --------------------------------------------------------------------- the accumulator


@pytest.fixture(scope="module")
def openai(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return generate_modules(
        ROOT / "specs" / "openai.yaml", tmp_path_factory.mktemp("reg")
    )


def _c(delta: dict[str, Any], **choice: Any) -> dict[str, Any]:
    return {
        "id": "c",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "m",
        "choices": [{"index": 0, "delta": delta, **choice}],
    }


def _deep(levels: int) -> Any:
    value: Any = "x"
    for _ in range(levels):
        value = {"k": value}
    return value


@pytest.mark.parametrize("style", STYLES)
def test_the_accumulator_raises_only_its_own_error(
    openai: dict[str, Any], style: str
) -> None:
    module = openai[style]
    odd = [
        _c({"tool_calls": [{"function": {"name": [None]}}]}),
        _c({"tool_calls": [{"function": {"name": "g"}}]}),
        _c({"reasoning": _deep(2000)}),
        {"id": "c", "choices": [], "x": [[[[[]]]]] * 3},
        "[" * 100_000,
    ]
    lenient = module.CreateChatCompletionStreamResponseAccumulator()
    for chunk in [_c({"content": "kept"}), *odd]:
        lenient.add(chunk)
    assert lenient.snapshot_dict()["choices"][0]["delta"]["content"] == "kept"
    strict = module.CreateChatCompletionStreamResponseAccumulator(strict=True)
    with pytest.raises(module.StreamMergeError):
        for chunk in odd:
            strict.add(chunk)


@pytest.mark.parametrize("style", STYLES)
def test_an_unknown_field_keeps_its_first_form(
    openai: dict[str, Any], style: str
) -> None:
    acc = openai[style].CreateChatCompletionStreamResponseAccumulator()
    acc.add(_c({"reasoning_content": "abc"}))
    acc.add(_c({"reasoning_content": {"x": 1}}))
    assert acc.snapshot_dict()["choices"][0]["delta"]["reasoning_content"] == "abc"
    assert [(a.kind, a.dropped) for a in acc.anomalies] == [
        ("mixed_fragments", {"x": 1})
    ]


@pytest.mark.parametrize("style", STYLES)
def test_a_stray_message_key_does_not_replace_the_merged_delta(
    openai: dict[str, Any], style: str
) -> None:
    acc = openai[style].CreateChatCompletionStreamResponseAccumulator()
    acc.add(_c({"content": "hi"}, message={"content": "OTHER"}))
    acc.add(_c({}, finish_reason="stop"))
    response = acc.to_response()
    message = (
        response["choices"][0]["message"]
        if isinstance(response, dict)
        else response.choices[0].message
    )
    assert (
        message["content"] if isinstance(message, dict) else message.content
    ) == "hi"


@pytest.mark.parametrize("style", STYLES)
def test_the_sse_reader_raises_only_its_own_errors(
    openai: dict[str, Any], style: str
) -> None:
    module = openai[style]
    for lines in (
        [b"data: " + b"[" * 100_000, b""],
        ["retry: " + "9" * 5000, "data: {}", ""],
        [memoryview(b'data: {"id": "c", "choices": []}'), b""],
        [42],
        [None],
    ):
        try:
            list(module.iter_chunk_dicts(lines))
        except (module.StreamFormatError, module.StreamError):
            pass
    text = json.dumps(
        {"id": "c", "choices": [], "note": "a\u2028b\u0085c"}, ensure_ascii=False
    )
    (chunk,) = module.iter_chunk_dicts([f"data: {text}\n"])
    assert chunk["note"] == "a\u2028b\u0085c"


def _calls(acc: Any) -> list[dict[str, Any]]:
    return list(acc.snapshot_dict()["choices"][0]["delta"]["tool_calls"])


def _kinds(acc: Any) -> list[str]:
    return [a.kind for a in acc.anomalies]


@pytest.mark.parametrize("style", STYLES)
def test_arguments_sent_as_objects_are_kept_as_json_text(
    openai: dict[str, Any], style: str
) -> None:
    acc = accumulate_openai(
        openai[style],
        [
            _c(
                {
                    "tool_calls": [
                        {
                            "index": 0,
                            "id": "t",
                            "type": "function",
                            "function": {"name": "f", "arguments": {"a": 1}},
                        }
                    ]
                }
            ),
            _c({"tool_calls": [{"index": 0, "function": {"arguments": {"b": "é"}}}]}),
        ],
    )
    assert _calls(acc)[0]["function"]["arguments"] == '{"a": 1}{"b": "é"}'
    assert _kinds(acc) == ["wrong_type", "wrong_type"]


@pytest.mark.parametrize("style", STYLES)
def test_scalars_of_the_wrong_type_are_reported_and_never_replace_a_good_value(
    openai: dict[str, Any], style: str
) -> None:
    module = openai[style]
    chunks = [
        {**_c({"content": "a"}), "id": 123, "created": "soon"},
        _c({"content": "b"}),
        {**_c({"content": "c"}), "created": "later"},
    ]
    acc = accumulate_openai(module, chunks)
    snapshot = acc.snapshot_dict()
    assert (
        snapshot["id"],
        snapshot["created"],
        snapshot["choices"][0]["delta"]["content"],
    ) == ("c", 1, "abc")
    assert set(_kinds(acc)) == {"wrong_type"}
    with pytest.raises(module.StreamMergeError):
        accumulate_openai(module, chunks, strict=True)


@pytest.mark.parametrize("style", STYLES)
def test_empty_finish_reason_and_empty_usage_never_wipe_a_value(
    openai: dict[str, Any], style: str
) -> None:
    usage = {"prompt_tokens": 1, "completion_tokens": 2, "total_tokens": 3}
    acc = accumulate_openai(
        openai[style],
        [
            _c({"content": "a"}, finish_reason="stop"),
            {**_c({}, finish_reason=""), "usage": usage},
            {
                "id": "c",
                "object": "chat.completion.chunk",
                "created": 1,
                "model": "m",
                "choices": [],
                "usage": {},
            },
        ],
    )
    snapshot = acc.snapshot_dict()
    assert snapshot["choices"][0]["finish_reason"] == "stop"
    assert snapshot["usage"] == usage


@pytest.mark.parametrize("style", STYLES)
def test_one_index_two_names_are_two_calls(openai: dict[str, Any], style: str) -> None:
    acc = accumulate_openai(
        openai[style],
        [
            _c(
                {
                    "tool_calls": [
                        {
                            "index": 0,
                            "function": {"name": "get_weather", "arguments": "{}"},
                        }
                    ]
                }
            ),
            _c(
                {
                    "tool_calls": [
                        {"index": 0, "function": {"name": "get_time", "arguments": "{"}}
                    ]
                }
            ),
            _c(
                {
                    "tool_calls": [
                        {"index": 0, "function": {"name": "get_time", "arguments": "}"}}
                    ]
                }
            ),
        ],
    )
    assert [
        (c["function"]["name"], c["function"]["arguments"]) for c in _calls(acc)
    ] == [("get_weather", "{}"), ("get_time", "{}")]
    assert _kinds(acc) == ["reused_key"]


@pytest.mark.parametrize("style", STYLES)
def test_interleaved_ids_at_one_index_go_back_to_their_call(
    openai: dict[str, Any], style: str
) -> None:
    fragments = [("a", "fa", "1"), ("b", "fb", "2"), ("a", None, "3"), ("b", None, "4")]
    acc = accumulate_openai(
        openai[style],
        [
            _c(
                {
                    "tool_calls": [
                        {"index": 0, "id": i, "function": {"name": n, "arguments": arg}}
                    ]
                }
            )
            for i, n, arg in fragments
        ],
    )
    assert [
        (c["id"], c["function"]["name"], c["function"]["arguments"])
        for c in _calls(acc)
    ] == [("a", "fa", "13"), ("b", "fb", "24")]
    assert _kinds(acc) == ["reused_key"]


@pytest.mark.parametrize("style", STYLES)
def test_mapping_chunks_that_are_not_dicts_merge_like_dicts(
    openai: dict[str, Any], style: str
) -> None:
    from collections import OrderedDict

    chunk = _c(
        {
            "tool_calls": [
                {
                    "index": 0,
                    "id": "t",
                    "type": "function",
                    "function": {"name": "f", "arguments": "{}"},
                }
            ]
        }
    )
    as_ordered = json.loads(json.dumps(chunk), object_pairs_hook=OrderedDict)
    assert (
        accumulate_openai(openai[style], [as_ordered]).snapshot_dict()
        == accumulate_openai(openai[style], [chunk]).snapshot_dict()
    )


def test_the_three_styles_merge_odd_streams_alike(openai: dict[str, Any]) -> None:
    chunks = [
        {
            **_c(
                {
                    "content": "a",
                    "tool_calls": [
                        {"index": 0, "function": {"name": "f", "arguments": {"x": 1}}}
                    ],
                }
            ),
            "id": 7,
        },
        _c(
            {
                "tool_calls": [
                    {"index": 0, "function": {"name": "g", "arguments": "{}"}}
                ]
            },
            finish_reason="",
        ),
        {**_c({"refusal": "no"}, finish_reason="stop"), "usage": {}},
    ]
    snapshots = [
        accumulate_openai(openai[style], chunks).snapshot_dict() for style in STYLES
    ]
    assert snapshots[0] == snapshots[1] == snapshots[2]


@pytest.mark.parametrize("style", STYLES)
def test_sse_error_null_is_no_error_and_done_may_carry_spaces(
    openai: dict[str, Any], style: str
) -> None:
    module = openai[style]
    lines = [
        'data: {"id": "c", "choices": [], "error": null}',
        "",
        "data: [DONE] ",
        "",
        'data: {"id": "late"}',
        "",
    ]
    assert [c["id"] for c in module.iter_chunk_dicts(lines)] == ["c"]
    with pytest.raises(module.StreamError):
        list(
            module.iter_chunk_dicts(['data: {"error": {"message": "overloaded"}}', ""])
        )


@pytest.mark.parametrize("style", STYLES)
def test_a_tool_call_without_type_still_makes_a_finished_response(
    openai: dict[str, Any], style: str
) -> None:
    """Some OpenAI-compatible servers never send a tool call's ``type``: the chunk schema
    allows only ``function``, so the finished response takes it."""
    acc = accumulate_openai(
        openai[style],
        [
            _c(
                {
                    "role": "assistant",
                    "tool_calls": [
                        {
                            "index": 0,
                            "id": "x",
                            "function": {"name": "f", "arguments": "{}"},
                        }
                    ],
                }
            ),
            _c({}, finish_reason="tool_calls"),
        ],
    )
    assert "type" not in _calls(acc)[0]  # the snapshot shows what the stream sent
    response = acc.to_response()
    call = (
        response["choices"][0]["message"]["tool_calls"][0]
        if isinstance(response, dict)
        else response.choices[0].message.tool_calls[0]
    )
    assert (call["type"] if isinstance(call, dict) else call.type) == "function"


@pytest.mark.parametrize("style", STYLES)
def test_keyless_fragments_are_reported_once_per_call(openai: dict[str, Any], style: str) -> None:
    """Servers that omit a tool call's index omit it on every fragment: one anomaly per call
    says so, not one per fragment; nothing is lost."""
    chunks = []
    for call_id, name, part in (("a", "f", "x"), ("b", "g", "y")):
        chunks.append(_c({"tool_calls": [{"id": call_id, "type": "function", "function": {"name": name, "arguments": ""}}]}))
        chunks += [_c({"tool_calls": [{"function": {"arguments": part}}]})] * 5
    acc = accumulate_openai(openai[style], chunks)
    assert [(c["id"], c["function"]["arguments"]) for c in _calls(acc)] == [("a", "xxxxx"), ("b", "yyyyy")]
    assert [(a.kind, a.path) for a in acc.anomalies] == [
        ("missing_key", "choices[0].delta.tool_calls[0]"),
        ("missing_key", "choices[0].delta.tool_calls[1]"),
    ]


def _tc(index: int | None, call_id: Any, name: str | None, arguments: str) -> dict[str, Any]:
    fragment: dict[str, Any] = {"function": {"arguments": arguments}}
    if index is not None:
        fragment["index"] = index
    if call_id is not None:
        fragment["id"] = call_id
    if name is not None:
        fragment["function"]["name"] = name
    return _c({"tool_calls": [fragment]})


@pytest.mark.parametrize(
    ("fragments", "expected"),
    [
        # a server that changes the id mid-call (no name on the later fragment): one call
        ([(0, "call_X", "get_weather", ""), (0, "call_Y", None, '{"city":"Paris"}')], [("call_X", "get_weather", '{"city":"Paris"}')]),
        # a wrong-typed id, then the real one: one call with the real id
        ([(0, 123, "f", "{"), (0, "call_1", None, "}")], [("call_1", "f", "{}")]),
        # no index: ids a, b, then a again goes back to a
        ([(None, "a", "f", "1"), (None, "b", "g", "2"), (None, "a", None, "3")], [("a", "f", "13"), ("b", "g", "2")]),
        # no index: the name first, the id on a later fragment: one call, as with an index
        ([(None, None, "f", "{"), (None, "call_1", None, "}")], [("call_1", "f", "{}")]),
        ([(0, None, "f", "{"), (0, "call_1", None, "}")], [("call_1", "f", "{}")]),
        # no index, the name repeated on every fragment (Kimi): one call
        ([(None, "a", "f", "{"), (None, None, "f", "}")], [("a", "f", "{}")]),
    ],
)
@pytest.mark.parametrize("style", STYLES)
def test_tool_call_identity_on_real_server_quirks(openai: dict[str, Any], style: str, fragments: list[Any], expected: list[Any]) -> None:
    acc = accumulate_openai(openai[style], [_tc(*f) for f in fragments] + [_c({}, finish_reason="tool_calls")])
    assert [(c.get("id"), c["function"].get("name"), c["function"]["arguments"]) for c in _calls(acc)] == expected
    acc.to_response()  # a finished response, no missing name


@pytest.mark.parametrize("style", STYLES)
def test_empty_finish_reason_and_type_are_read_as_never_sent(openai: dict[str, Any], style: str) -> None:
    """Ollama and older sglang send ``finish_reason: ""`` and ``type: ""`` when there is none."""
    acc = accumulate_openai(openai[style], [
        _c({"tool_calls": [{"index": 0, "id": "c", "type": "", "function": {"name": "f", "arguments": "{}"}}]}, finish_reason=""),
    ])
    response = acc.to_response()
    choice = response["choices"][0] if isinstance(response, dict) else response.choices[0].model_dump() if hasattr(response.choices[0], "model_dump") else response.choices[0].to_dict()
    assert choice["finish_reason"] == "tool_calls"
    assert choice["message"]["tool_calls"][0]["type"] == "function"
    assert [(a.kind, a.kept) for a in acc.anomalies] == [("incomplete", "tool_calls")]


@pytest.mark.parametrize("style", STYLES)
def test_a_second_call_at_one_index_opened_by_id_and_type_then_name(openai: dict[str, Any], style: str) -> None:
    """The opening fragment of a call carries its type: a new id with it starts a call even
    before the name arrives (unlike an id changed mid-call, which brings neither)."""
    fragments: list[dict[str, Any]] = [
        {"index": 0, "id": "call_a", "type": "function", "function": {"name": "f", "arguments": ""}},
        {"index": 0, "function": {"arguments": '{"x":1}'}},
        {"index": 0, "id": "call_b", "type": "function"},
        {"index": 0, "function": {"name": "f"}},
        {"index": 0, "function": {"arguments": '{"x":2}'}},
    ]
    acc = accumulate_openai(openai[style], [_c({"tool_calls": [f]}) for f in fragments] + [_c({}, finish_reason="tool_calls")])
    assert [(c["id"], c["function"]["name"], c["function"]["arguments"]) for c in _calls(acc)] == [
        ("call_a", "f", '{"x":1}'),
        ("call_b", "f", '{"x":2}'),
    ]
    acc.to_response()


def accumulate_openai(module: Any, chunks: list[Any], strict: bool = False) -> Any:
    acc = module.CreateChatCompletionStreamResponseAccumulator(strict=strict)
    for c in chunks:
        acc.add(c)
    return acc


# --------------------------------------------------------------------- bad input: exit 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "C: {type: object, anyOf: 1, properties: {a: {type: string}}}",
            "anyOf must be a non-empty list",
        ),
        (
            "C: {type: object, properties: {n: {type: integer, default: "
            + "9" * 5000
            + "}}}",
            None,
        ),
        ('"x\\ny": {type: strng}', "unknown type"),
    ],
    ids=["anyof_not_a_list", "huge_integer", "name_with_a_newline"],
)
def test_odd_input_is_exit_2_or_generates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str | None
) -> None:
    path = spec(tmp_path, text)
    status = main(
        [
            str(path),
            "--schema",
            "C" if not text.startswith('"x') else "x\ny",
            "-o",
            str(tmp_path / "out"),
        ]
    )
    err = capsys.readouterr().err
    if message is None:
        assert status in (0, 2) and "Traceback" not in err
    else:
        assert status == 2 and message in err and err.count("\n") == 1


def test_empty_tuple_items_and_a_file_as_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = spec(
        tmp_path,
        "C: {type: object, properties: {object: {type: string, enum: [c.chunk]}, a: {type: array, items: []}}}",
    )
    assert main([str(path), "-o", str(tmp_path / "out"), "-q"]) == 0
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main([str(path), "-o", str(blocker)]) == 2
    assert "cannot write" in capsys.readouterr().err
    assert blocker.read_text() == "x"


def test_every_name_a_module_imports_is_reserved_for_it() -> None:
    from generator.naming import MODULE_NAMES
    from generator.render import _SOURCES

    assert set(_SOURCES) - {"re"} <= MODULE_NAMES


# ------------------------------------------------- inline checks of the parsers

INLINE_CHECKED = """
C:
  type: object
  required: [object, req_list, req_null_list, req_null_str, req_str]
  properties:
    object: {type: string, enum: [c.chunk]}
    req_list: {type: array, items: {type: string}}
    req_null_list: {type: [array, "null"], items: {type: integer}}
    opt_list: {type: array, items: {type: boolean}}
    req_null_str: {type: [string, "null"]}
    req_str: {type: string}
"""
_VALID = {
    "object": "c.chunk",
    "req_list": ["a"],
    "req_null_list": [1, 2],
    "req_null_str": None,
    "req_str": "s",
}


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"req_list": None}, "req_list"),
        ({"req_list": ["a", 1]}, "req_list[1]"),
        ({"req_list": "a"}, "req_list"),
        ({"req_null_list": [1, True]}, "req_null_list[1]"),
        ({"req_null_list": [1, 1.5]}, "req_null_list[1]"),
        ({"opt_list": [True, "no"]}, "opt_list[1]"),
        ({"req_null_str": 1}, "req_null_str"),
        ({"req_str": None}, "req_str"),
    ],
)
def test_inline_checks_reject_what_the_parsers_reject(
    tmp_path: Path, change: dict[str, Any], where: str
) -> None:
    """The fast inline tests of scalars and scalar lists fall back to the parser, whose error names the place."""
    modules = generate_modules(spec(tmp_path, INLINE_CHECKED), tmp_path / "out")
    for style, module in modules.items():
        assert module.parse_c(dict(_VALID)) is not None
        assert (
            module.parse_c(dict(_VALID, opt_list=None, req_null_list=None)) is not None
        )
        with pytest.raises(
            ValueError,
            match=re.escape(
                where if style != "pydantic" else where.replace("[", ".").rstrip("]")
            ),
        ):
            module.parse_c(dict(_VALID, **change))
        for missing in ("req_null_list", "req_null_str", "req_list"):
            data = dict(_VALID)
            del data[missing]
            with pytest.raises(ValueError, match=missing):
                module.parse_c(data)
        if (
            style == "typeddict"
        ):  # the same object back: TypedDicts are checked, not copied
            data = dict(_VALID)
            assert module.parse_c(data) is data


# ------------------------------------------------------------- naming stability

NAMED_INLINE = """
C:
  type: object
  properties:
    object: {type: string, enum: [c.chunk]}
    part: {type: object, properties: {a: {type: string}}}
    other: {$ref: '#/components/schemas/Other'}
Other: {type: object, properties: {o: {type: string}}}
"""


def test_an_unrelated_component_renames_no_inline_class(tmp_path: Path) -> None:
    """Adding a schema whose name an inline class derives (`CPart`) changes nothing unless
    the module holds it; then the inline class gives way (`CPartModel`)."""
    before = read_spec(Options(spec=spec(tmp_path, NAMED_INLINE, "a.yaml"))).schemas
    unrelated = spec(
        tmp_path,
        NAMED_INLINE + "CPart: {type: object, properties: {z: {type: integer}}}",
        "b.yaml",
    )
    after = read_spec(Options(spec=unrelated)).schemas
    assert list(after.models) == list(before.models) == ["CPart", "Other", "C"]
    referenced = spec(
        tmp_path,
        NAMED_INLINE.replace(
            "$ref: '#/components/schemas/Other'", "$ref: '#/components/schemas/CPart'"
        )
        + "CPart: {type: object, properties: {z: {type: integer}}}",
        "c.yaml",
    )
    names = read_spec(Options(spec=referenced)).schemas.models
    assert sorted(names) == ["C", "CPart", "CPartModel"]
    assert [f.wire_name for f in names["CPart"].fields] == ["z"]
    assert [f.wire_name for f in names["CPartModel"].fields] == ["a"]
