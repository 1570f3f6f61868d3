"""Naming: one pass after root selection names every class, alias, attribute, parser constant,
accumulator and merge-state class, once, and never after the order the spec was read in."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import Any

import pytest

from generator import naming
from generator.errors import SpecError
from generator.interpret import Interpreter
from generator.model import Model, Schemas
from generator.pipeline import Options, read_spec


def spec(tmp_path: Path, schemas: str, name: str = "spec.yaml") -> Path:
    head = 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\ncomponents:\n  schemas:\n'
    path = tmp_path / name
    path.write_text(head + textwrap.indent(textwrap.dedent(schemas).strip() + "\n", "    "), encoding="utf-8")
    return path


def names_by_place(schemas: Schemas) -> dict[str, str]:
    found = {m.pointer: name for name, m in schemas.models.items()}
    found.update({a.pointer: name for name, a in schemas.aliases.items()})
    return found


TWO_ROOTS = """
A:
  type: object
  properties:
    object: {type: string, enum: [a.chunk]}
    item: {type: object, properties: {x: {type: integer}}}
    shared: {$ref: '#/components/schemas/Shared'}
B:
  type: object
  properties:
    object: {type: string, enum: [b.chunk]}
    item: {type: object, properties: {y: {type: integer}}}
    shared: {$ref: '#/components/schemas/Shared'}
Shared:
  type: object
  properties:
    items: {type: array, items: {type: object, properties: {z: {type: string}}}}
    mode: {type: string, enum: [a, b]}
AItem: {type: object, properties: {unrelated: {type: string}}}
"""


def test_names_do_not_depend_on_reading_order(tmp_path: Path) -> None:
    path = spec(tmp_path, TWO_ROOTS)
    ab = read_spec(Options(spec=path, schemas=("A", "B"))).schemas
    ba = read_spec(Options(spec=path, schemas=("B", "A"))).schemas
    assert names_by_place(ab) == names_by_place(ba)
    assert names_by_place(ab)["/components/schemas/A/properties/item"] == "AItem"  # AItem is not emitted
    assert names_by_place(ab)["/components/schemas/Shared/properties/items/items"] == "SharedItem"


def test_an_inline_name_gives_way_to_an_emitted_component_only(tmp_path: Path) -> None:
    path = spec(tmp_path, TWO_ROOTS.replace("    shared: {$ref: '#/components/schemas/Shared'}\nB:", "    shared: {$ref: '#/components/schemas/Shared'}\n    other: {$ref: '#/components/schemas/AItem'}\nB:"))
    names = names_by_place(read_spec(Options(spec=path, schemas=("A",))).schemas)
    assert names["/components/schemas/AItem"] == "AItem"
    assert names["/components/schemas/A/properties/item"] == "AItemModel"


def test_the_spec_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An inline name that meets a component the module does not hold used to mean reading
    the whole spec again; now names are decided after reading, once."""
    made: list[Interpreter] = []
    real_init = Interpreter.__init__

    def counting(self: Interpreter, *args: Any, **kwargs: Any) -> None:
        made.append(self)
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(Interpreter, "__init__", counting)
    read_spec(Options(spec=spec(tmp_path, TWO_ROOTS), schemas=("A",)))
    assert len(made) == 1


def test_fields_avoid_class_names_and_discriminators_use_the_final_attribute(tmp_path: Path) -> None:
    path = spec(
        tmp_path,
        """
        Root:
          type: object
          properties:
            object: {type: string, enum: [x.chunk]}
            Part: {$ref: '#/components/schemas/Part'}
            class: {type: string}
        Part:
          oneOf: [{$ref: '#/components/schemas/P1'}, {$ref: '#/components/schemas/P2'}]
        P1: {type: object, required: [from], properties: {from: {const: one}}}
        P2: {type: object, required: [from], properties: {from: {const: two}}}
        """,
    )
    schemas = read_spec(Options(spec=path)).schemas
    assert [f.py_name for f in schemas.models["Root"].fields] == ["object", "Part_", "class_"]
    part = schemas.aliases["Part"].type
    assert part.discriminator is not None and part.discriminator.attribute == "from_"  # type: ignore[attr-defined]


