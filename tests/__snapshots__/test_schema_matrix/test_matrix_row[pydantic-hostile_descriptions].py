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
    """Ends with a quote " and has \"\"\" inside, a backslash \\ and {{ 7*7 }} {% include 'x' %}"""

    a: str | None = None
    """Non-ASCII: naïve café — ✓; a line
    then another; trailing backslash \\
    """
    b: str | None = None
    """line separator, \u202ebidi, NUL \x00 and a tab\tend"""


_KEYS_Root = frozenset({"a", "b"})
