"""Write <name>.expected.json for each recorded Anthropic stream here, with the vendor SDK's fold.

Not run by the tests (it needs the `anthropic` package, which the project does not depend on).
To re-run it, outside the repository's own environment:

    python3.11 -m venv /tmp/anthropic-venv && /tmp/anthropic-venv/bin/pip install anthropic==2.15.0
    /tmp/anthropic-venv/bin/python tests/data/streams/anthropic/expected.py

What it does, for every *.sse / *.jsonl file listed in MANIFEST.json:
- reads each event's data JSON (SSE `data:` lines, or one JSON object per line for .jsonl);
- folds them in order with anthropic-sdk-python's own accumulator,
  `anthropic.lib.streaming._beta_messages.accumulate_event` (the beta one: it is the superset,
  it knows mcp_tool_use / bash_code_execution / web_fetch blocks, and the pydantic-ai
  recordings were made against the beta endpoint); it is given no `anthropic-beta` request
  header, so partial tool JSON is parsed with jiter's `partial_mode=True`;
- writes `snapshot.model_dump(mode="json", exclude_unset=True, by_alias=True)`, i.e. the fields the
  wire sent plus those the accumulator assigned (keys spelled as on the wire), indented 1, keys in
  the order the SDK emits them, with a trailing newline;
- also folds with the GA accumulator (`anthropic.lib.streaming._messages.accumulate_event`) and
  prints whether its dump is the same; MANIFEST.json records that as `ga_accumulator_agrees`.
"""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path
from typing import Any

import anthropic
import httpx2
from anthropic.lib.streaming._beta_messages import accumulate_event as beta_accumulate
from anthropic.lib.streaming._messages import accumulate_event as ga_accumulate

HERE = Path(__file__).resolve().parent


def payloads(path: Path) -> list[dict[str, Any]]:
    """The data JSON of every event in a recorded stream, in order."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".sse":
        lines = [ln[len("data:") :] for ln in text.split("\n") if ln.startswith("data:")]
    else:
        lines = [ln for ln in text.split("\n") if ln.strip()]
    return [json.loads(ln) for ln in lines]


def fold(events: list[dict[str, Any]], beta: bool) -> dict[str, Any]:
    """Fold events with the SDK's accumulator and dump the final message."""
    snapshot: Any = None
    bufs: dict[int, bytes] = {}
    for event in events:
        if event["type"] == "ping":
            continue  # the SDK's SSE loop (anthropic/_streaming.py) drops `ping` before folding
        if beta:
            snapshot = beta_accumulate(
                event=event,  # type: ignore[arg-type]  # constructed by the SDK itself
                current_snapshot=snapshot,
                json_bufs=bufs,
                request_headers=httpx2.Headers(),
            )
        else:
            snapshot = ga_accumulate(
                event=event,  # type: ignore[arg-type]
                current_snapshot=snapshot,
                json_bufs=bufs,
            )
    return snapshot.model_dump(mode="json", exclude_unset=True, by_alias=True)  # type: ignore[no-any-return]


def main() -> int:
    """Write every expected file; print a line per stream."""
    manifest = json.loads((HERE / "MANIFEST.json").read_text(encoding="utf-8"))
    for entry in manifest:
        path = HERE / entry["file"]
        events = payloads(path)
        beta = fold(events, beta=True)
        with warnings.catch_warnings():
            # the GA types do not know beta blocks (mcp_tool_use...): pydantic warns on dumping them
            warnings.simplefilter("ignore")
            ga = fold(events, beta=False)
        out = HERE / (path.stem + ".expected.json")
        out.write_text(json.dumps(beta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{out.name}: anthropic {anthropic.__version__}, ga_accumulator_agrees={beta == ga}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
