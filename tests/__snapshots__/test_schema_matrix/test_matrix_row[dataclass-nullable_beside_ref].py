@_model
class Part(_Dataclass):
    text: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            text=_Field("text", _str, fast=str),
        )
    )


@_model
class Root(_Dataclass):
    part: Part | None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            part=_Field("part", _P_nullable_Part, nullable=True, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"part"})
