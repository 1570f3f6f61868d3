class Root(TypedDict):
    mode: Literal["fast", "slow"] | str | None


_KEYS_Root = frozenset({"mode"})
