@dataclass(kw_only=True, slots=True)
class Node:
    """``Node`` (no description in the spec)."""

    v: int | None = None
    next: Node | None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Node:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            v=(
                None
                if (v := d.get("v")) is None
                else v if type(v) is int else _opt(d, "v", _int)
            ),
            next=_req(d, "next", _P_nullable_Node),
            extra_fields={} if _KEYS_Node.issuperset(d) else _extras(d, _KEYS_Node),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.v is not None:
            d["v"] = self.v
        d["next"] = _dump(self.next)
        d.update(self.extra_fields)
        return d


_KEYS_Node = frozenset({"v", "next"})


@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    j: typing.Optional[Json]  # noqa: UP045
    node: Node | None
    maybe: str | None
    list_: list[str | None]
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            j=_req(d, "j", _P_nullable_Json),
            node=_req(d, "node", _P_nullable_Node),
            maybe=(
                v
                if (v := d.get("maybe", _MISSING)) is None or type(v) is str
                else _req(d, "maybe", _P_nullable_str)
            ),
            list_=_req(d, "list", _P_list_of_nullable_str),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["j"] = _dump(self.j)
        d["node"] = _dump(self.node)
        d["maybe"] = self.maybe
        d["list"] = self.list_
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"j", "node", "maybe", "list"})


Json: TypeAlias = (
    "str | float | bool | list[typing.Optional[Json]] | dict[str, typing.Optional[Json]] | None"  # noqa: UP045
)
