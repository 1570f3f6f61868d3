class Closed(_Struct, kw_only=True):
    """``Closed`` (no description in the spec)."""

    name: str | None = None


class Open(_Struct, kw_only=True):
    """``Open`` (no description in the spec)."""


class Typed(_Struct, kw_only=True):
    """``Typed`` (no description in the spec)."""


class Root(_Struct, kw_only=True):
    """``Root`` (no description in the spec)."""

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
