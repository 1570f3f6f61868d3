class RootValue(TypedDict):
    """The object at ``Root.value (oneOf 0)`` (the spec describes it no further)."""

    text: str


class RootValueModel(TypedDict):
    """The object at ``Root.value (oneOf 1)`` (the spec describes it no further)."""

    url: str


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    value: RootValue | RootValueModel | str


_KEYS_Root = frozenset({"value"})
