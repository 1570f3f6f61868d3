@_model
class Root(_Dataclass):
    """Spec defaults, not applied: ``tier='auto'``."""

    tier: Literal["auto", "default"] | str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            tier=_Field("tier", _str, fast=str, optional=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"tier"})
