class Root(TypedDict):
    name: str | None


_KEYS_Root = frozenset({"name"})
