class RootValue(_Model):
    text: str


class RootValueModel(_Model):
    url: str


class Root(_Model):
    value: Annotated[
        RootValue | RootValueModel | str, Field(union_mode="left_to_right")
    ]
