class Root(TypedDict):
    value: str | int | None


_KEYS_Root = frozenset({"value"})
