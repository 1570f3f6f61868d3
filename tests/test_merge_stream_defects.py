"""Stream-merge defects found on real streams (issue 14, point 3), each a test of its whole
kind in all three styles, with a small written stream: a surrogate pair cut across chunks,
``arguments`` re-sent whole, an unknown label repeated on each chunk, ``reasoning_details``
with their own ``index``, ``content`` sent as a list of parts."""

from __future__ import annotations

import collections
import json
from collections.abc import Iterator
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from conftest import STYLES, generate_modules

from generator.runtime.anomalies import _joined
from generator.runtime.merge import _Merger


def _c(delta: dict[str, Any], **choice: Any) -> dict[str, Any]:
    return {
        "id": "c",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "m",
        "choices": [{"index": 0, "delta": delta, **choice}],
    }


def _merged(module: ModuleType, chunks: list[Any], root: str = "CreateChatCompletionStreamResponse") -> Any:
    acc = getattr(module, f"{root}Accumulator")()
    for chunk in chunks:
        acc.add(chunk)
    return acc


def _delta(acc: Any) -> dict[str, Any]:
    delta: dict[str, Any] = acc.snapshot_dict()["choices"][0]["delta"]
    return delta


# ------------------------------------------------------------- (a) surrogate pairs


def test_joined_pairs_surrogates_and_never_leaves_a_lone_one() -> None:
    assert _joined(["a\ud83d", "\ude00b"]) == "a\U0001f600b"
    assert _joined(["x\ud83d"]) == "x\ufffd"  # cut short: replaced, never a lone surrogate
    assert _joined(["\ude00\ud83d"]) == "\ufffd\ufffd"  # halves in the wrong order
    assert _joined(["plain", " été"]) == "plain été"


@pytest.mark.parametrize("style", STYLES)
def test_a_surrogate_pair_split_across_chunks_is_one_character(openai_modules: dict[str, Any], style: str) -> None:
    # the wire text: JSON escapes, each half in its own chunk (content, arguments, refusal, unknown text)
    lines = [
        (
            '{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,'
            '"delta":{"content":"smile \\ud83d","reasoning_content":"r\\ud83d","tool_calls":[{"index":0,"id":"t",'
            '"type":"function","function":{"name":"f","arguments":"{\\"e\\": \\"\\ud83d"}}]}}]}'
        ),
        (
            '{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,'
            '"delta":{"content":"\\ude00!","reasoning_content":"\\ude00","tool_calls":[{"index":0,'
            '"function":{"arguments":"\\ude00\\"}"}}]},"finish_reason":"tool_calls"}]}'
        ),
    ]
    acc = _merged(openai_modules[style], [json.loads(line) for line in lines])
    delta = _delta(acc)
    assert delta["content"] == "smile \U0001f600!"
    assert delta["reasoning_content"] == "r\U0001f600"
    assert json.loads(delta["tool_calls"][0]["function"]["arguments"]) == {"e": "\U0001f600"}
    json.dumps(acc.snapshot_dict(), ensure_ascii=False).encode("utf-8")  # no lone surrogate anywhere
    response = acc.to_response()
    message = response["choices"][0]["message"] if isinstance(response, dict) else response.choices[0].message
    assert (message["content"] if isinstance(message, dict) else message.content).encode("utf-8")


# ------------------------------------------------------ (b) arguments re-sent whole


@pytest.mark.parametrize("style", STYLES)
def test_arguments_resent_whole_keep_one_copy_reported(openai_modules: dict[str, Any], style: str) -> None:
    fragments = ['{"city": ', '{"city": "Par', '{"city": "Paris"}', '{"city": "Paris"}']
    chunks = [_c({"tool_calls": [{"index": 0, "id": "t1", "type": "function", "function": {"name": "w"}}]})]
    chunks += [_c({"tool_calls": [{"index": 0, "function": {"arguments": f}}]}) for f in fragments]
    # a second call sent as ordinary deltas stays as it is
    chunks += [_c({"tool_calls": [{"index": 1, "id": "t2", "function": {"name": "v", "arguments": ""}}]})]
    chunks += [_c({"tool_calls": [{"index": 1, "function": {"arguments": f}}]}) for f in ("{", '"a": ', '{"b": 1}}')]
    acc = _merged(openai_modules[style], chunks)
    calls = _delta(acc)["tool_calls"]
    assert [c["function"]["arguments"] for c in calls] == ['{"city": "Paris"}', '{"a": {"b": 1}}']
    assert [(a.kind, a.path) for a in acc.anomalies] == [
        ("repeated_text", "choices[0].delta.tool_calls[0].function.arguments")
    ]
    assert acc.anomalies[0].kept == '{"city": "Par'


