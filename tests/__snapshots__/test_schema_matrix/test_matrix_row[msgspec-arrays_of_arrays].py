class RootTaggedItemItem(_Struct, kw_only=True):
    v: int | None = None


class Root(_Struct, kw_only=True):
    grid: list[list[float]]
    tagged: list[list[RootTaggedItemItem]] | None = None


_KEYS_Root = frozenset({"grid", "tagged"})
