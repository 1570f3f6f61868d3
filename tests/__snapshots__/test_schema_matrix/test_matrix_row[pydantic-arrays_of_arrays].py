class RootTaggedItemItem(_Model):
    """The object at ``Root.tagged[][]`` (the spec describes it no further)."""

    v: int | None = None


class Root(_Model):
    """``Root`` (no description in the spec)."""

    grid: list[list[float]]
    tagged: list[list[RootTaggedItemItem]] | None = None
