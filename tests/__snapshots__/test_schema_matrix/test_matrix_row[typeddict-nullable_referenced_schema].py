class Maybe(TypedDict):
    """``Maybe`` (no description in the spec)."""

    note: NotRequired[str | None]


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    maybe: Maybe | None


_KEYS_Root = frozenset({"maybe"})
