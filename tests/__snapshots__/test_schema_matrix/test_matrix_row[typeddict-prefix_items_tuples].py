class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    pair: list[str | int]
    more: list[str | bool]
    loose: NotRequired[list[int | None] | None]


_KEYS_Root = frozenset({"pair", "more", "loose"})
