class Root(_Model):
    """``Root`` (no description in the spec)."""

    value: str | int | None
