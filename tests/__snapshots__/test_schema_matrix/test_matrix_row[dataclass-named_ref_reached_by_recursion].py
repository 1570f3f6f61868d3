@_model
class Node(_Dataclass):
    value: int | None = None
    next: typing.Optional[Link] = None  # noqa: UP045
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            value=_Field("value", _int, fast=int, optional=True),
            next=_Field("next", _parse_Link, optional=True, dump=True),
        )
    )


@_model
class Root(_Dataclass):
    p: Link
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            p=_Field("p", _parse_Link, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"p"})


Link: TypeAlias = "Node"
"""A node"""
