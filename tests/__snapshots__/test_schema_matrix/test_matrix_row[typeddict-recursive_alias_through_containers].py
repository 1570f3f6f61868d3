class Root(TypedDict):
    value: Json


_KEYS_Root = frozenset({"value"})


Json = TypeAliasType("Json", "str | float | list[Json] | dict[str, Json]")
