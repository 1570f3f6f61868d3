class UnknownRootPet(_Model):
    """A member of ``RootPet`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``kind`` names no member the spec lists.
    Every other field is kept as it came.
    """

    kind: str
    """The tag as it came: a value the spec does not list."""


class Cat(_Model):
    kind: Literal["cat"]
    meows: bool


class Dog(_Model):
    kind: Literal["dog"]
    barks: bool


class Bird(_Model):
    kind: Literal["bird"]
    sings: bool | None = None


class Root(_Model):
    pet: Annotated[
        Annotated[Cat, Tag("Cat")]
        | Annotated[Dog, Tag("Dog")]
        | Annotated[Bird, Tag("Bird")]
        | Annotated[UnknownRootPet, Tag("UnknownRootPet")],
        Discriminator(
            _tag(
                "kind",
                "kind",
                {"cat": "Cat", "dog": "Dog", "bird": "Bird"},
                "UnknownRootPet",
            )
        ),
    ]
