class Circle(_Model):
    """``Circle`` (no description in the spec)."""

    type: Literal["circle"] | str
    r: float


class Square(_Model):
    """``Square`` (no description in the spec)."""

    type: str
    side: float


class Root(_Model):
    """``Root`` (no description in the spec)."""

    shape: Annotated[
        Annotated[Circle, Tag("Circle")] | Annotated[Square, Tag("Square")],
        Discriminator(_tag("type", "type", {"circle": "Circle", "Square": "Square"})),
    ]
