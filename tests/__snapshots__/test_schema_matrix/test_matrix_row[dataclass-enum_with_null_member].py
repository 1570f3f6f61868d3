@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    mode: Literal["fast", "slow"] | str | None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            mode=(
                v
                if (v := d.get("mode", _MISSING)) is None or type(v) is str
                else _req(d, "mode", _P_nullable_str)
            ),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["mode"] = self.mode
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"mode"})
