class Root(TypedDict):
    """Spec defaults, not applied: ``count=3``, ``mode='b'``, ``note=None``,
    ``flag=False``."""

    count: NotRequired[int | None]
    mode: NotRequired[Literal["a", "b"] | str | None]
    note: NotRequired[str | None]
    flag: NotRequired[bool | None]


_KEYS_Root = frozenset({"count", "mode", "note", "flag"})
