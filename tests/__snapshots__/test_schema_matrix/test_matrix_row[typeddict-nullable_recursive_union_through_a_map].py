class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    p: Uni | None


_KEYS_Root = frozenset({"p"})


CC: TypeAlias = "Uni | str | None"


Class: TypeAlias = "dict[str, CC | None]"


Uni: TypeAlias = "Class | None"
