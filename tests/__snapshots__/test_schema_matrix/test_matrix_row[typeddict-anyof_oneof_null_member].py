class Part(TypedDict):
    text: str


class Root(TypedDict):
    a: str | None
    b: Part | None


_KEYS_Root = frozenset({"a", "b"})
