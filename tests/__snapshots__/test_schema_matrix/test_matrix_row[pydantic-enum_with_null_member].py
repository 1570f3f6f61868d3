class Root(_Model):
    """``Root`` (no description in the spec)."""

    mode: Literal["fast", "slow"] | str | None
