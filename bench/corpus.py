"""Corpus: synthetic ``chat.completion.chunk`` streams, shaped like OpenAI's, as the raw
bytes of each SSE ``data:`` payload (what a client decodes).

Every chunk carries what the API sends today: ``id``, ``object``, ``created``, ``model``,
``service_tier``, ``system_fingerprint``, ``choices``, ``usage: null`` (the stream asked for
``include_usage``) and ``obfuscation``; the first delta has ``role``, the last choice chunk a
``finish_reason``, and the stream ends with a usage-only chunk (``choices: []``). Text is
UTF-8, not ASCII-escaped, with a few non-ASCII words. Generation is seeded: the same
arguments give the same bytes.
"""

from __future__ import annotations

import json
import random
import string
from dataclasses import dataclass
from typing import Any

_TEXT = (
    "the stream of a model answers in small pieces , each one a token or two ; this text is "
    "made of common words and some longer ones such as accumulator , concatenation , "
    "throughput , naïve , café , déjà vu , Zürich , 東京 , — and numbers 42 3.14 1,000 .\n"
)
_WORDS = _TEXT.split(" ")
_BASE = {
    "id": "chatcmpl-Bx7bench0000000000000000000",
    "object": "chat.completion.chunk",
    "created": 1755768000,
    "model": "gpt-4o-2024-08-06",
    "service_tier": "default",
    "system_fingerprint": "fp_07871e2ad8",
}
#: Distinct content chunks built for a long stream, reused in turn (the bytes differ,
#: memory for a 630k-chunk stream stays a few MB; json.loads makes new objects anyway).
_POOL = 4096


@dataclass(frozen=True)
class Stream:
    """One stream: its name and its chunks' JSON payloads, in order."""

    name: str
    chunks: list[bytes]


def _encode(choices: list[Any], rng: random.Random, usage: Any = None) -> bytes:
    chunk = dict(_BASE, choices=choices, usage=usage)
    chunk["obfuscation"] = "".join(rng.choices(string.ascii_letters + string.digits, k=rng.randint(2, 12)))
    return json.dumps(chunk, ensure_ascii=False, separators=(",", ":")).encode()


def _choice(index: int, delta: dict[str, Any], finish: str | None = None, logprobs: Any = None) -> dict[str, Any]:
    return {"index": index, "delta": delta, "logprobs": logprobs, "finish_reason": finish}


def _usage(completion: int) -> dict[str, Any]:
    return {
        "prompt_tokens": 812,
        "completion_tokens": completion,
        "total_tokens": 812 + completion,
        "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
        "completion_tokens_details": {
            "reasoning_tokens": 0,
            "audio_tokens": 0,
            "accepted_prediction_tokens": 0,
            "rejected_prediction_tokens": 0,
        },
    }


def _fragment(rng: random.Random, size: int) -> str:
    """Text of about ``size`` UTF-8 bytes: whole words, a leading space as tokens have."""
    text = ""
    while len(text.encode()) < size:
        text += " " + rng.choice(_WORDS)
    return text


def _logprobs(token: str, rng: random.Random) -> dict[str, Any]:
    def entry(tok: str) -> dict[str, Any]:
        return {"token": tok, "logprob": round(-rng.random() * 4, 6), "bytes": list(tok.encode())}

    top = [entry(token)] + [entry(" " + rng.choice(_WORDS)) for _ in range(2)]
    return {"content": [dict(entry(token), top_logprobs=top)], "refusal": None}


def text_stream(
    name: str,
    chunks: int = 0,
    *,
    answer_bytes: int = 0,
    fragment: int = 4,
    n: int = 1,
    logprobs: bool = False,
    seed: int = 0,
) -> Stream:
    """``chunks`` content chunks (or as many as make ``answer_bytes`` of text) of about
    ``fragment`` bytes each, over ``n`` choices sent one choice per chunk, in turn (as the
    API does for ``n > 1``); with ``logprobs``, each content chunk carries its token's
    logprob and two alternatives."""
    rng = random.Random(seed)
    out = [_encode([_choice(i, {"role": "assistant", "content": "", "refusal": None})], rng) for i in range(n)]
    pool = []
    for k in range(min(chunks or _POOL, _POOL - _POOL % n)):  # a multiple of n: choice k % n stays right
        text = _fragment(rng, fragment)
        delta = _choice(k % n, {"content": text}, logprobs=_logprobs(text, rng) if logprobs else None)
        pool.append((_encode([delta], rng), len(text.encode())))
    size = count = 0
    while count < chunks or size < answer_bytes:
        raw, length = pool[count % len(pool)]
        out.append(raw)
        size += length
        count += 1
    out += [_encode([_choice(i, {}, "stop")], rng) for i in range(n)]
    out.append(_encode([], rng, _usage(count)))
    return Stream(name, out)


