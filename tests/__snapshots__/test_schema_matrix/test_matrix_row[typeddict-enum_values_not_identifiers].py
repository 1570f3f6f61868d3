class Root(TypedDict):
    v: Literal["a-b", "a b", "a_b", "1st", "class", "ümlaut", "", 'it\'s "q"'] | str


_KEYS_Root = frozenset({"v"})
