class Root(_Struct, kw_only=True):
    if TYPE_CHECKING:
        value: Json
    else:
        value: Any
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (("value", "value"),)

    def __post_init__(self) -> None:
        self.value = _checked(_C_Root_value, self.value, "value")


_KEYS_Root = frozenset({"value"})


Json: TypeAlias = "str | float | list[Json] | dict[str, Json]"


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_Json = _Named()
_C_Json.check = _OneOf((str, float, _ListOf(_C_Json), _MapOf(_C_Json)))
_C_Root_value = _C_Json
