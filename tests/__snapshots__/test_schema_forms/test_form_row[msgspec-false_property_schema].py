class Root(_Struct, kw_only=True):
    a: str


_KEYS_Root = frozenset({"legacy", "a", "secret"})


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
Root._odd_checks = {"legacy": type(None), "secret": type(None)}
