"""Naming: one pass after root selection names every class, alias, attribute, parser constant,
accumulator and merge-state class, once, and never after the order the spec was read in.

Also the faults found by adversarial testing (moved from test_regressions.py), each kept as
a test of its whole kind: names stay valid, apart from the module's own names and other classes,
and stable when an unrelated schema is added.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import Any

import pytest
from conftest import CHAT_SPEC, generate_modules, schemas_spec

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


def test_inline_union_members_are_named_by_their_title_tag_or_position(tmp_path: Path) -> None:
    """A member of an inline union of several gets its title, else its tag, else its position
    as a word (#23's name hints; they were recorded and never reached naming: ``PetKind`` and
    ``PetKindModel``)."""
    path = spec(
        tmp_path,
        """\
        Pet:
          type: object
          properties:
            kind:
              oneOf:
                - {title: Cat, type: object, properties: {meow: {type: string}}}
                - {type: object, properties: {type: {const: dog}, bark: {type: string}}}
                - {type: object, properties: {hiss: {type: string}}}
        """,
    )
    names = names_by_place(read_spec(Options(spec=path, schemas=("Pet",))).schemas)
    members = [names[f"/components/schemas/Pet/properties/kind/oneOf/{i}"] for i in range(3)]
    assert members == ["PetKindCat", "PetKindDog", "PetKindOption3"]


def test_an_inline_name_gives_way_to_an_emitted_component_only(tmp_path: Path) -> None:
    path = spec(
        tmp_path,
        TWO_ROOTS.replace(
            "    shared: {$ref: '#/components/schemas/Shared'}\nB:",
            "    shared: {$ref: '#/components/schemas/Shared'}\n    other: {$ref: '#/components/schemas/AItem'}\nB:",
        ),
    )
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
    assert (
        names.name('_tagged("t", {"a-b": _parse_X})', ["tagged", '"t"'], [['"a-b"', "_parse_X"]]) == "_P_tagged_t_a_b_X"
    )
    assert (
        names.name('_tagged("t", {"a.b": _parse_X})', ["tagged", '"t"'], [['"a.b"', "_parse_X"]])
        == "_P_tagged_t_a_b_X_2"
    )
    assert not any(re.search(r"_[0-9a-f]{8}$", n) for n in names.definitions)  # no digests


def test_field_names_keep_valid_names_and_avoid_classes() -> None:
    assert naming.field_names(["a_b", "a-b", "class", "2nd", "Foo"], {"Foo"}) == [
        "a_b",
        "a_b_",
        "class_",
        "field_2nd",
        "Foo_",
    ]


def test_derived_and_simple_names() -> None:
    assert naming.class_name("createChatCompletionStreamResponse") == "CreateChatCompletionStreamResponse"
    assert naming.class_name("Ünï") == "Uni"
    assert naming.class_name("ParseError") == "ParseErrorModel"  # the module's own name
    assert naming.module_stem("2024 spec") == "m_2024_spec"
    # importable as written: Python NFKC-normalises identifiers (ﬁ is f + i, ² is 2)
    assert naming.module_stem("ﬁle") == "file"
    assert naming.module_stem("ｏｐｅｎａｉ²") == "openai2"
    assert naming.module_stem("²spec") == "m_2spec"
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

    field = Field("x", "", ModelRef("#9"), required=False)
    schemas = Schemas(
        models={"#0": Model("#0", (field,), pointer="/components/schemas/Root")}, aliases={}, roots=("#0",)
    )
    with pytest.raises(RuntimeError, match="referenced but never defined: #9 .*Root"):
        naming.name_schemas(schemas, {}, None)  # type: ignore[arg-type]


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
        A: {type: object, required: [a], properties: {k: {type: string}, a: {type: integer}}}
        B: {type: object, properties: {k: {type: string}}}
        C:
          type: object
          properties:
            e: {oneOf: [{$ref: '#/components/schemas/A'}, {$ref: '#/components/schemas/B'}], discriminator: {propertyName: k, mapping: {a-b: A, x: B}}}
            f: {oneOf: [{$ref: '#/components/schemas/A'}, {$ref: '#/components/schemas/B'}], discriminator: {propertyName: k, mapping: {a.b: A, x: B}}}
        """,
    )
    for module in generate_modules(path, tmp_path / "out", schemas=("C",)).values():
        module.parse_c({"f": {"k": "a.b", "a": 1}, "e": {"k": "a-b", "a": 1}})
        with pytest.raises(ValueError):  # each reads its own tag as A (which requires a)
            module.parse_c({"f": {"k": "a.b"}})
        with pytest.raises(ValueError):
            module.parse_c({"e": {"k": "a-b"}})
        # the other's tag is an unknown one (the union's Unknown member, issue 41), never A
        module.parse_c({"f": {"k": "a-b"}, "e": {"k": "a.b"}})


