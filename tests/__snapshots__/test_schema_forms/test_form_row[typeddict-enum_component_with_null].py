Plan: TypeAlias = Literal["basic", "pro"] | None


Tier: TypeAlias = Literal["free", "paid"] | None


Level: TypeAlias = Literal[1, 2] | None


class Tree(TypedDict):
    plan: NotRequired[Plan | str | None]
    kids: NotRequired[list[Tree] | None]


class Root(TypedDict):
    plan: Plan | str | None
    described: Plan | str | None
    """a sibling of the $ref"""
    tier: NotRequired[Tier | str | None]
    level: NotRequired[Level | int | None]
    plans: NotRequired[list[Plan | str | None] | None]
    tree: NotRequired[Tree | None]


_KEYS_Root = frozenset({"plan", "described", "tier", "level", "plans", "tree"})
