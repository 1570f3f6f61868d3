class Root(_Model):
    """``Root`` (no description in the spec)."""

    name: str | None
