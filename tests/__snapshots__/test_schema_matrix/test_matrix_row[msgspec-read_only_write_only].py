class Root(_Struct, kw_only=True):
    id: str
    secret: str | None = None


_KEYS_Root = frozenset({"id", "secret"})
