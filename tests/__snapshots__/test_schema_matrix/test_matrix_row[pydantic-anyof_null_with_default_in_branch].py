class Root(_Model):
    """``Root`` (no description in the spec)."""

    tier: Literal["auto", "default"] | str | None = None
    """Spec default (not applied): ``'auto'``."""
