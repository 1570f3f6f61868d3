class Root(_Struct, kw_only=True):
    n: None
    l: list[None] | None = None
    u: str | None = None


_KEYS_Root = frozenset({"n", "o", "l", "u"})


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
Root._odd_checks = {"o": type(None)}
