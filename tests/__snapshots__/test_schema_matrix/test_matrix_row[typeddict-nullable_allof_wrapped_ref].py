class Part(TypedDict):
    text: NotRequired[str | None]


class Root(TypedDict):
    part: Part | None
    """An allOf-wrapped $ref, made nullable."""


_KEYS_Root = frozenset({"part"})
