class Root(_Model):
    """``Root`` (no description in the spec)."""

    req: str
    req_null: str | None
    opt: str | None = None
    opt_null: str | None = None
