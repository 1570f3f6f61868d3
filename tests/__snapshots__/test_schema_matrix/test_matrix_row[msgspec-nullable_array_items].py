class Root(_Struct, kw_only=True):
    """``Root`` (no description in the spec)."""

    values: list[int | None]


_KEYS_Root = frozenset({"values"})
