class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    values: list[int | None]


_KEYS_Root = frozenset({"values"})
