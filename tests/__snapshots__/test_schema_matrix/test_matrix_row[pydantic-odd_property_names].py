class Root(_Model):
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
