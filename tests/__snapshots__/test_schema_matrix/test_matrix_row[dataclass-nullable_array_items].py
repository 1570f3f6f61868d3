@_model
class Root(_Dataclass):
    values: list[int | None]
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            values=_Field("values", _P_list_of_nullable_int),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"values"})
