"""Interpret, by module: keywords, unions, enums, defaults, allOf, and discriminators decided
over the finished IR (the same whatever order the roots are read in)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest
from conftest import STYLES, load_module, schemas_spec, write_outputs

from generator import warning_kinds
from generator.errors import SpecError
from generator.interpret.allof import flatten
from generator.interpret.defaults import fit_default
from generator.interpret.enums import read_enum
from generator.interpret.keywords import MISFIT, distribute, implied_type, type_names
from generator.interpret.unions import union
from generator.load import load_document
from generator.model import ANY, Array, Discriminator, Enum, Map, ModelRef, Prim, Schemas, UnionType
from generator.pipeline import Options, generate, read_spec
from generator.resolve import Location, RefResolver


def spec(tmp_path: Path, schemas: str, name: str = "spec.yaml") -> Path:
    head = 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\ncomponents:\n  schemas:\n'
    path = tmp_path / name
    path.write_text(head + textwrap.indent(textwrap.dedent(schemas).strip() + "\n", "    "), encoding="utf-8")
    return path


def read(path: Path, *roots: str) -> Schemas:
    return read_spec(Options(spec=path, schemas=roots)).schemas


# ------------------------------------------------------------------ keywords, unions, enums, defaults


def test_keywords_read_one_node() -> None:
    loc = Location(load_document_text("{}"), "")
    assert type_names({"type": ["string", None]}, loc) == ["string", "null"]
    assert implied_type({"properties": {}}) == "object" and implied_type({"items": {}}) == "array"
    assert distribute({"properties": {"a": {}}, "oneOf": [{"required": ["a"]}, {"type": "null"}]}) == {
        "oneOf": [{"allOf": [{"properties": {"a": {}}}, {"required": ["a"]}]}, {"type": "null"}]
    }


def test_union_normalises_its_options() -> None:
    assert union([Prim("str"), Enum(("a",))]) == Enum(("a",))  # the open enum admits str already
    assert union([Prim("str"), ANY]) == ANY
    assert union([UnionType((Prim("int"), Prim("str"))), Prim("bool")]) == UnionType(
        (Prim("int"), Prim("str"), Prim("bool"))
    )
    assert union([Enum(("a",)), Prim("int"), Enum(("b",))]) == UnionType((Enum(("a", "b")), Prim("int")))
    assert union([Prim("int")]) == Prim("int")


def test_enums_lift_null_and_fit_values_to_the_type() -> None:
    loc = Location(load_document_text("{}"), "")
    reading = read_enum({"enum": ["on", None]}, loc, ["string"])
    assert reading.type == Enum(("on",), declared=("str",)) and reading.nullable
    assert read_enum({"const": 1.5}, loc, []).type == Prim("float")  # no float Literal: the base type


def test_defaults_fit_their_type_or_misfit() -> None:
    assert fit_default("0", Prim("int")) == 0
    assert fit_default("true", Prim("bool")) is True
    assert fit_default("x", Prim("int")) is MISFIT
    assert fit_default(2, UnionType((Prim("str"), Prim("int")))) == "2"  # the first option that fits


def test_format_is_no_part_of_a_type() -> None:
    assert Prim("int", "int32") == Prim("int") and hash(Prim("int", "int32")) == hash(Prim("int"))


def test_all_of_flattens_in_order(tmp_path: Path) -> None:
    path = spec(
        tmp_path,
        """
        Base: {type: object, required: [a], properties: {a: {type: string}, b: {type: string}}}
        Child:
          allOf:
            - {$ref: '#/components/schemas/Base'}
            - {required: [b], properties: {b: {type: integer}, c: {type: boolean}}}
        """,
    )
    doc = load_document(path)
    loc = Location(doc, "/components/schemas/Child")
    merged, origins = flatten(RefResolver(doc), doc.data["components"]["schemas"]["Child"], loc, frozenset())
    assert merged["required"] == ["a", "b"]
    assert merged["properties"]["b"] == {"type": "integer"}  # the later branch overrides
    assert origins["a"].pointer == "/components/schemas/Base/properties/a"


def load_document_text(text: str) -> Any:
    import tempfile

    path = Path(tempfile.mkdtemp()) / "doc.yaml"
    path.write_text(text)
    return load_document(path)


# ------------------------------------------------------------------ discriminators

EVENTS = """
Event:
  oneOf:
    - {$ref: '#/components/schemas/Started'}
    - {$ref: '#/components/schemas/Done'}
