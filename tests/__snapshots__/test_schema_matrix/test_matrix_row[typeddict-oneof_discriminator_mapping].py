class UnknownRootPet(TypedDict):
    """A member of ``RootPet`` that this module's spec does not list (servers add kinds before the spec does): its tag ``kind`` names no member the spec lists. Every other field is kept as it came."""

    kind: str
    """The tag as it came: a value the spec does not list."""


class Cat(TypedDict):
    """``Cat`` (no description in the spec)."""

    kind: Literal["cat"]
    meows: bool


class Dog(TypedDict):
    """``Dog`` (no description in the spec)."""

    kind: Literal["dog"]
    barks: bool


class Bird(TypedDict):
    """``Bird`` (no description in the spec)."""

    kind: Literal["bird"]
    sings: NotRequired[bool | None]


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    pet: Cat | Dog | Bird | UnknownRootPet


_KEYS_Root = frozenset({"pet"})
