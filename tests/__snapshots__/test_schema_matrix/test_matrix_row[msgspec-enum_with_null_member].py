class Root(_Struct, kw_only=True):
    """``Root`` (no description in the spec)."""

    mode: Literal["fast", "slow"] | str | None


_KEYS_Root = frozenset({"mode"})
