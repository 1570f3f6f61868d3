Level: TypeAlias = Literal[1, 2, 3]
"""Values: 1 = LOW, 2 = MID, 3 = HIGH."""


Ratio: TypeAlias = Literal[1, 2]


class Root(TypedDict):
    lvl: Level | int
    code: Literal[200, 404] | int
    """Values: 200 = Ok, 404 = NotFound."""
    ratio: Ratio | float
    frac: float
    mixed: NotRequired[Literal[1, "a"] | str | int | None]


_KEYS_Root = frozenset({"lvl", "code", "ratio", "frac", "mixed"})
