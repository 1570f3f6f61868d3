class Root(_Model):
    """``Root`` (no description in the spec)."""

    id: str
    secret: str | None = None
