@dataclass(kw_only=True, slots=True)
class Node:
    """``Node`` (no description in the spec)."""

    value: int | None = None
    next: typing.Optional[Link] = None  # noqa: UP045
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Node:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            value=(
                None
                if (v := d.get("value")) is None
                else v if type(v) is int else _opt(d, "value", _int)
            ),
            next=None if d.get("next") is None else _opt(d, "next", _parse_Link),
            extra_fields={} if _KEYS_Node.issuperset(d) else _extras(d, _KEYS_Node),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.value is not None:
            d["value"] = self.value
        if self.next is not None:
            d["next"] = _dump(self.next)
        d.update(self.extra_fields)
        return d


_KEYS_Node = frozenset({"value", "next"})


@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    p: Link
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            p=_req(d, "p", _parse_Link),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["p"] = _dump(self.p)
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"p"})


Link: TypeAlias = "Node"
"""A node"""
