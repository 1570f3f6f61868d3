class Part(_Struct, kw_only=True):
    """``Part`` (no description in the spec)."""

    text: str


class Root(_Struct, kw_only=True):
    """``Root`` (no description in the spec)."""

    a: str | None
    b: Part | None


_KEYS_Root = frozenset({"a", "b"})
