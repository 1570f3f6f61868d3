class Root(TypedDict):
    created: int
    at: str
    big: int
    ratio: float
    blob: str
    link: str


_KEYS_Root = frozenset({"created", "at", "big", "ratio", "blob", "link"})
