class Node(TypedDict):
    value: NotRequired[int | None]
    children: NotRequired[list[Node] | None]


class Pong(TypedDict):
    ping: NotRequired[Ping | None]


class Ping(TypedDict):
    pong: NotRequired[Pong | None]


class Root(TypedDict):
    tree: Node
    ping: NotRequired[Ping | None]


_KEYS_Root = frozenset({"tree", "ping"})
