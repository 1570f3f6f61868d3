class Root(_Model):
    """Spec defaults, not applied: ``tier='auto'``."""

    tier: Literal["auto", "default"] | str | None = None