@pytest.mark.parametrize("style", STYLES)
def test_arguments_resent_whole_as_objects_keep_one_copy(openai_modules: dict[str, Any], style: str) -> None:
    chunks = [_c({"tool_calls": [{"index": 0, "id": "t", "function": {"name": "w", "arguments": {"q": 1}}}]})]
    chunks += [_c({"tool_calls": [{"index": 0, "function": {"arguments": {"q": 1}}}]})]
    acc = _merged(openai_modules[style], chunks)
    assert json.loads(_delta(acc)["tool_calls"][0]["function"]["arguments"]) == {"q": 1}
    assert "repeated_text" in [a.kind for a in acc.anomalies]


@pytest.mark.parametrize("style", STYLES)
def test_text_that_only_looks_repeated_is_not_cut(openai_modules: dict[str, Any], style: str) -> None:
    # content is not JSON text: "ha" after "ha" is more text; non-JSON arguments too
    chunks = [_c({"content": "ha"}), _c({"content": "ha"})]
    chunks += [_c({"tool_calls": [{"index": 0, "id": "t", "function": {"name": "w", "arguments": "x"}}]})]
    chunks += [_c({"tool_calls": [{"index": 0, "function": {"arguments": "x"}}]})]
    acc = _merged(openai_modules[style], chunks)
    assert _delta(acc)["content"] == "haha"
    assert _delta(acc)["tool_calls"][0]["function"]["arguments"] == "xx"
    assert acc.anomalies == []


class _CountingText(collections.UserList):  # type: ignore[type-arg]
    """A stand-in for the gathered fragments that counts every character read from it: not a
    ``list``, so ``"".join`` and indexing go through ``__iter__`` and ``__getitem__``."""

    def __init__(self) -> None:
        super().__init__()
        self.size = 0
        self.read = 0

    def __iter__(self) -> Iterator[str]:
        for part in self.data:
            self.read += len(part)
            yield part

    def __getitem__(self, i: Any) -> Any:
        got = self.data[i]
        self.read += len(got) if isinstance(got, str) else sum(len(p) for p in got)
        return got


def _fed(fragments: list[Any]) -> tuple[Any, _CountingText]:
    acc = _Merger(strict=False)
    state = SimpleNamespace(_path="f", _alt=None, arguments=_CountingText())
    for fragment in fragments:
        acc.json_text(state, "arguments", "arguments", fragment)
    return acc, state.arguments


def test_arguments_check_reads_each_character_a_bounded_number_of_times() -> None:
    # many long fragments that each start with `{` (as a re-send would): the re-send check must
    # not re-read all the text so far for each one (quadratic); it reads at most what comes in
    fragments = ['{"', 'a": 1, '] + ['{"k' + str(i) + '": "' + "x" * 400 + '"}' for i in range(300)]
    acc, text = _fed(fragments)
    assert "".join(text.data) == "".join(fragments) and acc.anomalies == []
    assert text.read <= 2 * sum(len(f) for f in fragments)
    # a real re-send of the whole text each time: each check reads at most its fragment
    whole = json.dumps({"k": "y" * 2000})
    resent = [whole[:n] for n in range(1, len(whole) + 1, 7)] + [whole]
    acc, text = _fed(resent)
    assert text.data == [whole] and [a.kind for a in acc.anomalies] == ["repeated_text"]
    assert text.read <= sum(len(f) for f in resent)
    # objects re-sent whole (each reported as JSON text) take the same bounded check
    acc, text = _fed([{"q": i} for i in range(300)])
    assert text.read <= 2 * sum(len(json.dumps({"q": i})) for i in range(300))


@pytest.mark.parametrize("style", STYLES)
def test_many_long_fragments_opening_with_a_brace_are_all_kept(openai_modules: dict[str, Any], style: str) -> None:
    fragments = ['{"', 'a": 1, '] + ['{"k' + str(i) + '": "' + "x" * 50 + '"},' for i in range(60)]
    chunks = [_c({"tool_calls": [{"index": 0, "id": "t", "function": {"name": "w"}}]})]
    chunks += [_c({"tool_calls": [{"index": 0, "function": {"arguments": f}}]}) for f in fragments]
    acc = _merged(openai_modules[style], chunks)
    assert _delta(acc)["tool_calls"][0]["function"]["arguments"] == "".join(fragments)
    assert acc.anomalies == []


