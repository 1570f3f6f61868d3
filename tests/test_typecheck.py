"""Generated modules are clean: ``mypy --strict`` and ``ruff check`` (default rules, for
the target Python), run over every module generated from the project's spec and the golden
specs (``local``), and once more over the real specs (``real``: OpenAI versions, Azure,
Mistral; marked ``shared``, skipped when they are absent). The real specs' modules are
formatted by ruff: no generated line carries a ``noqa`` or ``type: ignore`` (checked here), so
mypy's and ruff's verdicts do not depend on the layout; black's is checked on the local ones."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import EVENTS_MAP_SPEC, OPENAI_SPECS, ROOT, SPECS, STYLES

from generator import runtime_files
from generator.pipeline import Options, generate
from generator.write import write_all

pytestmark = pytest.mark.slow  # mypy and ruff over every generated module

LOCAL_SPECS = [ROOT / "specs" / "openai.yaml", *sorted((ROOT / "tests" / "specs").glob("*.*"))]
REAL_SPECS = [*OPENAI_SPECS, SPECS / "azure" / "inference-2024-10-21.yaml", SPECS / "mistral" / "openapi.yaml"]


@pytest.fixture(scope="module", params=["local", pytest.param("real", marks=pytest.mark.shared)])
def modules_dir(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp(f"typecheck_{request.param}")
    formatter = "black" if request.param == "local" else "ruff"
    for spec in LOCAL_SPECS if request.param == "local" else REAL_SPECS:
        module = f"{spec.parent.name}_{spec.stem}".replace("-", "_").replace(".", "_")
        outputs, _ = generate(Options(spec=spec, output=out, module=module, styles=STYLES, formatter=formatter))
        write_all(outputs)
    if request.param == "local":
        # two roots, one of them also the other's response: each parse function once
        roots = ("CreateChatCompletionStreamResponse", "CreateChatCompletionResponse")
        write_all(
            generate(Options(spec=LOCAL_SPECS[0], output=out, module="two_roots", schemas=roots, styles=STYLES))[0]
        )
        # --runtime inline: self-contained modules, in a directory of their own
        write_all(
            generate(
                Options(
                    spec=LOCAL_SPECS[0], output=out / "inline", module="openai", runtime_package=False, styles=STYLES
                )
            )[0]
        )
        # --formatter ruff: ruff's layout of the same modules
        write_all(generate(Options(spec=LOCAL_SPECS[0], output=out, module="ruff_formatted", formatter="ruff"))[0])
        # an event union with its own merge map (x-merge): the generated event fold
        events = out / "events_map.yaml"
        events.write_text(yaml.safe_dump(EVENTS_MAP_SPEC), encoding="utf-8")
        write_all(generate(Options(spec=events, output=out, module="events_map", schemas=("Events",)))[0])
    else:
        # a union root: the Responses API's events (236 models)
        schemas = ("ResponseStreamEvent",)
        write_all(
            generate(
                Options(
                    spec=OPENAI_SPECS[-1],
                    output=out,
                    module="responses_events",
                    schemas=schemas,
                    styles=STYLES,
                    formatter="ruff",
                )
            )[0]
        )
    return out


def test_generated_modules_pass_mypy_strict(modules_dir: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--python-version", "3.10", str(modules_dir)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-5000:]


def test_generated_modules_pass_ruff(modules_dir: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--target-version", "py310", str(modules_dir)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-5000:]


def test_no_generated_line_silences_a_check(modules_dir: Path) -> None:
    """No ``noqa`` or ``type: ignore`` in a generated module: a formatter that moves a line's end
    could not move one (what lets the real specs' modules be checked in ruff's layout)."""
    for path in sorted(modules_dir.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "# noqa" not in text and "# type: ignore" not in text, path.name


def test_generated_modules_import(modules_dir: Path) -> None:
    from conftest import load_module

    for path in sorted(modules_dir.glob("*.py")):
        load_module(path)


def test_generated_modules_import_only_the_standard_library_pydantic_and_their_runtime(modules_dir: Path) -> None:
    """Nothing from ``generator`` (or anything else) at run time: the standard library, the
    style's library, and, relatively, the runtime package beside the module; the runtime
    package imports only itself besides."""
    import ast

    allowed = set(sys.stdlib_module_names) | {"pydantic", "typing_extensions", "msgspec"}  # msgspec: its style
    paths = sorted(modules_dir.glob("*.py")) + sorted(modules_dir.glob(f"{runtime_files.PACKAGE}/*.py"))
    assert len(paths) > len(list(modules_dir.glob("*.py")))
    for path in paths:
        imported = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level:
                inside = path.parent.name == runtime_files.PACKAGE
                assert node.level == 1 and (inside or (node.module or "").startswith(f"{runtime_files.PACKAGE}.")), path
            elif isinstance(node, ast.ImportFrom):
                imported.add((node.module or "").split(".")[0])
        assert imported <= allowed, (path.name, imported - allowed)


def test_deprecated_reads_the_same_in_every_style(modules_dir: Path) -> None:
    """Each deprecated model and field carries the same ``Deprecated.`` docstring in every style."""
    import re

    def deprecated(path: Path) -> list[str]:
        # the name defined just before each "Deprecated." docstring, in file order
        names = re.findall(
            r"^\s*(?:class (\w+)\b.*|(\w+):[^\n]*)\n\s*\"\"\"Deprecated\.",
            path.read_text(encoding="utf-8"),
            re.MULTILINE,
        )
        return [cls or field for cls, field in names]

    stems = [
        s for s in ("specs_openai", "openai_openapi_2026_08_21_f85dbe2") if (modules_dir / f"{s}_dataclass.py").exists()
    ]
    assert stems
    for stem in stems:
        found = {style: deprecated(modules_dir / f"{stem}_{style}.py") for style in STYLES}
        assert found["dataclass"], stem
        assert all(sorted(names) == sorted(found["dataclass"]) for names in found.values()), found


@pytest.mark.parametrize("minor", [11, 13])
def test_modules_for_a_newer_python_pass_ruff_for_it(minor: int, tmp_path: Path) -> None:
    """Issue 43: modules written for Python 3.X (``--target-python``, or the project's
    ``requires-python``) are clean under ruff's default rules for that Python, in every
    style, beside the runtime package and inlined (``UP035``: what ``typing`` has by then)."""
    spec = ROOT / "specs" / "openai.yaml"
    for inline in (False, True):
        out = tmp_path / ("inline" if inline else "package")
        options = Options(
            spec=spec, output=out, styles=STYLES, target_python=(3, minor), runtime_package=not inline, formatter="ruff"
        )
        write_all(generate(options)[0])
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--target-version", f"py3{minor}", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-5000:]
