class Maybe(_Struct, kw_only=True):
    note: str | None = None


class Root(_Struct, kw_only=True):
    maybe: Maybe | None


_KEYS_Root = frozenset({"maybe"})
