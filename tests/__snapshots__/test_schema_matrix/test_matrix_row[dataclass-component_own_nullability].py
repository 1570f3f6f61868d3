@_model
class Node(_Dataclass):
    v: int | None = None
    next: Node | None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            v=_Field("v", _int, fast=int, optional=True),
            next=_Field("next", _P_nullable_Node, nullable=True, dump=True),
        )
    )


@_model
class Root(_Dataclass):
    j: typing.Optional[Json]  # noqa: UP045
    node: Node | None
    maybe: str | None
    list_: list[str | None]
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            j=_Field("j", _P_nullable_Json, nullable=True, dump=True),
            node=_Field("node", _P_nullable_Node, nullable=True, dump=True),
            maybe=_Field("maybe", _P_nullable_str, fast=str, nullable=True),
            list_=_Field("list", _P_list_of_nullable_str),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"j", "node", "maybe", "list"})


Json: TypeAlias = (
    "str | float | bool | list[typing.Optional[Json]] | dict[str, typing.Optional[Json]] | None"  # noqa: UP045
)
