@_model
class UnknownRootPet(_Dataclass):
    """A member of ``RootPet`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``kind`` names no member the spec lists.
    Every other field is kept as it came.
    """

    kind: str
    """The tag as it came: a value the spec does not list."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            kind=_Field("kind", _str, fast=str),
        )
    )


@_model
class Cat(_Dataclass):
    kind: Literal["cat"]
    meows: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            kind=_Field("kind", _str, fast=str),
            meows=_Field("meows", _bool, fast=bool),
        )
    )


@_model
class Dog(_Dataclass):
    kind: Literal["dog"]
    barks: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            kind=_Field("kind", _str, fast=str),
            barks=_Field("barks", _bool, fast=bool),
        )
    )


@_model
class Bird(_Dataclass):
    kind: Literal["bird"]
    sings: bool | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            kind=_Field("kind", _str, fast=str),
            sings=_Field("sings", _bool, fast=bool, optional=True),
        )
    )


@_model
class Root(_Dataclass):
    pet: Cat | Dog | Bird | UnknownRootPet
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            pet=_Field("pet", _P_tagged_kind_cat_Cat_dog_Dog_bird_Bird, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"pet"})
