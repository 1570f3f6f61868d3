@_model
class Root(_Dataclass):
    v: Literal["a-b", "a b", "a_b", "1st", "class", "ümlaut", "", 'it\'s "q"'] | str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            v=_Field("v", _str, fast=str),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"v"})
