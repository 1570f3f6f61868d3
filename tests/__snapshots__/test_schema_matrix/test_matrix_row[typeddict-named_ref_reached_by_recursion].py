class Node(TypedDict):
    value: NotRequired[int | None]
    next: NotRequired[Link | None]


class Root(TypedDict):
    p: Link


_KEYS_Root = frozenset({"p"})


Link = TypeAliasType("Link", "Node")
"""A node"""
