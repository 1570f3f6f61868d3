"""Issue 44: every component the module writes parses through a public function in every
style (``parse_<name>``, in ``__all__``), and a discriminated parent dispatches wherever it is
parsed.

The property test: each spec of tests/specs, each case of tests/cases, and the OpenAPI
inheritance idiom are generated with ``--all-schemas`` in every style;
for every component, payloads drawn by hypothesis-jsonschema from its schema, and mutations
of them (a key dropped, a value of another type, another tag, ``null``, an unknown key, another
kind of value), must be accepted by its public parser in every style exactly when the
reference accepts them: JSON Schema with OpenAPI's discriminator and ``nullable`` and the
models' documented reading (tests/openapi_reference.py). ``test_the_property_test_checked_enough``
prints how many payloads were checked.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from case_files import read_cases
from conftest import STYLES, generate_modules, load_module, schemas_spec, write_outputs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from hypothesis_jsonschema import from_schema
from openapi_reference import Reference

from generator.load import load_document
from generator.naming import class_name
from generator.pipeline import Options, generate

HERE = Path(__file__).resolve().parent

#: The OpenAPI inheritance idiom of issue 44: ``Pet`` dispatches to ``Cat``/``Dog`` by its
#: ``mapping``, each ``allOf: [Pet, ...]``.
PETS = """
Pet:
  type: object
  required: [petType]
  properties:
    petType: {type: string}
    name: {type: string}
  discriminator:
    propertyName: petType
    mapping:
      dog: '#/components/schemas/Dog'
      cat: '#/components/schemas/Cat'
Dog:
  allOf:
    - $ref: '#/components/schemas/Pet'
    - type: object
      required: [bark]
      properties: {bark: {type: boolean}}
Cat:
  allOf:
    - $ref: '#/components/schemas/Pet'
    - type: object
      properties: {indoor: {type: boolean}}
Owner:
  type: object
  required: [pet]
  properties:
    pet: {$ref: '#/components/schemas/Pet'}
    pets: {type: array, items: {$ref: '#/components/schemas/Pet'}}
TextPart:
  type: object
  required: [type, text]
  properties: {type: {type: string, enum: [text]}, text: {type: string}}
ImagePart:
  type: object
  required: [type, url]
  properties: {type: {type: string, enum: [image]}, url: {type: string}}
Part:
  oneOf: [{$ref: '#/components/schemas/TextPart'}, {$ref: '#/components/schemas/ImagePart'}]
  discriminator: {propertyName: type}
JsonValue:
  anyOf:
    - type: string
    - type: number
    - type: array
      items: {$ref: '#/components/schemas/JsonValue'}
    - type: object
      additionalProperties: {$ref: '#/components/schemas/JsonValue'}
Color: {type: string, enum: [red, green]}
Tags: {type: array, items: {type: string}}
Link: {$ref: '#/components/schemas/Owner'}
Kitty:
  allOf: [{$ref: '#/components/schemas/Cat'}]
  description: A cat by another name, so a pet whose tag is Kitty (its name) is a Cat.
"""
HEAD = "openapi: 3.0.3\ninfo: {title: pets, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n"

#: Every spec the property test reads: name -> its text (YAML or JSON), and the suffix of its file.
SPECS: dict[str, tuple[str, str]] = {
    **{f"specs/{p.name}": (p.read_text(encoding="utf-8"), p.suffix) for p in sorted((HERE / "specs").iterdir())},
    **{f"cases/{case.name}": (case.spec.read_text(encoding="utf-8"), ".yaml") for case in read_cases()},
    "issue44/pets": (HEAD + "\n".join("    " + line for line in PETS.strip().splitlines()) + "\n", ".yaml"),
}
#: Payloads drawn per component (each then changed by one mutation, or not).
EXAMPLES = 40
#: What the property test checked, per spec: components, and payloads the reference accepts
#: and rejects (each checked in every style); filled as the tests run (one process each).
CHECKED: dict[str, Counter[str]] = {}

_KINDS = [0, 1.5, "s", True, None, [], {}, [1], {"k": "v"}]


def _generated(name: str, tmp_path: Path) -> tuple[dict[str, Any], Any, Path]:
    """The spec's modules (``--all-schemas``, every style), its reading and its file."""
    text, suffix = SPECS[name]
    spec = tmp_path / f"spec{suffix}"
    spec.write_text(text, encoding="utf-8")
    options = Options(spec=spec, output=tmp_path / "out", styles=STYLES, all_schemas=True, formatter="ruff")
    outputs, reading = generate(options)
    write_outputs(outputs)
    modules = {style: load_module(output.path) for style, output in zip(STYLES, outputs)}
    return modules, reading, spec


