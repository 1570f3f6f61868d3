class Node(TypedDict):
    """``Node`` (no description in the spec)."""

    value: NotRequired[int | None]
    children: NotRequired[list[Node] | None]


class Pong(TypedDict):
    """``Pong`` (no description in the spec)."""

    ping: NotRequired[Ping | None]


class Ping(TypedDict):
    """``Ping`` (no description in the spec)."""

    pong: NotRequired[Pong | None]


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    tree: Node
    ping: NotRequired[Ping | None]


_KEYS_Root = frozenset({"tree", "ping"})
