"""datamodel-code-generator as a cross-check: the same payloads through its pydantic v2 models
(``--strict-nullable``) and ours. Every disagreement must be one of the intended differences
listed in docs/schema-support.md ("Differences from datamodel-code-generator"), named by the
rule below; anything else fails with the payload and both verdicts."""

from __future__ import annotations

import copy
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from case_files import Case, read_cases
from conftest import CHAT_SPEC, RECORDED, load_module, recorded_chunks, seed_payload, spec_example_chunks
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.load import load_document
from generator.pipeline import Options, generate

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("datamodel_code_generator") is None, reason="needs datamodel-code-generator"
)

#: Intended differences: rule -> how to recognise it from the rejecting side's pydantic errors.
#: Each is explained in docs/schema-support.md.
RULES = {
    "open-enum": "theirs rejects a value its closed enum lacks; ours keeps enums open",
    "extras-kept": "theirs forbids extra fields (additionalProperties: false); ours keeps them",
    "formats-as-text": "theirs parses date-time/uri/byte formats; ours keeps the text as sent",
    "write-only-optional": "theirs still requires a writeOnly field; a response does not carry it",
    "strict-scalars": "theirs coerces '3' to 3 or 1.0 to 1 (lax mode); ours rejects wrong JSON types",
    "typed-extras": "theirs does not check extra fields against additionalProperties' schema",
    "nullable-kept": "theirs loses a nullable (allOf override, type list, enum null); ours keeps it",
    "yaml-1.1": "theirs reads YAML 1.1 (`on` is a boolean); ours reads YAML 1.2 (`on` is text)",
    "mapping-joins-union": "a discriminator mapping naming a schema the oneOf lacks: ours adds it to the union",
    "tuple-positions": "theirs reads prefixItems as a list (positions and length unchecked); ours checks each by position",
    "false-schema": "theirs takes any value where a property's schema is false; ours forbids it (null aside)",
    "pattern-keys": "theirs reads patternProperties as maps of one pattern's keys, or not beside properties; "
    "ours checks each key by every pattern it matches, else by additionalProperties",
}


def _errors(exc: Exception) -> list[dict[str, Any]]:
    return exc.errors() if hasattr(exc, "errors") else []  # type: ignore[no-any-return]


def _validate(model: Any, payload: Any) -> list[dict[str, Any]] | None:
    try:
        model.model_validate(copy.deepcopy(payload))
        return None
    except Exception as exc:  # noqa: BLE001 - pydantic.ValidationError
        return _errors(exc) or [{"type": type(exc).__name__, "loc": (), "input": None}]


def classify(ours: list[dict[str, Any]] | None, theirs: list[dict[str, Any]] | None, row: str) -> str | None:
    """The intended difference that explains a disagreement, or None."""
    if ours is None and theirs is not None:
        kinds = {e["type"] for e in theirs}
        if row == "oneof_discriminator_mapping" and kinds <= {"union_tag_invalid", "literal_error"}:
            return "mapping-joins-union"
        if kinds <= {"literal_error", "enum"}:
            return "yaml-1.1" if row == "yaml_1_1_scalars_stay_strings" else "open-enum"
        if kinds <= {"extra_forbidden"}:
            return "extras-kept"
        if all(k.startswith(("datetime", "url", "bytes", "base64", "date", "uuid")) for k in kinds):
            return "formats-as-text"
        if kinds <= {"missing"} and row == "read_only_write_only":
            return "write-only-optional"
        if any(e.get("input") is None for e in theirs if e["type"] not in ("missing",)):
            return "nullable-kept"
        if row == "yaml_1_1_scalars_stay_strings":
            return "yaml-1.1"
        if kinds <= {"union_tag_invalid", "union_tag_not_found", "literal_error"}:
            return "open-enum"
        if row.startswith("pattern_properties"):
            return "pattern-keys"
    if theirs is None and ours is not None:
        # an integer enum's check (``_exact_int``) rejecting True or 1.0 is strictness too
        kinds = {e["type"] for e in ours if not (e["type"] == "value_error" and "_exact_int" in str(e["loc"]))}
        if all(k.endswith(("_type", "_parsing")) or k in ("int_from_float", "literal_error") for k in kinds):
            return "strict-scalars"
        if row == "additional_properties":
            return "typed-extras"
        if all("tuple[" in str(e["loc"]) for e in ours):
            return "tuple-positions"
        if kinds <= {"none_required"} and row == "false_property_schema":
            return "false-schema"
    return None


def _dcg(spec: Path, out: Path) -> Any:
    target = out / f"dcg_{spec.stem}.py"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "datamodel_code_generator",
            "--input",
            str(spec),
            "--input-file-type",
            "openapi",
            "--output-model-type",
            "pydantic_v2.BaseModel",
            "--strict-nullable",
            "--disable-timestamp",
            "--output",
            str(target),
        ],
        check=True,
        capture_output=True,
    )
    return load_module(target)


def _ours(spec: Path, out: Path, root: str | None = None) -> Any:
    outputs, _ = generate(Options(spec=spec, output=out, styles=("pydantic",), schemas=(root,) if root else ()))
    outputs[0].path.write_text(outputs[0].text)
    return load_module(outputs[0].path)


