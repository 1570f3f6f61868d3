"""Warnings a user can act on (issue #43): each kind says whether the generated code differs
from the spec because of it, the CLI prints one line a kind (count, one place, effect) and
every place with ``--verbose``; each place that warns gives its kind."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT, schemas_spec
from hypothesis import given
from hypothesis import strategies as st

from generator import warning_kinds
from generator.cli import main
from generator.interpret.forbidden import FALSE_KIND
from generator.interpret.keywords import UNENFORCED
from generator.pipeline import Options, read_spec
from generator.warning_kinds import Kind, SpecWarning, grouped, report

KINDS = [
    *(v for v in vars(warning_kinds).values() if isinstance(v, Kind)),
    *(warning_kinds.not_enforced(label) for label in dict.fromkeys([*UNENFORCED.values(), FALSE_KIND])),
]


def differs(kind: Kind) -> bool:
    """The generated code differs from the spec (a keyword not enforced, a stream not folded...)."""
    return not kind.effect.startswith(warning_kinds.NO_EFFECT)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.summary[:40])
def test_every_kind_says_whether_the_generated_code_differs_from_the_spec(kind: Kind) -> None:
    """The effect starts with "no effect on the models: why" or says what the code does
    otherwise; "no effect" nowhere else (a kind would then read as both)."""
    assert (warning_kinds.NO_EFFECT in kind.effect) is not differs(kind), kind
    assert differs(kind) or kind.effect.startswith(warning_kinds.NO_EFFECT + ": "), kind
    assert kind.summary and kind.summary[0].islower() and not kind.summary.endswith((".", ";"))


def test_the_kinds_whose_generated_code_is_what_the_spec_says() -> None:
    same = {kind for kind in KINDS if not differs(kind)}
    assert same == {
        warning_kinds.EMPTY_UNION,
        warning_kinds.SELF_MEMBER,
        warning_kinds.LOOSE_DISCRIMINATOR,
        warning_kinds.ADDITIONAL_STRING,
        warning_kinds.DEFAULT_STRING,
        warning_kinds.STREAM_NOT_OBJECTS,
    }


def test_the_project_spec_warns_in_six_lines_one_a_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    """specs/openai.yaml warns at 66 places of 6 kinds: 6 lines, each with its count, one
    place and what it does to the models (the CLI prints these: the next test); the first
    two are docs/usage.md's example."""
    monkeypatch.chdir(ROOT)
    reading = read_spec(Options(spec=Path("specs/openai.yaml")))
    lines = report([*reading.schemas.warnings, *reading.merge_warnings])
    assert len(lines) == 6, lines
    assert lines[0] == (
        "required names a field the schema does not define: 6 places, e.g. specs/openai.yaml "
        "#/components/schemas/ResponseAudioDoneEvent/required ('response_id'); not enforced by the generated "
        "models (the key, when sent, is kept as an extra) (--verbose for all)"
    )
    assert all("places, e.g. specs/openai.yaml #/components/schemas/" in line for line in lines[:-1]), lines
    assert lines[-1] == (
        "object constraints (minProperties, maxProperties, propertyNames, dependentRequired): "
        "specs/openai.yaml #/components/schemas/VectorStoreFileAttributes/anyOf/0; not enforced by the generated "
        "models"
    )
    assert len(report(reading.schemas.warnings, verbose=True)) == 66
    shown = [line.strip().removeprefix("warning: ") for line in (ROOT / "docs" / "usage.md").open()]
    assert lines[:2] == [line for line in shown if line in lines], "docs/usage.md's warnings are not current"


KINDS_SPEC = """
Both:
  oneOf: [{type: string}, {type: integer}]
  anyOf: [{type: string}]
Strategy:
  oneOf: []
  discriminator: {propertyName: type, mapping: {a: '#/components/schemas/A'}}
A: {type: object, required: [type], properties: {type: {const: a}}}
Self:
  anyOf: [{$ref: '#/components/schemas/Self'}, {type: string}]
Loose:
  oneOf: [{$ref: '#/components/schemas/A'}, {type: string}]
  discriminator: {propertyName: type}
Holder:
  type: object
  required: [ghost]
  additionalProperties: 'true'
  properties:
    both: {$ref: '#/components/schemas/Both'}
    strategy: {$ref: '#/components/schemas/Strategy'}
    self: {$ref: '#/components/schemas/Self'}
    loose: {$ref: '#/components/schemas/Loose'}
    count: {type: integer, default: '3'}
    flag: {type: boolean, default: [1]}
    nested: {type: object, required: name, properties: {a: {type: string}}}
    twice: {type: string, minLength: 1}
    short: {type: string, maxLength: 3}
"""


