class Root(_Struct, kw_only=True):
    name: str
    size: float | None = None
    """Overridden to a number."""
    at: int
    extra: bool


_KEYS_Root = frozenset({"name", "size", "at", "extra"})
