class Root(_Struct, kw_only=True):
    """``Root`` (no description in the spec)."""

    name: str | None


_KEYS_Root = frozenset({"name"})
