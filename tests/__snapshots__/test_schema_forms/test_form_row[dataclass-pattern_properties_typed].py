@_model
class Root(_Dataclass):
    name: str
    extra_fields: dict[str, str | int | bool] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            _extra_fields=lambda d: _pattern_extras(
                d,
                _KEYS_Root,
                (
                    ("^x-", _str),
                    ("^n_", _int),
                ),
                _bool,
                False,
            ),
            name=_Field("name", _str, fast=str),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"name"})
