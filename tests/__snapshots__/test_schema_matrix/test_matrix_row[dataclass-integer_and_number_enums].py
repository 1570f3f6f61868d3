Level: TypeAlias = Literal[1, 2, 3]
"""Values: 1 = LOW, 2 = MID, 3 = HIGH."""


Ratio: TypeAlias = Literal[1, 2]


@_model
class Root(_Dataclass):
    lvl: Level | int
    code: Literal[200, 404] | int
    """Values: 200 = Ok, 404 = NotFound."""
    ratio: Ratio | float
    frac: float
    mixed: Literal[1, "a"] | str | int | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            lvl=_Field("lvl", _int, fast=int),
            code=_Field("code", _int, fast=int),
            ratio=_Field("ratio", _float),
            frac=_Field("frac", _float, fast=float),
            mixed=_Field("mixed", _P_first_of_str_int, optional=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"lvl", "code", "ratio", "frac", "mixed"})
