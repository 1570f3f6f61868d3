class Circle(TypedDict):
    type: Literal["circle"] | str
    r: float


class Square(TypedDict):
    type: str
    side: float


class Root(TypedDict):
    shape: Circle | Square


_KEYS_Root = frozenset({"shape"})
