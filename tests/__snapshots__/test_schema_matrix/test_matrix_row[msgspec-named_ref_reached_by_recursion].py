class Node(_Struct, kw_only=True):
    value: int | None = None
    if TYPE_CHECKING:
        next: Link | None = None
    else:
        next: Any = None
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (("next", "next"),)

    def __post_init__(self) -> None:
        self.next = _checked(_C_Node_next, self.next, "next")


class Root(_Struct, kw_only=True):
    if TYPE_CHECKING:
        p: Link
    else:
        p: Any
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (("p", "p"),)

    def __post_init__(self) -> None:
        self.p = _checked(_C_Root_p, self.p, "p")


_KEYS_Root = frozenset({"p"})


Link: TypeAlias = "Node"
"""A node"""


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_Link = _Named()
_C_Link.check = Node
_C_Node_next = _OrNone(_C_Link)
_C_Root_p = _C_Link
