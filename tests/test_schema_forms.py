"""Schema forms of issue 12 points 4 and 6, as rows like the coverage matrix's
(tests/test_schema_matrix.py): a small spec whose root is ``Root``, payloads every style must
accept and reject, and each style's model section as a golden file
(tests/__snapshots__/test_schema_forms/). docs/schema-support.md names every row.

* an ``allOf`` parent that declares a discriminator: a reference to it dispatches to the
  schema built on it that the tag names (explicit mapping, implicit by component name, a
  child's own ``enum`` tags, transitively), and the parent's own fields still validate;
* a property whose schema is ``false``: the key is forbidden;
* ``patternProperties`` beside an ``additionalProperties`` schema: extra keys typed;
* names that are not the components' (issue 12 point 7): a keyword's, another script's.

Issue 27's rows (each asserted on wire payloads in every style: accept, reject and, for
``FormRow.round_trip``, the payload given back unchanged):

* an enum component that lists ``null`` (or is ``nullable``): ``null`` wherever it is
  referenced (beside siblings, in list items, through recursion) and as itself (its alias);
* a recursive JSON-value union: every branch at every depth (``null`` in a list in a map);
* a tag that selects a member, whose own rules then apply (a member lacking its required
  field is rejected, at every depth);
* ``patternProperties``: each key by the pattern(s) it matches, ``additionalProperties:
  false`` refusing a key that matches none;
* ``const: null``: the key round-trips, optional or required;
* ``prefixItems``: a tuple by position, closed by ``items: false``, its rest typed by ``items``.
"""

from __future__ import annotations

import copy
import json
import re
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from conftest import STYLES, generate_modules, load_module, schemas_spec, write_outputs
from test_schema_matrix import PythonSnapshot, Row, evaluate_annotations, model_section, spec_text

from generator.pipeline import Options, generate, read_spec

PETS = """
Pet:
  type: object
  description: A pet; the discriminator on this allOf parent picks the schema built on it.
  required: [petType, name]
  properties:
    petType: {type: string}
    name: {type: string}
  discriminator:
    propertyName: petType
    mapping:
      dog: '#/components/schemas/Dog'
Dog:
  allOf:
    - $ref: '#/components/schemas/Pet'
    - type: object
      required: [bark]
      properties: {bark: {type: boolean}}
Cat:
  allOf:
    - $ref: '#/components/schemas/Pet'
    - properties: {meow: {type: integer}}
Husky:
  allOf:
    - $ref: '#/components/schemas/Dog'
    - required: [sled]
      properties: {sled: {type: boolean}}
Root:
  type: object
  required: [pet]
  properties:
    pet: {$ref: '#/components/schemas/Pet'}
    pets: {type: array, items: {$ref: '#/components/schemas/Pet'}}
    maybe: {$ref: '#/components/schemas/Pet', nullable: true}
"""


@dataclass
class FormRow(Row):
    """A row whose ``round_trip`` payloads must come back unchanged (as JSON) in every style."""

    round_trip: list[Any] = field(default_factory=list)


