class Root(_Model):
    """``Root`` (no description in the spec)."""

    code: int
    msg: str | None
    always: None
    detail: None = None
    gone: None = None
