class Leaf(_Struct, kw_only=True):
    n: int


class Holder(_Struct, kw_only=True):
    pairs: list[Pair] | None = None


class Root(_Struct, kw_only=True):
    closed: tuple[str, int] | None = None
    if TYPE_CHECKING:
        rest: tuple[str | bool, ...] | None = None
    else:
        rest: Any = None
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1
    item."""
    pair: Pair | None = None
    pairs: list[Pair] | None = None
    table: dict[str, Pair] | None = None
    holder: Holder | None = None
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (("rest", "rest"),)

    def __post_init__(self) -> None:
        self.rest = _checked(_C_Root_rest, self.rest, "rest")


_KEYS_Root = frozenset({"closed", "rest", "pair", "pairs", "table", "holder"})


Pair: TypeAlias = tuple[str, Leaf]


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_Root_rest = _OrNone(_TupleOf((str,), bool, 1))
