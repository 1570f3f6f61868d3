class Closed(_Struct, kw_only=True):
    name: str | None = None


class Open(_Struct, kw_only=True):
    pass


class Typed(_Struct, kw_only=True):
    pass


class Root(_Struct, kw_only=True):
    closed: Closed | None = None
    open: Open | None = None
    typed: Typed | None = None


_KEYS_Root = frozenset({"closed", "open", "typed"})


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
Closed._extra_check = _ByKey(
    (
        ("^x-", str),
        ("count$", int),
        ("^n_", int),
    ),
    None,
    True,
)
Open._extra_check = _ByKey((("^x-", str),), None, False)
Typed._extra_check = _ByKey(
    (
        ("^x-", str),
        ("^o_", Open),
    ),
    bool,
    False,
)
