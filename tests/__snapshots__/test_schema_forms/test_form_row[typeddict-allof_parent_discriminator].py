class UnknownRootPet(TypedDict):
    """A member of ``RootPet`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``petType`` names no member the spec
    lists. Every other field is kept as it came.
    """

    petType: str
    """The tag as it came: a value the spec does not list."""


class Dog(TypedDict):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["dog"]
    name: str
    bark: bool


class Cat(TypedDict):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Cat"]
    name: str
    meow: NotRequired[int | None]


class Husky(TypedDict):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Husky"]
    name: str
    bark: bool
    sled: bool


class Root(TypedDict):
    pet: Dog | Cat | Husky | UnknownRootPet
    pets: NotRequired[list[Dog | Cat | Husky | UnknownRootPet] | None]
    maybe: NotRequired[Dog | Cat | Husky | UnknownRootPet | None]


_KEYS_Root = frozenset({"pet", "pets", "maybe"})
