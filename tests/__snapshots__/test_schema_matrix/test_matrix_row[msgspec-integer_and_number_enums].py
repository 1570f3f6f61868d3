Level: TypeAlias = Literal[1, 2, 3]
"""Values: 1 = LOW, 2 = MID, 3 = HIGH."""


Ratio: TypeAlias = float


class Root(_Struct, kw_only=True):
    lvl: Level | int
    code: Literal[200, 404] | int
    """Values: 200 = Ok, 404 = NotFound."""
    ratio: float
    frac: float
    mixed: Literal[1, "a"] | str | int | None = None


_KEYS_Root = frozenset({"lvl", "code", "ratio", "frac", "mixed"})
