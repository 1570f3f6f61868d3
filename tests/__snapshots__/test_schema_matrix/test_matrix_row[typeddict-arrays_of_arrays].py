class RootTaggedItemItem(TypedDict):
    """The object at ``Root.tagged[][]`` (the spec describes it no further)."""

    v: NotRequired[int | None]


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    grid: list[list[float]]
    tagged: NotRequired[list[list[RootTaggedItemItem]] | None]


_KEYS_Root = frozenset({"grid", "tagged"})
