class Node(_Model):
    """``Node`` (no description in the spec)."""

    v: int | None = None
    next: Node | None


class Root(_Model):
    """``Root`` (no description in the spec)."""

    j: Json | None
    node: Node | None
    maybe: str | None
    list_: list[str | None] = Field(alias="list")


Json = TypeAliasType(
    "Json", "str | float | bool | list[Json | None] | dict[str, Json | None] | None"
)
