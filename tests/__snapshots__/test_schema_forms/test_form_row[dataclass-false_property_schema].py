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
    null_fields: frozenset[str] = frozenset()
    """The fields whose only value is ``null`` that the payload carried, by wire name
    (``to_dict`` writes them back)."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            legacy=None if d.get("legacy") is None else _opt(d, "legacy", _null),
            a=d["a"] if type(d.get("a")) is str else _req(d, "a", _str),
            secret=None if d.get("secret") is None else _opt(d, "secret", _null),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
            null_fields=frozenset({"legacy", "secret"}).intersection(d),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if "legacy" in self.null_fields:
            d["legacy"] = None
        d["a"] = self.a
        if "secret" in self.null_fields:
            d["secret"] = None
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"legacy", "a", "secret"})
