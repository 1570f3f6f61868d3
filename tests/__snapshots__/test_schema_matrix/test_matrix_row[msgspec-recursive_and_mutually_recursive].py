class Node(_Struct, kw_only=True):
    value: int | None = None
    children: list[Node] | None = None


class Pong(_Struct, kw_only=True):
    ping: Ping | None = None


class Ping(_Struct, kw_only=True):
    pong: Pong | None = None


class Root(_Struct, kw_only=True):
    tree: Node
    ping: Ping | None = None


_KEYS_Root = frozenset({"tree", "ping"})