ROWS: list[Row] = [
    Row(
        "allof_parent_discriminator",
        PETS,
        accept=[
            {"pet": {"petType": "dog", "name": "Rex", "bark": True}},
            {"pet": {"petType": "Cat", "name": "Tom", "meow": 3}},
            {"pet": {"petType": "Husky", "name": "Balto", "bark": False, "sled": True}},
            {"pet": {"petType": "Cat", "name": "Tom"}, "pets": [{"petType": "dog", "name": "R", "bark": True}]},
            {"pet": {"petType": "Cat", "name": "Tom"}, "maybe": None},
        ],
        reject=[
            {"pet": {"petType": "dog", "name": "Rex"}},  # Dog requires bark: the tag chose Dog
            {"pet": {"petType": "Cat", "name": "Tom", "meow": "loud"}},  # Cat's own field
            {"pet": {"petType": "Husky", "name": "Balto", "bark": True}},  # Husky requires sled
            {"pet": {"petType": "Cat"}},  # the parent's required name
            {"pet": {"petType": "Cat", "name": 7}},  # the parent's field type
            {"pet": {"petType": "lizard", "name": "Liz"}},  # no schema has this tag
            {"pet": {"name": "Rex", "bark": True}},  # no tag at all
            {"pet": {"petType": "Cat", "name": "Tom"}, "pets": [{"petType": "dog", "name": "R"}]},
        ],
    ),
    Row(
        "allof_parent_discriminator_implicit",
        """
        Shape:
          type: object
          required: [kind]
          properties:
            kind: {type: string}
            label: {type: string}
          discriminator: {propertyName: kind}
        Circle:
          allOf:
            - $ref: '#/components/schemas/Shape'
            - required: [r]
              properties: {r: {type: number}}
        Square:
          allOf:
            - $ref: '#/components/schemas/Shape'
            - required: [side]
              properties:
                kind: {enum: [square, box]}
                side: {type: number}
        Root:
          type: object
          required: [shape]
          properties:
            shape: {$ref: '#/components/schemas/Shape'}
        """,
        accept=[
            {"shape": {"kind": "Circle", "r": 1}},
            {"shape": {"kind": "square", "side": 2}},
            {"shape": {"kind": "box", "side": 2.5, "label": "b"}},
        ],
        reject=[
            {"shape": {"kind": "Circle", "side": 2}},  # Circle requires r
            {"shape": {"kind": "box", "r": 2}},  # Square requires side
            {"shape": {"kind": "box", "side": 2, "label": 5}},  # the parent's field type
            {"shape": {"kind": "Triangle", "side": 2}},
        ],
    ),
    Row(
        "false_property_schema",
        """
        Base:
          type: object
          properties:
            legacy: {type: string}
        Root:
          allOf:
            - $ref: '#/components/schemas/Base'
            - type: object
              required: [a]
              properties:
                a: {type: string}
                secret: false
                legacy: false
        """,
        accept=[{"a": "x"}, {"a": "x", "other": 1}, {"a": "x", "secret": None}],
        reject=[{"a": "x", "secret": "s"}, {"a": "x", "secret": 0}, {"a": "x", "legacy": "old"}],
        yaml_header="openapi: 3.1.0",
    ),
    Row(
        "pattern_properties_typed",
        """
        Root:
          type: object
          required: [name]
          properties:
            name: {type: string}
          patternProperties:
            '^x-': {type: string}
            '^n_': {type: integer}
          additionalProperties: {type: boolean}
        """,
        accept=[{"name": "a"}, {"name": "a", "x-trace": "t", "n_count": 3, "flag": True}],
        reject=[{"name": "a", "x-trace": [1]}, {"name": "a", "other": {"k": 1}}, {"name": "a", "n_count": 1.5}],
        yaml_header="openapi: 3.1.0",
    ),
    Row(
        "names_not_the_components",
        """
        Root:
          type: object
          required: [user]
          properties:
            user: {$ref: '#/components/schemas/Пользователь'}
            none: {$ref: '#/components/schemas/None'}
            kind: {$ref: '#/components/schemas/Kind-Of'}
        Пользователь: {type: object, required: [имя], properties: {имя: {type: string}, Ünï: {type: integer}}}
        None: {type: object, properties: {x: {type: string}}}
        Kind-Of: {type: string, enum: [a, b]}
        """,
        accept=[{"user": {"имя": "Аня", "Ünï": 1}, "none": {"x": "y"}, "kind": "a"}],
        reject=[{"user": {"Ünï": 1}}, {"user": {"имя": 1}}, {"user": {"имя": "a"}, "none": {"x": 1}}],
        yaml_header="openapi: 3.1.0",
    ),
    FormRow(
        "enum_component_with_null",
        """
        Plan: {type: string, enum: [basic, pro, null]}
        Tier: {type: string, nullable: true, enum: [free, paid]}
        Level: {type: integer, enum: [1, 2, null]}
        Tree:
          type: object
          properties:
            plan: {$ref: '#/components/schemas/Plan'}
            kids: {type: array, items: {$ref: '#/components/schemas/Tree'}}
        Root:
          type: object
          required: [plan, described]
          properties:
            plan: {$ref: '#/components/schemas/Plan'}
            described: {$ref: '#/components/schemas/Plan', description: a sibling of the $ref}
            tier: {$ref: '#/components/schemas/Tier'}
            level: {$ref: '#/components/schemas/Level'}
            plans: {type: array, items: {$ref: '#/components/schemas/Plan'}}
            tree: {$ref: '#/components/schemas/Tree'}
        """,
        accept=[
            {"plan": None, "described": None},
            {"plan": "pro", "described": "enterprise", "tier": None, "level": None, "plans": [None, "basic"]},
            {"plan": None, "described": None, "tree": {"plan": None, "kids": [{"plan": None, "kids": []}]}},
        ],
        reject=[
            {"described": None},  # required, though it may be null
            {"plan": 1, "described": None},
            {"plan": None, "described": None, "level": "1"},
            {"plan": None, "described": None, "plans": [None, 2]},
            {"plan": None, "described": None, "tree": {"kids": [{"plan": True}]}},
        ],
        # an optional field sent as null reads as absent (docs/schema-support.md): not here
        round_trip=[{"plan": None, "described": None, "plans": [None, "pro"], "tree": {"kids": [{"kids": []}]}}],
        yaml_header="openapi: 3.0.3",
    ),
    FormRow(
        "json_value_recursive_union",
        """
        Json:
          anyOf:
            - type: string
            - type: number
            - type: boolean
            - type: 'null'
            - type: array
              items: {$ref: '#/components/schemas/Json'}
            - type: object
              additionalProperties: {$ref: '#/components/schemas/Json'}
        Words:
          anyOf:
            - type: string
            - type: array
              items: {$ref: '#/components/schemas/Words'}
        Root:
          type: object
          properties:
            value: {$ref: '#/components/schemas/Json'}
            values: {type: array, items: {$ref: '#/components/schemas/Json'}}
            words: {$ref: '#/components/schemas/Words'}
        """,
        accept=[
            {"value": None},
            {"value": "s"},
            {"value": 1.5},
            {"value": False},
            {"value": [{"a": None}]},
            {"value": {"a": [None, 1, "x", {"b": [None, {"c": {}}]}]}},
            {"values": [None, [], {}, [[None]]]},
            {"words": [["a", ["b"]], "c"]},
        ],
        reject=[{"words": ["a", [None]]}, {"words": [["a", [1]]]}, {"words": {"a": "b"}}, {"words": 1}],
        round_trip=[{"value": {"a": [None, 1, "x", {"b": [None, True]}]}, "values": [None, [None], {"k": None}]}],
        yaml_header="openapi: 3.1.0",
    ),
    FormRow(
        "tag_selects_then_member_rules_apply",
        """
        TextPart:
          type: object
          required: [type, text]
          properties: {type: {type: string, enum: [text]}, text: {type: string}}
        ImagePart:
          type: object
          required: [type, url]
          properties: {type: {type: string, enum: [image]}, url: {type: string}}
        GroupPart:
          type: object
          required: [type, parts]
          properties:
            type: {type: string, enum: [group]}
            parts: {type: array, items: {$ref: '#/components/schemas/Part'}}
        Part:
          oneOf:
            - $ref: '#/components/schemas/TextPart'
            - $ref: '#/components/schemas/ImagePart'
            - $ref: '#/components/schemas/GroupPart'
          discriminator: {propertyName: type}
        Root:
          type: object
          required: [part]
          properties:
            part: {$ref: '#/components/schemas/Part'}
            parts: {type: array, items: {$ref: '#/components/schemas/Part'}}
            mapped:
              oneOf: [{$ref: '#/components/schemas/TextPart'}, {$ref: '#/components/schemas/ImagePart'}]
              discriminator:
                propertyName: type
                mapping: {text: '#/components/schemas/TextPart', image: '#/components/schemas/ImagePart'}
        """,
        accept=[
            {"part": {"type": "text", "text": "t"}},
            {"part": {"type": "image", "url": "u"}, "mapped": {"type": "text", "text": "t"}},
            {"part": {"type": "group", "parts": [{"type": "text", "text": "t"}, {"type": "group", "parts": []}]}},
        ],
        reject=[
            {"part": {"type": "text", "url": "u"}},  # the tag chose TextPart, which requires text
            {"part": {"type": "image", "text": "t"}},
            {"part": {"type": "text", "text": 1}},
            {"part": {"type": "text", "text": "t"}, "parts": [{"type": "image"}]},
            {"part": {"type": "group", "parts": [{"type": "group", "parts": [{"type": "text", "url": "u"}]}]}},
            {"part": {"type": "text", "text": "t"}, "mapped": {"type": "image", "text": "t"}},
            {"part": {"type": "video", "url": "u"}},
        ],
        round_trip=[
            {"part": {"type": "group", "parts": [{"type": "text", "text": "t"}, {"type": "image", "url": "u"}]}}
        ],
        yaml_header="openapi: 3.0.3",
    ),
    FormRow(
        "pattern_properties_by_key",
        """
        Closed:
          type: object
          properties: {name: {type: string}}
          patternProperties:
            '^x-': {type: string}
            'count$': {type: integer}
            '^n_': {type: integer}
          additionalProperties: false
        Open:
          type: object
          patternProperties:
            '^x-': {type: string}
        Typed:
          type: object
          patternProperties:
            '^x-': {type: string}
            '^o_': {$ref: '#/components/schemas/Open'}
          additionalProperties: {type: boolean}
        Root:
          type: object
          properties:
            closed: {$ref: '#/components/schemas/Closed'}
            open: {$ref: '#/components/schemas/Open'}
            typed: {$ref: '#/components/schemas/Typed'}
        """,
        accept=[
            {"closed": {"name": "a", "x-a": "s", "n_count": 3, "n_x": 0}},
            {"open": {"x-a": "s", "other": [1, {"k": None}]}},
            {"typed": {"x-a": "s", "flag": True, "o_1": {"x-b": "t", "more": 1}}},
        ],
        reject=[
            {"closed": {"x-a": 1}},  # the pattern's type
            {"closed": {"n_count": "3"}},
            {"closed": {"n_count": 1.5}},
            {"closed": {"other": "s"}},  # matches no pattern, and additionalProperties is false
            {"closed": {"x-count": "s"}},  # two patterns match: both apply (a string and an integer)
            {"closed": {"x-count": 1}},
            {"open": {"x-a": True}},
            {"typed": {"x-a": True}},  # a boolean is additionalProperties' type, not this key's
            {"typed": {"flag": "s"}},
            {"typed": {"o_1": {"x-b": 2}}},
        ],
        round_trip=[
            {"closed": {"name": "a", "x-a": "s", "n_count": 3}, "typed": {"o_1": {"x-b": "t"}, "f": False}},
        ],
        yaml_header="openapi: 3.1.0",
    ),
    FormRow(
        "const_null_round_trip",
        """
        Root:
          type: object
          required: [code, msg, always]
          properties:
            code: {type: integer}
            msg: {type: [string, 'null']}
            always: {const: null}
            detail: {const: null}
            gone: {enum: [null]}
        """,
        accept=[
            {"code": 0, "msg": None, "always": None},
            {"code": 0, "msg": "m", "always": None, "detail": None, "gone": None},
        ],
        reject=[
            {"code": 0, "msg": None},
            {"code": 0, "msg": None, "always": 0},
            {"code": 0, "msg": None, "always": None, "detail": "x"},
            {"code": 0, "msg": None, "always": None, "gone": False},
        ],
        round_trip=[
            {"code": 0, "msg": None, "always": None, "detail": None},
            {"code": 0, "msg": None, "always": None},
            {"code": 1, "msg": "m", "always": None, "gone": None, "detail": None},
        ],
        yaml_header="openapi: 3.1.0",
    ),
    FormRow(
        "prefix_items_by_position",
        """
        Root:
          type: object
          properties:
            closed:
              type: array
              prefixItems: [{type: string}, {type: integer}]
              items: false
              minItems: 2
            rest:
              type: array
              prefixItems: [{type: string}]
              items: {type: boolean}
              minItems: 1
            pair: {$ref: '#/components/schemas/Pair'}
            pairs: {type: array, items: {$ref: '#/components/schemas/Pair'}}
            table: {type: object, additionalProperties: {$ref: '#/components/schemas/Pair'}}
            holder: {$ref: '#/components/schemas/Holder'}
        Pair:
          type: array
          prefixItems: [{type: string}, {$ref: '#/components/schemas/Leaf'}]
          items: false
          minItems: 2
        Leaf: {type: object, required: [n], properties: {n: {type: integer}}}
        Holder:
          type: object
          properties:
            pairs: {type: array, items: {$ref: '#/components/schemas/Pair'}}
        """,
        accept=[
            {"closed": ["a", 1]},
            {"rest": ["a"]},
            {"rest": ["a", True, False]},
            {"pair": ["a", {"n": 1}], "pairs": [], "table": {}, "holder": {"pairs": [["b", {"n": 2}]]}},
        ],
        reject=[
            {"closed": ["a", "b"]},
            {"closed": ["a", 1, 2]},  # items: false closes the tuple
            {"closed": ["a"]},  # minItems
            {"rest": ["a", 1]},  # items types the rest
            {"rest": [1]},
            {"pair": ["a", {"n": "1"}]},  # a model at a position, by its own rules
            {"pairs": [["a", {"n": 1}], ["b"]]},
            {"table": {"k": ["a", {}]}},
            {"holder": {"pairs": [["a", {"n": 1}, "extra"]]}},
        ],
        round_trip=[
            {
                "closed": ["a", 1],
                "rest": ["a", True, False],
                "pair": ["a", {"n": 1, "more": [1]}],
                "pairs": [["b", {"n": 2}]],
                "table": {"k": ["c", {"n": 3}]},
                "holder": {"pairs": [["d", {"n": 4}]], "x": None},
            }
        ],
        yaml_header="openapi: 3.1.0",
    ),
]


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """Each row generated once: row name -> {"texts": style -> source, "modules": style -> module}."""
    out = tmp_path_factory.mktemp("forms")
    result = {}
    for row in ROWS:
        spec = out / f"{row.name}.yaml"
        spec.write_text(spec_text(row), encoding="utf-8")
        outputs, _ = generate(Options(spec=spec, output=out, schemas=("Root",), styles=STYLES))
        write_outputs(outputs)
        texts, modules = {}, {}
        for style, output in zip(STYLES, outputs):
            texts[style] = output.text
            modules[style] = load_module(output.path)
        result[row.name] = {"texts": texts, "modules": modules}
    return result


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.name)
@pytest.mark.parametrize("style", STYLES)
def test_form_row(row: Row, style: str, generated, snapshot) -> None:  # type: ignore[no-untyped-def]
    entry = generated[row.name]
    assert model_section(entry["texts"][style]) == snapshot.use_extension(PythonSnapshot)
    parse = entry["modules"][style].parse_root
    for payload in row.accept:
        parse(copy.deepcopy(payload))
    for payload in row.reject:
        with pytest.raises(ValueError):  # ParseError and pydantic's ValidationError both are
            parse(copy.deepcopy(payload))


