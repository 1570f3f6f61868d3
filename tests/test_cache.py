"""The cache of facts derived from a text (``generator/cache.py``: ``recall``/``remember``)
and its one user so far, the names a rendered module uses (``render.names_loaded``)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator import __version__, cache, render, runtime, template_env

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
    entry.write_bytes(cache.seal("a", "x").replace(f"gen-models {__version__} ".encode(), b"gen-models 0.0.1 "))
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


# -- damaged entries: every kind, every way, never used ----------------------------------------

TAMPER_SPEC = """
openapi: 3.1.0
info: {title: tamper, version: '1'}
paths: {}
components:
  schemas:
    Chunk:
      type: object
      required: [object]
      properties:
        object: {type: string, enum: [t.chunk]}
        choices:
          type: array
          items:
            type: object
            properties:
              index: {type: integer}
              delta: {type: object, properties: {content: {type: string}, score: {type: number}}}
"""


def _tampered(entry: bytes, how: str) -> bytes:
    head, _, content = entry.partition(b"\n")
    if how == "append":
        return entry + b"\nimport os; os.system('echo owned')\n"
    if how == "truncate":
        return entry[: max(len(head) + 1, len(entry) // 2)]
    at = len(content) // 2  # edit: one byte of the content changed, the seal left as it was
    return head + b"\n" + content[:at] + bytes([content[at] ^ 1]) + content[at + 1 :]


def _forget_in_process_caches() -> None:
    """What a new process would not have: the memory caches in front of the cache directory."""
    from generator import format as formatting

    formatting._cache.clear()
    runtime.inlined.cache_clear()
    render.environment.cache_clear()  # its templates, compiled or read from the jinja cache


@pytest.mark.parametrize("how", ["append", "truncate", "edit"])
@pytest.mark.parametrize("kind", ["format", "names-1", "inlined-1", "jinja", "yaml-1", "outputs-1"])
def test_a_tampered_entry_of_any_kind_is_discarded_and_the_output_is_the_no_cache_output(
    kind: str, how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from generator.cli import main

    _forget_in_process_caches()  # another test's run may have them: this one must fill the cache
    if kind == "jinja":  # our templates come compiled with gen-models: the cache holds other templates'
        monkeypatch.setattr(template_env, "compiled_templates", dict)
    if kind == "inlined-1":  # the runtime's inlined texts ship with gen-models: as for a runtime changed since
        monkeypatch.setattr(runtime, "shipped_inlined", dict)
    (tmp_path / "s.yaml").write_text(TAMPER_SPEC)
    (tmp_path / "pyproject.toml").write_text('[tool.gen-models]\noutput = "out"\n')
    monkeypatch.chdir(tmp_path)
    module = tmp_path / "out" / "s_typeddict.py"
    assert main(["s.yaml", "-q", "--style", "typeddict", "--no-cache"]) == 0
    expected = module.read_bytes()
    module.unlink()  # each run below writes it again (no fingerprint shortcut)
    assert main(["s.yaml", "-q", "--style", "typeddict"]) == 0  # fills the cache
    module.unlink()
    if kind != "outputs-1":  # else the next runs copy the whole run and read no other kind
        shutil.rmtree(tmp_path / "cache" / "outputs-1")
    entries = [p for p in (tmp_path / "cache" / kind).rglob("*") if p.is_file() and not p.name.startswith(".")]
    assert entries
    for entry in entries:
        entry.write_bytes(_tampered(entry.read_bytes(), how))
    _forget_in_process_caches()
    capsys.readouterr()
    assert main(["s.yaml", "--style", "typeddict", "--debug"]) == 0
    assert "does not match its seal" in capsys.readouterr().err  # reported under --debug
    assert module.read_bytes() == expected
    module.unlink()  # the damaged entries were replaced by good ones: a third run uses them
    _forget_in_process_caches()
    if kind != "outputs-1":
        shutil.rmtree(tmp_path / "cache" / "outputs-1")
    assert main(["s.yaml", "-q", "--style", "typeddict"]) == 0
    assert module.read_bytes() == expected


def test_an_entry_moved_under_another_name_is_not_recalled(tmp_path: Path) -> None:
    """The seal holds the digest of the whole input, not only the 128 bits in the name."""
    cache.remember("names", "a", ["x"])
    cache.remember("names", "b", ["y"])
    directory = tmp_path / "cache" / "names"
    (directory / cache._text_key("a")).write_bytes((directory / cache._text_key("b")).read_bytes())
    assert cache.recall("names", "a") is None
    assert cache.recall("names", "b") == ["y"]
