class Root(_Struct, kw_only=True):
    """``Root`` (no description in the spec)."""

    value: str | int | None


_KEYS_Root = frozenset({"value"})
