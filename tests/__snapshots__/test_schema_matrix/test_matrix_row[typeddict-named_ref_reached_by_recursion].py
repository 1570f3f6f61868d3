class Node(TypedDict):
    """``Node`` (no description in the spec)."""

    value: NotRequired[int | None]
    next: NotRequired[Link | None]


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    p: Link


_KEYS_Root = frozenset({"p"})


Link = TypeAliasType("Link", "Node")
"""A node"""
