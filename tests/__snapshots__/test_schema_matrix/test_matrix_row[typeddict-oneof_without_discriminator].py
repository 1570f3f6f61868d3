class RootValueText(TypedDict):
    """``RootValueText`` (no description in the spec)."""

    text: str


class RootValueImage(TypedDict):
    """``RootValueImage`` (no description in the spec)."""

    url: str


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    value: RootValueText | RootValueImage | str


_KEYS_Root = frozenset({"value"})
