@_model
class UnknownRootShape(_Dataclass):
    """A member of ``RootShape`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``type`` names no member the spec lists.
    Every other field is kept as it came.
    """

    type: str
    """The tag as it came: a value the spec does not list."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            type=_Field("type", _str, fast=str),
        )
    )


@_model
class Circle(_Dataclass):
    type: Literal["circle"]
    r: float
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            type=_Field("type", _str, fast=str),
            r=_Field("r", _float, fast=float),
        )
    )


@_model
class Square(_Dataclass):
    type: Literal["Square"]
    side: float
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            type=_Field("type", _str, fast=str),
            side=_Field("side", _float, fast=float),
        )
    )


@_model
class Root(_Dataclass):
    shape: Circle | Square | UnknownRootShape
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            shape=_Field(
                "shape", _P_tagged_type_circle_Circle_Square_Square, dump=True
            ),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"shape"})
