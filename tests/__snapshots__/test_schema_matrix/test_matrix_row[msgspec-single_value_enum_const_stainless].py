class Root(_Struct, kw_only=True):
    object: Literal["root.chunk"] | str
    kind: Literal["thing"] | str
    tag: Literal["function"] | str


_KEYS_Root = frozenset({"object", "kind", "tag"})
