class Part(TypedDict):
    text: str


class Root(TypedDict):
    pair: tuple[str, int]
    short: NotRequired[tuple[()] | tuple[str] | tuple[str, int] | None]
    more: tuple[str | bool, ...]
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1
    item."""
    loose: NotRequired[tuple[Any, ...] | None]
    """Items by position (checked): 0: ``int``, 1: ``None``; then any number of
    ``Any``."""
    parts: NotRequired[tuple[Part, str | None] | None]
    at: NotRequired[Point | None]
    old: NotRequired[tuple[str] | tuple[str, int] | None]


_KEYS_Root = frozenset({"pair", "short", "more", "loose", "parts", "at", "old"})


Point: TypeAlias = tuple[float, float] | None