def test_every_name_a_module_imports_is_reserved_for_it() -> None:
    from generator.imports import SOURCES
    from generator.naming import MODULE_NAMES

    assert set(SOURCES) - {"re"} <= MODULE_NAMES


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


# ------------------------------------------------- issue 12 point 7: names that stay put and say where they come from

PATHS_SPEC = """\
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /items/{id}:
    get:
      operationId: getItem
      parameters:
        - name: filter
          in: query
          schema: {type: object, properties: {q: {type: string}}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: {type: string}
                  owner: {type: object, properties: {name: {type: string}}}
    post:
      requestBody:
        content:
          application/json:
            schema: {type: object, properties: {name: {type: string}}}
      responses:
        default:
          description: err
          content:
            application/json:
              schema: {type: object, properties: {error: {type: string}}}
components:
  responses:
    NotFound:
      description: nf
      content:
        application/json:
          schema: {type: object, properties: {missing: {type: string}}}
  schemas:
    Root:
      type: object
      properties:
        item: {$ref: '#/paths/~1items~1{id}/get/responses/200/content/application~1json/schema'}
        req: {$ref: '#/paths/~1items~1{id}/post/requestBody/content/application~1json/schema'}
        err: {$ref: '#/paths/~1items~1{id}/post/responses/default/content/application~1json/schema'}
        nf: {$ref: '#/components/responses/NotFound/content/application~1json/schema'}
        filter: {$ref: '#/paths/~1items~1{id}/get/parameters/0/schema'}
"""


def test_a_schema_reached_through_paths_is_named_after_its_operation_not_the_file(tmp_path: Path) -> None:
    names = []
    for file in ("openai.yaml", "api.yaml"):
        (tmp_path / file).write_text(PATHS_SPEC, encoding="utf-8")
        names.append(list(read_spec(Options(spec=tmp_path / file, schemas=("Root",))).schemas.models))
    assert (
        names[0]
        == names[1]
        == [
            "GetItemResponseOwner",
            "GetItemResponse",
            "PostItemsIdRequest",
            "PostItemsIdResponseDefault",
            "NotFoundResponse",
            "GetItemFilterParameter",
            "Root",
        ]
    )


def test_an_untitled_json_schema_document_is_not_named_after_its_file(tmp_path: Path) -> None:
    body = '{"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"type": "string"}}}}}'
    names = []
    for file in ("chunk.json", "api.json"):
        (tmp_path / file).write_text(body, encoding="utf-8")
        names.append(sorted(read_spec(Options(spec=tmp_path / file, schemas=("Root",))).schemas.models))
    assert names[0] == names[1] == ["Root", "RootA"]
    with_id = body[:-1] + ', "$id": "https://example.com/schemas/tick.schema.json"}'
    (tmp_path / "x.json").write_text(with_id, encoding="utf-8")
    assert sorted(read_spec(Options(spec=tmp_path / "x.json", schemas=("tick",))).schemas.models) == ["Tick", "TickA"]


