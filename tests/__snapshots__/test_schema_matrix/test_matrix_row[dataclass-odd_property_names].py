@_model
class Root(_Dataclass):
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

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            class_=_Field("class", _str, fast=str),
            field_2nd=_Field("2nd", _str, fast=str),
            a_b_=_Field("a-b", _str, fast=str),
            a_b__=_Field("a.b", _str, fast=str),
            a_b___=_Field("a b", _str, fast=str),
            cafe=_Field("café", _str, fast=str),
            a_b=_Field("a_b", _str, fast=str),
            field_id=_Field("_id", _str, fast=str),
            from_dict_=_Field("from_dict", _str, fast=str),
            str_=_Field("str", _str, fast=str),
            model_dump_=_Field("model_dump", _str, fast=str),
        )
    )


_KEYS_Root: frozenset[str] = frozenset(
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
