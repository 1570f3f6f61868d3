@_model
class Root(_Dataclass):
    p: typing.Optional[Uni]  # noqa: UP045
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            p=_Field("p", _P_nullable_Uni, nullable=True, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"p"})


CC: TypeAlias = "typing.Union[Uni, str] | None"  # noqa: UP007
"""From ``#/components/schemas/C.c`` (written as a Python name)."""


Class: TypeAlias = "dict[str, typing.Optional[CC]]"  # noqa: UP045


Uni: TypeAlias = "typing.Optional[Class]"  # noqa: UP045
"""From ``#/components/schemas/Ünï`` (its accents are folded to ASCII letters)."""
