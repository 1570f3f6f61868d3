class Part(_Model):
    """``Part`` (no description in the spec)."""

    text: str | None = None


class Root(_Model):
    """``Root`` (no description in the spec)."""

    part: Part | None
    """An allOf-wrapped $ref, made nullable."""
