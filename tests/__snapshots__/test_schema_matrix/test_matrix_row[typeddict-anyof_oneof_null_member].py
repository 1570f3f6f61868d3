class Part(TypedDict):
    """``Part`` (no description in the spec)."""

    text: str


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    a: str | None
    b: Part | None


_KEYS_Root = frozenset({"a", "b"})
