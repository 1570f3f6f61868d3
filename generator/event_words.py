"""The words of event and field names, and what they mean to a fold: an event type's name says
where it stands in the life of what it builds (``message_start``, ``response.completed``,
``content_block_delta``, ``conversation.response.error``) and what it is about (its stem:
``response.output_text`` of ``response.output_text.delta``); a field's name says whether it
addresses (``output_index``), identifies (``item_id``) or carries content (``text``,
``arguments``). Read by ``event_infer`` (which infers a fold from them) and ``event_check``
(which picks the member of a union an event stands for). Words only: no vendor's name.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass


class Stage(enum.Enum):
    """Where an event stands in the life of what it builds, by the last word(s) of its name."""

    START = "start"  #: ``created``, ``start``, ``started``, ``added``, ``begin``
    REFRESH = "refresh"  #: ``in_progress``, ``updated``, ``queued``: a new state of the whole
    DELTA = "delta"  #: ``delta``: a fragment
    FINAL = "final"  #: ``completed``, ``done``, ``stop``, ``end``, ``finished``, ``incomplete``, ``failed``
    ERROR = "error"  #: ``error``: the stream's error
    OTHER = "other"  #: a name without such a word (``ping``, ``transcription.segment``)


#: the words of each stage, as the last word (or two) of an event type's name
STAGE_WORDS: dict[Stage, frozenset[str]] = {
    Stage.START: frozenset(("created", "create", "start", "started", "begin", "begun", "added", "opened", "open")),
    Stage.REFRESH: frozenset(("in_progress", "updated", "update", "queued", "progress", "running")),
    Stage.DELTA: frozenset(("delta", "deltas", "chunk", "fragment")),
    Stage.FINAL: frozenset(
        (
            "completed",
            "complete",
            "done",
            "stop",
            "stopped",
            "end",
            "ended",
            "finished",
            "finish",
            "incomplete",
            "failed",
            "cancelled",
            "canceled",
        )
    ),
    Stage.ERROR: frozenset(("error", "errored")),
}
#: field names that carry content a delta adds to (the rest of a delta's text is identity)
CONTENT_WORDS = frozenset(
    (
        "delta",
        "text",
        "content",
        "arguments",
        "thinking",
        "reasoning",
        "refusal",
        "partial_json",
        "code",
        "input",
        "transcript",
        "summary",
        "output",
        "data",
    )
)
#: field names that identify or label what an event is about: never fragments of text
IDENTITY_WORDS = frozenset(("id", "name", "model", "role", "type", "object", "status", "kind", "tool", "title"))
#: integer fields that number the events of a stream
ORDER_WORDS = frozenset(("sequence_number", "seq", "sequence", "event_number"))


def words(name: str) -> tuple[str, ...]:
    """The lower-case words of a name: split at ``.``, ``_``, ``-``, ``/``, spaces and case
    changes (``content_block_delta`` → content, block, delta; ``contentBlockDelta`` too)."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name)
    return tuple(w.lower() for w in re.split(r"[._\-/\s:]+", spaced) if w)


@dataclass(frozen=True)
class EventName:
    """An event type's name read: its ``stage`` (by its last word or two) and its ``stem``,
    the words before that stage word (all of them for ``Stage.OTHER``)."""

    tag: str
    stage: Stage
    stem: tuple[str, ...]
    last: str  # the stage word as written (``in_progress``), or ""

    @property
    def field(self) -> str:
        """The stem as a field name: ``tool_plan`` of ``tool-plan-delta``."""
        return "_".join(self.stem)


def event_name(tag: str) -> EventName:
    """Read an event type's name (see ``EventName``)."""
    found = words(tag)
    if len(found) >= 2 and "_".join(found[-2:]) in STAGE_WORDS[Stage.REFRESH]:
        return EventName(tag, Stage.REFRESH, found[:-2], "_".join(found[-2:]))
    for stage, known in STAGE_WORDS.items():
        if found and found[-1] in known:
            return EventName(tag, stage, found[:-1], found[-1])
    return EventName(tag, Stage.OTHER, found, "")


def names_match(name: str, stem: tuple[str, ...]) -> int:
    """How well a tag value (``message.output``, ``mcp_call``) names what an event's stem is
    about: the number of its words when they stand together in the stem (``mcp_call`` in
    ``response.mcp_call_arguments``), else 0."""
    mine = words(name)
    if not mine or not stem:
        return 0
    size = len(mine)
    return size if any(stem[i : i + size] == mine for i in range(len(stem) - size + 1)) else 0


def plural_of(name: str, lists: list[str]) -> str | None:
    """The list among ``lists`` that ``name`` (``output``, ``content``, ``command``) names:
    itself, or its plural."""
    for candidate in (name, name + "s", name + "es", name[:-1] + "ies" if name.endswith("y") else name):
        if candidate in lists:
            return candidate
    return None


def address_of(field: str) -> str | None:
    """The list an address field names: ``output`` of ``output_index``, ``""`` of a bare
    ``index``; None for a field that is not an address."""
    if field == "index":
        return ""
    if field.endswith("_index"):
        return field[: -len("_index")]
    return None


def is_order(field: str) -> bool:
    """Whether an integer field numbers the stream's events (``sequence_number``)."""
    return field in ORDER_WORDS or field.endswith("sequence_number")
