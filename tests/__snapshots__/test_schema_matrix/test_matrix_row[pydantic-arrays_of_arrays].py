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


class RootTaggedItemItem(_Model):
    """The object at ``Root.tagged[][]`` (the spec describes it no further)."""

    v: int | None = None


class Root(_Model):
    """``Root`` (no description in the spec)."""

    grid: list[list[float]]
    tagged: list[list[RootTaggedItemItem]] | None = None


_KEYS_Root = frozenset({"grid", "tagged"})
