class Root(TypedDict):
    object: Literal["root.chunk"] | str
    kind: Literal["thing"] | str
    tag: Literal["function"] | str


_KEYS_Root = frozenset({"object", "kind", "tag"})
