@_model
class UnknownRootPet(_Dataclass):
    """A member of ``RootPet`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``petType`` names no member the spec
    lists. Every other field is kept as it came.
    """

    petType: str
    """The tag as it came: a value the spec does not list."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            petType=_Field("petType", _str, fast=str),
        )
    )


@_model
class Dog(_Dataclass):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["dog"]
    name: str
    bark: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            petType=_Field("petType", _str, fast=str),
            name=_Field("name", _str, fast=str),
            bark=_Field("bark", _bool, fast=bool),
        )
    )


@_model
class Cat(_Dataclass):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Cat"]
    name: str
    meow: int | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            petType=_Field("petType", _str, fast=str),
            name=_Field("name", _str, fast=str),
            meow=_Field("meow", _int, fast=int, optional=True),
        )
    )


@_model
class Husky(_Dataclass):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Husky"]
    name: str
    bark: bool
    sled: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            petType=_Field("petType", _str, fast=str),
            name=_Field("name", _str, fast=str),
            bark=_Field("bark", _bool, fast=bool),
            sled=_Field("sled", _bool, fast=bool),
        )
    )


@_model
class Root(_Dataclass):
    pet: Dog | Cat | Husky | UnknownRootPet
    pets: list[Dog | Cat | Husky | UnknownRootPet] | None = None
    maybe: Dog | Cat | Husky | UnknownRootPet | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            pet=_Field("pet", _P_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky, dump=True),
            pets=_Field(
                "pets",
                _P_list_of_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky,
                optional=True,
                dump=True,
            ),
            maybe=_Field(
                "maybe",
                _P_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky,
                optional=True,
                dump=True,
            ),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"pet", "pets", "maybe"})
