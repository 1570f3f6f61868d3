class UnknownRootShape(_Struct, kw_only=True):
    """A member of ``RootShape`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``type`` names no member the spec lists.
    Every other field is kept as it came.
    """

    type: str
    """The tag as it came: a value the spec does not list."""


class Circle(_Struct, kw_only=True):
    type: Literal["circle"]
    r: float


class Square(_Struct, kw_only=True):
    type: Literal["Square"]
    side: float


class Root(_Struct, kw_only=True):
    if TYPE_CHECKING:
        shape: Circle | Square | UnknownRootShape
    else:
        shape: Any
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (("shape", "shape"),)

    def __post_init__(self) -> None:
        self.shape = _checked(_C_Root_shape, self.shape, "shape")


_KEYS_Root = frozenset({"shape"})


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_Root_shape = _OneOf(
    (Circle, Square), "type", {"circle": Circle, "Square": Square}, UnknownRootShape
)
