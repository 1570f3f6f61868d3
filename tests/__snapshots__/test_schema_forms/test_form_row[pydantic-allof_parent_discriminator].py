class Dog(_Model):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: str
    name: str
    bark: bool


class Cat(_Model):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: str
    name: str
    meow: int | None = None


class Husky(_Model):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: str
    name: str
    bark: bool
    sled: bool


class Root(_Model):
    pet: Annotated[
        Annotated[Dog, Tag("Dog")]
        | Annotated[Cat, Tag("Cat")]
        | Annotated[Husky, Tag("Husky")],
        Discriminator(
            _tag("petType", "petType", {"dog": "Dog", "Cat": "Cat", "Husky": "Husky"})
        ),
    ]
    pets: (
        list[
            Annotated[
                Annotated[Dog, Tag("Dog")]
                | Annotated[Cat, Tag("Cat")]
                | Annotated[Husky, Tag("Husky")],
                Discriminator(
                    _tag(
                        "petType",
                        "petType",
                        {"dog": "Dog", "Cat": "Cat", "Husky": "Husky"},
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
            | Annotated[Husky, Tag("Husky")],
            Discriminator(
                _tag(
                    "petType", "petType", {"dog": "Dog", "Cat": "Cat", "Husky": "Husky"}
                )
            ),
        ]
        | None
    ) = None