def _wire(style: str, value: Any) -> Any:
    """A parsed value as JSON data again (a tuple is a JSON list)."""
    if style == "pydantic":
        value = value.model_dump(mode="json", by_alias=True, exclude_unset=True)
    elif style in ("dataclass", "msgspec"):
        value = value.to_dict()
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("row", [r for r in ROWS if isinstance(r, FormRow)], ids=lambda r: r.name)
@pytest.mark.parametrize("style", STYLES)
def test_form_row_round_trips(row: FormRow, style: str, generated) -> None:  # type: ignore[no-untyped-def]
    """Every key comes back as it was sent, ``null`` included where the schema allows only it."""
    parse = generated[row.name]["modules"][style].parse_root
    for payload in row.round_trip:
        assert _wire(style, parse(copy.deepcopy(payload))) == payload


@pytest.mark.parametrize("style", STYLES)
def test_an_enum_component_that_lists_null_admits_it_as_itself(style: str, generated) -> None:  # type: ignore[no-untyped-def]
    """The alias of an enum component whose values include ``null`` (or that is ``nullable``)
    includes ``None``: validated as itself (pydantic's ``TypeAdapter``, ``msgspec.convert``)
    it takes ``null``, and still refuses what is not its kind."""
    module = generated["enum_component_with_null"]["modules"][style]
    for name, wrong in (("Plan", 1), ("Tier", 2), ("Level", "1")):
        alias = getattr(module, name)
        assert type(None) in typing.get_args(alias), name
        if style == "pydantic":
            from pydantic import TypeAdapter

            adapter = TypeAdapter(alias)
            assert adapter.validate_python(None) is None
            with pytest.raises(ValueError):
                adapter.validate_python(wrong, strict=True)
        elif style == "msgspec":
            import msgspec

            assert msgspec.convert(None, alias) is None
            with pytest.raises(msgspec.ValidationError):
                msgspec.convert(wrong, alias)


