@_model
class Root(_Dataclass):
    value: str | int | None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            value=_Field("value", _P_nullable_first_of_str_int, nullable=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"value"})
