@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    id: str
    secret: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            id=d["id"] if type(d.get("id")) is str else _req(d, "id", _str),
            secret=(
                None
                if (v := d.get("secret")) is None
                else v if type(v) is str else _opt(d, "secret", _str)
            ),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["id"] = self.id
        if self.secret is not None:
            d["secret"] = self.secret
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"id", "secret"})
