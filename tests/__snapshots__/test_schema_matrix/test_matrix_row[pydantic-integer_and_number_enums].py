def _exact_int(value: Any) -> Any:
    """A boolean or a float is no integer enum value: pydantic's ``Literal[1]`` admits
    ``True`` and ``1.0``, even in strict mode."""
    if type(value) is bool or type(value) is float:
        raise ValueError(f"{value!r} is not an integer")
    return value


Level: TypeAlias = Annotated[Literal[1, 2, 3], BeforeValidator(_exact_int)]
"""Values: 1 = LOW, 2 = MID, 3 = HIGH."""


Ratio: TypeAlias = Annotated[Literal[1, 2], BeforeValidator(_exact_int)]


class Root(_Model):
    lvl: Level | int
    code: Annotated[Literal[200, 404], BeforeValidator(_exact_int)] | int
    """Values: 200 = Ok, 404 = NotFound."""
    ratio: Ratio | float
    frac: float
    mixed: (
        Annotated[Literal[1, "a"], BeforeValidator(_exact_int)] | str | int | None
    ) = None
