class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    name: str | None


_KEYS_Root = frozenset({"name"})
