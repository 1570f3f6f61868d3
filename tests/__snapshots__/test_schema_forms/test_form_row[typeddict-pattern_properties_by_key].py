class Closed(TypedDict):
    name: NotRequired[str | None]


_KEYS_Closed = frozenset({"name"})


class Open(TypedDict):
    pass


_KEYS_Open = frozenset[str]()


class Typed(TypedDict):
    pass


_KEYS_Typed = frozenset[str]()


class Root(TypedDict):
    closed: NotRequired[Closed | None]
    open: NotRequired[Open | None]
    typed: NotRequired[Typed | None]


_KEYS_Root = frozenset({"closed", "open", "typed"})