def test_each_place_that_warns_while_reading_gives_its_kind(tmp_path: Path) -> None:
    reading = read_spec(Options(spec=schemas_spec(tmp_path, KINDS_SPEC), schemas=("Holder",)))
    found = {(w.kind, w.place.split(" #")[1], w.detail) for w in reading.schemas.warnings}
    h = "/components/schemas/Holder"
    assert found == {
        (warning_kinds.BOTH_UNIONS, "/components/schemas/Both", ""),
        (warning_kinds.EMPTY_UNION, "/components/schemas/Strategy/oneOf", ""),
        (warning_kinds.SELF_MEMBER, "/components/schemas/Self/anyOf/0", ""),
        (warning_kinds.LOOSE_DISCRIMINATOR, "/components/schemas/Loose/discriminator", ""),
        (warning_kinds.REQUIRED_UNDEFINED, f"{h}/required", "'ghost'"),
        (warning_kinds.ADDITIONAL_STRING, f"{h}/additionalProperties", "'true'"),
        (warning_kinds.DEFAULT_STRING, f"{h}/properties/count/default", "'3' read as 3"),
        (warning_kinds.DEFAULT_MISFIT, f"{h}/properties/flag/default", "[1]"),
        (warning_kinds.REQUIRED_NOT_LIST, f"{h}/properties/nested/required", ""),
        (warning_kinds.not_enforced(UNENFORCED["maxLength"]), f"{h}/properties/short", ""),
        (warning_kinds.not_enforced(UNENFORCED["minLength"]), f"{h}/properties/twice", ""),
    }


_kinds = st.sampled_from(KINDS[:6])
_warnings = st.lists(st.builds(SpecWarning, _kinds, st.sampled_from(["a #/x", "b #/y", "c"]), st.text(max_size=3)))


@given(_warnings)
def test_the_report_has_one_line_a_kind_or_one_a_warning(warnings: list[SpecWarning]) -> None:
    kinds = list(dict.fromkeys(w.kind for w in warnings))
    lines = report(warnings)
    assert len(lines) == len(kinds)
    for kind, line, (grouped_kind, group) in zip(kinds, lines, grouped(warnings)):
        assert grouped_kind == kind and line.startswith(kind.summary + ": ") and kind.effect in line
        assert (f"{len(group)} places, e.g. " in line) is (len(group) > 1)
    assert report(warnings, verbose=True) == [str(w) for _, group in grouped(warnings) for w in group]
    assert len(report(warnings, verbose=True)) == len(set(warnings))


def test_the_cli_prints_one_line_a_kind_every_place_with_verbose_and_none_with_quiet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [str(schemas_spec(tmp_path, KINDS_SPEC)), "--schema", "Holder", "-o", str(tmp_path / "out")]
    assert main([*args, "--style", "typeddict"]) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("warning: ")]
    assert len(lines) == 11  # the ten kinds above, and Holder.nested taken whole by the merge plan
    (strings,) = [line for line in lines if line.startswith("warning: string constraints")]
    assert strings.endswith(
        "/components/schemas/Holder/properties/twice; not enforced by the generated models (--verbose for all)"
    )
    assert "string constraints (pattern, minLength, maxLength): 2 places, e.g. " in strings
    assert main([*args, "--style", "typeddict", "--no-cache", "-v"]) == 0
    every = [line for line in capsys.readouterr().err.splitlines() if line.startswith("warning: ")]
    assert len(every) == len(set(every)) == 12
    assert main([*args, "--style", "typeddict", "--no-cache", "-q"]) == 0
    assert capsys.readouterr().err == ""
