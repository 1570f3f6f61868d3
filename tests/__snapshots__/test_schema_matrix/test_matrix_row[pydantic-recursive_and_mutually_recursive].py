class Node(_Model):
    """``Node`` (no description in the spec)."""

    value: int | None = None
    children: list[Node] | None = None


class Pong(_Model):
    """``Pong`` (no description in the spec)."""

    ping: Ping | None = None


class Ping(_Model):
    """``Ping`` (no description in the spec)."""

    pong: Pong | None = None


class Root(_Model):
    """``Root`` (no description in the spec)."""

    tree: Node
    ping: Ping | None = None
