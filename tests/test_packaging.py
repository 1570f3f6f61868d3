"""Packaging: the wheel carries the templates and the console script works from a fresh
virtual environment, outside the checkout."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest
from conftest import ROOT

from generator import runtime_files as runtime
from generator.fingerprint import unstamp


@pytest.mark.slow
def test_wheel_installs_into_a_fresh_venv_and_runs(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = dist.glob("gen_models-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for template in ("dataclass", "pydantic", "typeddict", "_merge", "_events", "_sse", "_parsers", "_module"):
        assert f"generator/templates/{template}.py.jinja" in names
    for name in runtime.MODULES:  # the runtime is read as text at generation: it must ship
        assert f"generator/runtime/{name}.py" in names
    assert "generator/runtime/__init__.py" in names  # the runtime package's own docstring
    assert "generator/maps/openai-responses.yaml" in names  # the shipped merge maps
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names), names  # MIT, as pyproject says

    env = tmp_path / "env"
    venv.create(env, with_pip=False)
    python = env / "bin" / "python"
    # the new environment sees this one's dependencies, but gen-models only from the wheel
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    Path(site, "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--quiet", str(wheel)],
        check=True,
        capture_output=True,
    )

    where = subprocess.run(
        [str(python), "-c", "import generator.render as r; print(r.__file__); print(r.templates_dir())"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    ).stdout.split()
    assert all(Path(p).is_relative_to(env) for p in where), where  # the wheel, not the checkout

    work = tmp_path / "work"
    (work / "specs").mkdir(parents=True)
    (work / "specs" / "openai.yaml").write_bytes((ROOT / "specs" / "openai.yaml").read_bytes())
    result = subprocess.run(
        [str(env / "bin" / "gen-models"), "specs/openai.yaml"], cwd=work, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    for style in ("dataclass", "pydantic", "typeddict"):
        produced = (work / "generated" / f"openai_{style}.py").read_text()
        # the same code; the fingerprint lines differ (the wheel's files are laid out otherwise)
        assert unstamp(produced)[0] == unstamp((ROOT / "generated" / f"openai_{style}.py").read_text())[0]
