@_model
class UnknownRootShape(_Dataclass):
    """A member of ``RootShape`` that this module's spec does not list (servers add
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
class Circle(_Dataclass):
    kind: Literal["Circle"]
    label: str | None = None
    r: float
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            kind=_Field("kind", _str, fast=str),
            label=_Field("label", _str, fast=str, optional=True),
            r=_Field("r", _float, fast=float),
        )
    )


@_model
class Square(_Dataclass):
    kind: Literal["square", "box"]
    label: str | None = None
    side: float
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            kind=_Field("kind", _str, fast=str),
            label=_Field("label", _str, fast=str, optional=True),
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
                "shape",
                _P_tagged_kind_Circle_Circle_square_Square_box_Square,
                dump=True,
            ),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"shape"})
