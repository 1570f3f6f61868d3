# gen-models 0.1.0: generator/runtime/bookkeeping.py, copied verbatim. Do not edit; regenerate instead.
"""The triage of every anomaly kind (``_ANOMALY_KINDS``), shared by the chunk merge and the
event fold, and the chunk merger's log (``_Bookkeeping``) its parts report into.
"""

from __future__ import annotations

from typing import Any

from .anomalies import Anomaly, StreamMergeError

# Every anomaly kind: drift (the answer survives, nothing sent is lost) or a risk (a value
# dropped or replaced, a guess, a gap); a kind not listed is a risk. docs/anomalies.md explains
# each: add a kind here with its line there.
_ANOMALY_KINDS: dict[str, bool] = {  # kind -> may have changed the answer
    # drift: the answer survives
    "schema_drift": False,  # a result built anyway: a required field missing, a value kept as its JSON
    "unknown_event": False,  # an event type the map does not know: kept in unknown_events
    "emptied": False,  # an empty final/.done value where the fold holds one: the fold's kept
    "unlisted": False,  # a folded item a final list does not name: kept at its place
    "exists": False,  # a slot created twice: merged, the fold's text kept
    "missing_slot": False,  # a delta before its slot was created: created, nothing lost
    "repeated_init": False,  # a second or late initial event: merged into the answer, the fold kept
    "unknown_id": False,  # an item id that names no item (ids rotated): the position followed
    "duplicate": False,  # an identical repeat of an event (same number, same content): applied once
    # may have changed the answer
    "conflict": True,  # an identity field got a second value: the first kept, the second dropped
    "done_differs": True,  # a .done value differs from the fold: the server's kept, the fold's dropped
    "reused_number": True,  # a different event with a number seen before: applied, the stream is confused
    "tag_changed": True,  # an appended object's tag differs from the one held: the held one kept
    "gap": True,  # event numbers skipped: events lost
    "out_of_order": True,  # an event number lower than one seen: applied out of order
    "after_terminal": True,  # an event after the terminal one: applied to a finished answer
    "incomplete": True,  # a required response field never sent (a stream cut short)
    "missing_key": True,  # an item without its index: merged by a rule, or dropped
    "reused_key": True,  # an index reused by another id or name: a new entry started
    "id_mismatch": True,  # item_id and output_index disagree: routed by the id
    "wrong_type": True,  # a value of another JSON type than its operation takes: dropped or kept instead
    "mixed_fragments": True,  # a field that changes form (text, then an object): a part not kept
    "repeated_text": True,  # JSON text re-sent whole: one copy kept
    "text_replaced": True,  # a last field's text replaced by a different one (sent in pieces?): the last kept
    "not_object": True,  # a chunk, event or item that is not an object: dropped
    "no_tag": True,  # an event without a type: not folded (kept in unknown_events)
    "invalid_json": True,  # text that does not decode: dropped
    "too_deep": True,  # nesting past the recursion limit: the rest of the chunk dropped
}


def _risks(anomalies: list[Anomaly]) -> list[Anomaly]:
    """The anomalies that may have changed the answer, in order (``_ANOMALY_KINDS``)."""
    return [found for found in anomalies if _ANOMALY_KINDS.get(found.kind, True)]


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


class _Bookkeeping:
    """The anomaly log of one stream's merge and its rare paths' counters; the base of each
    part of ``_Merger``.

    Attributes:
        strict: raise ``StreamMergeError`` at the first anomaly.
        anomalies: every stray, in order.
        chunks: the chunks merged so far (an anomaly's position).
        error: the first chunk that carried an error, or None.
    """

    __slots__ = ("_drifted", "_keyless_merged", "_next_keys", "_reported", "anomalies", "chunks", "error", "strict")

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.anomalies: list[Anomaly] = []
        self.chunks = 0
        #: the first chunk with a non-empty ``error`` member the schema does not declare
        self.error: dict[str, Any] | None = None
        self._next_keys: dict[str, int] = {}  # list path -> one past its largest key (``_KeyedMerge``)
        self._keyless_merged: set[str] = set()  # entries already reported for keyless items (``_KeyedMerge``)
        self._reported: set[str] = set()  # fields already reported for re-sent text (``_TextMerge``)
        self._drifted: set[tuple[int, str, str, str]] = set()  # the drift reported (``drift``): once each

    def anomaly(self, path: str, kind: str, message: str, kept: Any = None, dropped: Any = None) -> None:
        found = Anomaly(self.chunks, path, kind, message, kept, dropped)
        if self.strict:
            raise StreamMergeError(found)
        self.anomalies.append(found)

    def drift(self, path: str, message: str, kind: str = "schema_drift") -> None:
        """Record, once (in constant time), that a result was built anyway despite its schema
        (``schema_drift``; ``too_deep``); under ``strict`` the caller raises instead."""
        seen = (self.chunks, path, kind, message)
        if seen not in self._drifted:
            self._drifted.add(seen)
            self.anomalies.append(Anomaly(self.chunks, path, kind, message))

    @property
    def answer_at_risk(self) -> bool:
        """True when an anomaly so far may have changed the answer (a value dropped or
        replaced, a guess, a gap); drift does not count (``_ANOMALY_KINDS``)."""
        return bool(_risks(self.anomalies))
