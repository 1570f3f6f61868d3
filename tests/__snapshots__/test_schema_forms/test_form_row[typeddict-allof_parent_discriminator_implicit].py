class Circle(TypedDict):
    """``Circle`` (no description in the spec)."""

    kind: str
    label: NotRequired[str | None]
    r: float


class Square(TypedDict):
    """``Square`` (no description in the spec)."""

    kind: Literal["square", "box"] | str
    label: NotRequired[str | None]
    side: float


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    shape: Circle | Square


_KEYS_Root = frozenset({"shape"})
