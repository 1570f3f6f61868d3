@_model
class UnknownRootPet(_Dataclass):
    """A member of ``RootPet`` that this module's spec does not list (servers add kinds before the spec does): its tag ``petType`` names no member the spec lists. Every other field is kept as it came."""

    petType: str
    """The tag as it came: a value the spec does not list."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Dog(_Dataclass):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["dog"]
    name: str
    bark: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Cat(_Dataclass):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Cat"]
    name: str
    meow: int | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Husky(_Dataclass):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Husky"]
    name: str
    bark: bool
    sled: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    pet: Dog | Cat | Husky | UnknownRootPet
    pets: list[Dog | Cat | Husky | UnknownRootPet] | None = None
    maybe: Dog | Cat | Husky | UnknownRootPet | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"pet", "pets", "maybe"})
