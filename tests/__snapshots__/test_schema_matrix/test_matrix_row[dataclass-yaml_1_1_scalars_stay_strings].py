@_model
class Root(_Dataclass):
    """Spec defaults, not applied: ``switch='on'``, ``version='1.10'``."""

    switch: Literal["on", "off", "yes", "no", "1.10", "2024-01-01"] | str | None = None
    version: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            switch=_Field("switch", _str, fast=str, optional=True),
            version=_Field("version", _str, fast=str, optional=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"switch", "version"})
