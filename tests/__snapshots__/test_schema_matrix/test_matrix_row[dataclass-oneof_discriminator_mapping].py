@_model
class Cat(_Dataclass):
    kind: str
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
    kind: str
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
    kind: str
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
    pet: Cat | Dog | Bird
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            pet=_Field("pet", _P_tagged_kind_cat_Cat_dog_Dog_bird_Bird, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"pet"})
