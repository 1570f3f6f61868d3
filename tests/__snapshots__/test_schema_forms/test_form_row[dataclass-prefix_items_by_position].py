@_model
class Leaf(_Dataclass):
    n: int
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            n=_Field("n", _int, fast=int),
        )
    )


@_model
class Holder(_Dataclass):
    pairs: list[Pair] | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            pairs=_Field("pairs", _P_list_of_Pair, optional=True, dump=True),
        )
    )


@_model
class Root(_Dataclass):
    closed: tuple[str, int] | None = None
    rest: tuple[str | bool, ...] | None = None
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1
    item."""
    pair: Pair | None = None
    pairs: list[Pair] | None = None
    table: dict[str, Pair] | None = None
    holder: Holder | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            closed=_Field(
                "closed", _P_tuple_of_str_int_closed_min_2, optional=True, dump=True
            ),
            rest=_Field(
                "rest", _P_tuple_of_str_then_bool_min_1, optional=True, dump=True
            ),
            pair=_Field("pair", _parse_Pair, optional=True, dump=True),
            pairs=_Field("pairs", _P_list_of_Pair, optional=True, dump=True),
            table=_Field("table", _P_map_of_Pair, optional=True, dump=True),
            holder=_Field("holder", Holder.from_dict, optional=True, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset(
    {"closed", "rest", "pair", "pairs", "table", "holder"}
)


Pair: TypeAlias = tuple[str, Leaf]
