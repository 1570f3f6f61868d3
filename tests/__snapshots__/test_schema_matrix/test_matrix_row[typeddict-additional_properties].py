class RootFree(TypedDict):
    a: NotRequired[str | None]


class RootClosed(TypedDict):
    a: NotRequired[str | None]


class RootTyped(TypedDict):
    a: NotRequired[str | None]


_KEYS_RootTyped = frozenset({"a"})


class Part(TypedDict):
    text: NotRequired[str | None]


class Root(TypedDict):
    free: RootFree
    closed: RootClosed
    typed: RootTyped
    map: dict[str, Part]


_KEYS_Root = frozenset({"free", "closed", "typed", "map"})
