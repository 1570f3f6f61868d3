class Cat(_Model):
    kind: str
    meows: bool


class Dog(_Model):
    kind: str
    barks: bool


class Bird(_Model):
    kind: str
    sings: bool | None = None


class Root(_Model):
    pet: Annotated[
        Annotated[Cat, Tag("Cat")]
        | Annotated[Dog, Tag("Dog")]
        | Annotated[Bird, Tag("Bird")],
        Discriminator(
            _tag("kind", "kind", {"cat": "Cat", "dog": "Dog", "bird": "Bird"})
        ),
    ]
