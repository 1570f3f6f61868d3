@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    switch: Literal["on", "off", "yes", "no", "1.10", "2024-01-01"] | str | None = None
    """Spec default (not applied): ``'on'``."""
    version: str | None = None
    """Spec default (not applied): ``'1.10'``."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, _FIELDS_Root, data)

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        return _to_dict(self, _FIELDS_Root)


_KEYS_Root = frozenset({"switch", "version"})
