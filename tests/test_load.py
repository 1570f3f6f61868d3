"""Load: YAML 1.2 scalars (YAML 1.1 traps stay strings), JSON, errors with positions,
safety (tags, recursive aliases, alias bombs), merge keys and redefined anchors."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from conftest import OPENAI_SPECS

from generator.errors import SpecError
from generator.load import load_document, parse_document, scalar_text


def load(text: str, name: str = "spec.yaml") -> object:
    return parse_document(text.encode(), Path(name)).data


def test_yaml_1_1_traps_stay_strings() -> None:
    data = load("a: on\nb: no\nc: yes\nd: 2024-10-01\ne: 1_000\nf: 0b101\ng: 12:30\nh: ~\ni: true\nj: 0x1F\n")
    assert data == {
        "a": "on",
        "b": "no",
        "c": "yes",
        "d": "2024-10-01",
        "e": "1_000",
        "f": "0b101",
        "g": "12:30",
        "h": None,
        "i": True,
        "j": 31,
    }


def test_numbers_keep_the_text_they_were_written_as() -> None:
    data = load("a: 1.10\nb: 1e3\nc: 10\nd: 0x1F\ne: .5\n")
    assert data["a"] == 1.1 and scalar_text(data["a"]) == "1.10"
    assert scalar_text(data["b"]) == "1e3"
    assert scalar_text(data["c"]) == "10"
    assert scalar_text(data["d"]) == "0x1F"
    assert scalar_text(data["e"]) == ".5"


def test_quoted_and_block_scalars_are_strings_and_keys_are_text() -> None:
    data = load("'on': \"no\"\n200: |\n  text\n3.0: x\n")
    assert data == {"on": "no", "200": "text\n", "3.0": "x"}


def test_merge_keys_and_redefined_anchors() -> None:
    data = load("base: &b {x: 1, y: 2}\nc: {<<: *b, y: 3}\nd: &b {x: 9}\ne: *b\n")
    assert data["c"] == {"x": 1, "y": 3}
    assert data["e"] == {"x": 9}


@pytest.mark.shared
def test_every_real_spec_loads_like_yaml_safe_load_except_the_traps() -> None:
    spec = OPENAI_SPECS[-1]
    ours = load_document(spec).data
    theirs = yaml.load(spec.read_bytes(), Loader=yaml.CSafeLoader)
    assert ours["components"]["schemas"].keys() == theirs["components"]["schemas"].keys()
    assert (
        ours["components"]["schemas"]["CreateChatCompletionStreamResponse"]
        == theirs["components"]["schemas"]["CreateChatCompletionStreamResponse"]
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: [1, 2\n", "invalid YAML"),
        ("a: !!python/object:os.system x\n", "YAML tag 'tag:yaml.org,2002:python/object:os.system' is not supported"),
        ("a: &x [*x]\n", "refers to its own ancestor"),
        ("a: *nothing\n", "no anchor"),
        ("--- {a: 1}\n--- {b: 2}\n", "more than one YAML document"),
        ("? [a, b]\n: c\n", "mapping key must be a scalar"),
    ],
)
def test_bad_yaml_is_a_spec_error_with_a_position(text: str, message: str) -> None:
    with pytest.raises(SpecError) as info:
        load(text)
    assert message in str(info.value)
    assert info.value.line is not None


def test_alias_bomb_is_refused_before_it_is_walked() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    with pytest.raises(SpecError) as info:
        load("\n".join(lines) + "\n")
    assert "alias bomb" in str(info.value)


def test_json_errors_have_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "spec.json"
    path.write_text('{\n  "openapi": "3.1.0",\n  "info": {,}\n}\n')
    with pytest.raises(SpecError) as info:
        load_document(path)
    assert (info.value.line, info.value.column) == (3, 12)
    assert str(info.value).startswith(str(path)) or "spec.json:3:12" in str(info.value)


def test_missing_file_directory_and_not_utf8(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="file not found"):
        load_document(tmp_path / "missing.yaml")
    with pytest.raises(SpecError, match="is a directory"):
        load_document(tmp_path)
    bad = tmp_path / "latin1.yaml"
    bad.write_bytes(b"a: caf\xe9\n")
    with pytest.raises(SpecError, match="not UTF-8"):
        load_document(bad)


def test_locate_finds_the_line_of_a_pointer(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("components:\n  schemas:\n    A/B:\n      type: strng\n")
    doc = load_document(path)
    assert doc.locate("/components/schemas/A~1B/type") == (4, 13)
    assert doc.locate("/components/schemas/Nope") == (3, 5)


def test_yaml_nested_deeper_than_libyaml_reads_is_read(tmp_path: Path) -> None:
    """A spec nested 900 levels deep (libyaml reads ~1,000, the builder any) is read."""
    spec = tmp_path / "deep.yaml"
    spec.write_text("a: " + "[" * 900 + "]" * 900 + "\n")
    data = load_document(spec).data
    for _ in range(900):
        data = data["a"] if isinstance(data, dict) else data[0] if data else data
    assert data == []


@pytest.mark.parametrize(
    ("info", "expected"),
    [
        ("{title: t, version: 1.10}", "1.10"),
        ("{title: t, version: '2.3.0'}", "2.3.0"),
        ("{title: t, version: 0x10}", "0x10"),
        ("{title: t}", ""),
    ],
)
def test_the_version_is_shown_as_written(tmp_path: Path, info: str, expected: str) -> None:
    """``info.version`` is a string by the OpenAPI spec; written unquoted, YAML reads ``1.10``
    as the float 1.1: the header shows the text as written."""
    spec = tmp_path / "s.yaml"
    spec.write_text(f"openapi: 3.1.0\ninfo: {info}\npaths: {{}}\n")
    assert load_document(spec).title_and_version == ("t", expected)
