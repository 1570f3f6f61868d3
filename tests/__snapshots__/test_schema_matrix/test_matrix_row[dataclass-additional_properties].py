@dataclass(kw_only=True, slots=True)
class RootFree:
    """The object at ``Root.free`` (the spec describes it no further)."""

    a: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> RootFree:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, _FIELDS_RootFree, data)

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        return _to_dict(self, _FIELDS_RootFree)


@dataclass(kw_only=True, slots=True)
class RootClosed:
    """The object at ``Root.closed`` (the spec describes it no further)."""

    a: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> RootClosed:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, _FIELDS_RootClosed, data)

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        return _to_dict(self, _FIELDS_RootClosed)


@dataclass(kw_only=True, slots=True)
class RootTyped:
    """The object at ``Root.typed`` (the spec describes it no further)."""

    a: str | None = None
    extra_fields: dict[str, int] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> RootTyped:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, _FIELDS_RootTyped, data)

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        return _to_dict(self, _FIELDS_RootTyped)


_KEYS_RootTyped = frozenset({"a"})


@dataclass(kw_only=True, slots=True)
class Part:
    """``Part`` (no description in the spec)."""

    text: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Part:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, _FIELDS_Part, data)

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        return _to_dict(self, _FIELDS_Part)


@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    free: RootFree
    closed: RootClosed
    typed: RootTyped
    map: dict[str, Part]
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, _FIELDS_Root, data)

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        return _to_dict(self, _FIELDS_Root)


_KEYS_Root = frozenset({"free", "closed", "typed", "map"})
