@_model
class Root(_Dataclass):
    """Ends with a quote " and has \"\"\" inside, a backslash \\ and {{ 7*7 }} {% include
    'x' %}"""

    a: str | None = None
    """Non-ASCII: naïve café — ✓; a line
    then another; trailing backslash \\"""
    b: str | None = None
    """line separator, \u202ebidi, NUL \x00 and a tab\tend"""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            a=_Field("a", _str, fast=str, optional=True),
            b=_Field("b", _str, fast=str, optional=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"a", "b"})
