class Root(TypedDict):
    code: int
    msg: str | None
    always: None
    detail: NotRequired[None]
    gone: NotRequired[None]


_KEYS_Root = frozenset({"code", "msg", "always", "detail", "gone"})
