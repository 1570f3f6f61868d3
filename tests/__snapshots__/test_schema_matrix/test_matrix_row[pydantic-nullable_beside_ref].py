class Part(_Model):
    """``Part`` (no description in the spec)."""

    text: str


class Root(_Model):
    """``Root`` (no description in the spec)."""

    part: Part | None
