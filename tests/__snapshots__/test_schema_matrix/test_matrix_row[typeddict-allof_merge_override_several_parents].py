class Root(TypedDict):
    name: str
    size: NotRequired[float | None]
    """Overridden to a number."""
    at: int
    extra: bool


_KEYS_Root = frozenset({"name", "size", "at", "extra"})