Started:
  type: object
  required: [type]
  properties:
    type: {type: string, enum: [started]}
    children: {type: array, items: {$ref: '#/components/schemas/Event'}}
Done:
  type: object
  required: [type]
  properties:
    type: {type: string, const: done}
Tagged:
  oneOf:
    - {$ref: '#/components/schemas/Started'}
    - {$ref: '#/components/schemas/Done'}
  discriminator: {propertyName: type}
"""


def _event_types(schemas: Schemas) -> dict[str, Any]:
    return {name: schemas.aliases[name].type for name in ("Event", "Tagged") if name in schemas.aliases}


def test_an_empty_one_of_with_a_mapping_is_the_union_of_the_mapped_objects(tmp_path: Path) -> None:
    """Cohere's published spec has ``TruncationStrategy: {oneOf: [], discriminator: {mapping:
    ...}}`` (``--all-schemas`` stopped at it): the members are read from the mapping, with a
    warning; an empty ``oneOf`` without one is still an error naming its place."""
    path = spec(
        tmp_path,
        """
        Strategy:
          oneOf: []
          discriminator: {propertyName: type, mapping: {auto: '#/components/schemas/Auto', none: '#/components/schemas/None_'}}
        Auto: {type: object, required: [type], properties: {type: {const: auto}, keep: {type: integer}}}
        None_: {type: object, required: [type], properties: {type: {const: none}}}
        Holder: {type: object, properties: {strategy: {$ref: '#/components/schemas/Strategy'}}}
        """,
    )
    reading = read_spec(Options(spec=path, schemas=("Holder",)))
    (strategy,) = [a for a in reading.schemas.aliases.values() if a.name == "Strategy"]
    assert isinstance(strategy.value_type, UnionType)
    assert strategy.value_type.options == (ModelRef("Auto"), ModelRef("NoneModel"))  # None_ renamed
    assert strategy.value_type.discriminator is not None
    assert [(w.kind, w.place.split(" #")[1]) for w in reading.schemas.warnings] == [
        (warning_kinds.EMPTY_UNION, "/components/schemas/Strategy/oneOf")
    ]
    bad = spec(
        tmp_path,
        "Strategy: {oneOf: []}\nHolder: {type: object, properties: {s: {$ref: '#/components/schemas/Strategy'}}}",
        "bad.yaml",
    )
    with pytest.raises(SpecError, match="oneOf must be a non-empty list"):
        read_spec(Options(spec=bad, schemas=("Holder",)))


def test_discriminators_do_not_depend_on_reading_order(tmp_path: Path) -> None:
    """``Started`` is still being read when ``Event`` is reached through its ``children``;
    the implied discriminator is decided once both members are whole."""
    path = spec(tmp_path, EVENTS)
    orders = [("Started", "Event", "Tagged"), ("Event", "Tagged", "Started"), ("Tagged", "Started", "Event")]
    readings = [read(path, *order) for order in orders]
    first = _event_types(readings[0])
    assert first["Event"] == UnionType(
        (ModelRef("Started"), ModelRef("Done")), Discriminator("type", (("started", "Started"), ("done", "Done")))
    )
    assert first["Tagged"].discriminator.mapping == (("started", "Started"), ("done", "Done"))  # members' own tags
    for other in readings[1:]:
        assert _event_types(other) == first
        # which reference closes the recursion (quoted in annotations) still follows the order
        assert _unforward(other.models) == _unforward(readings[0].models)


def _unforward(value: object) -> str:
    return repr(value).replace("forward=True", "forward=False")


def test_implied_discriminator_groups_the_objects_beside_other_members(tmp_path: Path) -> None:
    path = spec(
        tmp_path,
        """
        Root:
          type: object
          properties:
            object: {type: string, enum: [x.chunk]}
            choice:
              oneOf:
                - {type: string, enum: [auto, none]}
                - {$ref: '#/components/schemas/Done'}
                - {$ref: '#/components/schemas/Other'}
        Done: {type: object, required: [type], properties: {type: {type: string, const: done}}}
        Other: {type: object, required: [type], properties: {type: {type: string, const: other}}}
        """,
    )
    choice = read(path).models["Root"].fields[1].type
    assert isinstance(choice, UnionType) and choice.options[0] == Enum(("auto", "none"))
    inner = choice.options[1]
    assert isinstance(inner, UnionType) and inner.discriminator == Discriminator(
        "type", (("done", "Done"), ("other", "Other"))
    )


MAPPED_EMPTY = """
Root:
  type: object
  properties:
    object: {type: string, enum: [x.chunk]}
    meta: {$ref: '#/components/schemas/Empty'}
    pet: {$ref: '#/components/schemas/Pet'}
