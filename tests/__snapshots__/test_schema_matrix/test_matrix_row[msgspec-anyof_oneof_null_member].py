class Part(_Struct, kw_only=True):
    text: str


class Root(_Struct, kw_only=True):
    a: str | None
    b: Part | None


_KEYS_Root = frozenset({"a", "b"})