def _json_schema(spec: dict[str, Any], root: str) -> dict[str, Any]:
    """The root as a draft-7 JSON Schema (OpenAPI's nullable and $refs rewritten), for
    hypothesis-jsonschema to draw payloads from."""

    def convert(node: Any) -> Any:
        if isinstance(node, list):
            return [convert(n) for n in node]
        if not isinstance(node, dict):
            return node
        out = {
            k: convert(v)
            for k, v in node.items()
            if not k.startswith("x-")
            and k not in ("discriminator", "example", "deprecated", "readOnly", "writeOnly", "nullable", "format")
        }
        if isinstance(out.get("$ref"), str):
            out = {"$ref": out["$ref"].replace("#/components/schemas/", "#/definitions/")}
        if node.get("nullable") is True:
            out = {"anyOf": [out, {"type": "null"}]}
        return out

    schemas = spec["components"]["schemas"]
    return {**convert(schemas[root]), "definitions": {k: convert(v) for k, v in schemas.items()}}


def _compare(ours_model: Any, theirs_model: Any, payloads: list[Any], row: str) -> list[tuple[Any, Any, Any]]:
    unexplained = []
    for payload in payloads:
        ours, theirs = _validate(ours_model, payload), _validate(theirs_model, payload)
        if (ours is None) != (theirs is None) and classify(ours, theirs, row) is None:
            unexplained.append((payload, ours, theirs))
    return unexplained


@pytest.fixture(scope="module")
def openai_pair(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any]:
    out = tmp_path_factory.mktemp("crosscheck")
    spec = CHAT_SPEC
    return _ours(spec, out).CreateChatCompletionStreamResponse, _dcg(spec, out).CreateChatCompletionStreamResponse


def test_openai_examples_seed_and_recorded_chunks_agree(openai_pair) -> None:  # type: ignore[no-untyped-def]
    ours, theirs = openai_pair
    spec = load_document(CHAT_SPEC).data
    payloads = [*spec_example_chunks(spec), seed_payload(), *(c for p in RECORDED for c in recorded_chunks(p))]
    assert _compare(ours, theirs, payloads, "openai") == []
    # and the datamodel-code-generator failure the mission names is visible: the seed's
    # service_tier "auto" passes because ServiceTier is an enum it lists; an unlisted one
    odd = seed_payload()
    odd["service_tier"] = "flex-2027"
    assert _validate(ours, odd) is None and _validate(theirs, odd) is not None


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@pytest.mark.slow
@given(st.data())
def test_openai_payloads_drawn_from_the_schema_agree(openai_pair, data) -> None:  # type: ignore[no-untyped-def]
    from hypothesis_jsonschema import from_schema

    ours, theirs = openai_pair
    spec = load_document(CHAT_SPEC).data
    schema = _json_schema(spec, "CreateChatCompletionStreamResponse")
    payload = data.draw(from_schema(schema))
    assert _compare(ours, theirs, [payload], "openai") == []


@pytest.mark.parametrize("case", read_cases(), ids=lambda c: c.name)
def test_case_payloads_agree_or_differ_by_rule(case: Case, tmp_path: Path) -> None:
    """Each schema case's payloads (tests/cases) through both generators' ``Root``."""
    ours = _ours(case.spec, tmp_path, "Root").Root
    try:
        theirs_module = _dcg(case.spec, tmp_path)
    except (subprocess.CalledProcessError, Exception) as exc:  # noqa: BLE001 - their failure is not ours
        pytest.skip(f"datamodel-code-generator cannot generate this case: {str(exc)[:200]}")
    theirs = getattr(theirs_module, "Root", None)
    if theirs is None or not hasattr(theirs, "model_validate"):
        pytest.skip("datamodel-code-generator emits no Root model for this case")
    unexplained = _compare(ours, theirs, [*case.accept, *case.reject], case.name)
    assert unexplained == [], json.dumps([(p, o, t) for p, o, t in unexplained], default=str)[:3000]


def explained_counts() -> dict[str, int]:
    """How many case payloads each rule explains (docs/schema-support.md's table): the
    disagreements of ``test_case_payloads_agree_or_differ_by_rule``, counted by rule."""
    import collections
    import tempfile

    counts: collections.Counter[str] = collections.Counter()
    for case in read_cases():
        with tempfile.TemporaryDirectory(prefix="crosscheck-") as out:
            ours = _ours(case.spec, Path(out), "Root").Root
            try:
                theirs = getattr(_dcg(case.spec, Path(out)), "Root", None)
            except subprocess.CalledProcessError:
                continue
        if theirs is None or not hasattr(theirs, "model_validate"):
            continue
        for payload in [*case.accept, *case.reject]:
            mine, other = _validate(ours, payload), _validate(theirs, payload)
            if (mine is None) != (other is None):
                counts[classify(mine, other, case.name) or "unexplained"] += 1
    return dict(counts.most_common())


if __name__ == "__main__":  # python tests/test_crosscheck.py
    print(explained_counts())
