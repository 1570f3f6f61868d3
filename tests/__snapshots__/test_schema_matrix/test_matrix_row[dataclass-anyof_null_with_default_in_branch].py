@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    tier: Literal["auto", "default"] | str | None = None
    """Spec default (not applied): ``'auto'``."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            tier=(
                None
                if (v := d.get("tier")) is None
                else v if type(v) is str else _opt(d, "tier", _str)
            ),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.tier is not None:
            d["tier"] = self.tier
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"tier"})
