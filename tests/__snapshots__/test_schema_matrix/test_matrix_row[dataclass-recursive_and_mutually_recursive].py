@dataclass(kw_only=True, slots=True)
class Node:
    """``Node`` (no description in the spec)."""

    value: int | None = None
    children: list[Node] | None = None
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
            children=(
                None
                if d.get("children") is None
                else _opt(d, "children", _P_list_of_Node)
            ),
            extra_fields={} if _KEYS_Node.issuperset(d) else _extras(d, _KEYS_Node),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.value is not None:
            d["value"] = self.value
        if self.children is not None:
            d["children"] = _dump(self.children)
        d.update(self.extra_fields)
        return d


_KEYS_Node = frozenset({"value", "children"})


@dataclass(kw_only=True, slots=True)
class Pong:
    """``Pong`` (no description in the spec)."""

    ping: Ping | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Pong:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            ping=None if d.get("ping") is None else _opt(d, "ping", Ping.from_dict),
            extra_fields={} if _KEYS_Pong.issuperset(d) else _extras(d, _KEYS_Pong),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.ping is not None:
            d["ping"] = _dump(self.ping)
        d.update(self.extra_fields)
        return d


_KEYS_Pong = frozenset({"ping"})


@dataclass(kw_only=True, slots=True)
class Ping:
    """``Ping`` (no description in the spec)."""

    pong: Pong | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Ping:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            pong=None if d.get("pong") is None else _opt(d, "pong", Pong.from_dict),
            extra_fields={} if _KEYS_Ping.issuperset(d) else _extras(d, _KEYS_Ping),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.pong is not None:
            d["pong"] = _dump(self.pong)
        d.update(self.extra_fields)
        return d


_KEYS_Ping = frozenset({"pong"})


@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    tree: Node
    ping: Ping | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            tree=_req(d, "tree", Node.from_dict),
            ping=None if d.get("ping") is None else _opt(d, "ping", Ping.from_dict),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["tree"] = _dump(self.tree)
        if self.ping is not None:
            d["ping"] = _dump(self.ping)
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"tree", "ping"})
