class RootFree(_Model):
    """The object at ``Root.free`` (the spec describes it no further)."""

    a: str | None = None


class RootClosed(_Model):
    """The object at ``Root.closed`` (the spec describes it no further)."""

    a: str | None = None


class RootTyped(_Model):
    """The object at ``Root.typed`` (the spec describes it no further)."""

    a: str | None = None
    __pydantic_extra__: dict[str, int] = Field(init=False)


class Part(_Model):
    """``Part`` (no description in the spec)."""

    text: str | None = None


class Root(_Model):
    """``Root`` (no description in the spec)."""

    free: RootFree
    closed: RootClosed
    typed: RootTyped
    map: dict[str, Part]
