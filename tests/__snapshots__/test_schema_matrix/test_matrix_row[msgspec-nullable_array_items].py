class Root(_Struct, kw_only=True):
    values: list[int | None]


_KEYS_Root = frozenset({"values"})
