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
    pair: tuple[str, int]
    short: tuple[()] | tuple[str] | tuple[str, int] | None = None
    more: tuple[str | bool, ...]
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1
    item."""
    loose: tuple[Any, ...] | None = None
    """Items by position (checked): 0: ``int``, 1: ``None``; then any number of
    ``Any``."""
    parts: tuple[Part, str | None] | None = None
    at: Point | None = None
    old: tuple[str] | tuple[str, int] | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            pair=_Field("pair", _P_tuple_of_str_int_closed_min_2, dump=True),
            short=_Field("short", _P_tuple_of_str_int_closed, optional=True, dump=True),
            more=_Field("more", _P_tuple_of_str_then_bool_min_1, dump=True),
            loose=_Field(
                "loose",
                _P_tuple_of_int_nullable_null_then_any,
                optional=True,
                dump=True,
            ),
            parts=_Field(
                "parts",
                _P_tuple_of_Part_nullable_str_closed_min_2,
                optional=True,
                dump=True,
            ),
            at=_Field("at", _parse_Point, optional=True, dump=True),
            old=_Field(
                "old", _P_tuple_of_str_int_closed_min_1, optional=True, dump=True
            ),
        )
    )


_KEYS_Root: frozenset[str] = frozenset(
    {"pair", "short", "more", "loose", "parts", "at", "old"}
)


Point: TypeAlias = tuple[float, float] | None
