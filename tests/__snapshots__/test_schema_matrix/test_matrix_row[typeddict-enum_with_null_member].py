class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    mode: Literal["fast", "slow"] | str | None


_KEYS_Root = frozenset({"mode"})
