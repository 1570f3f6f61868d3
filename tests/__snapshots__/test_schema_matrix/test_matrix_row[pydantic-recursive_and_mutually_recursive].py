class _Model(BaseModel):
    """Base of every model: strict types, unknown fields kept, names in and out as on the wire."""

    model_config = ConfigDict(
        extra="allow",
        protected_namespaces=(),
        strict=True,
        validate_by_alias=True,
        validate_by_name=True,
        serialize_by_alias=True,
    )


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


_KEYS_Root = frozenset({"tree", "ping"})
