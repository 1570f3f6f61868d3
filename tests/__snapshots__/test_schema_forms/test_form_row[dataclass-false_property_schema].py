@_model
class Root(_Dataclass):
    legacy: None = None
    """Forbidden by the spec (its schema is ``false``): the key must be absent; ``null``
    reads as absent."""
    a: str
    secret: None = None
    """Forbidden by the spec (its schema is ``false``): the key must be absent; ``null``
    reads as absent."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""
    null_fields: frozenset[str] = frozenset()
    """The fields whose only value is ``null`` that the payload carried, by wire name
    (``to_dict`` writes them back)."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            legacy=_Field("legacy", _null, optional=True, null_only=True),
            a=_Field("a", _str, fast=str),
            secret=_Field("secret", _null, optional=True, null_only=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"legacy", "a", "secret"})
