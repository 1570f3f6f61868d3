@_model
class Maybe(_Dataclass):
    note: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            note=_Field("note", _str, fast=str, optional=True),
        )
    )


@_model
class Root(_Dataclass):
    maybe: Maybe | None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            maybe=_Field("maybe", _P_nullable_Maybe, nullable=True, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"maybe"})
