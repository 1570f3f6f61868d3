class Maybe(_Model):
    """``Maybe`` (no description in the spec)."""

    note: str | None = None


class Root(_Model):
    """``Root`` (no description in the spec)."""

    maybe: Maybe | None
