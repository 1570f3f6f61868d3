class UnknownRootPet(_Model):
    """A member of ``RootPet`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``petType`` names no member the spec
    lists. Every other field is kept as it came.
    """

    petType: str
    """The tag as it came: a value the spec does not list."""


class Dog(_Model):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["dog"]
    name: str
    bark: bool


class Cat(_Model):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Cat"]
    name: str
    meow: int | None = None


class Husky(_Model):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Husky"]
    name: str
    bark: bool
    sled: bool


class Root(_Model):
    pet: Annotated[
        Annotated[Dog, Tag("Dog")]
        | Annotated[Cat, Tag("Cat")]
        | Annotated[Husky, Tag("Husky")]
        | Annotated[UnknownRootPet, Tag("UnknownRootPet")],
        Discriminator(
            _tag(
                "petType",
                "petType",
                {"dog": "Dog", "Cat": "Cat", "Husky": "Husky"},
                "UnknownRootPet",
            )
        ),
    ]
    pets: (
        list[
            Annotated[
                Annotated[Dog, Tag("Dog")]
                | Annotated[Cat, Tag("Cat")]
                | Annotated[Husky, Tag("Husky")]
                | Annotated[UnknownRootPet, Tag("UnknownRootPet")],
                Discriminator(
                    _tag(
                        "petType",
                        "petType",
                        {"dog": "Dog", "Cat": "Cat", "Husky": "Husky"},
                        "UnknownRootPet",
                    )
                ),
            ]
        ]
        | None
    ) = None
    maybe: (
        Annotated[
            Annotated[Dog, Tag("Dog")]
            | Annotated[Cat, Tag("Cat")]
            | Annotated[Husky, Tag("Husky")]
            | Annotated[UnknownRootPet, Tag("UnknownRootPet")],
            Discriminator(
                _tag(
                    "petType",
                    "petType",
                    {"dog": "Dog", "Cat": "Cat", "Husky": "Husky"},
                    "UnknownRootPet",
                )
            ),
        ]
        | None
    ) = None
