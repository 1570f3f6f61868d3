class Root(_Struct, kw_only=True):
    code: int
    msg: str | None
    always: None


_KEYS_Root = frozenset({"code", "msg", "always", "detail", "gone"})


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
Root._odd_checks = {"detail": type(None), "gone": type(None)}
