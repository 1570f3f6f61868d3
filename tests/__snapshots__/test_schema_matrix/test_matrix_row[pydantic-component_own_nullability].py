class Node(_Model):
    v: int | None = None
    next: Node | None


class Root(_Model):
    j: Json | None
    node: Node | None
    maybe: str | None
    list_: list[str | None] = Field(alias="list")


Json = TypeAliasType(
    "Json", "str | float | bool | list[Json | None] | dict[str, Json | None] | None"
)
