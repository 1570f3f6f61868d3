Plan: TypeAlias = Literal["basic", "pro"] | None


Tier: TypeAlias = Literal["free", "paid"] | None


Level: TypeAlias = Literal[1, 2] | None


class Tree(_Struct, kw_only=True):
    plan: Plan | str | None = None
    kids: list[Tree] | None = None


class Root(_Struct, kw_only=True):
    plan: Plan | str | None
    described: Plan | str | None
    """a sibling of the $ref"""
    tier: Tier | str | None = None
    level: Level | int | None = None
    plans: list[Plan | str | None] | None = None
    tree: Tree | None = None


_KEYS_Root = frozenset({"plan", "described", "tier", "level", "plans", "tree"})
