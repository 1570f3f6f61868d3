class Root(_Struct, kw_only=True):
    """Spec defaults, not applied: ``count=3``, ``mode='b'``, ``note=None``,
    ``flag=False``."""

    count: int | None = None
    mode: Literal["a", "b"] | str | None = None
    note: str | None = None
    flag: bool | None = None


_KEYS_Root = frozenset({"count", "mode", "note", "flag"})
