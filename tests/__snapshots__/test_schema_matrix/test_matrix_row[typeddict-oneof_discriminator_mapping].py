class UnknownRootPet(TypedDict):
    """A member of ``RootPet`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``kind`` names no member the spec lists.
    Every other field is kept as it came.
    """

    kind: str
    """The tag as it came: a value the spec does not list."""


class Cat(TypedDict):
    kind: Literal["cat"]
    meows: bool


class Dog(TypedDict):
    kind: Literal["dog"]
    barks: bool


class Bird(TypedDict):
    kind: Literal["bird"]
    sings: NotRequired[bool | None]


class Root(TypedDict):
    pet: Cat | Dog | Bird | UnknownRootPet


_KEYS_Root = frozenset({"pet"})
