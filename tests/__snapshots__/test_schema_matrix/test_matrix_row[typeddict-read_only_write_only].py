class Root(TypedDict):
    id: str
    secret: NotRequired[str | None]


_KEYS_Root = frozenset({"id", "secret"})
