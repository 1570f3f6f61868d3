class Node(_Model):
    value: int | None = None
    children: list[Node] | None = None


class Pong(_Model):
    ping: Ping | None = None


class Ping(_Model):
    pong: Pong | None = None


class Root(_Model):
    tree: Node
    ping: Ping | None = None