def public_parsers(reading: Any, reference: Reference) -> dict[str, str | None]:
    """``{component: the name of its public parse function}`` (None: it has none): the
    class or alias written for it (its pointer), or the type it reads as (``Link: $ref
    Owner``), as naming named its parser."""
    s = reading.schemas
    by_pointer = {t.pointer: name for name, t in [*s.models.items(), *s.aliases.items()] if name in s.parsers}
    by_pointer |= {reference.named[c]: class_name(c) for c in reference.named if class_name(c) in s.synonyms}
    return {c: s.parsers[by_pointer[p]] if p in by_pointer else None for c, p in reference.named.items()}


def _mutate(data: st.DataObject, payload: Any, reference: Reference) -> tuple[str, Any]:
    """One of the mutations (or none) applied to a copy of ``payload``."""
    payload = copy.deepcopy(payload)
    kind = data.draw(st.sampled_from(["none", "drop", "retype", "retype", "tag", "null", "extra", "other"]))
    if kind == "other":
        return kind, data.draw(st.sampled_from(_KINDS))
    places = list(_containers(payload))
    if kind in ("drop", "extra", "tag"):
        places = [p for p in places if isinstance(p, dict)]
    if kind == "tag":
        places = [p for p in places if reference.tag_properties & set(p)]
    if kind == "none" or not places:
        return "none", payload
    place = data.draw(st.sampled_from(places))
    keys = list(place) if isinstance(place, dict) else list(range(len(place)))
    if kind == "extra":
        place["x-unknown"] = data.draw(st.sampled_from(_KINDS))
        return kind, payload
    if not keys:
        return "none", payload
    if kind == "tag":
        key = data.draw(st.sampled_from(sorted(reference.tag_properties & set(place))))
        place[key] = data.draw(st.sampled_from([*reference.tags, "no-such-tag", 7]))
        return kind, payload
    key = data.draw(st.sampled_from(keys))
    if kind == "drop" and isinstance(place, dict):
        del place[key]
    elif kind == "null":
        place[key] = None
    else:
        place[key] = data.draw(st.sampled_from([k for k in _KINDS if type(k) is not type(place[key])]))
    return kind, payload


def _containers(value: Any) -> Any:
    """Every dict and list in ``value``, outermost first."""
    if isinstance(value, (dict, list)):
        yield value
        for item in value.values() if isinstance(value, dict) else value:
            yield from _containers(item)


def _verdict(parse: Any, payload: Any) -> bool | str:
    """True when the parser takes the payload, False when it raises a ``ValueError`` (every
    style's parse error is one); the text of any other exception (a bug)."""
    try:
        parse(copy.deepcopy(payload))
    except ValueError:
        return False
    except Exception as exc:  # noqa: BLE001 - what the test reports
        return f"{type(exc).__name__}: {exc}"
    return True


def _strategy(reference: Reference, component: str) -> Any:
    """hypothesis-jsonschema's strategy of a component, closed as drawn (without the
    ``additionalProperties: false`` the drawing adds where that leaves nothing to draw)."""
    try:
        strategy = from_schema(reference.generation_schema(component))
        strategy.validate()
        return strategy
    except Unsatisfiable:
        return from_schema(reference.generation_schema(component, open_objects=True))


