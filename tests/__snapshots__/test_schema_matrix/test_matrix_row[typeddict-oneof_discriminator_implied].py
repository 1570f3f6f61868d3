class Circle(TypedDict):
    """``Circle`` (no description in the spec)."""

    type: Literal["circle"] | str
    r: float


class Square(TypedDict):
    """``Square`` (no description in the spec)."""

    type: str
    side: float


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    shape: Circle | Square


_KEYS_Root = frozenset({"shape"})
