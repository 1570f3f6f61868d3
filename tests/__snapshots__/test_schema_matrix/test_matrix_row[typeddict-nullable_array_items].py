class Root(TypedDict):
    values: list[int | None]


_KEYS_Root = frozenset({"values"})
