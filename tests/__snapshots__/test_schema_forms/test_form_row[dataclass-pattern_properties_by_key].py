@dataclass(kw_only=True, slots=True)
class Closed:
    """``Closed`` (no description in the spec)."""

    name: str | None = None
    extra_fields: dict[str, str | int] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Closed:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, _FIELDS_Closed, data)

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        return _to_dict(self, _FIELDS_Closed)


_KEYS_Closed = frozenset({"name"})


@dataclass(kw_only=True, slots=True)
class Open:
    """``Open`` (no description in the spec)."""

    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Open:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, _FIELDS_Open, data)

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        return _to_dict(self, _FIELDS_Open)


_KEYS_Open = frozenset[str]()


@dataclass(kw_only=True, slots=True)
class Typed:
    """``Typed`` (no description in the spec)."""

    extra_fields: dict[str, str | Open | bool] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Typed:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, _FIELDS_Typed, data)

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        return _to_dict(self, _FIELDS_Typed)


_KEYS_Typed = frozenset[str]()


@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    closed: Closed | None = None
    open: Open | None = None
    typed: Typed | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, _FIELDS_Root, data)

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        return _to_dict(self, _FIELDS_Root)


_KEYS_Root = frozenset({"closed", "open", "typed"})
