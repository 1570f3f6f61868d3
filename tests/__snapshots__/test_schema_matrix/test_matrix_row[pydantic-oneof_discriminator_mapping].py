class Cat(_Model):
    """``Cat`` (no description in the spec)."""

    kind: str
    meows: bool


class Dog(_Model):
    """``Dog`` (no description in the spec)."""

    kind: str
    barks: bool


class Bird(_Model):
    """``Bird`` (no description in the spec)."""

    kind: str
    sings: bool | None = None


class Root(_Model):
    """``Root`` (no description in the spec)."""

    pet: Annotated[
        Annotated[Cat, Tag("Cat")]
        | Annotated[Dog, Tag("Dog")]
        | Annotated[Bird, Tag("Bird")],
        Discriminator(
            _tag("kind", "kind", {"cat": "Cat", "dog": "Dog", "bird": "Bird"})
        ),
    ]
