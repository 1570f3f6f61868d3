@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    n: None
    o: None = None
    l: list[None] | None = None
    u: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""
    null_fields: frozenset[str] = frozenset()
    """The fields whose only value is ``null`` that the payload carried, by wire name
    (``to_dict`` writes them back)."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, _FIELDS_Root, data)

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        return _to_dict(self, _FIELDS_Root)


_KEYS_Root = frozenset({"n", "o", "l", "u"})
