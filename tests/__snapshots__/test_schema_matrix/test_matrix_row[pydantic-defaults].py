class Root(_Model):
    """``Root`` (no description in the spec)."""

    count: int | None = None
    """Spec default (not applied): ``3``."""
    mode: Literal["a", "b"] | str | None = None
    """Spec default (not applied): ``'b'``."""
    note: str | None = None
    """Spec default (not applied): ``None``."""
    flag: bool | None = None
    """Spec default (not applied): ``False``."""
