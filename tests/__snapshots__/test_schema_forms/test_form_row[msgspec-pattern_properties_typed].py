class Root(_Struct, kw_only=True):
    name: str


_KEYS_Root = frozenset({"name"})


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
Root._extra_check = _ByKey(
    (
        ("^x-", str),
        ("^n_", int),
    ),
    bool,
    False,
)
