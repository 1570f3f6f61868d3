class Root(TypedDict):
    n: None
    o: NotRequired[None]
    l: NotRequired[list[None] | None]
    u: NotRequired[str | None]


_KEYS_Root = frozenset({"n", "o", "l", "u"})
