@dataclass(kw_only=True, slots=True)
class Root:
    """Ends with a quote " and has \"\"\" inside, a backslash \\ and {{ 7*7 }} {% include 'x' %}"""

    a: str | None = None
    """Non-ASCII: naïve café — ✓; a line
    then another; trailing backslash \\
    """
    b: str | None = None
    """line separator, \u202ebidi, NUL \x00 and a tab\tend"""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            a=(
                None
                if (v := d.get("a")) is None
                else v if type(v) is str else _opt(d, "a", _str)
            ),
            b=(
                None
                if (v := d.get("b")) is None
                else v if type(v) is str else _opt(d, "b", _str)
            ),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.a is not None:
            d["a"] = self.a
        if self.b is not None:
            d["b"] = self.b
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"a", "b"})
