class Root(_Struct, kw_only=True):
    if TYPE_CHECKING:
        p: Uni | None
    else:
        p: Any
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (("p", "p"),)

    def __post_init__(self) -> None:
        self.p = _checked(_C_Root_p, self.p, "p")


_KEYS_Root = frozenset({"p"})


CC: TypeAlias = "typing.Union[Uni, str] | None"  # noqa: UP007
"""From ``#/components/schemas/C.c`` (written as a Python name)."""


Class: TypeAlias = "dict[str, typing.Optional[CC]]"  # noqa: UP045


Uni: TypeAlias = "typing.Optional[Class]"  # noqa: UP045
"""From ``#/components/schemas/Ünï`` (its accents are folded to ASCII letters)."""


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_CC = _Named()
_C_Class = _Named()
_C_Uni = _Named()
_C_CC.check = _OrNone(_OneOf((_C_Uni, str)))
_C_Class.check = _MapOf(_C_CC, True)
_C_Uni.check = _OrNone(_C_Class)
_C_Root_p = _OrNone(_C_Uni)
