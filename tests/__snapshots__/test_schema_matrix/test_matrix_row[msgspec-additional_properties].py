class RootFree(_Struct, kw_only=True):
    a: str | None = None


class RootClosed(_Struct, kw_only=True):
    a: str | None = None


class RootTyped(_Struct, kw_only=True):
    a: str | None = None


class Part(_Struct, kw_only=True):
    text: str | None = None


class Root(_Struct, kw_only=True):
    free: RootFree
    closed: RootClosed
    typed: RootTyped
    map: dict[str, Part]


_KEYS_Root = frozenset({"free", "closed", "typed", "map"})


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
RootTyped._extra_check = int
