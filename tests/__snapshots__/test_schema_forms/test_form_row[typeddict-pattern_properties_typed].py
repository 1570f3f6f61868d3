class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    name: str


_KEYS_Root = frozenset({"name"})
