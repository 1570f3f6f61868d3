class Node(_Model):
    value: int | None = None
    next: Link | None = None


class Root(_Model):
    p: Link


Link = TypeAliasType("Link", "Node")
"""A node"""
