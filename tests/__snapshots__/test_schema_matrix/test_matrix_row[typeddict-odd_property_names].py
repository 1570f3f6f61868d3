Root = TypedDict(
    "Root",
    {
        "class": "str",
        "2nd": "str",
        "a-b": "str",
        "a.b": "str",
        "a b": "str",
        "café": "str",
        "a_b": "str",
        "_id": "str",
        "from_dict": "str",
        "str": "str",
        "model_dump": "str",
    },
)


_KEYS_Root = frozenset(
    {
        "class",
        "2nd",
        "a-b",
        "a.b",
        "a b",
        "café",
        "a_b",
        "_id",
        "from_dict",
        "str",
        "model_dump",
    }
)
