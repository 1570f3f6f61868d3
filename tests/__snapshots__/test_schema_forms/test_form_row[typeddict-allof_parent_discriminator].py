class Dog(TypedDict):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: str
    name: str
    bark: bool


class Cat(TypedDict):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: str
    name: str
    meow: NotRequired[int | None]


class Husky(TypedDict):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: str
    name: str
    bark: bool
    sled: bool


class Root(TypedDict):
    pet: Dog | Cat | Husky
    pets: NotRequired[list[Dog | Cat | Husky] | None]
    maybe: NotRequired[Dog | Cat | Husky | None]


_KEYS_Root = frozenset({"pet", "pets", "maybe"})
