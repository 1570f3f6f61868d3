class UnknownRootShape(TypedDict):
    """A member of ``RootShape`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``kind`` names no member the spec lists.
    Every other field is kept as it came.
    """

    kind: str
    """The tag as it came: a value the spec does not list."""


class Circle(TypedDict):
    kind: Literal["Circle"]
    label: NotRequired[str | None]
    r: float


class Square(TypedDict):
    kind: Literal["square", "box"]
    label: NotRequired[str | None]
    side: float


class Root(TypedDict):
    shape: Circle | Square | UnknownRootShape


_KEYS_Root = frozenset({"shape"})
