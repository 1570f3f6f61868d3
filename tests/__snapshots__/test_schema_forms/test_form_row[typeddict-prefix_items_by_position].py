class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    closed: NotRequired[list[str | int] | None]
    """Items by position (checked): 0: ``str``, 1: ``int``; no more items; at least 2 items."""
    rest: NotRequired[list[str | bool] | None]
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1 item."""


_KEYS_Root = frozenset({"closed", "rest"})
