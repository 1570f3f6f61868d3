"""Spec bumps: the change report on real OpenAI bumps, and output stable across a bump."""

from __future__ import annotations

import difflib
import json
import re
import textwrap
from pathlib import Path

import pytest
from conftest import CHAT_SPEC, SPECS, STYLES, schemas_spec

from generator.changes import compare, exit_status, main
from generator.pipeline import Options, generate, read_spec

OPENAI = SPECS / "openai"
V2023 = OPENAI / "openapi-2023-11-06-802d487.yaml"
V2404 = OPENAI / "openapi-2024-04-30-3bbc26b.yaml"
V2408 = OPENAI / "openapi-2024-08-06-b372961.yaml"
V0619A = OPENAI / "openapi-2026-08-19-06a9404.yaml"
V0619B = OPENAI / "openapi-2026-08-19-5fd39db.yaml"


def changes(old: Path, new: Path):  # type: ignore[no-untyped-def]
    return compare(read_spec(Options(spec=old)).schemas, read_spec(Options(spec=new)).schemas)


@pytest.mark.shared
@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        (V2023, V2404, "CreateChatCompletionStreamResponse.usage"),
        (V2404, V2408, "ChatCompletionStreamResponseDelta.refusal"),
        (V0619A, V0619B, "CreateChatCompletionStreamResponse.obfuscation"),
    ],
    ids=["usage", "refusal", "obfuscation"],
)
def test_real_bump_reports_the_field_added_and_the_reverse_a_breaking_removal(old: Path, new: Path, field: str) -> None:
    forward = changes(old, new)
    added = [c for c in forward if c.where == field]
    assert [(c.kind, c.breaking) for c in added] == [("field added", False)]
    assert not any(c.breaking for c in forward)
    assert exit_status(forward) == 1
    backward = changes(new, old)
    removed = [c for c in backward if c.where == field]
    assert [(c.kind, c.breaking) for c in removed] == [("field removed", True)]
    assert exit_status(backward) == 3


@pytest.mark.shared
def test_obfuscation_bump_reports_only_obfuscation() -> None:
    assert [(c.kind, c.where) for c in changes(V0619A, V0619B)] == [
        ("field added", "CreateChatCompletionStreamResponse.obfuscation")
    ]


@pytest.mark.shared
def test_no_change_exits_0_and_json_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(V0619B), str(V0619B)]) == 0
    assert "0 change(s)" in capsys.readouterr().out
    assert main([str(V0619A), str(V0619B), "--format", "json"]) == 1
    payload = json.loads(capsys.readouterr().out)
    assert payload["breaking"] is False
    assert payload["changes"] == [
        {
            "kind": "field added",
            "where": "CreateChatCompletionStreamResponse.obfuscation",
            "detail": "optional: str",
            "breaking": False,
        }
    ]
    assert main([str(V0619A), str(OPENAI / "missing.yaml")]) == 2


def test_type_required_and_nullable_changes_are_classified(tmp_path: Path) -> None:
    def spec(name: str, props: str, required: str) -> Path:
        path = tmp_path / name
        path.write_text(
            "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    C:\n"
            f"      type: object\n      required: [{required}]\n      properties:\n{props}"
        )
        return path

    old = spec(
        "old.yaml",
        "        object: {type: string, enum: [c.chunk]}\n        a: {type: string}\n        b: {type: integer}\n        c: {type: string, enum: [x]}\n",
        "a, b",
    )
    new = spec(
        "new.yaml",
        "        object: {type: string, enum: [c.chunk]}\n        a: {type: integer}\n        b: {type: integer, nullable: true}\n        c: {type: string, enum: [x, y]}\n",
        "a",
    )
    found = {(c.where, c.kind): c.breaking for c in changes(old, new)}
    assert found == {
        ("C.a", "type changed"): True,
        ("C.b", "required changed"): True,
        ("C.b", "nullable changed"): False,
        ("C.c", "enum value added"): False,
    }


