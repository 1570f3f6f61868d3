"""Lists of content parts that arrive a part at a time (``runtime/parts.py``), the one rule
both the chunk merge and the event fold join them by: adjacent parts of one kind join their
text and their nested parts; parts without text to join, or that differ, stay apart; empty
text adds nothing."""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from generator.runtime.parts import _add_part, _part_built


def gathered(*values: Any) -> list[Any]:
    parts: list[Any] = []
    for value in values:
        _add_part(parts, value)
    built: list[Any] = _part_built(parts)
    return built


def thinking(text: str, **more: Any) -> dict[str, Any]:
    return {"type": "thinking", "thinking": [{"type": "text", "text": text}], **more}


def test_adjacent_parts_of_one_kind_join_and_so_do_their_nested_text_lists() -> None:
    # Magistral: one thinking part per chunk, then text parts and plain text
    parts = gathered(
        [thinking("The user")],
        [thinking(" asks")],
        [{"type": "text", "text": "2 + 2"}],
        " = 4",
        "",
        [{"type": "text", "text": ""}],
    )
    assert parts == [thinking("The user asks"), {"type": "text", "text": "2 + 2 = 4"}]


def test_a_field_only_the_later_part_has_is_kept_and_one_that_differs_starts_a_new_part() -> None:
    assert gathered(thinking("a"), thinking("b", closed=True)) == [thinking("ab", closed=True)]
    assert gathered(thinking("a", closed=False), thinking("b", closed=True)) == [
        thinking("a", closed=False),
        thinking("b", closed=True),
    ]


def test_parts_without_text_to_join_never_join_nor_are_dropped() -> None:
    reference = {"type": "tool_reference", "tool": "web_search", "title": "A", "url": "u"}
    image = {"type": "image_url", "image_url": "https://a"}
    assert gathered("The", reference, reference, image, image, " end") == [
        {"type": "text", "text": "The"},
        reference,
        reference,
        image,
        image,
        {"type": "text", "text": " end"},
    ]


def test_the_callers_parts_are_never_changed() -> None:
    first, second = thinking("a"), thinking("b")
    gathered(first, second)
    assert first == thinking("a") and second == thinking("b")


TEXTS = st.text(alphabet="ab ", max_size=3)
PARTS = st.one_of(
    TEXTS,
    st.builds(lambda t: {"type": "text", "text": t}, TEXTS),
    st.builds(thinking, TEXTS),
    st.just({"type": "tool_reference", "title": "r"}),
)


@given(st.lists(PARTS, max_size=12))
def test_the_text_of_every_kind_is_kept_in_order_and_no_part_is_empty(values: list[Any]) -> None:
    parts = gathered(*values)

    def texts(items: list[Any], kind: str) -> str:
        found = ""
        for item in items:
            if isinstance(item, str):
                found += item if kind == "text" else ""
            elif item["type"] == kind == "text":
                found += item["text"]
            elif item["type"] == kind == "thinking":
                found += item["thinking"][0]["text"]
        return found

    for kind in ("text", "thinking"):
        assert texts(parts, kind) == texts(values, kind)
    assert all(p.get("text", "x") != "" and p.get("thinking", [1]) != [] for p in parts)
    assert not any(a["type"] == b["type"] != "tool_reference" for a, b in itertools.pairwise(parts))
