@_model
class Node(_Dataclass):
    value: int | None = None
    children: list[Node] | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            value=_Field("value", _int, fast=int, optional=True),
            children=_Field("children", _P_list_of_Node, optional=True, dump=True),
        )
    )


@_model
class Pong(_Dataclass):
    ping: Ping | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            ping=_Field("ping", Ping.from_dict, optional=True, dump=True),
        )
    )


@_model
class Ping(_Dataclass):
    pong: Pong | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            pong=_Field("pong", Pong.from_dict, optional=True, dump=True),
        )
    )


@_model
class Root(_Dataclass):
    tree: Node
    ping: Ping | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            tree=_Field("tree", Node.from_dict, dump=True),
            ping=_Field("ping", Ping.from_dict, optional=True, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"tree", "ping"})
