"""Formatting: one pass of black over each whole module (in parallel, the same bytes as one
by one), and the opt-in ruff formatter, pinned by its own golden files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CHAT_SPEC, ROOT, STYLES
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from generator import format as fmt
from generator import formatters, runtime_files
from generator.cli import main
from generator.format import black_workers, format_modules, format_source
from generator.pipeline import Options, generate, render_sources

SPEC = CHAT_SPEC
OTHER_SPEC = ROOT / "tests" / "specs" / "nullable_30.yaml"
TARGET = (3, 10)


class PythonSnapshot(SingleFileSnapshotExtension):
    """Each golden is a plain .py file under tests/__snapshots__/, readable and diffable."""

    file_extension = "py"
    _write_mode = WriteMode.TEXT


def rendered(spec: Path, **kwargs: object) -> dict[str, str]:
    """The modules of ``spec`` as rendered, before formatting."""
    return render_sources(Options(spec=spec, output=ROOT / "generated", root=ROOT, **kwargs))[0]  # type: ignore[arg-type]


def test_parallel_formatting_gives_black_of_each_whole_module(monkeypatch: pytest.MonkeyPatch) -> None:
    if "fork" not in __import__("multiprocessing").get_all_start_methods():
        pytest.skip("formatting runs in one process without fork")
    sources = rendered(OTHER_SPEC, styles=STYLES)
    monkeypatch.setattr(fmt.os, "cpu_count", lambda: 2)
    expected = {name: format_source(text, TARGET, name) for name, text in sources.items()}
    assert format_modules(sources, TARGET) == expected
    assert list(format_modules(sources, TARGET)) == list(sources)  # in the order given


def test_workers_forked_before_rendering_give_the_same_bytes() -> None:
    """The command forks black's workers before it reads the spec (they import black meanwhile)."""
    if "fork" not in __import__("multiprocessing").get_all_start_methods():
        pytest.skip("formatting runs in one process without fork")
    sources = rendered(OTHER_SPEC, styles=("dataclass",))
    pool = black_workers(len(sources))
    assert pool is not None
    assert format_modules(sources, TARGET, pool=pool) == {n: format_source(t, TARGET, n) for n, t in sources.items()}


def test_the_command_leaves_black_to_its_workers(tmp_path: Path) -> None:
    """A run of the command never imports black itself: its workers, forked first, do, while it
    reads and renders the spec; what it writes is what a run in one process writes."""
    if "fork" not in __import__("multiprocessing").get_all_start_methods():
        pytest.skip("formatting runs in one process without fork")
    code = (
        "import sys; from generator.cli import main; "
        f"status = main([{str(OTHER_SPEC)!r}, '--style', 'dataclass', '-o', {str(tmp_path / 'out')!r}, '-q']); "
        "print(status, 'black' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.split() == ["0", "False"]
    outputs, _ = generate(Options(spec=OTHER_SPEC, output=tmp_path / "out", styles=("dataclass",)))
    assert all(o.is_current() for o in outputs if o.module)


def test_the_runtime_package_is_copied_not_formatted(tmp_path: Path) -> None:
    """The runtime package's files are the installed runtime's bytes after one header line."""
    outputs, _ = generate(Options(spec=OTHER_SPEC, output=tmp_path, styles=("typeddict",)))
    runtime = {o.path.name: o.text for o in outputs if o.path.parent.name == runtime_files.PACKAGE}
    assert runtime
    for name, text in runtime.items():
        source = (ROOT / "generator" / "runtime" / name).read_text(encoding="utf-8")
        assert text.split("\n", 1)[1] == source
    assert not any("pydantic" in name or "msgspec" in name for name in runtime)  # only the styles' own


@pytest.mark.parametrize("style", STYLES)
def test_ruff_formatter_golden(style: str, snapshot) -> None:  # type: ignore[no-untyped-def]
    """``--formatter ruff``: ``ruff format`` (the version the test extras pin) on the whole
    module; its bytes are pinned here, as black's are by test_golden."""
    options = Options(spec=SPEC, output=ROOT / "generated", styles=(style,), root=ROOT, formatter="ruff")
    outputs, _ = generate(options)
    assert "--formatter ruff" in outputs[0].text.splitlines()[3]  # the Regenerate line keeps it
    assert outputs[0].text == snapshot.use_extension(PythonSnapshot)


def test_ruff_formatter_without_ruff_is_bad_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ruff", None)  # import ruff fails
    monkeypatch.setattr(formatters.shutil, "which", lambda name: None)
    monkeypatch.chdir(tmp_path)
    assert main([str(SPEC), "--formatter", "ruff", "-o", str(tmp_path / "out")]) == 2
    assert "ruff is not installed" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_formatter_in_the_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pyproject.toml").write_text(
        f'[tool.gen-models]\nspec = "{SPEC.as_posix()}"\nformatter = "ruff"\nstyles = ["typeddict"]\n'
    )
    monkeypatch.chdir(tmp_path)
    assert main(["-q"]) == 0
    assert "--formatter ruff" in (tmp_path / "generated" / "openai_typeddict.py").read_text()
    (tmp_path / "pyproject.toml").write_text(f'[tool.gen-models]\nspec = "{SPEC.as_posix()}"\nformatter = "yapf"\n')
    assert main(["-q"]) == 2


def test_the_names_a_module_loads_are_what_ast_walk_finds() -> None:
    """render's stack walk finds exactly ``ast.walk``'s ``Name`` nodes in load context (the
    imports are made from them), on the committed modules and every runtime module."""
    import ast

    from generator.imports import parse_tree
    from generator.render import names_loaded

    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "generated").glob("*.py"))]
    texts += [runtime_files.inlined(name) for name in runtime_files.MODULES]
    for text in texts:
        tree = parse_tree(text)
        expected = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        assert names_loaded(text) == expected


def test_compiled_templates_are_cached_and_an_edited_template_is_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Jinja's bytecode cache under ``<cache>/jinja`` saves compiling the templates each run;
    it is checked against the template's source, so an edit is never rendered stale; where
    the cache cannot be written the run goes on without it."""
    from generator import template_env

    custom = tmp_path / "tpl"
    custom.mkdir()
    template = custom / "extra.jinja"  # a helper template of the user's: any name is allowed
    monkeypatch.setenv("GEN_MODELS_CACHE", str(tmp_path / "cache"))
    for text in ("first {{ x }}", "second {{ x }}"):
        template.write_text(text, encoding="utf-8")
        template_env.environment.cache_clear()  # a new run
        assert template_env.environment(custom).get_template("extra.jinja").render(x=1) == text.replace("{{ x }}", "1")
    assert len(list((tmp_path / "cache" / "jinja").iterdir())) >= 1
    (tmp_path / "ro").write_text("a file, not a directory", encoding="utf-8")
    monkeypatch.setenv("GEN_MODELS_CACHE", str(tmp_path / "ro"))
    template_env.environment.cache_clear()
    assert template_env.environment(custom).bytecode_cache is None
    assert template_env.environment(custom).get_template("extra.jinja").render(x=2) == "second 2"
    template_env.environment.cache_clear()