def test_a_parse_in_dataclass_style_builds_the_tagged_member(generated) -> None:  # type: ignore[no-untyped-def]
    module = generated["tag_selects_then_member_rules_apply"]["modules"]["dataclass"]
    root = module.parse_root({"part": {"type": "group", "parts": [{"type": "image", "url": "u"}]}})
    assert type(root.part) is module.GroupPart and type(root.part.parts[0]) is module.ImagePart


@pytest.mark.parametrize("style", STYLES)
def test_a_pattern_key_holds_what_its_schema_builds(style: str, generated) -> None:  # type: ignore[no-untyped-def]
    """The extra fields of a key matching a pattern hold the value its schema builds (a
    model where the pattern names one), in every style."""
    module = generated["pattern_properties_by_key"]["modules"][style]
    root = module.parse_root({"typed": {"o_1": {"x-b": "t"}}})
    if style == "typeddict":
        assert root["typed"]["o_1"] == {"x-b": "t"}
    else:
        extras = root.typed.model_extra if style == "pydantic" else root.typed.extra_fields
        assert type(extras["o_1"]) is module.Open


def test_renamed_classes_name_their_component_in_the_docstring_and_the_module_header(tmp_path: Path) -> None:
    """Issue 27: ``None``, ``True``, ``BaseModel``, ``Field``, ``Literal`` become valid names;
    each class or alias says which component it stands for, and the module's docstring
    lists every rename, so that searching the module for the component's name finds it."""
    path = schemas_spec(
        tmp_path,
        """
        Root:
          type: object
          properties:
            a: {$ref: '#/components/schemas/None'}
            b: {$ref: '#/components/schemas/True'}
            c: {$ref: '#/components/schemas/BaseModel'}
            d: {$ref: '#/components/schemas/Field'}
            e: {$ref: '#/components/schemas/Literal'}
        None: {type: object, properties: {x: {type: string}}}
        'True': {type: object, properties: {x: {type: string}}}
        BaseModel: {type: object, properties: {x: {type: string}}}
        Field: {type: object, properties: {x: {type: string}}}
        Literal: {type: string, enum: [a, b]}
        """,
    )
    outputs, _ = generate(Options(spec=path, output=tmp_path / "out", schemas=("Root",), styles=STYLES))
    write_outputs(outputs)
    for output in outputs[: len(STYLES)]:
        header = output.text.split('"""')[1]
        for component, name in [
            ("None", "NoneModel"),
            ("True", "TrueModel"),
            ("BaseModel", "BaseModelModel"),
            ("Field", "FieldModel"),
            ("Literal", "LiteralModel"),
        ]:
            note = f"``#/components/schemas/{component}``"
            assert f"* ``{name}``: from {note}" in header, (output.path.name, name)
            found = re.search(rf"\n{name}: TypeAlias|\nclass {name}\b", output.text)
            assert found is not None, (output.path.name, name)
            definition = found.start()
            assert f"From {note}" in output.text[definition : definition + 400], (output.path.name, name)
        module = load_module(output.path)
        module.parse_root({"a": {"x": "1"}, "b": {"x": "2"}, "e": "a"})


