@_model
class RootTaggedItemItem(_Dataclass):
    v: int | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            v=_Field("v", _int, fast=int, optional=True),
        )
    )


@_model
class Root(_Dataclass):
    grid: list[list[float]]
    tagged: list[list[RootTaggedItemItem]] | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            grid=_Field("grid", _P_list_of_list_of_float),
            tagged=_Field(
                "tagged",
                _P_list_of_list_of_RootTaggedItemItem,
                optional=True,
                dump=True,
            ),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"grid", "tagged"})
