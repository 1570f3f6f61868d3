class Maybe(TypedDict):
    note: NotRequired[str | None]


class Root(TypedDict):
    maybe: Maybe | None


_KEYS_Root = frozenset({"maybe"})
