class RootFree(TypedDict):
    """``RootFree`` (no description in the spec)."""

    a: NotRequired[str | None]


class RootClosed(TypedDict):
    """``RootClosed`` (no description in the spec)."""

    a: NotRequired[str | None]


class RootTyped(TypedDict):
    """``RootTyped`` (no description in the spec)."""

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
