class UnknownRootPet(_Struct, kw_only=True):
    """A member of ``RootPet`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``kind`` names no member the spec lists.
    Every other field is kept as it came.
    """

    kind: str
    """The tag as it came: a value the spec does not list."""


class Cat(_Struct, kw_only=True):
    kind: Literal["cat"]
    meows: bool


class Dog(_Struct, kw_only=True):
    kind: Literal["dog"]
    barks: bool


class Bird(_Struct, kw_only=True):
    kind: Literal["bird"]
    sings: bool | None = None


class Root(_Struct, kw_only=True):
    if TYPE_CHECKING:
        pet: Cat | Dog | Bird | UnknownRootPet
    else:
        pet: Any
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (("pet", "pet"),)

    def __post_init__(self) -> None:
        self.pet = _checked(_C_Root_pet, self.pet, "pet")


_KEYS_Root = frozenset({"pet"})


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_Root_pet = _OneOf(
    (Cat, Dog, Bird), "kind", {"cat": Cat, "dog": Dog, "bird": Bird}, UnknownRootPet
)
