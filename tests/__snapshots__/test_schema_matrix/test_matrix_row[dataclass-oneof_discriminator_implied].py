@dataclass(kw_only=True, slots=True)
class Circle:
    """``Circle`` (no description in the spec)."""

    type: Literal["circle"] | str
    r: float
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Circle:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            type=d["type"] if type(d.get("type")) is str else _req(d, "type", _str),
            r=d["r"] if type(d.get("r")) is float else _req(d, "r", _float),
            extra_fields={} if _KEYS_Circle.issuperset(d) else _extras(d, _KEYS_Circle),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["type"] = self.type
        d["r"] = self.r
        d.update(self.extra_fields)
        return d


_KEYS_Circle = frozenset({"type", "r"})


@dataclass(kw_only=True, slots=True)
class Square:
    """``Square`` (no description in the spec)."""

    type: str
    side: float
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Square:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            type=d["type"] if type(d.get("type")) is str else _req(d, "type", _str),
            side=d["side"] if type(d.get("side")) is float else _req(d, "side", _float),
            extra_fields={} if _KEYS_Square.issuperset(d) else _extras(d, _KEYS_Square),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["type"] = self.type
        d["side"] = self.side
        d.update(self.extra_fields)
        return d


_KEYS_Square = frozenset({"type", "side"})


@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    shape: Circle | Square
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            shape=_req(d, "shape", _P_tagged_type_circle_Circle_Square_Square),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["shape"] = _dump(self.shape)
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"shape"})
