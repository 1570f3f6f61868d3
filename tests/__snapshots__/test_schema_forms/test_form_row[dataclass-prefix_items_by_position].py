@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    closed: tuple[str, int] | None = None
    rest: tuple[str | bool, ...] | None = None
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1 item."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            closed=(
                None
                if d.get("closed") is None
                else _opt(d, "closed", _P_tuple_of_str_int_closed_min_2)
            ),
            rest=(
                None
                if d.get("rest") is None
                else _opt(d, "rest", _P_tuple_of_str_then_bool_min_1)
            ),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.closed is not None:
            d["closed"] = _dump(self.closed)
        if self.rest is not None:
            d["rest"] = _dump(self.rest)
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"closed", "rest"})
