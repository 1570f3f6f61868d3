class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    value: Json


_KEYS_Root = frozenset({"value"})


Json: TypeAlias = "str | float | list[Json] | dict[str, Json]"
