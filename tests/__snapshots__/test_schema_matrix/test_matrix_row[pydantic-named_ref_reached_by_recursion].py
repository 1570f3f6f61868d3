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
    next: Link | None = None


class Root(_Model):
    """``Root`` (no description in the spec)."""

    p: Link


_KEYS_Root = frozenset({"p"})


Link = TypeAliasType("Link", "Node")
"""A node"""
