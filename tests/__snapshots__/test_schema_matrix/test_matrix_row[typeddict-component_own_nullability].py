class Node(TypedDict):
    v: NotRequired[int | None]
    next: Node | None


Root = TypedDict(
    "Root",
    {
        "j": "Json | None",
        "node": "Node | None",
        "maybe": "str | None",
        "list": "list[str | None]",
    },
)


_KEYS_Root = frozenset({"j", "node", "maybe", "list"})


Json = TypeAliasType(
    "Json", "str | float | bool | list[Json | None] | dict[str, Json | None] | None"
)