# ------------------------------------------------ (c) an unknown label repeated on each chunk


@pytest.mark.parametrize("style", STYLES)
def test_an_unknown_label_repeated_on_each_chunk_stays_one_value(openai_modules: dict[str, Any], style: str) -> None:
    chunks = [_c({"channel": "analysis", "reasoning": part}) for part in ("Let", " me", " think")]
    chunks += [_c({"channel": "analysis", "reasoning": "."}, finish_reason="stop")]
    acc = _merged(openai_modules[style], chunks)
    delta = _delta(acc)
    assert delta["channel"] == "analysis"
    assert delta["reasoning"] == "Let me think."
    assert acc.anomalies == []


@pytest.mark.parametrize("style", STYLES)
def test_an_unknown_label_that_changes_is_its_last_value(openai_modules: dict[str, Any], style: str) -> None:
    # Groq's gpt-oss: `channel` "analysis" on each reasoning chunk, then "final" on each answer
    # chunk; it read "analysisanalysisanalysisfinalfinal" (a label in runs is no text)
    chunks = [_c({"channel": "analysis", "reasoning": part}) for part in ("Let", " me", " think")]
    chunks += [_c({"channel": "final", "content": part}) for part in ("Hi", "!")]
    acc = _merged(openai_modules[style], chunks)
    delta = _delta(acc)
    assert (delta["channel"], delta["reasoning"], delta["content"]) == ("final", "Let me think", "Hi!")


@pytest.mark.parametrize("style", STYLES)
def test_unknown_text_in_a_choice_is_gathered_as_in_a_delta(openai_modules: dict[str, Any], style: str) -> None:
    # Together's chat chunks carry each token as an undeclared `choices[].text` beside the
    # delta: it kept the last token only, silently; a label there stays one value
    pieces = ("Once", " upon", " a", " time")
    acc = _merged(openai_modules[style], [_c({"content": p}, text=p, source="llm") for p in pieces])
    choice = acc.snapshot_dict()["choices"][0]
    assert (choice["text"], choice["source"], choice["delta"]["content"]) == (
        "Once upon a time",
        "llm",
        "Once upon a time",
    )
    assert acc.anomalies == []


@pytest.mark.parametrize("style", STYLES)
def test_unknown_text_that_grows_keeps_its_repeats(openai_modules: dict[str, Any], style: str) -> None:
    # the same fragment twice, then another: it is text that grows, nothing is lost
    acc = _merged(openai_modules[style], [_c({"reasoning": "ha"}), _c({"reasoning": "ha"}), _c({"reasoning": "!"})])
    assert _delta(acc)["reasoning"] == "haha!"


# --------------------------------------------- (d) reasoning_details with their own index


@pytest.mark.parametrize("style", STYLES)
def test_reasoning_details_merge_by_their_own_index(openai_modules: dict[str, Any], style: str) -> None:
    def detail(index: int, **fields: Any) -> dict[str, Any]:
        return _c({"reasoning_details": [{"type": "reasoning.text", "index": index, "format": "x", **fields}]})

    chunks = [
        detail(0, text="First"),
        detail(0, text=" step"),
        detail(1, text="Second"),
        detail(0, text="."),
        detail(1, signature="sig"),
        _c({"reasoning_details": [{"type": "reasoning.summary", "summary": "no index: appended"}]}),
    ]
    acc = _merged(openai_modules[style], chunks)
    assert _delta(acc)["reasoning_details"] == [
        {"type": "reasoning.text", "index": 0, "format": "x", "text": "First step."},
        {"type": "reasoning.text", "index": 1, "format": "x", "text": "Second", "signature": "sig"},
        {"type": "reasoning.summary", "summary": "no index: appended"},
    ]
    assert acc.anomalies == []


@pytest.mark.parametrize("style", STYLES)
def test_unknown_lists_without_index_still_append(openai_modules: dict[str, Any], style: str) -> None:
    acc = _merged(openai_modules[style], [_c({"citations": ["a"]}), _c({"citations": ["b"]})])
    assert _delta(acc)["citations"] == ["a", "b"]


# -------------------------------------------------- (e) content sent as a list of parts

MISTRAL_PARTS = [
    _c({"role": "assistant", "content": ""}),
    _c({"content": [{"type": "thinking", "thinking": [{"type": "text", "text": "Hmm."}]}]}),
    _c({"content": [{"type": "text", "text": "The answer"}]}),
    _c({"content": " is 4."}, finish_reason="stop"),
]


