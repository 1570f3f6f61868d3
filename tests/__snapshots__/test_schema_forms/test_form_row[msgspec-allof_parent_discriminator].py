class UnknownRootPet(_Struct, kw_only=True):
    """A member of ``RootPet`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``petType`` names no member the spec
    lists. Every other field is kept as it came.
    """

    petType: str
    """The tag as it came: a value the spec does not list."""


class Dog(_Struct, kw_only=True):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["dog"]
    name: str
    bark: bool


class Cat(_Struct, kw_only=True):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Cat"]
    name: str
    meow: int | None = None


class Husky(_Struct, kw_only=True):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Husky"]
    name: str
    bark: bool
    sled: bool


class Root(_Struct, kw_only=True):
    if TYPE_CHECKING:
        pet: Dog | Cat | Husky | UnknownRootPet
    else:
        pet: Any
    if TYPE_CHECKING:
        pets: list[Dog | Cat | Husky | UnknownRootPet] | None = None
    else:
        pets: Any = None
    if TYPE_CHECKING:
        maybe: Dog | Cat | Husky | UnknownRootPet | None = None
    else:
        maybe: Any = None
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (
        ("pet", "pet"),
        ("pets", "pets"),
        ("maybe", "maybe"),
    )

    def __post_init__(self) -> None:
        self.pet = _checked(_C_Root_pet, self.pet, "pet")
        self.pets = _checked(_C_Root_pets, self.pets, "pets")
        self.maybe = _checked(_C_Root_maybe, self.maybe, "maybe")


_KEYS_Root = frozenset({"pet", "pets", "maybe"})


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_Root_pet = _OneOf(
    (Dog, Cat, Husky),
    "petType",
    {"dog": Dog, "Cat": Cat, "Husky": Husky},
    UnknownRootPet,
)
_C_Root_pets = _OrNone(
    _ListOf(
        _OneOf(
            (Dog, Cat, Husky),
            "petType",
            {"dog": Dog, "Cat": Cat, "Husky": Husky},
            UnknownRootPet,
        )
    )
)
_C_Root_maybe = _OrNone(
    _OneOf(
        (Dog, Cat, Husky),
        "petType",
        {"dog": Dog, "Cat": Cat, "Husky": Husky},
        UnknownRootPet,
    )
)
