class RootFree(TypedDict):
    """The object at ``Root.free`` (the spec describes it no further)."""

    a: NotRequired[str | None]


class RootClosed(TypedDict):
    """The object at ``Root.closed`` (the spec describes it no further)."""

    a: NotRequired[str | None]


class RootTyped(TypedDict):
    """The object at ``Root.typed`` (the spec describes it no further)."""

    a: NotRequired[str | None]


_KEYS_RootTyped = frozenset({"a"})


class Part(TypedDict):
    """``Part`` (no description in the spec)."""

    text: NotRequired[str | None]


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    free: RootFree
    closed: RootClosed
    typed: RootTyped
    map: dict[str, Part]


_KEYS_Root = frozenset({"free", "closed", "typed", "map"})
