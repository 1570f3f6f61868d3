@dataclass(kw_only=True, slots=True)
class Part:
    """``Part`` (no description in the spec)."""

    text: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Part:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            text=d["text"] if type(d.get("text")) is str else _req(d, "text", _str),
            extra_fields={} if _KEYS_Part.issuperset(d) else _extras(d, _KEYS_Part),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["text"] = self.text
        d.update(self.extra_fields)
        return d


_KEYS_Part = frozenset({"text"})


@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    a: str | None
    b: Part | None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            a=(
                v
                if (v := d.get("a", _MISSING)) is None or type(v) is str
                else _req(d, "a", _P_nullable_str)
            ),
            b=_req(d, "b", _P_nullable_Part),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["a"] = self.a
        d["b"] = _dump(self.b)
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"a", "b"})
