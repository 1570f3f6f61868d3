@_model
class RootFree(_Dataclass):
    a: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            a=_Field("a", _str, fast=str, optional=True),
        )
    )


@_model
class RootClosed(_Dataclass):
    a: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            a=_Field("a", _str, fast=str, optional=True),
        )
    )


@_model
class RootTyped(_Dataclass):
    a: str | None = None
    extra_fields: dict[str, int] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            _extra_fields=lambda d: _extras(d, _KEYS_RootTyped, _int),
            a=_Field("a", _str, fast=str, optional=True),
        )
    )


_KEYS_RootTyped: frozenset[str] = frozenset({"a"})


@_model
class Part(_Dataclass):
    text: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            text=_Field("text", _str, fast=str, optional=True),
        )
    )


@_model
class Root(_Dataclass):
    free: RootFree
    closed: RootClosed
    typed: RootTyped
    map: dict[str, Part]
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            free=_Field("free", RootFree.from_dict, dump=True),
            closed=_Field("closed", RootClosed.from_dict, dump=True),
            typed=_Field("typed", RootTyped.from_dict, dump=True),
            map=_Field("map", _P_map_of_Part, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"free", "closed", "typed", "map"})