@pytest.mark.parametrize("style", STYLES)
def test_list_content_for_a_text_field_keeps_the_text_clean(openai_modules: dict[str, Any], style: str) -> None:
    acc = _merged(openai_modules[style], MISTRAL_PARTS)
    assert _delta(acc)["content"] == "The answer is 4."  # no JSON text of the parts in the answer
    assert [(a.kind, a.dropped) for a in acc.anomalies] == [
        ("mixed_fragments", [{"type": "thinking", "thinking": [{"type": "text", "text": "Hmm."}]}])
    ]
    response = acc.to_response()
    message = response["choices"][0]["message"] if isinstance(response, dict) else response.choices[0].message
    assert (message["content"] if isinstance(message, dict) else message.content) == "The answer is 4."


PARTS_SPEC = """\
openapi: 3.1.0
info: {title: t, version: '1'}
components:
  schemas:
    Chunk:
      type: object
      required: [id, choices]
      properties:
        id: {type: string}
        choices:
          type: array
          items:
            type: object
            required: [index, delta]
            properties:
              index: {type: integer}
              finish_reason: {type: [string, 'null']}
              delta:
                type: object
                properties:
                  role: {type: string, enum: [assistant]}
                  content:
                    anyOf:
                      - {type: string}
                      - type: array
                        items:
                          type: object
                          required: [type]
                          properties:
                            type: {type: string}
                            text: {type: string}
                            thinking: {type: array, items: {type: object}}
"""


@pytest.fixture(scope="module")
def parts_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    spec = tmp_path_factory.mktemp("parts") / "parts.yaml"
    spec.write_text(PARTS_SPEC)
    return generate_modules(spec, spec.parent / "out")


@pytest.mark.parametrize("style", STYLES)
def test_list_content_where_the_schema_allows_parts_is_a_list_of_parts(
    parts_modules: dict[str, ModuleType], style: str
) -> None:
    chunks = [{"id": "c", "choices": c["choices"]} for c in MISTRAL_PARTS]
    chunks.append({"id": "c", "choices": [{"index": 0, "delta": {"content": [{"type": "text", "text": " Sure."}]}}]})
    acc = _merged(parts_modules[style], chunks, root="Chunk")
    assert _delta(acc)["content"] == [
        {"type": "thinking", "thinking": [{"type": "text", "text": "Hmm."}]},
        {"type": "text", "text": "The answer is 4. Sure."},
    ]
    assert acc.anomalies == []
    acc.snapshot()  # validates


@pytest.mark.parametrize("style", STYLES)
def test_adjacent_parts_of_one_kind_join_with_their_nested_text_and_no_part_is_empty(
    parts_modules: dict[str, ModuleType], style: str
) -> None:
    """Magistral sends one thinking part per chunk, then text (issue #40: 59 and 77 parts
    where the answer has 2): adjacent parts of one kind join, their nested text lists too,
    and an empty text part or an empty string adds nothing."""

    def thinking(text: str) -> dict[str, Any]:
        return {"type": "thinking", "thinking": [{"type": "text", "text": text}]}

    contents: list[Any] = [[thinking("The user")], [thinking(" asks.")], [{"type": "text", "text": ""}], ""]
    contents += [[{"type": "text", "text": "4"}], [{"type": "text", "text": "."}], ""]
    chunks = [{"id": "c", "choices": [{"index": 0, "delta": {"content": c}}]} for c in contents]
    acc = _merged(parts_modules[style], chunks, root="Chunk")
    assert _delta(acc)["content"] == [thinking("The user asks."), {"type": "text", "text": "4."}]
    assert acc.anomalies == []


@pytest.mark.parametrize("style", STYLES)
def test_text_before_parts_becomes_the_first_part(parts_modules: dict[str, ModuleType], style: str) -> None:
    chunks = [
        {"id": "c", "choices": [{"index": 0, "delta": {"content": "Hello"}}]},
        {"id": "c", "choices": [{"index": 0, "delta": {"content": [{"type": "image", "url": "u"}]}}]},
    ]
    acc = _merged(parts_modules[style], chunks, root="Chunk")
    assert _delta(acc)["content"] == [{"type": "text", "text": "Hello"}, {"type": "image", "url": "u"}]


def test_the_event_fold_joins_split_surrogate_pairs_too() -> None:
    from generator.runtime.event_slots import _Fragments, _thaw

    assert _thaw({"text": _Fragments(("a\ud83d", "\ude00"))}) == {"text": "a\U0001f600"}
