class Root(_Model):
    p: Uni | None


CC = TypeAliasType(
    "CC", 'Annotated[Uni | str, Field(union_mode="left_to_right")] | None'
)
"""From ``#/components/schemas/C.c`` (written as a Python name)."""


Class = TypeAliasType("Class", "dict[str, CC | None]")


Uni = TypeAliasType("Uni", "Class | None")
"""From ``#/components/schemas/Ünï`` (its accents are folded to ASCII letters)."""
