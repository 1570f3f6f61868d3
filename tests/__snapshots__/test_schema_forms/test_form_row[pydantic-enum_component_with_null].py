def _exact_int(value: Any) -> Any:
    """A boolean or a float is no integer enum value: pydantic's ``Literal[1]`` admits
    ``True`` and ``1.0``, even in strict mode."""
    if type(value) is bool or type(value) is float:
        raise ValueError(f"{value!r} is not an integer")
    return value


Plan: TypeAlias = Literal["basic", "pro"] | None


Tier: TypeAlias = Literal["free", "paid"] | None


Level: TypeAlias = Annotated[Literal[1, 2], BeforeValidator(_exact_int)] | None


class Tree(_Model):
    plan: Plan | str | None = None
    kids: list[Tree] | None = None


class Root(_Model):
    plan: Plan | str | None
    described: Plan | str | None
    """a sibling of the $ref"""
    tier: Tier | str | None = None
    level: Level | int | None = None
    plans: list[Plan | str | None] | None = None
    tree: Tree | None = None
