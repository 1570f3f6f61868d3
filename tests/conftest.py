"""Shared fixtures: the test data (tests/data, and the real specs found or skipped), and
generating + importing modules in a test."""

from __future__ import annotations

import importlib
import importlib.util
import itertools
import json
import os
import shutil
import sys
import tempfile
import textwrap
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from generator import runtime_files
from generator.model import Schemas
from generator.pipeline import Options, generate, read_spec
from generator.styles import RUNTIME_PARTS
from generator.write import Output

# property tests are judged by what they find, not by how fast a loaded machine draws inputs
settings.register_profile("gen-models", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("gen-models")

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"  # small real fixtures kept in the repository (see its README)
#: The chat part of specs/openai.yaml alone (the tests of chat behaviour generate it in seconds;
#: specs/openai.yaml also holds the Responses closure): test_data.py checks they agree.
CHAT_SPEC = DATA / "chat" / "openai.yaml"
RECORDED = sorted((DATA / "streams" / "recorded").iterdir())
CASES = sorted((DATA / "streams" / "cases").glob("*.json"))
RESPONSES = sorted(p for p in (DATA / "streams" / "responses").iterdir() if p.suffix in (".sse", ".jsonl"))


def _load_fetch_specs() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fetch_specs", ROOT / "scripts" / "fetch_specs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fetch_specs = _load_fetch_specs()
# The large real specs (11 MB, pinned in scripts/specs.lock.json) are not in the repository.
# They are looked for in $GEN_MODELS_SHARED, then the cache scripts/fetch_specs.py fills, then
# ../shared beside the checkout; the first directory that holds all of them under specs/ wins.
# Tests that read them are marked `shared` (or use a fixture listed in SHARED_FIXTURES): they
# skip when the specs are absent, with the command that gets them; under CI they fail. They read
# only specs/ there (what fetch_specs.py fetches; test_data.py checks): the recorded streams are
# in tests/data.
SPEC_FILES = [entry["path"] for entry in fetch_specs.lock_entries()]
SHARED_CANDIDATES = [
    *([Path(os.environ["GEN_MODELS_SHARED"])] if os.environ.get("GEN_MODELS_SHARED") else []),
    fetch_specs.cache_dir(),
    ROOT.parent / "shared",
]
FOUND = next((c for c in SHARED_CANDIDATES if all((c / "specs" / f).is_file() for f in SPEC_FILES)), None)
HAVE_SHARED = FOUND is not None
# where the specs are, or where they would be (the paths exist only when HAVE_SHARED)
SHARED = FOUND or SHARED_CANDIDATES[0]
SPECS = SHARED / "specs"
OPENAI_SPECS = [SPECS / f for f in sorted(SPEC_FILES) if f.startswith("openai/openapi-")]
NEWEST_SPEC = SPECS / "openai" / "openapi-2026-08-21-f85dbe2.yaml"
SHARED_FIXTURES = {"newest_modules", "responses_modules"}
IN_CI = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")
MISSING_SHARED = (
    "needs the real specs (scripts/specs.lock.json), not found in "
    + ", ".join(str(c) for c in SHARED_CANDIDATES)
    + ": run `python scripts/fetch_specs.py` (or `--from DIR` to copy them from a local copy of shared/)"
)
SKIP_REASON = "needs the real specs: run `python scripts/fetch_specs.py` (see the report header)"
# The user's cache directory (where fetch_specs.py and, once, gen-models wrote): the suite
# leaves it as it found it (checked at the end, pytest_sessionfinish). Every process of the
# suite gets a cache of its own instead, so nothing a test runs can write the real one.
USER_CACHE = fetch_specs.cache_dir()
_SUITE_CACHE = tempfile.mkdtemp(prefix="gen-models-suite-cache-")
os.environ["GEN_MODELS_CACHE"] = _SUITE_CACHE
os.environ["XDG_CACHE_HOME"] = _SUITE_CACHE


def _listing(folder: Path) -> list[tuple[str, int, int]]:
    """Every file under ``folder`` with its size and mtime (empty when it does not exist)."""
    return sorted(
        (p.relative_to(folder).as_posix(), p.stat().st_size, p.stat().st_mtime_ns)
        for p in (folder.rglob("*") if folder.is_dir() else ())
        if p.is_file()
    )


_USER_CACHE_BEFORE = _listing(USER_CACHE)
#: The styles generated when none is asked for (the committed generated/ holds these).
DEFAULT_STYLES = ("dataclass", "pydantic", "typeddict")
#: Every style: what the behavioural tests run on (msgspec is opt-in for users, not here).
STYLES = (*DEFAULT_STYLES, "msgspec")

_counter = itertools.count()


def load_module(path: Path, name: str | None = None) -> ModuleType:
    """Import a generated module from a file: as a module of a package made for its
    directory under a unique name (registered in ``sys.modules``, which pydantic and
    dataclasses need to resolve annotations), so that it imports the runtime package beside
    it (``from ._gen_models_runtime...``) as a user's package does; the runtime package is
    written there first when the test wrote the module alone."""
    runtime = path.parent / runtime_files.PACKAGE
    if not runtime.exists() and f"from .{runtime_files.PACKAGE}." in path.read_text(encoding="utf-8"):
        # a test that wrote the module alone: its runtime beside it
        for file, text in runtime_files.package_files(frozenset(RUNTIME_PARTS.values())).items():
            (path.parent / file).parent.mkdir(exist_ok=True)
            (path.parent / file).write_text(text, encoding="utf-8")
    package = f"genpkg_{next(_counter)}"
    holder = ModuleType(package)
    holder.__path__ = [str(path.parent)]
    sys.modules[package] = holder
    module = importlib.import_module(f"{package}.{path.stem}")
    if name is not None:
        sys.modules[name] = module
    return module


def runtime_module(module: ModuleType, name: str) -> ModuleType:
    """The runtime module ``name`` (``sse``, ``parsing_dataclass``...) a generated module
    imports from the runtime package beside it (its own copy: each ``load_module`` imports
    the package anew)."""
    return importlib.import_module(f"{module.__package__}.{runtime_files.PACKAGE}.{name}")


def write_outputs(outputs: list[Output]) -> None:
    """Write generated outputs as they are (modules and the runtime package beside them)."""
    for output in outputs:
        output.path.parent.mkdir(parents=True, exist_ok=True)
        output.path.write_text(output.content, encoding="utf-8")


def generate_modules(spec: Path, out: Path, **options: Any) -> dict[str, ModuleType]:
    """Generate ``spec`` into ``out`` and import each style's module; returns style -> module.
    Formatted by ruff unless ``formatter`` says otherwise: what a module does does not depend on its
    layout, black's is what the golden files hold, and black takes most of a run."""
    styles = tuple(options.pop("styles", STYLES))
    options.setdefault("formatter", "ruff")
    outputs, _ = generate(Options(spec=spec, output=out, styles=styles, **options))
    write_outputs(outputs)
    return {style: load_module(output.path) for style, output in zip(styles, outputs)}


def read_ir(spec: dict[str, Any], *roots: str) -> Schemas:
    """The IR of a spec given as decoded data, read with ``roots`` (``--schema``): what event
    plans are checked against."""
    options = Options(spec=Path("<spec>"), spec_bytes=json.dumps(spec, default=str).encode(), schemas=roots)
    return read_spec(options).schemas


MINI_HEAD = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\ncomponents:\n  schemas:\n"


def schemas_spec(tmp_path: Path, schemas: str, name: str = "s.yaml") -> Path:
    """A small OpenAPI 3.1 file in ``tmp_path`` whose ``components.schemas`` are ``schemas``
    (YAML, dedented)."""
    path = tmp_path / name
    path.write_text(MINI_HEAD + textwrap.indent(textwrap.dedent(schemas).strip() + "\n", "    "))
    return path


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
    path = next((DATA / "seeds").glob("000_*.txt"))
    return json.loads(path.read_text(encoding="utf-8").split("\n", 1)[1])


@pytest.fixture(scope="session")
def openai_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    """The three styles generated from the chat part of the project's own specs/openai.yaml."""
    return generate_modules(CHAT_SPEC, tmp_path_factory.mktemp("openai"))


@pytest.fixture(scope="session")
def newest_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    """The three styles generated from the newest real OpenAI spec (3 MB); a test that uses it
    is marked ``shared``."""
    return generate_modules(NEWEST_SPEC, tmp_path_factory.mktemp("newest"))


@pytest.fixture(scope="session")
def responses_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    """The three styles of ``--schema ResponseStreamEvent`` from the newest real OpenAI spec:
    the event union's models, parse function and generated accumulator."""
    return generate_modules(
        NEWEST_SPEC, tmp_path_factory.mktemp("responses"), schemas=("ResponseStreamEvent",), module="responses"
    )


@pytest.fixture(scope="session")
def cases(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The schema cases of tests/cases, each generated in a style on first use
    (``case_files.Generated``: ``cases.module("defaults", "pydantic")``)."""
    from case_files import Generated, read_cases

    return Generated(tmp_path_factory.mktemp("cases"), read_cases())


@pytest.hookimpl(tryfirst=True)  # before -m deselects: marks added here count
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if SHARED_FIXTURES & set(getattr(item, "fixturenames", ())) and not item.get_closest_marker("shared"):
            item.add_marker(pytest.mark.shared)
        if item.get_closest_marker("shared") and not HAVE_SHARED and not IN_CI:
            # a skip mark, not pytest.skip() at setup: -ra then lists each test by its own place
            item.add_marker(pytest.mark.skip(reason=SKIP_REASON))


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("shared") and not HAVE_SHARED and IN_CI:
        pytest.fail(f"CI runs every test, but this one {MISSING_SHARED}", pytrace=False)


def pytest_report_header() -> str:
    return f"real specs: {SPECS}" if HAVE_SHARED else f"real specs: absent, tests marked shared skip; {MISSING_SHARED}"


def event_schema(tag: str, properties: dict[str, Any]) -> dict[str, Any]:
    """An event object: a one-value ``type`` tag and ``properties``, all required."""
    return {
        "type": "object",
        "required": ["type", *properties],
        "properties": {"type": {"type": "string", "enum": [tag]}, **properties},
    }


_ANSWER = {"$ref": "#/components/schemas/Answer"}
#: A small event union that declares its own merge map (``x-merge`` on the union).
EVENTS_MAP_SPEC: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "events", "version": "1"},
    "paths": {},
    "components": {
        "schemas": {
            "Events": {
                "anyOf": [
                    {"$ref": "#/components/schemas/Created"},
                    {"$ref": "#/components/schemas/TextDelta"},
                    {"$ref": "#/components/schemas/Completed"},
                ],
                "discriminator": {"propertyName": "type"},
                "x-merge": {
                    "family": "small",
                    "target": "Answer",
                    "tag": "type",
                    "events": {
                        "answer.created": {"op": "init", "value": "answer"},
                        "answer.text.delta": {"op": "append", "at": "parts[{index}].text", "value": "delta"},
                        "answer.completed": {"op": "finalize", "value": "answer"},
                    },
                },
            },
            "Created": event_schema("answer.created", {"answer": _ANSWER}),
            "Completed": event_schema("answer.completed", {"answer": _ANSWER}),
            "TextDelta": event_schema("answer.text.delta", {"index": {"type": "integer"}, "delta": {"type": "string"}}),
            "Answer": {
                "type": "object",
                "required": ["id", "status", "parts"],
                "properties": {
                    "id": {"type": "string"},
                    "status": {"type": "string"},
                    "parts": {"type": "array", "items": {"$ref": "#/components/schemas/Part"}},
                },
            },
            "Part": {"type": "object", "properties": {"text": {"type": "string"}}},
        }
    },
}


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The suite never writes the user's cache directory (issue #43): a run that changed it
    fails, naming what changed. The suite's own caches go with it."""
    shutil.rmtree(_SUITE_CACHE, ignore_errors=True)
    if hasattr(session.config, "workerinput"):  # an xdist worker: the controller checks once
        return
    after = _listing(USER_CACHE)
    if after != _USER_CACHE_BEFORE:
        changed = sorted(set(after) ^ set(_USER_CACHE_BEFORE))[:5]
        print(f"\nerror: the test suite changed {USER_CACHE}: {changed}", file=sys.stderr)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
