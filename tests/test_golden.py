"""Golden files: generated code is compared byte for byte (black is pinned, so the bytes
are stable). Update after an intended change with ``pytest --snapshot-update`` and review
the diff like any other change."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import DEFAULT_STYLES, ROOT, STYLES, write_outputs
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from generator.format import format_source
from generator.pipeline import Options, generate

GOLDEN_SPECS = sorted((ROOT / "tests" / "specs").glob("*.*"))


class PythonSnapshot(SingleFileSnapshotExtension):
    """Each golden is a plain .py file under tests/__snapshots__/, readable and diffable."""

    file_extension = "py"
    _write_mode = WriteMode.TEXT


@pytest.fixture
def golden(snapshot):  # type: ignore[no-untyped-def]
    return snapshot.use_extension(PythonSnapshot)


def test_generated_dir_is_what_specs_openai_yaml_gives() -> None:
    """`generated/` is committed output of `gen-models specs/openai.yaml`, byte for byte."""
    outputs, _ = generate(Options(spec=ROOT / "specs" / "openai.yaml", output=ROOT / "generated", root=ROOT))
    assert [o.path.name for o in outputs if o.module] == [f"openai_{s}.py" for s in DEFAULT_STYLES]
    for output in outputs:
        assert output.is_current(), f"{output.path} is stale: run `gen-models specs/openai.yaml` and commit it"


@pytest.mark.parametrize("spec", GOLDEN_SPECS, ids=lambda p: p.name)
@pytest.mark.parametrize("style", STYLES)
def test_golden_spec(spec: Path, style: str, golden) -> None:  # type: ignore[no-untyped-def]
    # output in the project (nothing is written): the header's command holds no temporary path
    outputs, _ = generate(Options(spec=spec, output=ROOT / "generated", styles=(style,), root=ROOT))
    assert outputs[0].text == golden


RECURSIVE_SPEC = """
openapi: 3.1.0
info: {title: t, version: '1'}
paths: {}
components:
  schemas:
    Json:
      anyOf: [{type: string}, {type: array, items: {$ref: '#/components/schemas/Json'}}, {type: object, additionalProperties: {$ref: '#/components/schemas/Json'}}]
    Chunk:
      type: object
      properties:
        object: {type: string, enum: [t.chunk]}
        payload: {$ref: '#/components/schemas/Json'}
"""


def test_target_312_modules_are_black_stable_and_ruff_clean(tmp_path: Path) -> None:
    """``--target-python 3.12`` emits PEP 695 ``type`` aliases and generic functions; black
    and ruff (py312 rules) must accept them as they are. (mypy and import need a 3.12
    interpreter, so CI on 3.11 cannot run them here.)"""
    import subprocess
    import sys

    recursive = tmp_path / "recursive.yaml"
    recursive.write_text(RECURSIVE_SPEC)
    texts = []
    for spec in (ROOT / "specs" / "openai.yaml", recursive):
        outputs, _ = generate(Options(spec=spec, output=tmp_path / "out", root=ROOT, target_python=(3, 12)))
        write_outputs(outputs)
        for output in outputs:
            if output.module:
                assert format_source(output.text, (3, 12), output.path.name) == output.text
                texts.append(output.text)
    assert any("\ntype Json = " in text for text in texts)
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--target-version", "py312", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-5000:]
