class Circle(TypedDict):
    kind: str
    label: NotRequired[str | None]
    r: float


class Square(TypedDict):
    kind: Literal["square", "box"] | str
    label: NotRequired[str | None]
    side: float


class Root(TypedDict):
    shape: Circle | Square


_KEYS_Root = frozenset({"shape"})
