"""The chunk merger's anomaly log: what every part of the merge (``_TextMerge``,
``_KeyedMerge``, ``_Merger``) reports into, and the display path of a field.

Real Python, imported and tested as it is; ``render`` inlines it verbatim into each
generated module (or once per package, ``--runtime package``), dropping this docstring and
the import lines (see the package docstring).
"""

from __future__ import annotations

from typing import Any

from .anomalies import Anomaly, StreamMergeError

# ---------------------------------------------------------------------------
# Merging a stream: the accumulator folds decoded chunks into one snapshot.
# Each field merges by its policy (`gen-models SPEC --explain-merge` lists
# them); text is gathered in lists and joined once, so time is linear.
#: Anomaly kinds that may have changed the answer (for the triage of anomaly kinds).
_ANSWER_MAY_HAVE_CHANGED = frozenset(("text_replaced",))


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


class _Bookkeeping:
    """The anomaly log of one stream's merge and the counters its rare paths keep; the
    base of each part of ``_Merger`` (one class per concern, one instance per stream).

    Attributes:
        strict: raise ``StreamMergeError`` at the first anomaly.
        anomalies: every stray, in order.
        chunks: the chunks merged so far (an anomaly's position).
    """

    __slots__ = ("_keyless_merged", "_next_keys", "_reported", "anomalies", "chunks", "strict")

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.anomalies: list[Anomaly] = []
        self.chunks = 0
        self._next_keys: dict[str, int] = {}  # list path -> one past its largest key (``_KeyedMerge``)
        self._keyless_merged: set[str] = set()  # entries already reported for keyless items (``_KeyedMerge``)
        self._reported: set[str] = set()  # fields already reported for re-sent text (``_TextMerge``)

    def anomaly(self, path: str, kind: str, message: str, kept: Any = None, dropped: Any = None) -> None:
        found = Anomaly(self.chunks, path, kind, message, kept, dropped)
        if self.strict:
            raise StreamMergeError(found)
        self.anomalies.append(found)

    def drift(self, path: str, message: str) -> None:
        """Record, once, that a result does not fit its schema and was built anyway
        (``schema_drift``); the caller raises instead under ``strict``."""
        found = Anomaly(self.chunks, path, "schema_drift", message)
        if found not in self.anomalies:
            self.anomalies.append(found)
