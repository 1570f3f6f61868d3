@_model
class RootValue(_Dataclass):
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
class RootValueModel(_Dataclass):
    url: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            url=_Field("url", _str, fast=str),
        )
    )


@_model
class Root(_Dataclass):
    value: RootValue | RootValueModel | str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            value=_Field("value", _P_first_of_RootValue_RootValueModel_str, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"value"})
