@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    count: int | None = None
    """Spec default (not applied): ``3``."""
    mode: Literal["a", "b"] | str | None = None
    """Spec default (not applied): ``'b'``."""
    note: str | None = None
    """Spec default (not applied): ``None``."""
    flag: bool | None = None
    """Spec default (not applied): ``False``."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            count=(
                None
                if (v := d.get("count")) is None
                else v if type(v) is int else _opt(d, "count", _int)
            ),
            mode=(
                None
                if (v := d.get("mode")) is None
                else v if type(v) is str else _opt(d, "mode", _str)
            ),
            note=(
                None
                if (v := d.get("note")) is None
                else v if type(v) is str else _opt(d, "note", _str)
            ),
            flag=(
                None
                if (v := d.get("flag")) is None
                else v if type(v) is bool else _opt(d, "flag", _bool)
            ),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.count is not None:
            d["count"] = self.count
        if self.mode is not None:
            d["mode"] = self.mode
        if self.note is not None:
            d["note"] = self.note
        if self.flag is not None:
            d["flag"] = self.flag
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"count", "mode", "note", "flag"})