ODD_COMPONENTS = """
Root:
  type: object
  properties:
    a: {$ref: '#/components/schemas/None'}
    b: {$ref: '#/components/schemas/ValueError'}
    c: {$ref: '#/components/schemas/Field'}
    d: {$ref: '#/components/schemas/Пользователь'}
    e: {$ref: '#/components/schemas/Ünï'}
    f: {$ref: '#/components/schemas/2nd'}
    g: {$ref: '#/components/schemas/createThing'}
    h: {$ref: '#/components/schemas/Kind-Of'}
None: {type: object, description: Nothing at all., properties: {x: {type: string}}}
ValueError: {type: object, properties: {x: {type: string}}}
Field: {type: object, properties: {x: {type: string}}}
Пользователь: {type: object, required: [имя], properties: {имя: {type: string}}}
Ünï: {type: object, properties: {x: {type: string}}}
2nd: {type: object, properties: {x: {type: string}}}
createThing: {type: object, properties: {x: {type: string}}}
Kind-Of: {type: string, enum: [a, b]}
"""


def test_a_class_not_named_as_its_component_says_which_component_it_comes_from(tmp_path: Path) -> None:
    schemas = read_spec(Options(spec=schemas_spec(tmp_path, ODD_COMPONENTS), schemas=("Root",))).schemas
    docs = {name: m.description for name, m in schemas.models.items()}
    docs.update({name: a.description for name, a in schemas.aliases.items()})
    assert docs["NoneModel"] == "Nothing at all.\n\nFrom ``#/components/schemas/None`` (``None`` is a Python keyword)."
    assert docs["ValueErrorModel"] == "From ``#/components/schemas/ValueError`` (``ValueError`` is a Python builtin)."
    assert docs["FieldModel"] == "From ``#/components/schemas/Field`` (the generated module uses ``Field`` itself)."
    assert docs["Uni"] == "From ``#/components/schemas/Ünï`` (its accents are folded to ASCII letters)."
    assert docs["Model2nd"] == "From ``#/components/schemas/2nd`` (a Python name cannot start with a digit)."
    assert docs["KindOf"] == "From ``#/components/schemas/Kind-Of`` (written as a Python name)."
    assert docs["Пользователь"] is None  # the word kept as written: no note
    assert docs["CreateThing"] is None  # only the first letter's case changed


def test_non_latin_names_keep_their_word_in_every_style(tmp_path: Path) -> None:
    """Python identifiers may hold any script's letters (PEP 3131): ``Пользователь`` stays
    itself rather than a generic ``Model``; Latin accents are folded (``Ünï`` → ``Uni``)."""
    assert naming.class_name("Пользователь") == "Пользователь" and naming.class_name("用户") == "用户"
    assert naming.class_name("Ünï") == "Uni" and naming.class_name("ﬁle") == "File"  # NFKC, as Python reads it
    assert naming.class_name("٣x") == "Model٣x"  # a digit of another script still cannot lead
    modules = generate_modules(schemas_spec(tmp_path, ODD_COMPONENTS), tmp_path / "out", schemas=("Root",))
    for style, module in modules.items():
        root = module.parse_root({"d": {"имя": "Аня"}, "a": {"x": "y"}})
        d = root["d"] if style == "typeddict" else root.d
        assert (d["имя"] if style == "typeddict" else d.имя) == "Аня"
        assert "From ``#/components/schemas/None``" in str(module.NoneModel.__doc__)


def test_copying_the_projects_spec_renames_no_class(tmp_path: Path) -> None:
    """specs/openai.yaml read as itself and as a copy named api.yaml: the same names."""
    spec = CHAT_SPEC
    copy = tmp_path / "api.yaml"
    copy.write_bytes(spec.read_bytes())
    names = []
    for path in (spec, copy):
        schemas = read_spec(Options(spec=path)).schemas
        names.append([*schemas.models, *schemas.aliases])
    assert names[0] == names[1] and len(names[0]) > 20
