@dataclass(kw_only=True, slots=True)
class RootTaggedItemItem:
    """The object at ``Root.tagged[][]`` (the spec describes it no further)."""

    v: int | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> RootTaggedItemItem:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            v=(
                None
                if (v := d.get("v")) is None
                else v if type(v) is int else _opt(d, "v", _int)
            ),
            extra_fields=(
                {}
                if _KEYS_RootTaggedItemItem.issuperset(d)
                else _extras(d, _KEYS_RootTaggedItemItem)
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.v is not None:
            d["v"] = self.v
        d.update(self.extra_fields)
        return d


_KEYS_RootTaggedItemItem = frozenset({"v"})


@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    grid: list[list[float]]
    tagged: list[list[RootTaggedItemItem]] | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            grid=_req(d, "grid", _P_list_of_list_of_float),
            tagged=(
                None
                if d.get("tagged") is None
                else _opt(d, "tagged", _P_list_of_list_of_RootTaggedItemItem)
            ),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["grid"] = self.grid
        if self.tagged is not None:
            d["tagged"] = _dump(self.tagged)
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"grid", "tagged"})
