class Root(TypedDict):
    value: NotRequired[Json | None]
    values: NotRequired[list[Json | None] | None]
    words: NotRequired[Words | None]


_KEYS_Root = frozenset({"value", "values", "words"})


Json = TypeAliasType(
    "Json", "str | float | bool | list[Json | None] | dict[str, Json | None] | None"
)


Words = TypeAliasType("Words", "str | list[Words]")
