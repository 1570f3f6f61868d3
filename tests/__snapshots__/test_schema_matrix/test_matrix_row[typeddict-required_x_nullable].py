class Root(TypedDict):
    req: str
    req_null: str | None
    opt: NotRequired[str | None]
    opt_null: NotRequired[str | None]


_KEYS_Root = frozenset({"req", "req_null", "opt", "opt_null"})
