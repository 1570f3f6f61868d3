@_model
class Root(_Dataclass):
    """Spec defaults, not applied: ``count=3``, ``mode='b'``, ``note=None``,
    ``flag=False``."""

    count: int | None = None
    mode: Literal["a", "b"] | str | None = None
    note: str | None = None
    flag: bool | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            count=_Field("count", _int, fast=int, optional=True),
            mode=_Field("mode", _str, fast=str, optional=True),
            note=_Field("note", _str, fast=str, optional=True),
            flag=_Field("flag", _bool, fast=bool, optional=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"count", "mode", "note", "flag"})
