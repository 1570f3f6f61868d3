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

    v: Literal["a-b", "a b", "a_b", "1st", "class", "ümlaut", "", 'it\'s "q"'] | str


_KEYS_Root = frozenset({"v"})
