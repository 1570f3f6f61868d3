class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    value: str | int | None


_KEYS_Root = frozenset({"value"})
