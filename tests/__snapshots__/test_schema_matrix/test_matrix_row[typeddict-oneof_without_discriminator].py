class RootValueText(TypedDict):
    """The object at ``Root.value (oneOf 0)`` (the spec describes it no further)."""

    text: str


class RootValueImage(TypedDict):
    """The object at ``Root.value (oneOf 1)`` (the spec describes it no further)."""

    url: str


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    value: RootValueText | RootValueImage | str


_KEYS_Root = frozenset({"value"})
