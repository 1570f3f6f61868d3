@_model
class Node(_Dataclass):
    """``Node`` (no description in the spec)."""

    value: int | None = None
    children: list[Node] | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Pong(_Dataclass):
    """``Pong`` (no description in the spec)."""

    ping: Ping | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Ping(_Dataclass):
    """``Ping`` (no description in the spec)."""

    pong: Pong | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    tree: Node
    ping: Ping | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"tree", "ping"})
