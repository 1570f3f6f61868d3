class RootTaggedItemItem(_Struct, kw_only=True):
    """The object at ``Root.tagged[][]`` (the spec describes it no further)."""

    v: int | None = None


class Root(_Struct, kw_only=True):
    """``Root`` (no description in the spec)."""

    grid: list[list[float]]
    tagged: list[list[RootTaggedItemItem]] | None = None


_KEYS_Root = frozenset({"grid", "tagged"})
