class Circle(_Model):
    kind: str
    label: str | None = None
    r: float


class Square(_Model):
    kind: Literal["square", "box"] | str
    label: str | None = None
    side: float


class Root(_Model):
    shape: Annotated[
        Annotated[Circle, Tag("Circle")] | Annotated[Square, Tag("Square")],
        Discriminator(
            _tag(
                "kind",
                "kind",
                {"Circle": "Circle", "square": "Square", "box": "Square"},
            )
        ),
    ]
