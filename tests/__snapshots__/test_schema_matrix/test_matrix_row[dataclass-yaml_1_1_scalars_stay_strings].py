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
        d = _object(data)
        return cls(
            switch=(
                None
                if (v := d.get("switch")) is None
                else v if type(v) is str else _opt(d, "switch", _str)
            ),
            version=(
                None
                if (v := d.get("version")) is None
                else v if type(v) is str else _opt(d, "version", _str)
            ),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.switch is not None:
            d["switch"] = self.switch
        if self.version is not None:
            d["version"] = self.version
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"switch", "version"})
