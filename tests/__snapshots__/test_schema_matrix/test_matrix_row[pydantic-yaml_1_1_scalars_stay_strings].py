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

    switch: Literal["on", "off", "yes", "no", "1.10", "2024-01-01"] | str | None = None
    """Spec default (not applied): ``'on'``."""
    version: str | None = None
    """Spec default (not applied): ``'1.10'``."""


_KEYS_Root = frozenset({"switch", "version"})
