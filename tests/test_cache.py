"""The cache of facts derived from a text (``generator/cache.py``: ``recall``/``remember``)
and its one user so far, the names a rendered module uses (``render.names_loaded``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator import cache, render

SOURCE = "from __future__ import annotations\n\n\ndef f(x: Any) -> None:\n    y = json.dumps(x)\n    print(y.json)\n"


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GEN_MODELS_CACHE", str(tmp_path / "cache"))


def test_remembered_lines_are_recalled_by_their_text_only() -> None:
    assert cache.recall("names", "a") is None
    cache.remember("names", "a", ["x", "y"])
    assert cache.recall("names", "a") == ["x", "y"]
    assert cache.recall("names", "b") is None
    assert cache.recall("other", "a") is None


def test_an_entry_of_another_version_or_damaged_is_not_recalled(tmp_path: Path) -> None:
    cache.remember("names", "a", ["x", "y"])
    (entry,) = (tmp_path / "cache" / "names").iterdir()
    entry.write_text(entry.read_text(encoding="utf-8").rsplit("\n", 1)[0], encoding="utf-8")  # a line lost
    assert cache.recall("names", "a") is None
    entry.write_text("gen-models 0.0.1 1\nx", encoding="utf-8")
    assert cache.recall("names", "a") is None
    entry.write_bytes(b"\xff\xfe")
    assert cache.recall("names", "a") is None


def test_beyond_its_limit_a_kind_keeps_its_newer_half(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "DERIVED_ENTRIES", 4)
    for i in range(4):
        cache.remember("names", f"t{i}", [str(i)])
        entry = tmp_path / "cache" / "names" / cache._text_key(f"t{i}")
        os.utime(entry, (1000 + i, 1000 + i))  # written in this order
    cache.remember("names", "t4", ["4"])  # the fifth: the two oldest go
    kept = [i for i in range(5) if cache.recall("names", f"t{i}") is not None]
    assert kept == [2, 3, 4]


def test_an_unwritable_cache_is_no_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file").write_text("in the way")
    monkeypatch.setenv("GEN_MODELS_CACHE", str(tmp_path / "file"))
    cache.remember("names", "a", ["x"])
    assert cache.recall("names", "a") is None


def test_names_loaded_are_the_loads_and_a_second_run_reads_them_without_parsing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = render.names_loaded(SOURCE)
    assert first == {"Any", "json", "print", "x", "y"}  # loads only: not f, not the attribute .json

    def no_parse(source: str) -> None:
        raise AssertionError("parsed again")

    monkeypatch.setattr(render, "parse_tree", no_parse)
    assert render.names_loaded(SOURCE) == first
    with pytest.raises(AssertionError, match="parsed again"):
        render.names_loaded(SOURCE, use_cache=False)  # --no-cache: neither read nor written


def test_names_are_recalled_for_the_same_module_under_another_header(monkeypatch: pytest.MonkeyPatch) -> None:
    """The header's comment lines name the output path (``-o``): another directory, the
    same module, the names recalled without parsing."""
    first = render.names_loaded("# Regenerate with: gen-models s.yaml -o a\n" + SOURCE)
    monkeypatch.setattr(render, "parse_tree", None)  # any parse would fail
    assert render.names_loaded("# Regenerate with: gen-models s.yaml -o b\n" + SOURCE) == first
