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
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from conftest import STYLES, generate_modules, load_module, schemas_spec
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

ROWS = [
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
        texts, modules = {}, {}
        for style, output in zip(STYLES, outputs):
            output.path.write_text(output.text, encoding="utf-8")
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


def test_pattern_properties_warn_only_where_not_honoured(tmp_path: Path) -> None:
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
    warnings = [w for w in reading.schemas.warnings if "patternProperties" in w]
    assert len(warnings) == 1 and "/Open" in warnings[0] and "1 place" in warnings[0]
    for module in generate_modules(path, tmp_path / "out", schemas=("Root",)).values():
        module.parse_root({"typed": {"a1": 1}, "open": {"a1": "not checked", "b": []}})
        with pytest.raises(ValueError):
            module.parse_root({"typed": {"a1": "x"}})


def test_every_row_module_passes_mypy_strict_and_ruff(generated) -> None:  # type: ignore[no-untyped-def]
    """One mypy run and one ruff run over the 3 x rows modules (non-ASCII names included)."""
    import subprocess
    import sys

    directory = Path(next(iter(generated.values()))["modules"]["pydantic"].__file__).parent
    assert len(list(directory.glob("*.py"))) == len(STYLES) * len(ROWS)
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
    parent's class (and a direct ``$ref Cat`` reads as that class); a child that refers
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
            assert type(root.pet) is module.Dog and type(root.pet.mother) is module.Pet
            assert type(root.pet.mother.friends[0]) is module.Dog
        module.parse_root({"cat": {"petType": "anything"}})
        for bad in (
            {"pet": {"petType": "Dog", "mother": {"petType": "Cat", "friends": [{"petType": "Dog", "bark": "x"}]}}},
            {"pet": {"petType": "Pet"}},
        ):
            with pytest.raises(ValueError):
                module.parse_root(bad)
