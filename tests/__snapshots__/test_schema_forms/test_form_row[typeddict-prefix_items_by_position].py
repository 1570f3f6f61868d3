class Leaf(TypedDict):
    n: int


class Holder(TypedDict):
    pairs: NotRequired[list[Pair] | None]


class Root(TypedDict):
    closed: NotRequired[tuple[str, int] | None]
    rest: NotRequired[tuple[str | bool, ...] | None]
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1
    item."""
    pair: NotRequired[Pair | None]
    pairs: NotRequired[list[Pair] | None]
    table: NotRequired[dict[str, Pair] | None]
    holder: NotRequired[Holder | None]


_KEYS_Root = frozenset({"closed", "rest", "pair", "pairs", "table", "holder"})


Pair: TypeAlias = tuple[str, Leaf]