@pytest.mark.slow
@pytest.mark.shared
def test_a_bump_changes_only_the_lines_of_the_added_field(tmp_path: Path) -> None:
    """06a9404 -> 5fd39db added only `obfuscation`: the generated modules differ in the
    header (source name and sha256) and in obfuscation's own lines, nothing else."""
    from generator.load import load_document

    schema = load_document(V0619B).data["components"]["schemas"]["CreateChatCompletionStreamResponse"]
    description = schema["properties"]["obfuscation"]["description"]
    texts = {}
    for spec in (V0619A, V0619B):
        outputs, _ = generate(Options(spec=spec, output=tmp_path, module="m", styles=STYLES))
        texts[spec] = {o.path.name: o.text for o in outputs}
    for style in STYLES:
        name = f"m_{style}.py"
        diff = [
            line
            for line in difflib.unified_diff(
                texts[V0619A][name].splitlines(),
                texts[V0619B][name].splitlines(),
                lineterm="",
                n=0,
            )
            if line[:1] in "+-" and not line.startswith(("+++", "---"))
        ]
        body = [line[1:].strip() for line in diff if not line[1:].startswith("# ")]  # not the header
        assert body, style
        unrelated = [
            line
            for line in body
            if "obfuscation" not in line
            and line.strip('"') not in description
            and line
            not in (
                '"""',
                "None",  # the first and last line of a parse expression black splits
                "),",
                "frozenset(),",
                "if value is not None:",
                "if type(value) is str and value:",
                "value",  # a last field's common value, taken inline (black splits the expression)
                "if type(value) is str and value",
                "else:",
                ")",
                "missing += 1",  # the field's probe counts it when absent
            )  # the field's merge code
            # the count of known fields that tells an unknown one: one more field, one more
            and not re.fullmatch(r"if len\(data\) \+ missing != \d+:", line)
        ]
        assert unrelated == [], style
        assert len(body) <= 36, (
            style,
            len(body),
        )  # measured: dataclass 32, pydantic 29, typeddict 22 (a field's merge code is in _add and _add_model)


def test_models_enum_removals_and_deprecation_are_classified(tmp_path: Path) -> None:
    def spec(name: str, body: str) -> Path:
        path = tmp_path / name
        path.write_text(
            "openapi: 3.1.0\ninfo: {title: t, version: '1'}\ncomponents:\n  schemas:\n"
            + textwrap.indent(textwrap.dedent(body), "    ")
        )
        return path

    old = spec(
        "old.yaml",
        """\
        C:
          type: object
          properties:
            object: {type: string, enum: [c.chunk]}
            mode: {type: string, enum: [a, b]}
            gone: {$ref: '#/components/schemas/Gone'}
        Gone: {type: object, properties: {x: {type: string}}}
        """,
    )
    new = spec(
        "new.yaml",
        """\
        C:
          type: object
          properties:
            object: {type: string, enum: [c.chunk]}
            mode: {type: string, enum: [a], deprecated: true}
            fresh: {$ref: '#/components/schemas/Fresh'}
        Fresh: {type: object, properties: {y: {type: string}}}
        """,
    )
    found = {(c.where, c.kind): c.breaking for c in changes(old, new)}
    assert found == {
        ("C.mode", "enum value removed"): False,
        ("C.mode", "deprecated set"): False,
        ("C.gone", "field removed"): True,
        ("C.fresh", "field added"): False,
        ("Gone", "model removed"): True,
        ("Fresh", "model added"): False,
    }
    assert exit_status(changes(old, new)) == 3 and exit_status(changes(new, new)) == 0


# ----------------------------------- faults found by adversarial testing
# (moved from test_regressions.py: faults found by adversarial testing, each kept as a test
# of its whole kind)


def test_changes_compares_aliases_by_what_they_name_and_narrowings_are_compatible(
    tmp_path: Path,
) -> None:
    old = schemas_spec(
        tmp_path,
        "L: {type: array, items: {type: integer}}\nC: {type: object, properties: {object: {type: string, enum: [c.chunk]}, e: {$ref: '#/components/schemas/L'}, n: {type: number}, s: {type: string}}}",
        "old.yaml",
    )
    new = schemas_spec(
        tmp_path,
        "L: {type: array, items: {type: string}}\nC: {type: object, properties: {object: {type: string, enum: [c.chunk]}, e: {$ref: '#/components/schemas/L'}, n: {type: integer}, s: {type: string, enum: [a, b]}}}",
        "new.yaml",
    )
    found = {
        c.where: c.breaking
        for c in compare(read_spec(Options(spec=old)).schemas, read_spec(Options(spec=new)).schemas)
        if c.kind == "type changed"
    }
    assert found == {"C.e": True, "C.n": False, "C.s": False}


def test_changes_never_exits_1_on_an_internal_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("generator.changes.compare", lambda *a: 1 / 0)
    path = CHAT_SPEC
    assert main([str(path), str(path)]) == 123


@pytest.mark.shared
def test_changes_reports_the_real_tool_calls_widening_as_breaking() -> None:
    old = read_spec(Options(spec=V2408)).schemas
    new = read_spec(Options(spec=V0619A)).schemas
    calls = [c for c in compare(old, new) if c.where == "ChatCompletionResponseMessage.tool_calls"]
    assert [(c.kind, c.breaking) for c in calls] == [("type changed", True)]
    assert exit_status(calls) == 3
