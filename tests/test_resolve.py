"""Resolve: JSON pointers (``~0``, ``~1``, percent escapes), relative files, recursion,
and refusals (missing targets with suggestions, remote URLs, files outside the tree)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from generator.errors import SpecError
from generator.pipeline import Options, read_spec


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text) if text.startswith("\n") else text, encoding="utf-8")
    return path


def chunk_spec(tmp_path: Path, prop: str, extra: str = "") -> Path:
    """A spec whose stream chunk has one field ``value: <prop>``, plus ``extra`` schemas."""
    head = textwrap.dedent(f"""\
        openapi: 3.1.0
        info: {{title: t, version: "1"}}
        components:
          schemas:
            Chunk:
              type: object
              properties:
                object: {{type: string, enum: [x.chunk]}}
                value: {prop}
        """)
    return write(tmp_path / "spec.yaml", head + textwrap.indent(textwrap.dedent(extra).strip() + "\n", "    "))


def field_type(spec: Path, name: str = "value") -> object:
    schemas = read_spec(Options(spec=spec)).schemas
    return next(f for f in schemas.models["Chunk"].fields if f.wire_name == name)


def test_pointer_escapes(tmp_path: Path) -> None:
    spec = chunk_spec(
        tmp_path,
        "{$ref: '#/components/schemas/a~1b~0c%20d'}",
        """
        a/b~c d:
          type: object
          properties: {x: {type: integer}}
        """,
    )
    reading = read_spec(Options(spec=spec))
    assert "ABCD" in reading.schemas.models


def test_relative_file_refs_and_recursion(tmp_path: Path) -> None:
    write(
        tmp_path / "parts" / "node.yaml",
        """
        Node:
          type: object
          properties:
            name: {type: string}
            children: {type: array, items: {$ref: '#/Node'}}
            other: {$ref: 'other.yaml#/Other'}
        """,
    )
    write(tmp_path / "parts" / "other.yaml", "Other: {type: object, properties: {back: {$ref: 'node.yaml#/Node'}}}\n")
    spec = chunk_spec(tmp_path, "{$ref: 'parts/node.yaml#/Node'}")
    models = read_spec(Options(spec=spec)).schemas.models
    node = models["Node"]
    children = next(f for f in node.fields if f.wire_name == "children")
    assert children.type.item.name == node.name  # recursive, by name


def test_dangling_ref_names_the_place_and_suggests(tmp_path: Path) -> None:
    spec = chunk_spec(
        tmp_path, "{$ref: '#/components/schemas/Usag'}", "Usage: {type: object, properties: {n: {type: integer}}}"
    )
    with pytest.raises(SpecError) as info:
        read_spec(Options(spec=spec))
    err = info.value
    assert err.pointer == "/components/schemas/Chunk/properties/value/$ref"
    assert err.line is not None
    assert "did you mean 'Usage'" in err.message


def test_missing_file_and_missing_pointer_in_a_file(tmp_path: Path) -> None:
    spec = chunk_spec(tmp_path, "{$ref: 'nope.yaml#/X'}")
    with pytest.raises(SpecError, match="nope.yaml.*not found"):
        read_spec(Options(spec=spec))
    write(tmp_path / "defs.yaml", "Thing: {type: string}\n")
    spec = chunk_spec(tmp_path, "{$ref: 'defs.yaml#/Thin'}")
    with pytest.raises(SpecError, match=r"in defs.yaml.*did you mean 'Thing'"):
        read_spec(Options(spec=spec))


def test_remote_and_outside_refs_are_refused_by_default(tmp_path: Path) -> None:
    spec = chunk_spec(tmp_path / "inner", "{$ref: 'https://example.com/schemas.yaml#/X'}")
    with pytest.raises(SpecError, match="remote; refusing to fetch it.*--allow-remote-refs"):
        read_spec(Options(spec=spec))
    write(tmp_path / "outside.yaml", "X: {type: string}\n")
    spec = chunk_spec(tmp_path / "inner", "{$ref: '../outside.yaml#/X'}")
    with pytest.raises(SpecError, match="points outside the spec's directory tree.*--allow-outside-refs"):
        read_spec(Options(spec=spec))
    assert read_spec(Options(spec=spec, allow_outside_refs=True)).schemas.models


def test_a_schema_that_is_only_a_ref_to_itself_is_an_error(tmp_path: Path) -> None:
    spec = chunk_spec(tmp_path, "{$ref: '#/components/schemas/Loop'}", "Loop: {$ref: '#/components/schemas/Loop'}")
    with pytest.raises(SpecError, match="refers to itself"):
        read_spec(Options(spec=spec))
    spec = chunk_spec(
        tmp_path,
        "{$ref: '#/components/schemas/Self'}",
        "Self: {allOf: [{$ref: '#/components/schemas/Self'}, {type: object, properties: {a: {type: string}}}]}",
    )
    with pytest.raises(SpecError, match="allOf cycle"):
        read_spec(Options(spec=spec))
