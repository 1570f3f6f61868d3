class Part(_Struct, kw_only=True):
    text: str


class Root(_Struct, kw_only=True):
    pair: tuple[str, int]
    if TYPE_CHECKING:
        short: tuple[()] | tuple[str] | tuple[str, int] | None = None
    else:
        short: Any = None
    if TYPE_CHECKING:
        more: tuple[str | bool, ...]
    else:
        more: Any
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1
    item."""
    if TYPE_CHECKING:
        loose: tuple[Any, ...] | None = None
    else:
        loose: Any = None
    """Items by position (checked): 0: ``int``, 1: ``None``; then any number of
    ``Any``."""
    parts: tuple[Part, str | None] | None = None
    at: Point | None = None
    if TYPE_CHECKING:
        old: tuple[str] | tuple[str, int] | None = None
    else:
        old: Any = None
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (
        ("short", "short"),
        ("more", "more"),
        ("loose", "loose"),
        ("old", "old"),
    )

    def __post_init__(self) -> None:
        self.short = _checked(_C_Root_short, self.short, "short")
        self.more = _checked(_C_Root_more, self.more, "more")
        self.loose = _checked(_C_Root_loose, self.loose, "loose")
        self.old = _checked(_C_Root_old, self.old, "old")


_KEYS_Root = frozenset({"pair", "short", "more", "loose", "parts", "at", "old"})


Point: TypeAlias = tuple[float, float] | None


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_Root_short = _OrNone(
    _TupleOf(
        (
            str,
            int,
        ),
        None,
        0,
    )
)
_C_Root_more = _TupleOf((str,), bool, 1)
_C_Root_loose = _OrNone(
    _TupleOf(
        (
            int,
            None,
        ),
        Any,
        0,
    )
)
_C_Root_old = _OrNone(
    _TupleOf(
        (
            str,
            int,
        ),
        None,
        1,
    )
)
