"""Write <name>.expected.json for each recorded Cohere v2 chat stream here, by the documented semantics.

Not run by the tests. Cohere's SDK has no accumulator, so the final `ChatResponseV2`
(`id`, `finish_reason`, `message`, `usage`) is built from what Cohere documents of the events:
https://docs.cohere.com/v2/docs/streaming (basic events), https://docs.cohere.com/docs/tool-use-streaming
(tool-plan-delta, tool-call-*), https://docs.cohere.com/docs/rag-streaming (citation-start/end).
Re-run with any Python 3.11 (standard library only):

    python3 tests/data/streams/cohere/expected.py

The fold, one rule per event type:
- message-start: `id` from the event; `message` starts as the event's `delta.message`, as sent
  (role, and the empty content / tool_plan / tool_calls / citations the wire starts with);
- content-start (index i): `message.content[i]` = the event's `delta.message.content`;
- content-delta (index i): each string field of `delta.message.content` (`text`, or `thinking`)
  is appended to the same field of `message.content[i]`; fragments gathered and joined once;
- content-end, tool-call-end, citation-end: nothing to fold;
- tool-plan-delta: `delta.message.tool_plan` fragments joined into `message.tool_plan`;
- tool-call-start (index i): `message.tool_calls[i]` = the event's `delta.message.tool_calls`;
- tool-call-delta (index i): `delta.message.tool_calls.function.arguments` fragments joined
  onto `message.tool_calls[i].function.arguments` (kept a string, as ChatResponseV2 has it);
- citation-start: `delta.message.citations` (one citation object) pushed onto `message.citations`;
- message-end: `finish_reason` and `usage` from the event's `delta`;
- `data: [DONE]` (sent after message-end on the wire) is not an event and is skipped.
Output: keys in the order id, finish_reason, message, usage; indent 1; trailing newline.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def payloads(path: Path) -> list[dict[str, Any]]:
    """The data JSON of every event in a recorded stream, in order."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".sse":
        lines = [ln[len("data:") :] for ln in text.split("\n") if ln.startswith("data:")]
    else:
        lines = [ln for ln in text.split("\n") if ln.strip()]
    return [json.loads(ln) for ln in lines if ln.strip() != "[DONE]"]


def fold(events: list[dict[str, Any]]) -> dict[str, Any]:
    """Fold the events into the final ChatResponseV2, by the documented semantics."""
    response: dict[str, Any] = {}
    message: dict[str, Any] = {}
    texts: dict[tuple[int, str], list[str]] = {}  # (content index, field) -> fragments
    plan: list[str] = []
    args: dict[int, list[str]] = {}  # tool-call index -> argument fragments
    for event in events:
        kind = event["type"]
        delta = event.get("delta") or {}
        dmsg = delta.get("message") or {}
        if kind == "message-start":
            response["id"] = event.get("id")
            message = json.loads(json.dumps(dmsg))
            plan = [message["tool_plan"]] if message.get("tool_plan") else []
        elif kind == "content-start":
            content = message.setdefault("content", [])
            while len(content) <= event["index"]:
                content.append(None)
            content[event["index"]] = dict(dmsg["content"])
            for field, value in dmsg["content"].items():
                if field != "type" and isinstance(value, str):
                    texts[(event["index"], field)] = [value]
        elif kind == "content-delta":
            for field, value in dmsg["content"].items():
                texts.setdefault((event["index"], field), []).append(value)
        elif kind == "tool-plan-delta":
            plan.append(dmsg["tool_plan"])
        elif kind == "tool-call-start":
            calls = message.setdefault("tool_calls", [])
            while len(calls) <= event["index"]:
                calls.append(None)
            call = json.loads(json.dumps(dmsg["tool_calls"]))
            calls[event["index"]] = call
            args[event["index"]] = [call.get("function", {}).get("arguments") or ""]
        elif kind == "tool-call-delta":
            args[event["index"]].append(dmsg["tool_calls"]["function"]["arguments"])
        elif kind == "citation-start":
            message.setdefault("citations", []).append(dmsg["citations"])
        elif kind == "message-end":
            response["finish_reason"] = delta.get("finish_reason")
            if "usage" in delta:
                response["usage"] = delta["usage"]
        elif kind in ("content-end", "tool-call-end", "citation-end"):
            pass
        else:
            raise ValueError(f"unknown event type {kind!r}")
    for (index, field), parts in texts.items():
        message["content"][index][field] = "".join(parts)
    if "tool_plan" in message or plan:
        message["tool_plan"] = "".join(plan)
    for index, parts in args.items():
        message["tool_calls"][index].setdefault("function", {})["arguments"] = "".join(parts)
    out = {"id": response.get("id"), "finish_reason": response.get("finish_reason"), "message": message}
    if "usage" in response:
        out["usage"] = response["usage"]
    return out


def main() -> int:
    """Write every expected file; print a line per stream."""
    manifest = json.loads((HERE / "MANIFEST.json").read_text(encoding="utf-8"))
    for entry in manifest:
        path = HERE / entry["file"]
        result = fold(payloads(path))
        out = HERE / (path.stem + ".expected.json")
        out.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{out.name}: {result['finish_reason']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
