class Root(TypedDict):
    name: str


_KEYS_Root = frozenset({"name"})
