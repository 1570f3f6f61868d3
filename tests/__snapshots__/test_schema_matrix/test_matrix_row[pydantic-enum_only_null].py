class Root(_Model):
    """``Root`` (no description in the spec)."""

    n: None
    o: None = None
    l: list[None] | None = None
    u: str | None = None
