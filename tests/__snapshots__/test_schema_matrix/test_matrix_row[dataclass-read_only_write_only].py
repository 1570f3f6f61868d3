@_model
class Root(_Dataclass):
    id: str
    secret: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            id=_Field("id", _str, fast=str),
            secret=_Field("secret", _str, fast=str, optional=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"id", "secret"})
