class Part(_Struct, kw_only=True):
    text: str | None = None


class Root(_Struct, kw_only=True):
    part: Part | None
    """An allOf-wrapped $ref, made nullable."""


_KEYS_Root = frozenset({"part"})