def test_two_components_that_become_one_name_are_an_error(tmp_path: Path) -> None:
    path = spec(
        tmp_path,
        """
        Root:
          type: object
          properties:
            object: {type: string, enum: [x.chunk]}
            a: {$ref: '#/components/schemas/foo-bar'}
            b: {$ref: '#/components/schemas/foo_bar'}
        foo-bar: {type: object, properties: {x: {type: string}}}
        foo_bar: {type: object, properties: {y: {type: string}}}
        """,
    )
    with pytest.raises(SpecError, match="'foo-bar' and 'foo_bar' both become the Python name 'FooBar'"):
        read_spec(Options(spec=path))


def test_a_schema_named_like_an_accumulator_is_an_error(tmp_path: Path) -> None:
    path = spec(
        tmp_path,
        """
        Root:
          type: object
          properties:
            object: {type: string, enum: [x.chunk]}
            acc: {$ref: '#/components/schemas/RootAccumulator'}
        RootAccumulator: {type: object, properties: {x: {type: string}}}
        """,
    )
    with pytest.raises(SpecError, match="RootAccumulator has the name of Root's generated accumulator"):
        read_spec(Options(spec=path))


# ------------------------------------------------------------------ names of code


def test_parser_constants_are_named_after_what_they_parse() -> None:
    names = naming.ParserNames()
    assert names.name("_list_of(_int)", ["_list_of"], [["_int"]]) == "_P_list_of_int"
    assert names.name("_list_of(_int)", ["_list_of"], [["_int"]]) == "_P_list_of_int"  # decided once
    long = [[f"SomeRatherLongClassName{i}.from_dict"] for i in range(5)]
    name = names.name("_first_of((...))", ["_first_of"], long)
    assert name == "_P_first_of_SomeRatherLongClassName0_and_4_more"
    # two expressions that read alike: the second in use takes _2
    assert names.name('_tagged("t", {"a-b": _parse_X})', ["tagged", '"t"'], [['"a-b"', "_parse_X"]]) == "_P_tagged_t_a_b_X"
    assert names.name('_tagged("t", {"a.b": _parse_X})', ["tagged", '"t"'], [['"a.b"', "_parse_X"]]) == "_P_tagged_t_a_b_X_2"
    assert not any(re.search(r"_[0-9a-f]{8}$", n) for n in names.definitions)  # no digests


def test_field_names_keep_valid_names_and_avoid_classes() -> None:
    assert naming.field_names(["a_b", "a-b", "class", "2nd", "Foo"], {"Foo"}) == ["a_b", "a_b_", "class_", "field_2nd", "Foo_"]


def test_derived_and_simple_names() -> None:
    assert naming.class_name("createChatCompletionStreamResponse") == "CreateChatCompletionStreamResponse"
    assert naming.class_name("Ünï") == "Uni"
    assert naming.class_name("ParseError") == "ParseErrorModel"  # the module's own name
    assert naming.module_stem("2024 spec") == "m_2024_spec"
    assert naming.accumulator_name("Chunk") == "ChunkAccumulator"
    assert naming.response_plan_constant("CreateChatCompletionResponse") == "_TO_CREATE_CHAT_COMPLETION_RESPONSE"


def test_state_class_names_are_unique() -> None:
    class Node:
        def __init__(self, model: str, context: str) -> None:
            self.model = Model(model, ())
            self.context = context

    nodes = [Node("A", "root"), Node("B", "delta"), Node("B", "message"), Node("B", "message")]
    assert list(naming.state_class_names(nodes).values()) == ["_AMerge", "_BMerge", "_BMessageMerge", "_BMessageMerge_"]


def test_parse_functions_fall_back_to_class_names_on_a_snake_clash() -> None:
    schemas = Schemas(models={}, aliases={}, roots=("HTTPServer", "HttpServer"))
    assert naming.parse_function(schemas, "HTTPServer") == "parse_HTTPServer"
    assert naming.parse_function(Schemas(models={}, aliases={}, roots=("Chunk",)), "Chunk") == "parse_chunk"


def test_a_type_referenced_and_never_defined_is_an_internal_error() -> None:
    """The kind of the fuzz-found ``NameError: _parse_Uni``: caught before anything renders."""
    from generator.model import Field, ModelRef

    field = Field("x", "", ModelRef("#9"), required=False, nullable=False)
    schemas = Schemas(models={"#0": Model("#0", (field,), pointer="/components/schemas/Root")}, aliases={}, roots=("#0",))
    with pytest.raises(RuntimeError, match="referenced but never defined: #9 .*Root"):
        naming.name_schemas(schemas, {}, None)  # type: ignore[arg-type]
