class Circle(_Struct, kw_only=True):
    kind: str
    label: str | None = None
    r: float


class Square(_Struct, kw_only=True):
    kind: Literal["square", "box"] | str
    label: str | None = None
    side: float


class Root(_Struct, kw_only=True):
    if TYPE_CHECKING:
        shape: Circle | Square
    else:
        shape: Any
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (("shape", "shape"),)

    def __post_init__(self) -> None:
        self.shape = _checked(_C_Root_shape, self.shape, "shape")


_KEYS_Root = frozenset({"shape"})


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_Root_shape = _OneOf(
    (Circle, Square), "kind", {"Circle": Circle, "square": Square, "box": Square}
)
