class Root(_Struct, kw_only=True):
    value: str | int | None


_KEYS_Root = frozenset({"value"})
