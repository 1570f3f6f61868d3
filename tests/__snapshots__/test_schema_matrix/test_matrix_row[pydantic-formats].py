class Root(_Model):
    """``Root`` (no description in the spec)."""

    created: int
    at: str
    big: int
    ratio: float
    blob: str
    link: str
