class Root(TypedDict):
    p: Uni | None


_KEYS_Root = frozenset({"p"})


CC = TypeAliasType("CC", "Uni | str | None")
"""From ``#/components/schemas/C.c`` (written as a Python name)."""


Class = TypeAliasType("Class", "dict[str, CC | None]")


Uni = TypeAliasType("Uni", "Class | None")
"""From ``#/components/schemas/Ünï`` (its accents are folded to ASCII letters)."""
