@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    legacy: None = None
    """Forbidden by the spec (its schema is ``false``): the key must be absent; ``null`` reads as absent."""
    a: str
    secret: None = None
    """Forbidden by the spec (its schema is ``false``): the key must be absent; ``null`` reads as absent."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            legacy=None if d.get("legacy") is None else _opt(d, "legacy", _null),
            a=d["a"] if type(d.get("a")) is str else _req(d, "a", _str),
            secret=None if d.get("secret") is None else _opt(d, "secret", _null),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.legacy is not None:
            d["legacy"] = self.legacy
        d["a"] = self.a
        if self.secret is not None:
            d["secret"] = self.secret
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"legacy", "a", "secret"})
