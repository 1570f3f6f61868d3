"""The test data: the fixtures kept in tests/data are what their manifests say, and
scripts/fetch_specs.py puts the pinned real specs in a cache only when their sha256 matches."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
import yaml
from conftest import CHAT_SPEC, DATA, ROOT, SHARED, fetch_specs


def test_the_recorded_responses_streams_are_the_ones_the_manifest_names() -> None:
    directory = DATA / "streams" / "responses"
    manifest = json.loads((directory / "MANIFEST.json").read_text(encoding="utf-8"))
    assert {entry["file"] for entry in manifest} == {p.name for p in directory.iterdir()} - {"MANIFEST.json"}
    for entry in manifest:
        assert hashlib.sha256((directory / entry["file"]).read_bytes()).hexdigest() == entry["sha256"], entry["file"]


@pytest.mark.parametrize("vendor", ["gemini", "ollama"])
def test_the_vendor_streams_are_the_ones_their_manifest_names(vendor: str) -> None:
    """Gemini's and Ollama's recorded streams: each named with its repository, path, commit,
    licence and sha256."""
    directory = DATA / "streams" / vendor
    manifest = json.loads((directory / "MANIFEST.json").read_text(encoding="utf-8"))
    assert {entry["file"] for entry in manifest} == {p.name for p in directory.iterdir()} - {"MANIFEST.json"}
    for entry in manifest:
        assert re.fullmatch(r"[0-9a-f]{40}", entry["commit"]) and entry["licence"] and entry["repo"]
        assert hashlib.sha256((directory / entry["file"]).read_bytes()).hexdigest() == entry["sha256"], entry["file"]


def test_every_pinned_spec_names_a_commit_a_sha256_and_its_url() -> None:
    for entry in fetch_specs.lock_entries():
        assert re.fullmatch(r"[0-9a-f]{40}", entry["commit"]) and re.fullmatch(r"[0-9a-f]{64}", entry["sha256"])
        assert (
            entry["url"]
            == f"https://raw.githubusercontent.com/{entry['repo']}/{entry['commit']}/{entry['upstream_path']}"
        )


def test_fetch_refuses_a_file_whose_sha256_differs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "source" / "specs"
    first = fetch_specs.lock_entries()[0]["path"]
    (source / first).parent.mkdir(parents=True)
    (source / first).write_text("openapi: 3.1.0\n")
    cache = tmp_path / "cache"
    assert fetch_specs.main(["--from", str(source.parent), "--cache", str(cache)]) == 1
    err = capsys.readouterr().err
    assert f"{first}: sha256 " in err and "cannot read" in err  # the changed file, and the missing ones
    assert not (cache / "specs" / first).exists()
    assert fetch_specs.main(["--check", "--cache", str(cache)]) == 1


@pytest.mark.shared
def test_fetch_from_a_local_copy_fills_the_cache_the_tests_read(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    assert fetch_specs.main(["--from", str(SHARED), "--cache", str(cache)]) == 0
    assert fetch_specs.main(["--check", "--cache", str(cache)]) == 0
    for entry in fetch_specs.lock_entries():
        assert (cache / "specs" / entry["path"]).read_bytes() == (SHARED / "specs" / entry["path"]).read_bytes()


def test_the_shared_tier_reads_only_what_fetch_specs_puts_in_the_cache() -> None:
    """The ``shared`` tests find their data in the first of ``$GEN_MODELS_SHARED``, the cache
    and ``../shared`` that holds the pinned specs; after ``fetch_specs.py`` that is the cache,
    which holds ``specs/`` only. A test that read anything else beside it (the recorded
    streams once did) would fail after the README's steps: streams are read from tests/data."""
    read = {
        (path.name, part)
        for path in sorted(DATA.parent.glob("*.py"))
        for part in re.findall(r"\bSHARED\s*/\s*\"([^\"]+)\"", path.read_text(encoding="utf-8"))
    }
    assert {part for _, part in read} <= {"specs"}, sorted(read)


def test_the_chat_spec_of_the_tests_is_the_chat_part_of_specs_openai_yaml() -> None:
    """tests/data/chat/openai.yaml, which the chat tests generate, holds the same schemas as
    specs/openai.yaml's chat part (the components before its Responses part), unchanged."""
    chat = yaml.safe_load(CHAT_SPEC.read_text(encoding="utf-8"))["components"]["schemas"]
    whole = yaml.safe_load((ROOT / "specs" / "openai.yaml").read_text(encoding="utf-8"))["components"]["schemas"]
    assert chat and all(whole.get(name) == schema for name, schema in chat.items())
    assert "ResponseStreamEvent" in whole and "ResponseStreamEvent" not in chat
