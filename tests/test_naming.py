"""Naming: every name a generated module holds (classes, parse functions, merge code) stays
valid, apart from the module's own names and from other classes, and stable when an unrelated
schema is added (tests moved from test_regressions.py: faults found by adversarial testing,
each kept as a test of its whole kind)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest
from conftest import generate_modules, schemas_spec

from generator.pipeline import Options, read_spec


def chunk_spec(tmp_path: Path, props: str, extra: str = "", name: str = "s.yaml") -> Path:
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
    return schemas_spec(tmp_path, body, name)


def accumulate(module: Any, chunks: list[Any], strict: bool = False) -> Any:
    acc = module.CAccumulator(strict=strict)
    for c in chunks:
        acc.add(c)
    return acc


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
    path = schemas_spec(
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
        with pytest.raises(ValueError):  # ParseError and ValidationError: the builtin, not the model
            module.parse_c({"v": {"a": 1}})


def test_two_roots_with_one_snake_case_name_get_two_parse_functions(
    tmp_path: Path,
) -> None:
    path = schemas_spec(
        tmp_path,
        "HTTPServer: {type: object, properties: {a: {type: string}}}\nHttpServer: {type: object, properties: {b: {type: integer}}}",
    )
    modules = generate_modules(path, tmp_path / "out", schemas=("HTTPServer", "HttpServer"))
    for module in modules.values():
        module.parse_HTTPServer({"a": "x"})
        module.parse_HttpServer({"b": 1})


def test_parsers_that_read_alike_stay_apart(tmp_path: Path) -> None:
    path = schemas_spec(
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


def test_every_name_a_module_imports_is_reserved_for_it() -> None:
    from generator.naming import MODULE_NAMES
    from generator.render import _SOURCES

    assert set(_SOURCES) - {"re"} <= MODULE_NAMES


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
    before = read_spec(Options(spec=schemas_spec(tmp_path, NAMED_INLINE, "a.yaml"))).schemas
    unrelated = schemas_spec(
        tmp_path,
        NAMED_INLINE + "CPart: {type: object, properties: {z: {type: integer}}}",
        "b.yaml",
    )
    after = read_spec(Options(spec=unrelated)).schemas
    assert list(after.models) == list(before.models) == ["CPart", "Other", "C"]
    referenced = schemas_spec(
        tmp_path,
        NAMED_INLINE.replace("$ref: '#/components/schemas/Other'", "$ref: '#/components/schemas/CPart'")
        + "CPart: {type: object, properties: {z: {type: integer}}}",
        "c.yaml",
    )
    names = read_spec(Options(spec=referenced)).schemas.models
    assert sorted(names) == ["C", "CPart", "CPartModel"]
    assert [f.wire_name for f in names["CPart"].fields] == ["z"]
    assert [f.wire_name for f in names["CPartModel"].fields] == ["a"]
