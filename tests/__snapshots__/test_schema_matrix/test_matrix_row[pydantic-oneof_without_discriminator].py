class RootValue(_Model):
    """The object at ``Root.value (oneOf 0)`` (the spec describes it no further)."""

    text: str


class RootValueModel(_Model):
    """The object at ``Root.value (oneOf 1)`` (the spec describes it no further)."""

    url: str


class Root(_Model):
    """``Root`` (no description in the spec)."""

    value: Annotated[
        RootValue | RootValueModel | str, Field(union_mode="left_to_right")
    ]
