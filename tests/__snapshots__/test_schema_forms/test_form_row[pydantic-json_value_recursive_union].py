class Root(_Model):
    value: Json | None = None
    values: list[Json | None] | None = None
    words: Words | None = None


Json = TypeAliasType(
    "Json", "str | float | bool | list[Json | None] | dict[str, Json | None] | None"
)


Words = TypeAliasType("Words", "str | list[Words]")
