class Root(_Struct, kw_only=True):
    """``Root`` (no description in the spec)."""

    id: str
    secret: str | None = None


_KEYS_Root = frozenset({"id", "secret"})
