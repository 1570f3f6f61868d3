@_model
class Root(_Dataclass):
    n: None
    o: None = None
    l: list[None] | None = None
    u: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""
    null_fields: frozenset[str] = frozenset()
    """The fields whose only value is ``null`` that the payload carried, by wire name
    (``to_dict`` writes them back)."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            n=_Field("n", _P_nullable_null, nullable=True),
            o=_Field("o", _null, optional=True, null_only=True),
            l=_Field("l", _P_list_of_nullable_null, optional=True),
            u=_Field("u", _str, fast=str, optional=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"n", "o", "l", "u"})
