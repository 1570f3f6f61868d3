class Part(TypedDict):
    text: str


class Root(TypedDict):
    part: Part | None


_KEYS_Root = frozenset({"part"})
