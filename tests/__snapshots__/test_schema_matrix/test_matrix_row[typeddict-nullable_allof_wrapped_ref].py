class Part(TypedDict):
    """``Part`` (no description in the spec)."""

    text: NotRequired[str | None]


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    part: Part | None
    """An allOf-wrapped $ref, made nullable."""


_KEYS_Root = frozenset({"part"})
