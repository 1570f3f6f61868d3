@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    name: str
    extra_fields: dict[str, str | int | bool] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            name=d["name"] if type(d.get("name")) is str else _req(d, "name", _str),
            extra_fields=_pattern_extras(
                d,
                _KEYS_Root,
                (
                    ("^x-", _str),
                    ("^n_", _int),
                ),
                _bool,
                False,
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["name"] = self.name
        d.update(_dump(self.extra_fields))
        return d


_KEYS_Root = frozenset({"name"})