def test_every_row_is_documented() -> None:
    doc = (Path(__file__).resolve().parent.parent / "docs" / "schema-support.md").read_text(encoding="utf-8")
    for row in ROWS:
        assert f"`{row.name}`" in doc, row.name


def test_every_annotation_of_the_rows_evaluates(generated) -> None:  # type: ignore[no-untyped-def]
    for entry in generated.values():
        for module in entry["modules"].values():
            assert evaluate_annotations(module) > 0


@pytest.mark.parametrize("style", ["dataclass", "pydantic"])
def test_the_tag_picks_the_class_not_the_first_that_fits(style: str, generated) -> None:  # type: ignore[no-untyped-def]
    """A Cat payload that also carries Dog's field is a Cat: dispatch by tag, not left to right."""
    module = generated["allof_parent_discriminator"]["modules"][style]
    root = module.parse_root({"pet": {"petType": "Cat", "name": "Tom", "bark": True}})
    assert type(root.pet) is module.Cat
    root = module.parse_root({"pet": {"petType": "Husky", "name": "B", "bark": True, "sled": False}})
    assert type(root.pet) is module.Husky


def test_allof_parent_discriminator_reads_as_a_tagged_union(tmp_path: Path) -> None:
    """The IR: the mapping's tag, then each child's implicit tag (its component name)."""
    path = schemas_spec(tmp_path, PETS)
    root = read_spec(Options(spec=path, schemas=("Root",))).schemas.models["Root"]
    pet = root.fields[0].type
    assert pet.discriminator is not None
    assert dict(pet.discriminator.mapping) == {"dog": "Dog", "Cat": "Cat", "Husky": "Husky"}
    assert [o.name for o in pet.options] == ["Dog", "Cat", "Husky"]


