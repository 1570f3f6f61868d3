class Root(_Model):
    name: str
    size: float | None = None
    """Overridden to a number."""
    at: int
    extra: bool
