class _Model(BaseModel):
    """Base of every model: strict types, unknown fields kept, names in and out as on the wire."""

    model_config = ConfigDict(
        extra="allow",
        protected_namespaces=(),
        strict=True,
        validate_by_alias=True,
        validate_by_name=True,
        serialize_by_alias=True,
    )


class Root(_Model):
    """``Root`` (no description in the spec)."""

    class_: str = Field(alias="class")
    field_2nd: str = Field(alias="2nd")
    a_b_: str = Field(alias="a-b")
    a_b__: str = Field(alias="a.b")
    a_b___: str = Field(alias="a b")
    cafe: str = Field(alias="café")
    a_b: str
    field_id: str = Field(alias="_id")
    from_dict_: str = Field(alias="from_dict")
    str_: str = Field(alias="str")
    model_dump_: str = Field(alias="model_dump")


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
