class Root(_Model):
    """``Root`` (no description in the spec)."""

    object: Literal["root.chunk"] | str
    kind: Literal["thing"] | str
    tag: Literal["function"] | str
