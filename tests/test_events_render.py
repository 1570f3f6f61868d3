"""Generated event folds (``render_events`` + ``templates/_events.py.jinja``) in real modules:
``--schema ResponseStreamEvent`` from the newest OpenAI spec, in all three styles. The generated
handlers fold exactly as the plan does on the recorded streams, the typed snapshot is built
even where the servers stray from the spec, and the code reads as if written by hand."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from conftest import NEWEST_SPEC, RESPONSES, STYLES, read_ir, recorded_chunks
from event_fold import new_fold

from generator.event_plan import plan_events
from generator.event_vocabulary import EventPlan

pytestmark = pytest.mark.shared


@pytest.fixture(scope="module")
def plan() -> EventPlan:
    spec = yaml.load(NEWEST_SPEC.read_bytes(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return plan_events(read_ir(spec, "ResponseStreamEvent"), "ResponseStreamEvent")


def _drop_encrypted(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _drop_encrypted(v) for k, v in value.items() if k != "encrypted_content"}
    if isinstance(value, list):
        return [_drop_encrypted(v) for v in value]
    return value


def test_one_handler_per_event_type_and_a_table(responses_modules: dict[str, ModuleType], plan: EventPlan) -> None:
    module = responses_modules["typeddict"]
    table = module._RESPONSE_STREAM_EVENT_HANDLERS
    assert list(table) == [r.tag for r in plan.rules]
    assert table["response.output_text.delta"].__name__ == "_on_response_output_text_delta"


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("path", RESPONSES, ids=lambda p: p.name[:12])
def test_generated_accumulator_folds_as_the_plan_does(
    responses_modules: dict[str, ModuleType], plan: EventPlan, path: Path, style: str
) -> None:
    module = responses_modules[style]
    acc = module.ResponseStreamEventAccumulator()
    reference = new_fold(plan)
    for event in recorded_chunks(path):
        acc.add(event)
        reference.add(event)
    assert acc.snapshot_dict() == reference.snapshot()
    assert [(a.chunk, a.path, a.kind) for a in acc.anomalies] == [
        (a.chunk, a.path, a.kind) for a in reference.anomalies
    ]
    assert acc.unknown_events == reference.unknown_events and acc.error == reference.error
    assert acc.finished == reference.terminal
    typed = acc.snapshot()  # built even where the recorded server strays from the newest spec
    data = (
        typed
        if style == "typeddict"
        else typed.model_dump(by_alias=True, exclude_unset=True) if style == "pydantic" else typed.to_dict()
    )
    assert data["id"] == reference.snapshot()["id"]
    assert len(data.get("output") or []) == len(reference.snapshot().get("output") or [])
    assert {a.kind for a in acc.anomalies} - {a.kind for a in reference.anomalies} <= {"schema_drift"}


@pytest.mark.parametrize("style", STYLES)
def test_the_typed_snapshot_of_a_stray_stream_raises_under_strict(
    responses_modules: dict[str, ModuleType], style: str
) -> None:
    module = responses_modules[style]
    events = [e for e in recorded_chunks(RESPONSES[5]) if e.get("type") != "response.completed"]
    acc = module.ResponseStreamEventAccumulator()
    for event in events:
        acc.add(event)
    acc.snapshot()  # lenient: built, reported
    strict = module.ResponseStreamEventAccumulator(strict=True)
    for event in events:
        strict.add(event)
    error = {"pydantic": __import__("pydantic").ValidationError, "msgspec": __import__("msgspec").ValidationError}.get(
        style
    ) or module.ParseError
    if any(a.kind == "schema_drift" for a in acc.anomalies):
        with pytest.raises(error):
            strict.snapshot()


@pytest.mark.parametrize("style", STYLES)
def test_generated_accumulator_strict_and_side_channels(responses_modules: dict[str, ModuleType], style: str) -> None:
    module = responses_modules[style]
    acc = module.ResponseStreamEventAccumulator()
    acc.add({"type": "response.audio.delta", "delta": "AA", "sequence_number": 1})
    acc.add('{"type": "response.audio.delta", "delta": "BB", "sequence_number": 2}')
    assert acc.channels == {"audio": ["AA", "BB"]}
    strict = module.ResponseStreamEventAccumulator(strict=True)
    with pytest.raises(module.StreamMergeError) as info:
        strict.add({"type": "response.brand_new", "sequence_number": 1})
    assert info.value.anomaly.kind == "unknown_event"


def test_generated_handlers_read_like_hand_written_code(responses_modules: dict[str, ModuleType]) -> None:
    handler = inspect.getsource(responses_modules["dataclass"]._on_response_output_text_delta)
    calls = re.sub(r"\(\s+", "(", re.sub(r"\s+\)", ")", handler))  # as read, wherever black wraps a call
    assert '.append(f, e, e.get("delta"), content)' in calls and '.extend(f, e, e.get("logprobs"), content)' in calls
    assert handler.count(".parent(f, e)") == 1  # the content part is found once for both actions
    assert "for " not in handler  # no walk over the plan on the hot path
    body = handler.split('"""')[-1]
    assert "[{" not in body  # a slot's path is named once, in its _Slot constant
    assert 'ident="item_id"' in inspect.getsource(responses_modules["dataclass"])
