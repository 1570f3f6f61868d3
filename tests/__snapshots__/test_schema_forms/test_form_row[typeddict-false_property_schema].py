class Root(TypedDict):
    legacy: NotRequired[None]
    """Forbidden by the spec (its schema is ``false``): the key must be absent; ``null``
    reads as absent."""
    a: str
    secret: NotRequired[None]
    """Forbidden by the spec (its schema is ``false``): the key must be absent; ``null``
    reads as absent."""


_KEYS_Root = frozenset({"legacy", "a", "secret"})
