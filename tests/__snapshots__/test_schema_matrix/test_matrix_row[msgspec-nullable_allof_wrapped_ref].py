class Part(_Struct, kw_only=True):
    """``Part`` (no description in the spec)."""

    text: str | None = None


class Root(_Struct, kw_only=True):
    """``Root`` (no description in the spec)."""

    part: Part | None
    """An allOf-wrapped $ref, made nullable."""


_KEYS_Root = frozenset({"part"})
