@_model
class Root(_Dataclass):
    mode: Literal["fast", "slow"] | str | None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            mode=_Field("mode", _P_nullable_str, fast=str, nullable=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"mode"})