def _check(
    reference: Reference, component: str, parsers: list[tuple[str, Any]], counts: Counter[str], wrong: list[str]
) -> None:
    """``EXAMPLES`` payloads of ``component`` (drawn, then mutated or not) through each
    style's public parser (``parsers``) and the reference; each disagreement noted in
    ``wrong`` (the first dozen), each payload counted as valid or invalid."""
    strategy = _strategy(reference, component)

    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        kind, payload = _mutate(data, data.draw(strategy), reference)
        expected = reference.accepts(component, payload)
        counts["valid" if expected else "invalid"] += 1
        for style, parse in parsers:
            got = _verdict(parse, payload)
            if got != expected and len(wrong) < 12:
                shown = json.dumps(payload, default=repr)[:300]
                wrong.append(f"{component} {style} ({kind}): parser {got}, reference {expected}: {shown}")

    check()


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_component_parses_as_the_reference_reads_it(name: str, tmp_path: Path) -> None:
    """For every component: the public parser exists in every style, and accepts a payload
    exactly when the reference does, on payloads drawn from its schema and mutated."""
    modules, reading, spec = _generated(name, tmp_path)
    assert not reading.schemas.union_roots  # no stream of events here: the public parsers alone
    reference = Reference(load_document(spec).data)
    parsers = public_parsers(reading, reference)
    missing = [c for c, fn in parsers.items() if fn is None or any(not hasattr(m, fn) for m in modules.values())]
    assert not missing, f"components without a public parser: {missing}"
    for module in modules.values():
        assert {fn for fn in parsers.values() if fn} <= set(module.__all__)
    counts = CHECKED.setdefault(name, Counter())
    wrong: list[str] = []
    for component, fn in parsers.items():
        assert fn is not None
        counts["components"] += 1
        _check(reference, component, [(style, getattr(module, fn)) for style, module in modules.items()], counts, wrong)
    assert not wrong, "\n".join(wrong)
    # the drawing means something: valid payloads and invalid ones, for every component
    assert counts["valid"] >= 5 * counts["components"] and counts["invalid"] >= 2 * counts["components"], counts


def test_the_property_test_checked_enough() -> None:
    """Runs after the property test in the same process (alone, or under ``-p no:xdist``):
    prints what it checked, and fails when drawing gave too few valid or invalid payloads to
    mean anything. Under xdist the counts are per worker, so this checks nothing there."""
    if not CHECKED:
        pytest.skip("the property test ran in another process")
    total = sum(CHECKED.values(), Counter())
    print(
        f"\npublic parsers: {len(CHECKED)} specs, {total['components']} components x {len(STYLES)} styles, "
        f"{total['valid']} valid + {total['invalid']} invalid payloads "
        f"({(total['valid'] + total['invalid']) * len(STYLES)} parses)"
    )
    assert total["valid"] > 10 * total["components"] and total["invalid"] > 5 * total["components"]


@pytest.mark.parametrize("case", read_cases(), ids=lambda c: c.name)
def test_the_reference_reads_every_case_as_the_case_says(case: Any) -> None:
    """The reference itself, against the payloads each case of tests/cases lists (written
    by hand from the documentation): ``Root`` accepts and rejects them alike."""
    reference = Reference(load_document(case.spec).data)
    for payload in case.accept:
        assert reference.accepts("Root", payload), [e.message for e in reference.errors("Root", payload)]
    for payload in case.reject:
        assert not reference.accepts("Root", payload), payload


# ---------------------------------------------------------------------- the cases


@pytest.fixture(scope="module")
def pets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """The issue's spec generated with ``--all-schemas`` and with ``--schema Pet``."""
    out = tmp_path_factory.mktemp("pets")
    path = schemas_spec(out, PETS)
    return {
        "all": generate_modules(path, out / "all", all_schemas=True),
        "root": generate_modules(path, out / "root", schemas=("Pet",)),
    }


@pytest.mark.parametrize("mode", ["all", "root"])
@pytest.mark.parametrize("style", STYLES)
def test_parsing_as_pet_dispatches_to_the_child_its_tag_names(style: str, mode: str, pets: Any) -> None:
    """``parse_pet`` rejects a dog without ``bark`` and a cat whose ``indoor`` is no boolean,
    builds the child the tag names, and ``Pet`` is the union (``--schema Pet`` keeps the name)."""
    module = pets[mode][style]
    assert "parse_pet" in module.__all__ and "Pet" in module.__all__ and not hasattr(module, "PetDiscriminator")
    dog = module.parse_pet({"petType": "dog", "bark": True})
    cat = module.parse_pet({"petType": "cat", "indoor": False})
    if style != "typeddict":
        assert (type(dog).__name__, type(cat).__name__) == ("Dog", "Cat")
    for payload in ({"petType": "dog"}, {"petType": "cat", "indoor": "yes"}, {"bark": True}):
        with pytest.raises(ValueError):
            module.parse_pet(payload)


