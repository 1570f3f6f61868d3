class Part(_Struct, kw_only=True):
    text: str


class Root(_Struct, kw_only=True):
    part: Part | None


_KEYS_Root = frozenset({"part"})
