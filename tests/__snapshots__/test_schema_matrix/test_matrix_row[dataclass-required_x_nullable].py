@_model
class Root(_Dataclass):
    req: str
    req_null: str | None
    opt: str | None = None
    opt_null: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            req=_Field("req", _str, fast=str),
            req_null=_Field("req_null", _P_nullable_str, fast=str, nullable=True),
            opt=_Field("opt", _str, fast=str, optional=True),
            opt_null=_Field("opt_null", _str, fast=str, optional=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"req", "req_null", "opt", "opt_null"})
