@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    class_: str
    field_2nd: str
    a_b_: str
    a_b__: str
    a_b___: str
    cafe: str
    a_b: str
    field_id: str
    from_dict_: str
    str_: str
    model_dump_: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, _FIELDS_Root, data)

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        return _to_dict(self, _FIELDS_Root)


_KEYS_Root = frozenset(
    {
        "class",
        "2nd",
        "a-b",
        "a.b",
        "a b",
        "café",
        "a_b",
        "_id",
        "from_dict",
        "str",
        "model_dump",
    }
)
