"""Schema forms looked at closer than their cases do (tests/cases, run by
tests/test_cases.py): a case's module asked more than its payloads, the types kept in every
style, the inline checks of the parsers, and the committed modules' annotations.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from case_files import evaluate_annotations, wire
from conftest import ROOT, STYLES, generate_modules, load_module, schemas_spec


def test_hostile_descriptions_keep_their_text(cases: Any) -> None:
    import inspect

    module = cases.module("hostile_descriptions", "pydantic")
    doc = " ".join(inspect.cleandoc(module.Root.__doc__).split())  # a long line is filled: its words kept
    assert doc == 'Ends with a quote " and has """ inside, a backslash \\ and {{ 7*7 }} {% include \'x\' %}'
    text = cases.text("hostile_descriptions", "pydantic")
    assert "\u2028" not in text and "\u202e" not in text and "\x00" not in text  # escaped, not raw


def test_yaml_traps_come_out_as_the_text_written(cases: Any) -> None:
    text = cases.text("yaml_1_1_scalars_stay_strings", "pydantic")
    assert 'Literal["on", "off", "yes", "no", "1.10", "2024-01-01"]' in text
    assert "``version='1.10'``" in text  # the documented default


def test_every_annotation_of_the_committed_modules_evaluates() -> None:
    """No generated module holds a type expression that fails when evaluated (issue 12): the
    committed modules of specs/openai.yaml (test_cases.py evaluates every case's)."""
    for path in sorted((ROOT / "generated").glob("openai_*.py")):
        assert evaluate_annotations(load_module(path)) > 0, path


# --------------------------- types kept and inline checks of the parsers
# (moved from test_regressions.py: faults found by adversarial testing, each kept as a test
# of its whole kind)


def test_enums_keep_their_type_in_every_style(tmp_path: Path) -> None:
    path = schemas_spec(
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
    for style, module in generate_modules(path, tmp_path / "out", schemas=("C",)).items():
        module.parse_c({"level": 5, "ratio": 1.5, "mixed": True, "nothing": None})
        for bad in ({"level": True}, {"level": 1.0}, {"nothing": 1}):
            with pytest.raises(ValueError):
                module.parse_c(bad)
            assert style  # every style rejects the same payloads


def test_integer_discriminator_tags(tmp_path: Path) -> None:
    path = schemas_spec(
        tmp_path,
        """
        One: {type: object, required: [k], properties: {k: {type: integer, enum: [1]}, a: {type: string}}}
        Two: {type: object, required: [k], properties: {k: {type: integer, enum: [2]}, b: {type: string}}}
        C: {type: object, properties: {v: {oneOf: [{$ref: '#/components/schemas/One'}, {$ref: '#/components/schemas/Two'}], discriminator: {propertyName: k}}}}
        """,
    )
    for module in generate_modules(path, tmp_path / "out", schemas=("C",)).values():
        module.parse_c({"v": {"k": 2, "b": "x"}})


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
def test_inline_checks_reject_what_the_parsers_reject(tmp_path: Path, change: dict[str, Any], where: str) -> None:
    """The fast inline tests of scalars and scalar lists fall back to the parser, whose error names the place."""
    modules = generate_modules(schemas_spec(tmp_path, INLINE_CHECKED), tmp_path / "out")
    for style, module in modules.items():
        assert module.parse_c(dict(_VALID)) is not None
        assert module.parse_c(dict(_VALID, opt_list=None, req_null_list=None)) is not None
        with pytest.raises(
            ValueError,
            match=re.escape(where if style != "pydantic" else where.replace("[", ".").rstrip("]")),
        ):
            module.parse_c(dict(_VALID, **change))
        for missing in ("req_null_list", "req_null_str", "req_list"):
            data = dict(_VALID)
            del data[missing]
            with pytest.raises(ValueError, match=missing):
                module.parse_c(data)
        if style == "typeddict":  # the same object back: TypedDicts are checked, not copied
            data = dict(_VALID)
            assert module.parse_c(data) is data


@pytest.mark.parametrize("style", STYLES)
def test_a_tuple_merges_as_a_whole_and_round_trips(style: str, cases: Any) -> None:
    """A tuple field in a stream is one value, taken last (never appended item by item), and
    comes back as the JSON list it was (issue 12: prefixItems)."""
    module = cases.module("prefix_items_tuples", style)
    acc = module.RootAccumulator()
    acc.add({"pair": ["a", 1], "more": ["x", True], "parts": [{"text": "t"}, None]})
    acc.add({"pair": ["b", 2], "more": ["y"]})
    back = wire(style, acc.snapshot())  # a tuple is a JSON list
    assert (back["pair"], back["more"], back["parts"]) == (["b", 2], ["y"], [{"text": "t"}, None])
    parsed = module.parse_root({"pair": ["a", 1], "more": ["x", True], "parts": [{"text": "t"}, None]})
    if style == "dataclass":
        assert parsed.pair == ("a", 1) and parsed.to_dict()["parts"] == [{"text": "t"}, None]
    elif style == "msgspec":  # msgspec.to_builtins keeps tuples: the same JSON once encoded
        assert parsed.pair == ("a", 1) and json.loads(json.dumps(parsed.to_dict()))["parts"] == [{"text": "t"}, None]
    elif style == "pydantic":
        assert parsed.pair == ("a", 1) and parsed.model_dump(mode="json")["parts"] == [{"text": "t"}, None]
    else:
        assert parsed["pair"] == ("a", 1)  # the decoded JSON, its tuple in place (issue 27)
