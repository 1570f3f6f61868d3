class Root(_Model):
    """``Root`` (no description in the spec)."""

    name: str
    size: float | None = None
    """Overridden to a number."""
    at: int
    extra: bool
