class Root(_Model):
    value: Json


Json = TypeAliasType("Json", "str | float | list[Json] | dict[str, Json]")
