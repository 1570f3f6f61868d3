@_model
class Closed(_Dataclass):
    name: str | None = None
    extra_fields: dict[str, str | int] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            _extra_fields=lambda d: _pattern_extras(
                d,
                _KEYS_Closed,
                (
                    ("^x-", _str),
                    ("count$", _int),
                    ("^n_", _int),
                ),
                None,
                True,
            ),
            name=_Field("name", _str, fast=str, optional=True),
        )
    )


_KEYS_Closed: frozenset[str] = frozenset({"name"})


@_model
class Open(_Dataclass):
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            _extra_fields=lambda d: _pattern_extras(
                d, _KEYS_Open, (("^x-", _str),), None, False
            ),
        )
    )


_KEYS_Open: frozenset[str] = frozenset[str]()


@_model
class Typed(_Dataclass):
    extra_fields: dict[str, str | Open | bool] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            _extra_fields=lambda d: _pattern_extras(
                d,
                _KEYS_Typed,
                (
                    ("^x-", _str),
                    ("^o_", Open.from_dict),
                ),
                _bool,
                False,
            ),
        )
    )


_KEYS_Typed: frozenset[str] = frozenset[str]()


@_model
class Root(_Dataclass):
    closed: Closed | None = None
    open: Open | None = None
    typed: Typed | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            closed=_Field("closed", Closed.from_dict, optional=True, dump=True),
            open=_Field("open", Open.from_dict, optional=True, dump=True),
            typed=_Field("typed", Typed.from_dict, optional=True, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"closed", "open", "typed"})
