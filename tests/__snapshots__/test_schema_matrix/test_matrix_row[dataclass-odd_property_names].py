@_model
class Root(_Dataclass):
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
