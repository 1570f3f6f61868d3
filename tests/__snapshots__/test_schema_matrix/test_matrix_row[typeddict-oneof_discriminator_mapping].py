class Cat(TypedDict):
    kind: str
    meows: bool


class Dog(TypedDict):
    kind: str
    barks: bool


class Bird(TypedDict):
    kind: str
    sings: NotRequired[bool | None]


class Root(TypedDict):
    pet: Cat | Dog | Bird


_KEYS_Root = frozenset({"pet"})
