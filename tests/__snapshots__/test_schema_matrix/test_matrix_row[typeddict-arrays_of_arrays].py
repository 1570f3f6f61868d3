class RootTaggedItemItem(TypedDict):
    v: NotRequired[int | None]


class Root(TypedDict):
    grid: list[list[float]]
    tagged: NotRequired[list[list[RootTaggedItemItem]] | None]


_KEYS_Root = frozenset({"grid", "tagged"})
