@_model
class Root(_Dataclass):
    created: int
    at: str
    big: int
    ratio: float
    blob: str
    link: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            created=_Field("created", _int, fast=int),
            at=_Field("at", _str, fast=str),
            big=_Field("big", _int, fast=int),
            ratio=_Field("ratio", _float, fast=float),
            blob=_Field("blob", _str, fast=str),
            link=_Field("link", _str, fast=str),
        )
    )


_KEYS_Root: frozenset[str] = frozenset(
    {"created", "at", "big", "ratio", "blob", "link"}
)
