"""Shared fixtures: paths to ../shared, and generating + importing modules in a test."""

from __future__ import annotations

import importlib.util
import itertools
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator.pipeline import Options, generate

ROOT = Path(__file__).resolve().parent.parent
# the real specs and recorded streams the tests read: ../shared beside the checkout, or
# wherever GEN_MODELS_SHARED points
SHARED = Path(os.environ.get("GEN_MODELS_SHARED") or ROOT.parent / "shared")
if not (SHARED / "streams" / "recorded").is_dir():
    pytest.exit(
        f"the shared test data is not at {SHARED} (real specs and recorded streams: specs/, "
        "streams/, peer/); put it beside the checkout as ../shared or set GEN_MODELS_SHARED=PATH",
        returncode=4,
    )
OPENAI_SPECS = sorted((SHARED / "specs" / "openai").glob("openapi-*.yaml"))
NEWEST_SPEC = SHARED / "specs" / "openai" / "openapi-2026-08-21-f85dbe2.yaml"
RECORDED = sorted((SHARED / "streams" / "recorded").iterdir())
CASES = sorted((SHARED / "streams" / "cases").glob("*.json"))
STYLES = ("dataclass", "pydantic", "typeddict")

_counter = itertools.count()


def load_module(path: Path, name: str | None = None) -> ModuleType:
    """Import a generated module from a file under a unique name (registered in
    ``sys.modules``, which pydantic and dataclasses need to resolve annotations)."""
    name = name or f"genmod_{next(_counter)}_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def generate_modules(spec: Path, out: Path, **options: Any) -> dict[str, ModuleType]:
    """Generate ``spec`` into ``out`` and import each style's module; returns style -> module."""
    styles = tuple(options.pop("styles", STYLES))
    outputs, _ = generate(Options(spec=spec, output=out, styles=styles, **options))
    out.mkdir(parents=True, exist_ok=True)
    modules = {}
    for style, output in zip(styles, outputs):
        output.path.write_text(output.text, encoding="utf-8")
        modules[style] = load_module(output.path)
    return modules


def recorded_chunks(path: Path) -> list[Any]:
    """The chunks of a recorded stream (``.sse`` data lines or ``.jsonl`` lines), decoded."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".sse":
        datas = [line[5:].strip() for line in text.splitlines() if line.startswith("data:")]
        datas = [d for d in datas if d != "[DONE]"]
    else:
        datas = [line for line in text.splitlines() if line.strip()]
    return [json.loads(d) for d in datas]


def spec_example_chunks(spec_data: dict[str, Any], name: str = "CreateChatCompletionStreamResponse") -> list[Any]:
    """The example chunks in a schema's ``x-oaiMeta.example`` (JSON objects, one per paragraph)."""
    example = spec_data["components"]["schemas"][name]["x-oaiMeta"]["example"]
    return [json.loads(p) for p in example.split("\n\n") if p.strip().startswith("{")]


def seed_payload() -> Any:
    """The seed 000 example chunk (JSON after its title line)."""
    path = next((SHARED / "seeds").glob("000_*.txt"))
    return json.loads(path.read_text(encoding="utf-8").split("\n", 1)[1])


@pytest.fixture(scope="session")
def openai_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    """The three styles generated from the project's own specs/openai.yaml."""
    return generate_modules(ROOT / "specs" / "openai.yaml", tmp_path_factory.mktemp("openai"))


@pytest.fixture(scope="session")
def newest_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    """The three styles generated from the newest real OpenAI spec (3 MB)."""
    return generate_modules(NEWEST_SPEC, tmp_path_factory.mktemp("newest"))


@pytest.fixture(scope="session")
def responses_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    """The three styles of ``--schema ResponseStreamEvent`` from the newest real OpenAI spec:
    the event union's models, parse function and generated accumulator."""
    return generate_modules(NEWEST_SPEC, tmp_path_factory.mktemp("responses"), schemas=("ResponseStreamEvent",), module="responses")
