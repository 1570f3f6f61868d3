class Root(_Model):
    """``Root`` (no description in the spec)."""

    values: list[int | None]