def test_a_parent_without_children_stays_itself_and_a_child_referenced_directly_does_not_dispatch(
    tmp_path: Path,
) -> None:
    path = schemas_spec(
        tmp_path,
        """
        Lonely:
          type: object
          required: [t]
          properties: {t: {type: string}}
          discriminator: {propertyName: t}
        Pet:
          type: object
          required: [t]
          properties: {t: {type: string}}
          discriminator: {propertyName: t}
        Dog:
          allOf: [{$ref: '#/components/schemas/Pet'}, {properties: {bark: {type: boolean}}}]
        Root:
          type: object
          properties:
            lonely: {$ref: '#/components/schemas/Lonely'}
            dog: {$ref: '#/components/schemas/Dog'}
        """,
    )
    for module in generate_modules(path, tmp_path / "out", schemas=("Root",)).values():
        module.parse_root({"lonely": {"t": "anything"}, "dog": {"t": "whatever", "bark": True}})


def test_false_property_and_false_union_member_are_honoured_without_a_warning(tmp_path: Path) -> None:
    path = schemas_spec(
        tmp_path,
        """
        Root:
          type: object
          properties:
            gone: false
            either: {anyOf: [false, {type: integer}]}
          patternProperties: {'^x-': false}
        """,
    )
    reading = read_spec(Options(spec=path, schemas=("Root",)))
    assert not [w for w in reading.schemas.warnings if "false schemas" in w]
    assert [w for w in reading.schemas.warnings if "patternProperties" in w]  # not honoured: untyped extras
    for module in generate_modules(path, tmp_path / "out", schemas=("Root",)).values():
        module.parse_root({"either": 3, "x-a": 1})
        for bad in ({"either": "s"}, {"gone": 1}):
            with pytest.raises(ValueError):
                module.parse_root(bad)


