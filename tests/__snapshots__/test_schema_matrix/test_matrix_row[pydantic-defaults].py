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


class Root(_Model):
    """``Root`` (no description in the spec)."""

    count: int | None = None
    """Spec default (not applied): ``3``."""
    mode: Literal["a", "b"] | str | None = None
    """Spec default (not applied): ``'b'``."""
    note: str | None = None
    """Spec default (not applied): ``None``."""
    flag: bool | None = None
    """Spec default (not applied): ``False``."""


_KEYS_Root = frozenset({"count", "mode", "note", "flag"})
