class Root(_Struct, kw_only=True):
    mode: Literal["fast", "slow"] | str | None


_KEYS_Root = frozenset({"mode"})
