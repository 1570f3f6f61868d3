class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    p: Uni | None


_KEYS_Root = frozenset({"p"})


CC: TypeAlias = "Uni | str | None"
"""From ``#/components/schemas/C.c`` (written as a Python name)."""


Class: TypeAlias = "dict[str, CC | None]"


Uni: TypeAlias = "Class | None"
"""From ``#/components/schemas/Ünï`` (its accents are folded to ASCII letters)."""
