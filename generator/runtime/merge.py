"""Anomalies and the strict-mode error shared by every accumulator (a stub holding only the two
public classes, copied from ``templates/_merge.py.jinja``; the full merger moves here separately)."""

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Anomaly:
    """Something a chunk did that its schema does not allow, recorded instead of raised.

    Attributes:
        chunk: the chunk's (or event's) 0-based position in the stream.
        path: where, with list positions (``choices[0].delta.tool_calls[1].id``,
            ``output[0].content[1].text``).
        kind: what went wrong (the accumulator's docstring lists its kinds).
        message: one readable line.
        kept: the value the merge kept, if any.
        dropped: the value the merge did not use, if any: nothing is lost silently.
    """

    chunk: int
    path: str
    kind: str
    message: str
    kept: Any = None
    dropped: Any = None


class StreamMergeError(ValueError):
    """Raised by a ``strict=True`` accumulator at the first anomaly, and by
    ``to_response()`` when the stream cannot make a finished response. ``anomaly`` says
    what and where."""

    def __init__(self, anomaly: Anomaly) -> None:
        super().__init__(f"chunk {anomaly.chunk}: {anomaly.path or '(chunk)'}: {anomaly.message}")
        self.anomaly = anomaly
