"""Schema forms of issues 12 and 27 looked at closer than their cases do (tests/cases, run by
tests/test_cases.py, which checks each case's payloads and golden in every style): what a
discriminator on an ``allOf`` parent reads as and dispatches to (as a field and as the root),
``false`` schemas, ``patternProperties`` with and without ``additionalProperties``, renamed
components, the alias of an enum component that lists ``null``, and tuples at every depth.
"""

from __future__ import annotations

import copy
import re
import typing
from pathlib import Path
from typing import Any

import pytest
from case_files import CASE_FILE, CASES_DIR, wire
from conftest import STYLES, generate_modules, load_module, schemas_spec, write_outputs

from generator.pipeline import Options, generate, read_spec

#: ``Pet``, an ``allOf`` parent with a discriminator, its children and a ``Root`` that refers to it.
PETS = CASES_DIR / "allof_parent_discriminator" / CASE_FILE


@pytest.mark.parametrize("style", STYLES)
def test_an_enum_component_that_lists_null_admits_it_as_itself(style: str, cases: Any) -> None:
    """The alias of an enum component whose values include ``null`` (or that is ``nullable``)
    includes ``None``: validated as itself (pydantic's ``TypeAdapter``, ``msgspec.convert``)
    it takes ``null``, and still refuses what is not its kind."""
    module = cases.module("enum_component_with_null", style)
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


def test_a_parse_in_dataclass_style_builds_the_tagged_member(cases: Any) -> None:
    module = cases.module("tag_selects_then_member_rules_apply", "dataclass")
    root = module.parse_root({"part": {"type": "group", "parts": [{"type": "image", "url": "u"}]}})
    assert type(root.part) is module.GroupPart and type(root.part.parts[0]) is module.ImagePart


@pytest.mark.parametrize("style", STYLES)
def test_a_pattern_key_holds_what_its_schema_builds(style: str, cases: Any) -> None:
    """The extra fields of a key matching a pattern hold the value its schema builds (a
    model where the pattern names one), in every style."""
    module = cases.module("pattern_properties_by_key", style)
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


@pytest.mark.parametrize("style", ["dataclass", "pydantic"])
def test_the_tag_picks_the_class_not_the_first_that_fits(style: str, cases: Any) -> None:
    """A Cat payload that also carries Dog's field is a Cat: dispatch by tag, not left to right."""
    module = cases.module("allof_parent_discriminator", style)
    root = module.parse_root({"pet": {"petType": "Cat", "name": "Tom", "bark": True}})
    assert type(root.pet) is module.Cat
    root = module.parse_root({"pet": {"petType": "Husky", "name": "B", "bark": True, "sled": False}})
    assert type(root.pet) is module.Husky


def test_allof_parent_discriminator_reads_as_a_tagged_union() -> None:
    """The IR: the mapping's tag, then each child's implicit tag (its component name)."""
    root = read_spec(Options(spec=PETS, schemas=("Root",))).schemas.models["Root"]
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
    assert not [w for w in reading.schemas.warnings if "false schemas" in str(w)]
    assert [w for w in reading.schemas.warnings if "patternProperties" in str(w)]  # not honoured: untyped extras
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
    assert not [w for w in reading.schemas.warnings if "patternProperties" in str(w)]  # both honoured (issue 27)
    for module in generate_modules(path, tmp_path / "out", schemas=("Root",)).values():
        module.parse_root({"typed": {"a1": 1}, "open": {"a1": 2, "b": []}})
        for bad in ({"typed": {"a1": "x"}}, {"typed": {"b": 1}}, {"open": {"a1": "checked"}}):
            with pytest.raises(ValueError):
                module.parse_root(bad)


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
        bad = {"pet": {"petType": "Dog", "mother": {"petType": "Cat", "friends": [{"petType": "Dog", "bark": "x"}]}}}
        with pytest.raises(ValueError):
            module.parse_root(bad)
        # the parent's own name is no tag its mapping names: the union's member for unknown tags
        unknown = module.parse_root({"pet": {"petType": "Pet"}})
        assert style == "typeddict" or type(unknown.pet).__name__.startswith("Unknown")


@pytest.fixture(scope="module")
def pets_as_root(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """``PETS`` generated with the parent as the root (``--schema Pet``), in every style."""
    out = tmp_path_factory.mktemp("pets_root")
    return generate_modules(PETS, out / "out", schemas=("Pet",))


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
        assert wire(style, parsed) == payload  # every key kept
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
    unknown = parse({"petType": "lizard", "name": "Liz"})  # named for its union: no "UnknownEvent" for pets
    assert type(unknown).__name__ == "UnknownPet" or (style == "typeddict" and unknown["petType"] == "lizard")
    assert wire(style, unknown) == {"petType": "lizard", "name": "Liz"}


@pytest.mark.parametrize("style", STYLES)
def test_a_list_read_by_position_is_a_tuple_at_every_depth(style: str, cases: Any) -> None:
    """``prefixItems`` reads as a ``tuple`` in every style (TypedDict too: its parser puts the
    tuple in place of the decoded list), as a field, a component alias, a list item, a map
    value and inside another model; parsing the result again gives the same."""
    module = cases.module("prefix_items_by_position", style)
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
