class RootValue(TypedDict):
    text: str


class RootValueModel(TypedDict):
    url: str


class Root(TypedDict):
    value: RootValue | RootValueModel | str


_KEYS_Root = frozenset({"value"})
