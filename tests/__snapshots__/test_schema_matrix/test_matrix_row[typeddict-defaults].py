class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    count: NotRequired[int | None]
    """Spec default (not applied): ``3``."""
    mode: NotRequired[Literal["a", "b"] | str | None]
    """Spec default (not applied): ``'b'``."""
    note: NotRequired[str | None]
    """Spec default (not applied): ``None``."""
    flag: NotRequired[bool | None]
    """Spec default (not applied): ``False``."""


_KEYS_Root = frozenset({"count", "mode", "note", "flag"})
