class Maybe(_Struct, kw_only=True):
    """``Maybe`` (no description in the spec)."""

    note: str | None = None


class Root(_Struct, kw_only=True):
    """``Root`` (no description in the spec)."""

    maybe: Maybe | None


_KEYS_Root = frozenset({"maybe"})
