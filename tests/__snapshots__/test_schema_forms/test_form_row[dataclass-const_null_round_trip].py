@_model
class Root(_Dataclass):
    code: int
    msg: str | None
    always: None
    detail: None = None
    gone: None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""
    null_fields: frozenset[str] = frozenset()
    """The fields whose only value is ``null`` that the payload carried, by wire name
    (``to_dict`` writes them back)."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            code=_Field("code", _int, fast=int),
            msg=_Field("msg", _P_nullable_str, fast=str, nullable=True),
            always=_Field("always", _P_nullable_null, nullable=True),
            detail=_Field("detail", _null, optional=True, null_only=True),
            gone=_Field("gone", _null, optional=True, null_only=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"code", "msg", "always", "detail", "gone"})
