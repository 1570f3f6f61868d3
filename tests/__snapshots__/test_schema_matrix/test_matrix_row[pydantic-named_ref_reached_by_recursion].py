class Node(_Model):
    """``Node`` (no description in the spec)."""

    value: int | None = None
    next: Link | None = None


class Root(_Model):
    """``Root`` (no description in the spec)."""

    p: Link


Link = TypeAliasType("Link", "Node")
"""A node"""