def answer_stream(name: str, answer_bytes: int, *, fragment: int = 14, seed: int = 0) -> Stream:
    """One text answer of ``answer_bytes`` in fragments of at least ``fragment`` bytes
    (whole words: ~16.6 bytes on average, so a 1 MiB answer is ~63k chunks, as in issue #6)."""
    return text_stream(name, answer_bytes=answer_bytes, fragment=fragment, seed=seed)


def new_id_stream(name: str, calls: int, *, keyed: bool = False, seed: int = 0) -> Stream:
    """``calls`` tool calls of one chunk each, every one with a new ``id`` and no ``index``
    (or, ``keyed``, all at ``index: 0``): the shape that was quadratic in the merge (issue
    #25: each call looked for an earlier entry with its id by a scan)."""
    rng = random.Random(seed)
    out = [_encode([_choice(0, {"role": "assistant", "content": None, "refusal": None})], rng)]
    for k in range(calls):
        call: dict[str, Any] = {"id": f"call_{k:08d}", "type": "function"}
        call["function"] = {"name": "lookup_order", "arguments": json.dumps({"order": k})}
        if keyed:
            call["index"] = 0
        out.append(_encode([_choice(0, {"tool_calls": [call]})], rng))
    out.append(_encode([_choice(0, {}, "tool_calls")], rng))
    return Stream(name, out)


def tool_stream(name: str, calls: int, fragments: int, *, seed: int = 0) -> Stream:
    """``calls`` parallel tool calls, one after another, each announced (``id``, ``type``,
    ``name``, empty ``arguments``) and then its arguments JSON in ``fragments`` pieces."""
    rng = random.Random(seed)
    out = [_encode([_choice(0, {"role": "assistant", "content": None, "refusal": None})], rng)]
    for index in range(calls):
        head = {"index": index, "id": f"call_{rng.getrandbits(96):024x}", "type": "function"}
        head["function"] = {"name": rng.choice(("get_weather", "search_docs", "lookup_order")), "arguments": ""}
        out.append(_encode([_choice(0, {"tool_calls": [head]})], rng))
        args = json.dumps(
            {"query": _fragment(rng, 4 * fragments).strip(), "limit": rng.randint(1, 50), "unit": "celsius"}
        )
        step = max(1, -(-len(args) // fragments))
        for start in range(0, len(args), step):
            piece = {"index": index, "function": {"arguments": args[start : start + step]}}
            out.append(_encode([_choice(0, {"tool_calls": [piece]})], rng))
    out.append(_encode([_choice(0, {}, "tool_calls")], rng))
    out.append(_encode([], rng, _usage(calls * fragments)))
    return Stream(name, out)


def runtime_corpus(quick: bool = False) -> dict[str, list[Stream]]:
    """The mix measured in the runtime section, by kind: plain text answers, parallel tool
    calls, ``n = 3``, logprobs; every stream ends with a usage-only chunk."""
    if quick:
        return {
            "text": [text_stream("text", 40, seed=1)],
            "tool calls": [tool_stream("tools", 2, 5, seed=2)],
            "n=2": [text_stream("n=2", 10, n=2, seed=3)],
            "logprobs": [text_stream("logprobs", 10, logprobs=True, seed=4)],
        }
    return {
        "text": [text_stream(f"text-{i}", 1000, seed=10 + i) for i in range(6)],
        "tool calls": [tool_stream(f"tools-{i}", 3, 40, seed=20 + i) for i in range(4)],
        "n=3": [text_stream(f"n=3-{i}", 900, n=3, seed=30 + i) for i in range(2)],
        "logprobs": [text_stream(f"logprobs-{i}", 500, logprobs=True, seed=40 + i) for i in range(2)],
    }
