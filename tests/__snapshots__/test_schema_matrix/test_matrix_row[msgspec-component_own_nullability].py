class Node(_Struct, kw_only=True):
    v: int | None = None
    next: Node | None


class Root(_Struct, kw_only=True):
    if TYPE_CHECKING:
        j: Json | None
    else:
        j: Any
    node: Node | None
    maybe: str | None
    list_: list[str | None] = msgspec.field(name="list")
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (("j", "j"),)

    def __post_init__(self) -> None:
        self.j = _checked(_C_Root_j, self.j, "j")


_KEYS_Root = frozenset({"j", "node", "maybe", "list"})


Json: TypeAlias = (
    "str | float | bool | list[typing.Optional[Json]] | dict[str, typing.Optional[Json]] | None"  # noqa: UP045
)


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_Json = _Named()
_C_Json.check = _OrNone(
    _OneOf((str, float, bool, _ListOf(_C_Json, True), _MapOf(_C_Json, True)))
)
_C_Root_j = _OrNone(_C_Json)
