class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    p: Uni | None


_KEYS_Root = frozenset({"p"})


CC = TypeAliasType("CC", "Uni | str | None")


Class = TypeAliasType("Class", "dict[str, CC | None]")


Uni = TypeAliasType("Uni", "Class | None")