Pet:
  oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Empty'}]
  discriminator: {propertyName: kind, mapping: {cat: Cat, empty: Empty}}
Cat: {type: object, required: [kind], properties: {kind: {type: string}, lives: {type: integer}}}
Empty: {type: object}
"""


def test_a_mapped_object_without_properties_is_one_model_wherever_it_is_used(tmp_path: Path) -> None:
    """``Empty`` is reached as a plain field before the mapping that names it a variant: it
    reads as an (empty) model at both places, with no memo rewritten mid-read."""
    path = spec(tmp_path, MAPPED_EMPTY)
    schemas = read(path)
    assert "Empty" in schemas.models and "Empty" not in schemas.aliases
    assert schemas.models["Root"].fields[1].type == ModelRef("Empty")
    pet = schemas.aliases["Pet"].type
    assert (
        isinstance(pet, UnionType) and pet.discriminator is not None and ("empty", "Empty") in pet.discriminator.mapping
    )


@pytest.mark.parametrize("style", STYLES)
def test_a_mapped_empty_model_parses_in_every_style(tmp_path: Path, style: str) -> None:
    path = spec(tmp_path, MAPPED_EMPTY, name="mapped.yaml")
    outputs, _ = generate(Options(spec=path, output=tmp_path, styles=(style,)))
    write_outputs(outputs)
    for output in outputs[:1]:
        module = load_module(output.path)
        chunk = {"object": "x.chunk", "meta": {"any": 1}, "pet": {"kind": "empty"}}
        if style == "pydantic":
            parsed = module.Root.model_validate(chunk)
            assert type(parsed.pet).__name__ == "Empty"
        elif style == "dataclass":
            parsed = module.Root.from_dict(chunk)
            assert type(parsed.pet).__name__ == "Empty"
        elif style == "msgspec":
            parsed = module.parse_root(chunk)
            assert type(parsed.pet).__name__ == "Empty"
            assert parsed.to_dict() == chunk
        else:
            assert module.parse_root(chunk) == chunk


def test_arrays_and_maps_of_unions_settle_too(tmp_path: Path) -> None:
    path = spec(
        tmp_path,
        """
        Root:
          type: object
          properties:
            object: {type: string, enum: [x.chunk]}
            many: {type: array, items: {oneOf: [{$ref: '#/components/schemas/A'}, {$ref: '#/components/schemas/B'}]}}
            by: {type: object, additionalProperties: {oneOf: [{$ref: '#/components/schemas/A'}, {$ref: '#/components/schemas/B'}]}}
        A: {type: object, required: [t], properties: {t: {const: a}}}
        B: {type: object, required: [t], properties: {t: {const: b}}}
        """,
    )
    fields = {f.wire_name: f.type for f in read(path).models["Root"].fields}
    tagged = Discriminator("t", (("a", "A"), ("b", "B")))
    assert fields["many"] == Array(UnionType((ModelRef("A"), ModelRef("B")), tagged))
    assert fields["by"] == Map(UnionType((ModelRef("A"), ModelRef("B")), tagged))


def test_a_format_on_an_index_changes_no_merge_plan(tmp_path: Path) -> None:
    from generator.merge_plan import explain

    def plan(index: str) -> list[str]:
        path = spec(
            tmp_path,
            f"""
            Chunk:
              type: object
              properties:
                object: {{type: string, enum: [x.chunk]}}
                choices:
                  type: array
                  items:
                    type: object
                    properties:
                      index: {index}
                      delta: {{type: object, properties: {{content: {{type: string}}}}}}
            """,
        )
        return explain(read_spec(Options(spec=path)).plans["Chunk"])

    with_format = plan("{type: integer, format: int32}")
    assert with_format == plan("{type: integer}")
    assert any(line.split()[:2] == ["choices", "by_key"] for line in with_format)


def test_a_ref_cycle_error_names_every_schema_on_it(tmp_path: Path) -> None:
    """Issue 12 point 8: a cycle with nothing in between names the whole cycle, in order."""
    path = schemas_spec(
        tmp_path,
        """
        C: {type: object, properties: {a: {$ref: '#/components/schemas/AliasOne'}}}
        AliasOne: {$ref: '#/components/schemas/AliasTwo'}
        AliasTwo: {oneOf: [{type: integer}, {$ref: '#/components/schemas/AliasThree'}]}
        AliasThree: {anyOf: [{type: string}, {$ref: '#/components/schemas/AliasOne'}]}
        """,
    )
    with pytest.raises(SpecError, match="AliasOne -> AliasTwo -> AliasThree -> AliasOne: "):
        generate(Options(spec=path, output=tmp_path / "out", schemas=("C",)))


def test_unenforced_keywords_warn_once_per_kind_with_count_and_first_place(tmp_path: Path) -> None:
    """Issue 12 point 6: a keyword the models do not enforce is never dropped in silence."""
    path = schemas_spec(
        tmp_path,
        """
        C:
          type: object
          patternProperties: {"^x-": {type: string}, "^y-": false}
          properties:
            a: {type: string, maxLength: 3, pattern: "^a"}
            b: {type: integer, minimum: 0}
            c: {type: array, items: {type: string, minLength: 1}, uniqueItems: true}
            d: {not: {type: string}, if: {type: string}, then: {maxLength: 2}}
            e: {$ref: '#/components/schemas/Nothing'}
            f: {type: array, items: {type: string}, uniqueItems: false}
            g: false
        Nothing: false
        """,
    )
    _, reading = generate(Options(spec=path, output=tmp_path / "out", schemas=("C",)))
    by_kind = {
        kind.summary: [w.place.split("#")[1] for w in group]
        for kind, group in warning_kinds.grouped(reading.schemas.warnings)
        if kind.effect == warning_kinds.NOT_ENFORCED
    }
    assert len(by_kind) == 7, by_kind
    strings = by_kind["string constraints (pattern, minLength, maxLength)"]
    assert strings == ["/components/schemas/C/properties/a", "/components/schemas/C/properties/c/items"]
    assert by_kind["uniqueItems"] == ["/components/schemas/C/properties/c"]  # uniqueItems: false constrains nothing
    # a false property is honoured (the key is forbidden); a false component reached by $ref is not
    assert by_kind["false schemas (no value allowed)"] == ["/components/schemas/Nothing"]
    assert {"patternProperties", "not", "if/then/else"} <= set(by_kind)


# ------------------------------------------------------------------ null as one concept, tuples


def test_null_is_one_concept_of_the_ir_wherever_it_stands(tmp_path: Path) -> None:
    """A type that admits null is ``Nullable(inner)`` in every position: a field's value, a
    list item, a map value, a model's extra values, a named alias's own type (issue 16)."""
    from generator.model import AliasRef, Nullable, with_null

    schemas = read(
        spec(
            tmp_path,
            """
            Root:
              type: object
              required: [a]
              properties:
                a: {type: string, nullable: true}
                items: {type: array, items: {type: [integer, 'null']}}
                map: {type: object, additionalProperties: {anyOf: [{type: string}, {type: 'null'}]}}
                both: {$ref: '#/components/schemas/Both'}
              additionalProperties: {type: boolean, nullable: true}
            Both: {anyOf: [{type: string}, {type: array, items: {type: string}}, {type: 'null'}]}
            """,
        ),
        "Root",
    )
    fields = {f.wire_name: f for f in schemas.models["Root"].fields}
    assert fields["a"].value_type == Nullable(Prim("str")) and fields["a"].type == Prim("str") and fields["a"].nullable
    assert fields["items"].value_type == Array(Nullable(Prim("int"))) and fields["items"].type.item_nullable
    assert fields["map"].value_type == Map(Nullable(Prim("str")))
    assert schemas.models["Root"].extra_type == Nullable(Prim("bool"))
    both = schemas.aliases["Both"]
    assert both.value_type == Nullable(UnionType((Prim("str"), Array(Prim("str"))))) and both.nullable
    assert fields["both"].value_type == Nullable(AliasRef("Both"))  # the slot admits what the alias admits
    assert with_null(with_null(Prim("int"))) == Nullable(Prim("int"))  # never nested


def test_prefix_items_read_as_tuples(tmp_path: Path) -> None:
    from generator.model import Nullable, Tuple

    schemas = read(
        spec(
            tmp_path,
            """
            Root:
              type: object
              properties:
                closed: {type: array, prefixItems: [{type: string}, {type: integer}], items: false, minItems: 2}
                rest: {type: array, prefixItems: [{type: string}], items: {type: boolean, nullable: true}}
                open: {type: array, prefixItems: [{type: integer}], minItems: 5}
                capped: {type: array, prefixItems: [{type: integer}, {type: string}], maxItems: 1}
                draft4: {type: array, items: [{type: string}], additionalItems: {type: integer}}
            """,
        ),
        "Root",
    )
    fields = {f.wire_name: f.type for f in schemas.models["Root"].fields}
    assert fields["closed"] == Tuple((Prim("str"), Prim("int")), None, 2)
    assert fields["rest"] == Tuple((Prim("str"),), Nullable(Prim("bool")), 0)
    assert fields["open"] == Tuple((Prim("int"),), ANY, 1)  # minItems past the prefix: the prefix is required
    assert fields["capped"] == Tuple((Prim("int"),), None, 0)
    assert fields["draft4"] == Tuple((Prim("str"),), Prim("int"), 0)


def test_tuple_annotations_in_each_style_and_target() -> None:
    from generator import pytypes
    from generator.model import Nullable, Tuple
    from generator.styles.emitters import emitter

    closed = Tuple((Prim("str"), Prim("int")), None, 1)
    rest = Tuple((Prim("str"),), Prim("bool"), 1)
    assert pytypes.annotation(closed, "dataclass") == "tuple[str] | tuple[str, int]"
    assert pytypes.annotation(rest, "dataclass") == "tuple[str | bool, ...]"
    assert pytypes.annotation(rest, "dataclass", target=(3, 11)) == "tuple[str, *tuple[bool, ...]]"
    assert pytypes.annotation(closed, "typeddict") == "tuple[str] | tuple[str, int]"  # issue 27: a tuple too
    assert pytypes.annotation(rest, "typeddict", target=(3, 11)) == "tuple[str, *tuple[bool, ...]]"
    assert pytypes.annotation(Nullable(closed), "pydantic") == (
        "Annotated[tuple[str], Strict(False)] | Annotated[tuple[str, int], Strict(False)] | None"
    )
    assert pytypes.annotation(rest, "pydantic") == "Annotated[tuple[str | bool, ...], _TupleTail(tuple[str, bool], 1)]"
    assert emitter("typeddict").tuple_positions(rest) == (
        "Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1 item."
    )
    assert emitter("dataclass").tuple_positions(closed) is None  # the annotation says it all


def test_a_union_with_an_alias_held_as_a_string_evaluates() -> None:
    """Before 3.12 the dataclass style holds a recursive alias as a string, which ``|``
    cannot join: the union is ``typing.Optional``/``typing.Union`` there (issue 12)."""
    from generator import pytypes
    from generator.model import AliasRef, Nullable

    strings = frozenset({"Json"})
    assert pytypes.annotation(Nullable(AliasRef("Json")), "dataclass", strings=strings) == "typing.Optional[Json]"
    assert pytypes.annotation(AliasRef("Json"), "dataclass", True, strings=strings) == "typing.Optional[Json]"
    union_ = UnionType((AliasRef("Json"), Prim("str")))
    assert pytypes.annotation(union_, "dataclass", strings=strings) == "typing.Union[Json, str]"
    assert pytypes.annotation(Array(Nullable(AliasRef("Json"))), "dataclass", strings=strings) == (
        "list[typing.Optional[Json]]"
    )
    assert pytypes.annotation(Nullable(AliasRef("Other")), "dataclass", strings=strings) == "Other | None"


def test_all_schemas_stops_at_a_component_that_cannot_be_read(tmp_path: Path) -> None:
    """``--all-schemas`` reads every component: one whose mapping names a schema the spec
    lacks (Cohere's ``TruncationStrategy``) stops it with the place and the closest name;
    the default run, whose roots do not reach it, reads."""
    path = spec(
        tmp_path,
        """
        Chunk: {type: object, properties: {object: {const: x.chunk}, text: {type: string}}}
        Broken:
          oneOf: []
          discriminator: {propertyName: type, mapping: {a: '#/components/schemas/Missing'}}
        Fine: {type: object, properties: {n: {type: integer}}}
        """,
    )
    with pytest.raises(SpecError, match=r"Broken/discriminator/mapping/a: .*Missing' does not exist"):
        read_spec(Options(spec=path, all_schemas=True))
    assert read_spec(Options(spec=path)).schemas.roots == ("Chunk",)
