class UnknownRootShape(TypedDict):
    """A member of ``RootShape`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``type`` names no member the spec lists.
    Every other field is kept as it came.
    """

    type: str
    """The tag as it came: a value the spec does not list."""


class Circle(TypedDict):
    type: Literal["circle"]
    r: float


class Square(TypedDict):
    type: Literal["Square"]
    side: float


class Root(TypedDict):
    shape: Circle | Square | UnknownRootShape


_KEYS_Root = frozenset({"shape"})
