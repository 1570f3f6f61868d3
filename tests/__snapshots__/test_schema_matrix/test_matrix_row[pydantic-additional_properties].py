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


class RootFree(_Model):
    """The object at ``Root.free`` (the spec describes it no further)."""

    a: str | None = None


class RootClosed(_Model):
    """The object at ``Root.closed`` (the spec describes it no further)."""

    a: str | None = None


class RootTyped(_Model):
    """The object at ``Root.typed`` (the spec describes it no further)."""

    a: str | None = None
    __pydantic_extra__: dict[str, int] = Field(init=False)


class Part(_Model):
    """``Part`` (no description in the spec)."""

    text: str | None = None


class Root(_Model):
    """``Root`` (no description in the spec)."""

    free: RootFree
    closed: RootClosed
    typed: RootTyped
    map: dict[str, Part]


_KEYS_Root = frozenset({"free", "closed", "typed", "map"})
