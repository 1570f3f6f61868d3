Plan: TypeAlias = Literal["basic", "pro"] | None


Tier: TypeAlias = Literal["free", "paid"] | None


Level: TypeAlias = Literal[1, 2] | None


@_model
class Tree(_Dataclass):
    plan: Plan | str | None = None
    kids: list[Tree] | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            plan=_Field("plan", _str, fast=str, optional=True),
            kids=_Field("kids", _P_list_of_Tree, optional=True, dump=True),
        )
    )


@_model
class Root(_Dataclass):
    plan: Plan | str | None
    described: Plan | str | None
    """a sibling of the $ref"""
    tier: Tier | str | None = None
    level: Level | int | None = None
    plans: list[Plan | str | None] | None = None
    tree: Tree | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            plan=_Field("plan", _P_nullable_str, fast=str, nullable=True),
            described=_Field("described", _P_nullable_str, fast=str, nullable=True),
            tier=_Field("tier", _str, fast=str, optional=True),
            level=_Field("level", _int, fast=int, optional=True),
            plans=_Field("plans", _P_list_of_nullable_str, optional=True),
            tree=_Field("tree", Tree.from_dict, optional=True, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset(
    {"plan", "described", "tier", "level", "plans", "tree"}
)
