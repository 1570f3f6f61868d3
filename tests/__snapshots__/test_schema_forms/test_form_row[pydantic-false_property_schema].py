class Root(_Model):
    legacy: None = None
    """Forbidden by the spec (its schema is ``false``): the key must be absent; ``null``
    reads as absent."""
    a: str
    secret: None = None
    """Forbidden by the spec (its schema is ``false``): the key must be absent; ``null``
    reads as absent."""
