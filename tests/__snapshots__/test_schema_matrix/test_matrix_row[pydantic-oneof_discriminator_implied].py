class UnknownRootShape(_Model):
    """A member of ``RootShape`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``type`` names no member the spec lists.
    Every other field is kept as it came.
    """

    type: str
    """The tag as it came: a value the spec does not list."""


class Circle(_Model):
    type: Literal["circle"]
    r: float


class Square(_Model):
    type: Literal["Square"]
    side: float


class Root(_Model):
    shape: Annotated[
        Annotated[Circle, Tag("Circle")]
        | Annotated[Square, Tag("Square")]
        | Annotated[UnknownRootShape, Tag("UnknownRootShape")],
        Discriminator(
            _tag(
                "type",
                "type",
                {"circle": "Circle", "Square": "Square"},
                "UnknownRootShape",
            )
        ),
    ]
