@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    pair: list[str | int]
    more: list[str | bool]
    loose: list[int | None] | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            pair=_req(d, "pair", _P_list_of_first_of_str_int),
            more=_req(d, "more", _P_list_of_first_of_str_bool),
            loose=(
                None
                if d.get("loose") is None
                else _opt(d, "loose", _P_list_of_nullable_int)
            ),
            extra_fields=_extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["pair"] = self.pair
        d["more"] = self.more
        if self.loose is not None:
            d["loose"] = self.loose
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"pair", "more", "loose"})
