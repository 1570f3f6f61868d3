class Root(_Struct, kw_only=True):
    name: str | None


_KEYS_Root = frozenset({"name"})
