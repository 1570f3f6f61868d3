class Cat(TypedDict):
    """``Cat`` (no description in the spec)."""

    kind: str
    meows: bool


class Dog(TypedDict):
    """``Dog`` (no description in the spec)."""

    kind: str
    barks: bool


class Bird(TypedDict):
    """``Bird`` (no description in the spec)."""

    kind: str
    sings: NotRequired[bool | None]


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    pet: Cat | Dog | Bird


_KEYS_Root = frozenset({"pet"})