def test_pattern_properties_honoured_with_or_without_additional_properties(tmp_path: Path) -> None:
    path = schemas_spec(
        tmp_path,
        """
        Root:
          type: object
          properties:
            typed: {$ref: '#/components/schemas/Typed'}
            open: {$ref: '#/components/schemas/Open'}
        Typed:
          type: object
          patternProperties: {'^a': {type: integer}}
          additionalProperties: false
        Open:
          type: object
          patternProperties: {'^a': {type: integer}}
        """,
    )
    reading = read_spec(Options(spec=path, schemas=("Root",)))
    assert not [w for w in reading.schemas.warnings if "patternProperties" in w]  # both honoured (issue 27)
    for module in generate_modules(path, tmp_path / "out", schemas=("Root",)).values():
        module.parse_root({"typed": {"a1": 1}, "open": {"a1": 2, "b": []}})
        for bad in ({"typed": {"a1": "x"}}, {"typed": {"b": 1}}, {"open": {"a1": "checked"}}):
            with pytest.raises(ValueError):
                module.parse_root(bad)


def test_every_row_module_passes_mypy_strict_and_ruff(generated) -> None:  # type: ignore[no-untyped-def]
    """One mypy run and one ruff run over the 3 x rows modules (non-ASCII names included)."""
    import subprocess
    import sys

    directory = Path(next(iter(generated.values()))["modules"]["pydantic"].__file__).parent
    assert len([p for p in directory.glob("*.py") if p.name != "__init__.py"]) == len(STYLES) * len(ROWS)
    for tool in (
        ["mypy", "--strict", "--no-incremental", "--python-version", "3.10"],
        ["ruff", "check", "--isolated", "--target-version", "py310"],
    ):
        result = subprocess.run(
            [sys.executable, "-m", *tool, str(directory)], capture_output=True, text=True, check=False
        )
        assert result.returncode == 0, result.stdout[-5000:]


def test_a_child_that_adds_nothing_and_a_recursion_through_the_parent(tmp_path: Path) -> None:
    """``Cat: allOf [$ref Pet]`` is a variant with the parent's shape: its name selects the
    parent's own class (``PetBase``: ``Pet`` names the union the parent dispatches to; a
    direct ``$ref Cat`` reads as that class); a child that refers
    back to the parent (``Dog.mother``) dispatches again, at every depth. The parent's own
    name is no tag: its mapping does not name it."""
    path = schemas_spec(
        tmp_path,
        """
        Pet:
          type: object
          required: [petType]
          properties:
            petType: {type: string}
            friends: {type: array, items: {$ref: '#/components/schemas/Pet'}}
          discriminator: {propertyName: petType}
        Dog:
          allOf:
            - $ref: '#/components/schemas/Pet'
            - properties:
                mother: {$ref: '#/components/schemas/Pet'}
                bark: {type: boolean}
        Cat:
          allOf: [{$ref: '#/components/schemas/Pet'}]
          description: A cat is a pet and nothing more.
        Root:
          type: object
          properties:
            pet: {$ref: '#/components/schemas/Pet'}
            cat: {$ref: '#/components/schemas/Cat'}
        """,
    )
    good = {"pet": {"petType": "Dog", "mother": {"petType": "Cat", "friends": [{"petType": "Dog", "bark": True}]}}}
    for style, module in generate_modules(path, tmp_path / "out", schemas=("Root",)).items():
        root = module.parse_root(copy.deepcopy(good))
        if style != "typeddict":
            assert type(root.pet) is module.Dog and type(root.pet.mother) is module.PetBase
            assert type(root.pet.mother.friends[0]) is module.Dog
        module.parse_root({"cat": {"petType": "anything"}})
        for bad in (
            {"pet": {"petType": "Dog", "mother": {"petType": "Cat", "friends": [{"petType": "Dog", "bark": "x"}]}}},
            {"pet": {"petType": "Pet"}},
        ):
            with pytest.raises(ValueError):
                module.parse_root(bad)