@pytest.mark.parametrize("style", STYLES)
def test_a_parent_dispatches_as_a_field_a_list_item_and_through_its_parser(style: str, pets: Any) -> None:
    module = pets["all"][style]
    for payload in (
        {"pet": {"petType": "dog"}},
        {"pet": {"petType": "cat", "indoor": "yes"}},
        {"pet": {"petType": "cat"}, "pets": [{"petType": "dog"}]},
    ):
        with pytest.raises(ValueError):
            module.parse_owner(payload)
    module.parse_owner({"pet": {"petType": "cat"}, "pets": [{"petType": "dog", "bark": False}]})
    lizard = module.parse_pet({"petType": "lizard", "legs": 4})  # a kind the spec does not list
    if style != "typeddict":
        assert type(lizard).__name__ == "UnknownPet" and lizard.petType == "lizard"
    for payload in ({"petType": 7}, {"name": "Liz"}):  # a tag of another type, or none
        with pytest.raises(ValueError):
            module.parse_pet(payload)


@pytest.mark.parametrize("style", STYLES)
def test_unions_aliases_and_enums_have_public_parsers(style: str, pets: Any) -> None:
    """``Part`` (a discriminated ``oneOf``), the recursive ``JsonValue``, the open enum
    ``Color``, the list ``Tags``: one public function each, the tag's member rules applied."""
    module = pets["all"][style]
    assert module.parse_part({"type": "text", "text": "t"}) is not None
    with pytest.raises(ValueError):
        module.parse_part({"type": "text", "url": "u"})
    video = module.parse_part({"type": "video", "url": "u"})  # a kind the spec does not list
    if style != "typeddict":
        assert type(video).__name__ == "UnknownPart"
    for closed in (module.parse_text_part, module.parse_image_part):  # a member's tag names it
        with pytest.raises(ValueError):
            closed({"type": "video", "text": "t", "url": "u"})
    assert module.parse_json_value({"a": [1, "x", {"b": []}]}) == {"a": [1, "x", {"b": []}]}
    with pytest.raises(ValueError):
        module.parse_json_value({"a": [True]})
    assert module.parse_color("blue") == "blue"  # enums are open
    with pytest.raises(ValueError):
        module.parse_color(1)
    assert list(module.parse_tags(["a"])) == ["a"]
    with pytest.raises(ValueError):
        module.parse_tags(["a", 1])


def test_the_parent_s_own_shape_is_named_base_and_the_union_keeps_the_name(pets: Any) -> None:
    """With ``--all-schemas`` the parent's own fields are ``PetBase`` only where a union
    holds them (here none does); ``Pet`` is the union, whatever is read first."""
    for module in pets["all"].values():
        assert not hasattr(module, "PetBase")
    text = Path(pets["root"]["dataclass"].__file__).read_text(encoding="utf-8")
    assert "\nPet: TypeAlias = Dog | Cat | UnknownPet\n" in text


@pytest.mark.parametrize("style", STYLES)
def test_a_component_that_names_another_parses_as_that_one(style: str, pets: Any) -> None:
    """``Link: $ref Owner`` and ``Kitty: allOf [$ref Cat]`` have no class of their own:
    ``parse_link`` and ``parse_kitty`` parse as ``Owner`` and ``Cat``; ``Kitty`` as a tag
    selects ``Cat`` (the implicit mapping of a schema built on ``Pet``), and a ``Cat``'s tag
    is one that names it (issue 41: a closed ``Literal``)."""
    module = pets["all"][style]
    owner = module.parse_link({"pet": {"petType": "Kitty", "indoor": True}})
    kitty = module.parse_kitty({"petType": "Kitty"})
    with pytest.raises(ValueError):
        module.parse_kitty({"petType": "x"})
    if style != "typeddict":
        assert type(owner).__name__ == "Owner" and type(owner.pet).__name__ == "Cat"
        assert type(kitty).__name__ == "Cat"
    with pytest.raises(ValueError):
        module.parse_link({"pet": {"petType": "Kitty", "indoor": 1}})


def test_public_parser_names_follow_one_pattern_and_clash_as_roots_do(tmp_path: Path) -> None:
    """``parse_<snake name>`` for every component; two that share a snake name take
    ``parse_<ClassName>`` (as two roots do)."""
    path = schemas_spec(
        tmp_path,
        """
        HTTPServer: {type: object, properties: {a: {type: string}}}
        HttpServer: {type: object, properties: {b: {type: string}}}
        Kind: {type: string, enum: [a]}
        """,
    )
    for module in generate_modules(path, tmp_path / "out", all_schemas=True).values():
        assert {"parse_HTTPServer", "parse_HttpServer", "parse_kind"} <= set(module.__all__)
        module.parse_HTTPServer({"a": "x"})
        with pytest.raises(ValueError):
            module.parse_HttpServer({"b": 1})
