class Part(TypedDict):
    """``Part`` (no description in the spec)."""

    text: str


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    part: Part | None


_KEYS_Root = frozenset({"part"})
