class Node(_Struct, kw_only=True):
    """``Node`` (no description in the spec)."""

    value: int | None = None
    children: list[Node] | None = None


class Pong(_Struct, kw_only=True):
    """``Pong`` (no description in the spec)."""

    ping: Ping | None = None


class Ping(_Struct, kw_only=True):
    """``Ping`` (no description in the spec)."""

    pong: Pong | None = None


class Root(_Struct, kw_only=True):
    """``Root`` (no description in the spec)."""

    tree: Node
    ping: Ping | None = None


_KEYS_Root = frozenset({"tree", "ping"})
