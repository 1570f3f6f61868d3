class Root(_Struct, kw_only=True):
    req: str
    req_null: str | None
    opt: str | None = None
    opt_null: str | None = None


_KEYS_Root = frozenset({"req", "req_null", "opt", "opt_null"})
