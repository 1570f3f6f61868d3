class Circle(_Model):
    type: Literal["circle"] | str
    r: float


class Square(_Model):
    type: str
    side: float


class Root(_Model):
    shape: Annotated[
        Annotated[Circle, Tag("Circle")] | Annotated[Square, Tag("Square")],
        Discriminator(_tag("type", "type", {"circle": "Circle", "Square": "Square"})),
    ]
