@_model
class Root(_Dataclass):
    name: str
    size: float | None = None
    """Overridden to a number."""
    at: int
    extra: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            name=_Field("name", _str, fast=str),
            size=_Field("size", _float, fast=float, optional=True),
            at=_Field("at", _int, fast=int),
            extra=_Field("extra", _bool, fast=bool),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"name", "size", "at", "extra"})
