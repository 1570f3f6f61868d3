class Circle(_Model):
    """``Circle`` (no description in the spec)."""

    kind: str
    label: str | None = None
    r: float


class Square(_Model):
    """``Square`` (no description in the spec)."""

    kind: Literal["square", "box"] | str
    label: str | None = None
    side: float


class Root(_Model):
    """``Root`` (no description in the spec)."""

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
