"""Generated event folds (render_events + templates/_events.py.jinja): a module holding only the
events part (with a stand-in ``Response`` and parse function until render.py includes it) passes
mypy --strict and ruff, and its handlers fold exactly as the plan does on the recorded streams."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import ModuleType

import black
import pytest
import yaml
from conftest import NEWEST_SPEC, SHARED, load_module, recorded_chunks

from generator.event_plan import EventPlan, new_fold, plan_events
from generator.format import black_mode
from generator.render import environment
from generator.render_events import events_view, inline_runtime

pytestmark = pytest.mark.shared

_HEAD = '''"""The events part of a generated module, alone (test)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

Response = dict[str, Any]


def parse_response(data: Any) -> Response:
    result: Response = data
    return result
'''


@pytest.fixture(scope="module")
def plan() -> EventPlan:
    spec = yaml.load(NEWEST_SPEC.read_bytes(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return plan_events(spec, "ResponseStreamEvent")


@pytest.fixture(scope="module")
def module_path(plan: EventPlan, tmp_path_factory: pytest.TempPathFactory) -> Path:
    view = events_view([plan], parse_functions={"Response": "parse_response"})
    source = _HEAD + environment().get_template("_events.py.jinja").render(events=view)
    formatted = black.format_str(source, mode=black_mode((3, 10)))
    path = tmp_path_factory.mktemp("events") / "events_only.py"
    path.write_text(formatted, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def module(module_path: Path) -> ModuleType:
    return load_module(module_path)


def test_inlined_runtime_has_no_imports_nor_docstring() -> None:
    text = inline_runtime("events")
    assert "import " not in text.split("class _Slots")[0] and not text.startswith('"""')
    assert "class _EventFold" in text and "Anomaly(" in text


def test_one_handler_per_event_type_and_a_table(module: ModuleType, plan: EventPlan) -> None:
    table = module._RESPONSE_STREAM_EVENT_HANDLERS
    assert list(table) == [r.tag for r in plan.rules]
    assert table["response.output_text.delta"].__name__ == "_on_response_output_text_delta"


def test_generated_events_module_passes_mypy_strict_and_ruff(module_path: Path) -> None:
    mypy = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(module_path)], capture_output=True, text=True, check=False
    )
    assert mypy.returncode == 0, mypy.stdout[-3000:]
    ruff = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", str(module_path)], capture_output=True, text=True, check=False)
    assert ruff.returncode == 0, ruff.stdout[-3000:]


@pytest.mark.parametrize("path", sorted((SHARED / "streams" / "responses").glob("[0-9]*")), ids=lambda p: p.name[:12])
def test_generated_accumulator_folds_as_the_plan_does(module: ModuleType, plan: EventPlan, path: Path) -> None:
    events = recorded_chunks(path)
    acc = module.ResponseStreamEventAccumulator()
    reference = new_fold(plan)
    for event in events:
        acc.add(event)
        reference.add(event)
    assert acc.snapshot_dict() == reference.snapshot()
    assert acc.snapshot() == reference.snapshot()
    assert [(a.chunk, a.path, a.kind) for a in acc.anomalies] == [(a.chunk, a.path, a.kind) for a in reference.anomalies]
    assert acc.unknown_events == reference.unknown_events and acc.error == reference.error
    assert acc.finished == reference.terminal


def test_generated_accumulator_strict_and_side_channels(module: ModuleType) -> None:
    acc = module.ResponseStreamEventAccumulator()
    acc.add({"type": "response.audio.delta", "delta": "AA", "sequence_number": 1})
    acc.add('{"type": "response.audio.delta", "delta": "BB", "sequence_number": 2}')
    assert acc.channels == {"audio": ["AA", "BB"]}
    strict = module.ResponseStreamEventAccumulator(strict=True)
    with pytest.raises(module.StreamMergeError) as info:
        strict.add({"type": "response.brand_new", "sequence_number": 1})
    assert info.value.anomaly.kind == "unknown_event"


def test_generated_handlers_read_like_hand_written_code(module_path: Path) -> None:
    text = module_path.read_text(encoding="utf-8")
    handler = text.split("def _on_response_output_text_delta(")[1].split("\ndef ")[0]
    assert "f.append(" in handler and 'e.get("delta")' in handler and "f.extend(" in handler
    assert "for " not in handler  # no walk over the plan on the hot path