@pytest.fixture(scope="module")
def pets_as_root(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """``PETS`` generated with the parent as the root (``--schema Pet``), in every style."""
    out = tmp_path_factory.mktemp("pets_root")
    return generate_modules(schemas_spec(out, PETS), out / "out", schemas=("Pet",))


@pytest.mark.parametrize("style", STYLES)
def test_an_allof_parent_given_as_the_root_dispatches_to_the_child_its_tag_names(style: str, pets_as_root) -> None:  # type: ignore[no-untyped-def]
    """``--schema Pet``: a payload reads as the child its tag names (explicit mapping, implicit
    by component name, transitively) and by that child's rules, as where ``Pet`` is
    referenced; a tag no child has is an ``UnknownEvent``, as for every union root."""
    module = pets_as_root[style]
    parse = module.parse_pet
    for payload, child in (
        ({"petType": "dog", "name": "Rex", "bark": True}, "Dog"),
        ({"petType": "Cat", "name": "Tom", "meow": 3, "bark": True}, "Cat"),
        ({"petType": "Husky", "name": "Balto", "bark": False, "sled": True, "x-more": [1]}, "Husky"),
    ):
        parsed = parse(copy.deepcopy(payload))
        if style != "typeddict":
            assert type(parsed) is getattr(module, child), payload
        assert _wire(style, parsed) == payload  # every key kept
    for payload in (
        {"petType": "dog", "name": "Rex"},  # Dog requires bark: the tag chose Dog
        {"petType": "Cat", "name": "Tom", "meow": "loud"},  # Cat's own field
        {"petType": "Husky", "name": "Balto", "bark": True},  # Husky requires sled
        {"petType": "Cat"},  # the parent's required name
        {"petType": "Cat", "name": 7},  # the parent's field type
        {"name": "Rex", "bark": True},  # no tag at all
    ):
        with pytest.raises(ValueError):
            parse(copy.deepcopy(payload))
    unknown = parse({"petType": "lizard", "name": "Liz"})
    assert type(unknown).__name__ == "UnknownEvent" or (style == "typeddict" and unknown["petType"] == "lizard")
    assert _wire(style, unknown) == {"petType": "lizard", "name": "Liz"}


@pytest.mark.parametrize("style", STYLES)
def test_a_list_read_by_position_is_a_tuple_at_every_depth(style: str, generated) -> None:  # type: ignore[no-untyped-def]
    """``prefixItems`` reads as a ``tuple`` in every style (TypedDict too: its parser puts the
    tuple in place of the decoded list), as a field, a component alias, a list item, a map
    value and inside another model; parsing the result again gives the same."""
    module = generated["prefix_items_by_position"]["modules"][style]
    payload = {
        "closed": ["a", 1],
        "pair": ["a", {"n": 1}],
        "pairs": [["b", {"n": 2}]],
        "table": {"k": ["c", {"n": 3}]},
        "holder": {"pairs": [["d", {"n": 4}]]},
    }
    root = module.parse_root(copy.deepcopy(payload))

    def get(value: Any, key: str) -> Any:
        return value[key] if style == "typeddict" else getattr(value, key)

    for value in (
        get(root, "closed"),
        get(root, "pair"),
        get(root, "pairs")[0],
        get(root, "table")["k"],
        get(get(root, "holder"), "pairs")[0],
    ):
        assert type(value) is tuple, value
    assert get(get(root, "pair")[1], "n") == 1
    if style == "typeddict":
        assert module.parse_root(root) is root and type(root["closed"]) is tuple  # again: the same
