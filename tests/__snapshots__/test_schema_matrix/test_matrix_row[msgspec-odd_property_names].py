class Root(_Struct, kw_only=True):
    class_: str = msgspec.field(name="class")
    field_2nd: str = msgspec.field(name="2nd")
    a_b_: str = msgspec.field(name="a-b")
    a_b__: str = msgspec.field(name="a.b")
    a_b___: str = msgspec.field(name="a b")
    cafe: str = msgspec.field(name="café")
    a_b: str
    field_id: str = msgspec.field(name="_id")
    from_dict_: str = msgspec.field(name="from_dict")
    str_: str = msgspec.field(name="str")
    model_dump_: str = msgspec.field(name="model_dump")


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
