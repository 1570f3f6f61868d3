class UnknownRootShape(_Model):
    """A member of ``RootShape`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``kind`` names no member the spec lists.
    Every other field is kept as it came.
    """

    kind: str
    """The tag as it came: a value the spec does not list."""


class Circle(_Model):
    kind: Literal["Circle"]
    label: str | None = None
    r: float


class Square(_Model):
    kind: Literal["square", "box"]
    label: str | None = None
    side: float


class Root(_Model):
    shape: Annotated[
        Annotated[Circle, Tag("Circle")]
        | Annotated[Square, Tag("Square")]
        | Annotated[UnknownRootShape, Tag("UnknownRootShape")],
        Discriminator(
            _tag(
                "kind",
                "kind",
                {"Circle": "Circle", "square": "Square", "box": "Square"},
                "UnknownRootShape",
            )
        ),
    ]
