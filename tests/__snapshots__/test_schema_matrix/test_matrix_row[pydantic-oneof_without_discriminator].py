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


class RootValueText(_Model):
    """The object at ``Root.value (oneOf 0)`` (the spec describes it no further)."""

    text: str


class RootValueImage(_Model):
    """The object at ``Root.value (oneOf 1)`` (the spec describes it no further)."""

    url: str


class Root(_Model):
    """``Root`` (no description in the spec)."""

    value: Annotated[
        RootValueText | RootValueImage | str, Field(union_mode="left_to_right")
    ]


_KEYS_Root = frozenset({"value"})
