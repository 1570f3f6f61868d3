class Part(TypedDict):
    """``Part`` (no description in the spec)."""

    text: str


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    pair: list[str | int]
    """Items by position (checked): 0: ``str``, 1: ``int``; no more items; at least 2 items."""
    short: NotRequired[list[str | int] | None]
    """Items by position (checked): 0: ``str``, 1: ``int``; no more items."""
    more: list[str | bool]
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1 item."""
    loose: NotRequired[list[Any] | None]
    """Items by position (checked): 0: ``int``, 1: ``None``; then any number of ``Any``."""
    parts: NotRequired[list[Part | str | None] | None]
    """Items by position (checked): 0: ``Part``, 1: ``str | None``; no more items; at least 2 items."""
    at: NotRequired[Point | None]
    old: NotRequired[list[str | int] | None]
    """Items by position (checked): 0: ``str``, 1: ``int``; no more items; at least 1 item."""


_KEYS_Root = frozenset({"pair", "short", "more", "loose", "parts", "at", "old"})


Point: TypeAlias = list[float] | None
"""Items by position (checked): 0: ``float``, 1: ``float``; no more items; at least 2 items."""
