class Root(_Model):
    """``Root`` (no description in the spec)."""

    value: Json


Json = TypeAliasType("Json", "str | float | list[Json] | dict[str, Json]")
