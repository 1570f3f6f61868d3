class Closed(TypedDict):
    """``Closed`` (no description in the spec)."""

    name: NotRequired[str | None]


_KEYS_Closed = frozenset({"name"})


class Open(TypedDict):
    """``Open`` (no description in the spec)."""


_KEYS_Open = frozenset[str]()


class Typed(TypedDict):
    """``Typed`` (no description in the spec)."""


_KEYS_Typed = frozenset[str]()


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    closed: NotRequired[Closed | None]
    open: NotRequired[Open | None]
    typed: NotRequired[Typed | None]


_KEYS_Root = frozenset({"closed", "open", "typed"})
