class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    id: str
    secret: NotRequired[str | None]


_KEYS_Root = frozenset({"id", "secret"})
